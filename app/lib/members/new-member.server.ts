// The new member wizard's command: for someone without an account, the account (made and
// managed by this community until they first sign in), their active membership with the chosen
// roles and their personal room in this community, all or nothing. Someone who has an account
// already is invited instead (invitations.server.ts): they become a member only when they accept.
import { UniqueConstraintError } from 'sequelize'
import { Membership, User, type Brand } from '#models/index'
import { addMember } from '#models/members'
import type { PermissionSlug } from '#models/permissions'
import { logger } from '../platform/logger.server'
import { invitePerson } from './invitations.server'
import { createMemberRoom } from './member-editor.server'
import type { NewMemberValues } from './member.schema'
import { rolesForNewMember } from './member-roles.server'
import { checkRoomLink, roomLinkSlug, type RoomLinkRefusal } from './room-link.server'

export type CreateOutcome =
  | { kind: 'created'; userId: string }
  | { kind: 'invited' }
  | { kind: 'invalid'; fieldErrors: Record<string, string[]>; refusal?: RoomLinkRefusal }
  | { kind: 'failed' }

export async function createMember(input: {
  brand: Brand
  held: ReadonlySet<PermissionSlug>
  values: NewMemberValues
  invitedById: string
}): Promise<CreateOutcome> {
  const { brand, held, values } = input
  const fieldErrors: Record<string, string[]> = {}
  const roles = rolesForNewMember(held, values.roles)
  if (!roles.ok) fieldErrors.roles = [roles.error]
  const existing = await User.findOne({ where: { emailAddress: values.emailAddress } })
  if (existing && (await Membership.count({ where: { brandId: brand.id, userId: existing.id } }))) {
    fieldErrors.emailAddress = ['members:wizard.errors.alreadyMember']
  }
  const refusal = (await checkRoomLink(brand.id, values.roomLink)) ?? undefined
  if (refusal) fieldErrors.roomLink = [refusal.message]
  if (Object.keys(fieldErrors).length || !roles.ok) return { kind: 'invalid', fieldErrors, refusal }

  const room = {
    slug: roomLinkSlug(values.roomLink),
    name: values.name,
    access: values.access,
    visibleInDirectory: values.visibleInDirectory,
    pinnedInDirectory: values.pinnedInDirectory,
  }
  if (existing) {
    const offer = { roles: roles.roles, status: 'active' as const, source: 'invitation' as const, room }
    const invited = await invitePerson({
      brand,
      user: existing,
      invitedById: input.invitedById,
      invitation: { kind: 'member', offer },
    })
    return invited === 'invited'
      ? { kind: 'invited' }
      : { kind: 'invalid', fieldErrors: { emailAddress: ['members:wizard.errors.invitationCapped'] } }
  }

  try {
    const userId = await User.sequelize!.transaction(async (transaction) => {
      const user = await User.create(
        { name: values.fullName, emailAddress: values.emailAddress, managedByBrandId: brand.id },
        { transaction },
      )
      await addMember({
        brandId: brand.id,
        userId: user.id,
        roles: roles.roles,
        status: 'active',
        source: 'invitation',
        transaction,
      })
      await createMemberRoom({
        brandId: brand.id,
        user,
        slug: room.slug,
        name: room.name,
        settings: {
          access: room.access,
          visibleInDirectory: room.visibleInDirectory,
          enabledInDirectory: room.visibleInDirectory !== 'none',
          pinnedInDirectory: room.pinnedInDirectory,
        },
        transaction,
      })
      return user.id
    })
    return { kind: 'created', userId }
  } catch (error) {
    // Taken between the checks and the writes (two admins at once): the same messages as the checks'.
    if (error instanceof UniqueConstraintError) {
      const email = /email/i.test(Object.keys(error.fields ?? {}).join(' ') + (error.original?.message ?? ''))
      return email
        ? { kind: 'invalid', fieldErrors: { emailAddress: ['members:wizard.errors.alreadyMember'] } }
        : { kind: 'invalid', fieldErrors: { roomLink: ['members:roomLink.taken'] } }
    }
    logger.error({ err: error, brandId: brand.id }, 'new member not saved')
    return { kind: 'failed' }
  }
}
