import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/** The library's three tabs (videos, images and files), one kind per item. */
export const MEDIA_KINDS = ['video', 'image', 'file'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** Where the store keeps a library item's bytes: its owner's folder in the community. */
export const libraryStorageKey = (item: Pick<Media, 'brandId' | 'userId' | 'id'>) =>
  `${item.brandId}/${item.userId}/${item.id}`

/** One stored upload in a person's media library within a community, or in a group's shared one. */
export class Media extends Model<InferAttributes<Media>, InferCreationAttributes<Media>> {
  declare id: CreationOptional<string>
  declare brandId: string
  /** Who uploaded it (whose own library, when roomId is null). */
  declare userId: string
  /** The group (its room) whose shared library holds it, or null: the uploader's own library. */
  declare roomId: CreationOptional<string | null>
  declare kind: MediaKind
  /** The name shown, already shortened by the library's rule. */
  declare name: string
  /** The type read from the file's content, never the one the browser declared. */
  declare contentType: string
  declare size: number
  declare width: CreationOptional<number | null>
  declare height: CreationOptional<number | null>
  /** Where the media store keeps the bytes. */
  declare storageKey: string
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    Media.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        roomId: { type: DataTypes.STRING(36), allowNull: true },
        kind: { type: DataTypes.STRING(8), allowNull: false, validate: { isIn: [[...MEDIA_KINDS]] } },
        name: { type: DataTypes.STRING(64), allowNull: false },
        contentType: { type: DataTypes.STRING(100), allowNull: false },
        // BIGINT comes back from MariaDB as a string when large: read as a number.
        size: {
          type: DataTypes.BIGINT,
          allowNull: false,
          get() {
            return Number(this.getDataValue('size'))
          },
        },
        width: { type: DataTypes.INTEGER, allowNull: true },
        height: { type: DataTypes.INTEGER, allowNull: true },
        storageKey: { type: DataTypes.STRING(200), allowNull: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'media', modelName: 'Media' },
    )
  }
}
