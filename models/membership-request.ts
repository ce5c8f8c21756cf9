import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

export const MEMBERSHIP_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const
export type MembershipRequestStatus = (typeof MEMBERSHIP_REQUEST_STATUSES)[number]

/**
 * Someone asking to join a community. With member moderation on it waits as pending until an admin
 * approves (the member role is granted then) or rejects it; without, it is recorded as approved.
 */
export class MembershipRequest extends Model<InferAttributes<MembershipRequest>, InferCreationAttributes<MembershipRequest>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare userId: string
  declare status: CreationOptional<MembershipRequestStatus>
  declare source: CreationOptional<string>
  declare decidedById: CreationOptional<string | null>
  declare decidedAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    MembershipRequest.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        status: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'pending',
          validate: { isIn: [MEMBERSHIP_REQUEST_STATUSES as unknown as string[]] },
        },
        source: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'signup-link' },
        decidedById: { type: DataTypes.STRING(36), allowNull: true },
        decidedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'membership_requests', modelName: 'MembershipRequest' },
    )
  }
}
