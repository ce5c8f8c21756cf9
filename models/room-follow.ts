import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'
import type { Room } from './room'

/** A member following a room's posts (a user room connection: room, postNotifications). */
export class RoomFollow extends Model<InferAttributes<RoomFollow>, InferCreationAttributes<RoomFollow>> {
  declare id: CreationOptional<string>
  declare userId: string
  declare roomId: string
  declare postNotifications: CreationOptional<boolean>
  declare room?: NonAttribute<Room>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    RoomFollow.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        roomId: { type: DataTypes.STRING(36), allowNull: false },
        postNotifications: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'room_follows', modelName: 'RoomFollow' },
    )
  }
}
