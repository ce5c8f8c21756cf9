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
import type { User } from './user'

/**
 * One side of a connection between two members of a community (a user connection):
 * the requester's row is "requested", the recipient's "pending"; accepting makes both "accepted",
 * rejecting both "rejected". Each side keeps its own favourite and post-notification flags.
 */
export const CONNECTION_STATUSES = ['requested', 'pending', 'accepted', 'rejected'] as const
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

export class UserConnection extends Model<InferAttributes<UserConnection>, InferCreationAttributes<UserConnection>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare userId: string
  declare connectedUserId: string
  declare status: ConnectionStatus
  declare favorite: CreationOptional<boolean>
  /** This side follows the other's posts (the seam the notifications will read). */
  declare postNotifications: CreationOptional<boolean>
  declare connectedUser?: NonAttribute<User>
  /** The row's owner (the follower, in a list of who follows someone). */
  declare user?: NonAttribute<User>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    UserConnection.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        connectedUserId: { type: DataTypes.STRING(36), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...CONNECTION_STATUSES]] } },
        favorite: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        postNotifications: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'user_connections', modelName: 'UserConnection' },
    )
  }
}
