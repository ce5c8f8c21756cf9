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

/**
 * Where a person stands with a community: active members hold their roles;
 * pending ones wait for approval (a self sign-up under moderation, an import, a reservation);
 * rejected ones asked and were declined; deleted ones were archived: they lose access, but their
 * roles and data stay, so restoring gives everything back.
 */
export const MEMBERSHIP_STATUSES = ['active', 'pending', 'rejected', 'deleted'] as const
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]

/**
 * How someone came to the community: its sign-up link, an admin's invitation or wizard, a CSV import, its registration,
 * or as a community token's bot (app/lib/api-tokens/community-tokens.server.ts).
 */
export const MEMBERSHIP_SOURCES = ['signup-link', 'invitation', 'import', 'registration', 'bot'] as const
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number]

export class Membership extends Model<InferAttributes<Membership>, InferCreationAttributes<Membership>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare userId: string
  declare status: CreationOptional<MembershipStatus>
  declare source: CreationOptional<MembershipSource>
  /** Who approved, rejected, archived or restored last, and when. */
  declare decidedById: CreationOptional<string | null>
  declare decidedAt: CreationOptional<Date | null>
  /** When the last invitation mail went out (resend invite). */
  declare invitedAt: CreationOptional<Date | null>
  /** When the person accepted the community's terms and privacy policy, joining by its sign-up link. */
  declare termsAcceptedAt: CreationOptional<Date | null>
  /** Their answers to its sign-up questions, with each question as it read (app/lib/communities/signup-answers.ts). */
  declare signupAnswers: CreationOptional<unknown>
  declare user?: NonAttribute<User>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    Membership.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        status: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'pending',
          validate: { isIn: [[...MEMBERSHIP_STATUSES]] },
        },
        source: {
          type: DataTypes.STRING(32),
          allowNull: false,
          defaultValue: 'signup-link',
          validate: { isIn: [[...MEMBERSHIP_SOURCES]] },
        },
        decidedById: { type: DataTypes.STRING(36), allowNull: true },
        decidedAt: { type: DataTypes.DATE, allowNull: true },
        invitedAt: { type: DataTypes.DATE, allowNull: true },
        termsAcceptedAt: { type: DataTypes.DATE, allowNull: true },
        signupAnswers: jsonColumn('signupAnswers'),
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'memberships', modelName: 'Membership' },
    )
  }
}
