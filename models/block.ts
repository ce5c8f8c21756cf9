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

/** Block: neither side reaches the other (requests, messages, posts). Mute: only the muter stops seeing the other's posts. */
export const BLOCK_KINDS = ['block', 'mute'] as const
export type BlockKind = (typeof BLOCK_KINDS)[number]

/** One person blocking or muting another within a community (users can block or mute others). */
export class UserBlock extends Model<InferAttributes<UserBlock>, InferCreationAttributes<UserBlock>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare userId: string
  declare targetUserId: string
  declare kind: BlockKind
  declare targetUser?: NonAttribute<User>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    UserBlock.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        targetUserId: { type: DataTypes.STRING(36), allowNull: false },
        kind: { type: DataTypes.STRING(8), allowNull: false, validate: { isIn: [[...BLOCK_KINDS]] } },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'user_blocks', modelName: 'UserBlock' },
    )
  }
}
