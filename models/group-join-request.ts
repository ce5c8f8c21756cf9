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
import { jsonColumn } from './json'
import type { User } from './user'

/** A join request's states: submitted for approval, then approved (or rejected). */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number]

/** One question of the group's questionnaire with what the person answered. */
export type JoinAnswer = { question: string; answer: string }

/** Someone asking to join a group, with their answers to its questionnaire. */
export class GroupJoinRequest extends Model<
  InferAttributes<GroupJoinRequest>,
  InferCreationAttributes<GroupJoinRequest>
> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare roomId: string
  declare userId: string
  declare status: CreationOptional<JoinRequestStatus>
  declare answers: CreationOptional<JoinAnswer[]>
  declare decidedById: CreationOptional<string | null>
  declare decidedAt: CreationOptional<Date | null>
  declare user?: NonAttribute<User>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    GroupJoinRequest.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        roomId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        status: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'pending',
          validate: { isIn: [[...JOIN_REQUEST_STATUSES]] },
        },
        answers: jsonColumn('answers', { defaults: () => [] as JoinAnswer[] }),
        decidedById: { type: DataTypes.STRING(36), allowNull: true },
        decidedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'group_join_requests', modelName: 'GroupJoinRequest' },
    )
  }
}
