// The member editor's reads and its save (docs/admin-guide.md#the-member-editor): a
// member of this community only, roles within what the editor may grant, and the personal room's
// link, whose change is confirmed first, refused during a meeting, and kicks anyone still in the
// room once made. The person's account (name, email, phone, profile) is written only while this
// community may still fill it in (account-ownership.ts), with unique email and phone.
import { Op, UniqueConstraintError } from 'sequelize'
import { Membership, Role, RoleGrant, Room, User, type Brand } from '#models/index'
import { communityRolesOf, grantRoles } from '#models/members'
import { COMMUNITY_ROLES, mayAssignRole, type CommunityRole, type PermissionSlug } from '#models/permissions'
import { publishRoomMoved } from '../rooms/edge-publisher.server'
import { roomAddress } from '../rooms/room-address.server'
import { logger } from '../platform/logger.server'
import { communityMayFillIn } from './account-ownership'
import { socialUrl, socialUsername, type MemberEditorFields, type MemberEditorValues } from './member.schema'
import { resolveRoles } from './member-roles.server'
import { checkRoomLink, meetingIsLive, roomLinkSlug, type RoomLinkRefusal } from './room-link.server'
import { notifyRoleChange } from '../notifications/notify.server'

const ID = /^[A-Za-z0-9_-]{1,64}$/

/** The person and their membership when they belong to this community (any state), else null. */
export async function findMember(brandId: string, userId: string | undefined) {
  if (!userId || !ID.test(userId)) return null
  const membership = await Membership.findOne({ where: { brandId, userId } })
  if (!membership) return null
  const user = await User.findByPk(userId)
  return user ? { user, membership } : null
}

/** The person's own room in this community (the oldest, when there are several). */
export function personalRoomIn(brandId: string, userId: string) {
  return Room.findOne({
    where: { brandId, hostId: userId, context: 'personal', deleted: false },
    order: [['createdAt', 'ASC']],
  })
}

/** The editor's starting values: what is stored, social addresses shown as usernames. */
export function editorValues(user: User, room: Room | null, roles: readonly string[]): MemberEditorFields {
  return {
    name: user.name ?? '',
    emailAddress: user.emailAddress ?? '',
    phoneNumber: user.phoneNumber ?? '',
    location: user.location ?? '',
    about: user.about ?? '',
    interests: user.interests ?? '',
    company: user.company ?? '',
    jobTitle: user.jobTitle ?? '',
    websiteUrl: user.websiteUrl ?? '',
    calendarUrl: user.calendarUrl ?? '',
    facebook: socialUsername('facebook', user.facebookUrl),
    linkedin: socialUsername('linkedin', user.linkedinUrl),
    twitter: socialUsername('twitter', user.twitterUrl),
    instagram: socialUsername('instagram', user.instagramUrl),
    roomLink: room?.slug ?? '',
    alwaysEnableMeetButton: user.meta?.alwaysEnableMeetButton === true,
    roles: roles.filter((role): role is CommunityRole => (COMMUNITY_ROLES as readonly string[]).includes(role)),
  }
}

/** Each community role with whether the person holds it and whether this editor may change it. */
export function roleChoices(held: ReadonlySet<PermissionSlug>, current: readonly string[]) {
  return COMMUNITY_ROLES.map((slug) => ({
    slug,
    checked: current.includes(slug),
    assignable: mayAssignRole(held, slug),
  }))
}

export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'invalid'; fieldErrors: Record<string, string[]>; refusal?: RoomLinkRefusal }
  | { kind: 'confirm'; from: string; to: string }
  | { kind: 'failed' }

const text = (value: string | undefined) => value || null

/** A unique index refused the write: the address or link was taken between the check and the save. */
function uniqueFieldOf(error: UniqueConstraintError): string {
  const fields = Object.keys(error.fields ?? {}).join(' ') + ' ' + (error.original?.message ?? '')
  if (/email/i.test(fields)) return 'emailAddress'
  if (/phone/i.test(fields)) return 'phoneNumber'
  return 'roomLink'
}

/** The account's fields as the editor stores them (only for an account this community may fill in). */
function accountFields(values: MemberEditorValues) {
  return {
    name: values.name!,
    emailAddress: values.emailAddress!,
    phoneNumber: values.phoneNumber || null,
    location: text(values.location),
    about: text(values.about),
    interests: text(values.interests),
    company: text(values.company),
    jobTitle: text(values.jobTitle),
    websiteUrl: text(values.websiteUrl),
    calendarUrl: text(values.calendarUrl),
    facebookUrl: socialUrl('facebook', values.facebook),
    linkedinUrl: socialUrl('linkedin', values.linkedin),
    twitterUrl: socialUrl('twitter', values.twitter),
    instagramUrl: socialUrl('instagram', values.instagram),
  }
}

/**
 * Saves the editor's values for a member of `brand`. The account's own fields are written only
 * when this community may still fill the account in (decided here, whatever the form sent).
 * Returns field errors (400) for anything the rules refuse, `confirm` the first time the room link
 * changes (the page asks, and the second submit carries `confirm` = the new link), and `failed`
 * when the database would not take it.
 */
export async function saveMember(input: {
  brand: Brand
  held: ReadonlySet<PermissionSlug>
  user: User
  values: MemberEditorValues
}): Promise<SaveOutcome> {
  const { brand, held, user, values } = input
  const fieldErrors: Record<string, string[]> = {}
  const account =
    communityMayFillIn(user, brand.id) && values.name && values.emailAddress ? accountFields(values) : null

  if (account) {
    const [sameEmail, samePhone] = await Promise.all([
      User.count({ where: { emailAddress: account.emailAddress, id: { [Op.ne]: user.id } } }),
      account.phoneNumber ? User.count({ where: { phoneNumber: account.phoneNumber, id: { [Op.ne]: user.id } } }) : 0,
    ])
    if (sameEmail) fieldErrors.emailAddress = ['members:editor.errors.emailTaken']
    if (samePhone) fieldErrors.phoneNumber = ['members:editor.errors.phoneTaken']
  }

  const current = await communityRolesOf(user.id, brand.id)
  const roles = resolveRoles(held, current, values.roles)
  if (!roles.ok) fieldErrors.roles = [roles.error]
  else if (
    current.includes('community-owner') &&
    !roles.roles.includes('community-owner') &&
    (await ownerCount(brand.id)) <= 1
  ) {
    fieldErrors.roles = ['members:editor.errors.lastOwner']
  }

  const room = await personalRoomIn(brand.id, user.id)
  const slug = roomLinkSlug(values.roomLink)
  const linkChanges = room?.slug !== slug
  let refusal: RoomLinkRefusal | undefined
  if (linkChanges) {
    refusal = (await checkRoomLink(brand.id, values.roomLink, { exceptRoomId: room?.id })) ?? undefined
    if (refusal) fieldErrors.roomLink = [refusal.message]
    else if (room && (await meetingIsLive(room.id))) fieldErrors.roomLink = ['members:roomLink.errors.meetingLive']
  }
  if (Object.keys(fieldErrors).length) return { kind: 'invalid', fieldErrors, refusal }
  // A link that people use already changes only once the editor has read what that does.
  if (room && linkChanges && values.confirm !== slug) return { kind: 'confirm', from: room.slug, to: slug }

  try {
    await User.sequelize!.transaction(async (transaction) => {
      await user.update(
        {
          ...account,
          // Per person, not per room: the meet button follows them into every room they host.
          meta: { ...(user.meta ?? {}), alwaysEnableMeetButton: values.alwaysEnableMeetButton },
        },
        { transaction },
      )
      const wanted = new Set<string>(roles.ok ? roles.roles : current)
      const dropped = current.filter((role) => !wanted.has(role))
      if (dropped.length) {
        const ids = (await Role.findAll({ attributes: ['id'], where: { slug: dropped }, transaction })).map(
          (role) => role.id,
        )
        await RoleGrant.destroy({
          where: { userId: user.id, brandId: brand.id, roomId: null, roleId: ids },
          transaction,
        })
      }
      await grantRoles({ brandId: brand.id, userId: user.id, roles: [...wanted] as CommunityRole[], transaction })
      if (room && linkChanges) {
        // Checked again inside the transaction: a meeting may have started while the editor read the notice.
        if (await meetingIsLive(room.id, transaction)) throw new MeetingStarted()
        await room.update({ slug }, { transaction })
      } else if (!room) {
        await createMemberRoom({ brandId: brand.id, user, slug, transaction })
      }
    })
  } catch (error) {
    if (error instanceof MeetingStarted)
      return { kind: 'invalid', fieldErrors: { roomLink: ['members:roomLink.errors.meetingLive'] } }
    if (error instanceof UniqueConstraintError) {
      const field = uniqueFieldOf(error)
      const message =
        field === 'emailAddress'
          ? 'members:editor.errors.emailTaken'
          : field === 'phoneNumber'
            ? 'members:editor.errors.phoneTaken'
            : 'members:roomLink.taken'
      return { kind: 'invalid', fieldErrors: { [field]: [message] } }
    }
    logger.error({ err: error, userId: user.id, brandId: brand.id }, 'member edit not saved')
    return { kind: 'failed' }
  }
  if (room && linkChanges) {
    // Old links stop working: whoever is in the room's meeting is sent out, and its pages at the door
    // (the device check, the waiting room) move to the new address.
    publishRoomMoved(room.id, await roomAddress(room))
  }
  await notifyRoleChange(brand.id, user.id, current, roles.ok ? roles.roles : current)
  return { kind: 'saved' }
}

class MeetingStarted extends Error {}

async function ownerCount(brandId: string) {
  const owner = await Role.findOne({ attributes: ['id'], where: { slug: 'community-owner' } })
  if (!owner) return 0
  return RoleGrant.count({ where: { brandId, roleId: owner.id, roomId: null } })
}

/**
 * A person's own room in a community, hosted by them (the wizard's, or the editor's when they had
 * none). The room-host grant names the room, as personal rooms' do (app/lib/rooms/room-claims.server.ts).
 */
export async function createMemberRoom(input: {
  brandId: string
  user: Pick<User, 'id' | 'name'>
  slug: string
  name?: string
  settings?: Partial<Pick<Room, 'access' | 'visibleInDirectory' | 'pinnedInDirectory' | 'enabledInDirectory'>>
  transaction: import('sequelize').Transaction
}) {
  const { brandId, user, slug, transaction } = input
  const { access, ...settings } = input.settings ?? {}
  const room = await Room.create(
    {
      slug,
      brandId,
      hostId: user.id,
      context: 'personal',
      type: 'personal',
      name: input.name ?? user.name ?? slug,
      members: [user.id],
      ...settings,
      // The wizard's "Locked: the host lets people in" is the room's lock with its waiting room to call the
      // host from (models/call.ts doorFor); "Open" is neither.
      ...(access ? { locked: access === 'locked', waitingRoom: access === 'locked' } : {}),
    },
    { transaction },
  )
  const host = await Role.findOne({
    attributes: ['id'],
    where: { slug: 'room-host' },
    rejectOnEmpty: true,
    transaction,
  })
  await RoleGrant.findOrCreate({ where: { userId: user.id, brandId, roleId: host.id, roomId: room.id }, transaction })
  return room
}
