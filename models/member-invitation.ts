import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize'
import type { Brand } from './brand'
import type { RegistrationStatus } from './event'
import { newId } from './ids'
import { jsonColumn } from './json'
import type { MembershipStatus } from './membership'
import type { CommunityRole } from './permissions'
import type { User } from './user'

/** What joining gives: the membership (its roles and state) and, from the wizard, a personal room. */
export type MemberOffer = {
  roles: CommunityRole[]
  status: Extract<MembershipStatus, 'active' | 'pending'>
  source: 'invitation' | 'import'
  room?: {
    slug: string
    name: string
    access: 'locked' | 'open'
    visibleInDirectory: 'everyone' | 'members' | 'none'
    pinnedInDirectory: boolean
  }
}

/** What registering gives: registrations for these event rooms (an event and its series). */
export type RegistrationOffer = { roomIds: string[]; status: RegistrationStatus; coHost: boolean }

export type InvitationOffer =
  { kind: 'member'; offer: MemberOffer } | { kind: 'registration'; offer: RegistrationOffer }
export const INVITATION_KINDS = ['member', 'registration'] as const
export const INVITATION_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const

/**
 * An invitation to someone who already has an account (docs/security.md): the community names them
 * by email, but only they can say yes. Until they accept, they are not a member and nothing of
 * theirs changes.
 */
export class MemberInvitation extends Model<
  InferAttributes<MemberInvitation>,
  InferCreationAttributes<MemberInvitation>
> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare userId: string
  declare invitedById: string | null
  declare kind: (typeof INVITATION_KINDS)[number]
  declare offer: MemberOffer | RegistrationOffer
  declare tokenHash: string
  declare status: CreationOptional<(typeof INVITATION_STATUSES)[number]>
  declare expiresAt: Date
  declare decidedAt: CreationOptional<Date | null>
  declare brand?: NonAttribute<Brand>
  declare user?: NonAttribute<User>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    MemberInvitation.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        invitedById: { type: DataTypes.STRING(36), allowNull: true },
        kind: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...INVITATION_KINDS]] } },
        offer: jsonColumn('offer'),
        tokenHash: { type: DataTypes.STRING(64), allowNull: false },
        status: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'open',
          validate: { isIn: [[...INVITATION_STATUSES]] },
        },
        expiresAt: { type: DataTypes.DATE, allowNull: false },
        decidedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'member_invitations', modelName: 'MemberInvitation' },
    )
  }
}
