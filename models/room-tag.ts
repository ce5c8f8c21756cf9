import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/** A tag on a group (a room): at most 5 per group, set through app/lib/tags/room-tags.server.ts. */
export class RoomTag extends Model<InferAttributes<RoomTag>, InferCreationAttributes<RoomTag>> {
  declare id: CreationOptional<string>
  declare roomId: string
  declare tagId: string
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    RoomTag.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        roomId: { type: DataTypes.STRING(36), allowNull: false },
        tagId: { type: DataTypes.STRING(36), allowNull: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'room_tags', modelName: 'RoomTag' },
    )
  }
}
