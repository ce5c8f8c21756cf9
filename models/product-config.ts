import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
  type Transaction,
} from 'sequelize'
import { jsonColumn } from './json'

/**
 * Content moderation: off by default; a post scoring at or above the toxicity threshold
 * (0–100, default 70) is held; image and video categories to hold, none by default.
 */
export type ContentModeration = {
  enabled: boolean
  postToxicityThreshold: number
  imageCategories: string[]
  videoCategories: string[]
}

export const DEFAULT_CONTENT_MODERATION: ContentModeration = {
  enabled: false,
  postToxicityThreshold: 70,
  imageCategories: [],
  videoCategories: [],
}

const PRODUCT_CONFIG_ID = 1

/** The install's product config: one row, id 1, that only super users change. */
export class ProductConfig extends Model<InferAttributes<ProductConfig>, InferCreationAttributes<ProductConfig>> {
  declare id: CreationOptional<number>
  declare allowedDevEmailAddresses: CreationOptional<string[]>
  declare fallbackDevEmailAddress: CreationOptional<string | null>
  declare queueNewPersonalRooms: CreationOptional<boolean>
  declare contentModeration: CreationOptional<ContentModeration>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    ProductConfig.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, defaultValue: PRODUCT_CONFIG_ID },
        allowedDevEmailAddresses: jsonColumn('allowedDevEmailAddresses', { defaults: () => [] as string[] }),
        fallbackDevEmailAddress: { type: DataTypes.STRING, allowNull: true },
        queueNewPersonalRooms: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        contentModeration: jsonColumn('contentModeration', { defaults: () => ({ ...DEFAULT_CONTENT_MODERATION }) }),
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'product_config', modelName: 'ProductConfig', freezeTableName: true },
    )
  }
}

/** The config as it stands: the stored row, or the defaults on an install that never saved one (no write). */
export async function readProductConfig(transaction?: Transaction): Promise<ProductConfig> {
  return (
    (await ProductConfig.findByPk(PRODUCT_CONFIG_ID, { transaction })) ?? ProductConfig.build({ id: PRODUCT_CONFIG_ID })
  )
}

export type ProductConfigValues = Pick<
  ProductConfig,
  'allowedDevEmailAddresses' | 'fallbackDevEmailAddress' | 'queueNewPersonalRooms' | 'contentModeration'
>

/** Writes the whole config (creating the row the first time). */
export async function saveProductConfig(values: ProductConfigValues): Promise<void> {
  const config = await readProductConfig()
  config.set(values)
  await config.save()
}
