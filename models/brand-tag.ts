import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/** Where a tag stands (tags are active or expired, and can be archived and restored). */
export const TAG_STATUSES = ['active', 'expired', 'archived'] as const
export type TagStatus = (typeof TAG_STATUSES)[number]

/**
 * A community's tag: a label and description, whether new members and new groups
 * get it, when it expires (never, when empty), and when it was archived (an archived tag keeps its
 * links but is no longer offered or given).
 */
export class BrandTag extends Model<InferAttributes<BrandTag>, InferCreationAttributes<BrandTag>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare label: string
  declare description: CreationOptional<string | null>
  declare newMembers: CreationOptional<boolean>
  declare newGroups: CreationOptional<boolean>
  declare expiresAt: CreationOptional<Date | null>
  declare archivedAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    BrandTag.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        label: { type: DataTypes.STRING(255), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        newMembers: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        newGroups: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        expiresAt: { type: DataTypes.DATE, allowNull: true },
        archivedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'brand_tags', modelName: 'BrandTag' },
    )
  }
}

/** A tag's status at `now`: archived wins; otherwise expired once its expiry has passed. */
export function tagStatus(tag: Pick<BrandTag, 'expiresAt' | 'archivedAt'>, now = new Date()): TagStatus {
  if (tag.archivedAt) return 'archived'
  if (tag.expiresAt && tag.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'active'
}
