// The new group wizard's command (new groups can await admin review before becoming available):
// the group's room, its creator as host (with the room's own
// room-host grant, so their meeting powers stay in it), and its banner, all or nothing.
import { UniqueConstraintError } from 'sequelize'
import { Role, RoleGrant, Room, type Brand, type User } from '#models/index'
import type { PermissionSlug } from '#models/permissions'
import { roomLinkSlug, type RoomLinkRefusal } from '../members/room-link.server'
import { checkGroupLink } from './group-links.server'
import { logger } from '../platform/logger.server'
import { bannerFromForm, removeBanner } from './group-banners.server'
import type { NewGroupValues } from './group.schema'
import { setRoomTags, tagIdsForNewGroups } from '../tags/room-tags.server'
import type { TranslationKey } from '../i18n/i18n'
import { notifyGroupCreated } from '../notifications/notify.server'

/** A tag the wizard named was refused (another community's): the group is rolled back with it. */
class TagsRefused extends Error {
  constructor(readonly key: TranslationKey) {
    super(key)
  }
}

export type NewGroupOutcome =
  | { kind: 'created'; room: Room }
  | { kind: 'invalid'; fieldErrors: Record<string, string[]>; refusal?: RoomLinkRefusal }
  | { kind: 'failed' }

/**
 * Under the community's new-group moderation a group waits (pending) until an admin approves it;
 * a group made by someone who approves groups (manage-community-rooms) is active at once, since
 * they would only approve their own.
 */
export function newGroupStatus(
  brand: Pick<Brand, 'newGroupModerationEnabled'>,
  held: ReadonlySet<PermissionSlug>,
): 'active' | 'pending' {
  return brand.newGroupModerationEnabled && !held.has('manage-community-rooms') ? 'pending' : 'active'
}

/**
 * How people join the new group: as the wizard's boxes say, or (a post without them) as its type
 * suggests: private groups are entered by asking, members-only ones by invitation.
 */
function joining(type: string, values: NewGroupValues) {
  const questions = values.joiningOffered ? values.questions : []
  return {
    allowMembershipRequests: values.joiningOffered ? values.allowMembershipRequests : type !== 'exclusive',
    newMemberModerationEnabled: values.joiningOffered
      ? values.manualApproval
      : type === 'private' || type === 'exclusive',
    newMemberFormEnabled: questions.length > 0,
    newMemberFormDefinition: { questions } as Room['newMemberFormDefinition'],
  }
}

export async function createGroup(input: {
  brand: Brand
  creator: Pick<User, 'id'>
  held: ReadonlySet<PermissionSlug>
  values: NewGroupValues
}): Promise<NewGroupOutcome> {
  const { brand, creator, held, values } = input
  const refusal = (await checkGroupLink(brand.id, values.roomLink)) ?? undefined
  if (refusal) return { kind: 'invalid', fieldErrors: { roomLink: [refusal.message] }, refusal }

  const banner = await bannerFromForm(values.banner)
  if (!banner.ok) return { kind: 'invalid', fieldErrors: { banner: [banner.error] } }
  const bannerImage = banner.url

  const type = values.groupType
  try {
    const room = await Room.sequelize!.transaction(async (transaction) => {
      const room = await Room.create(
        {
          brandId: brand.id,
          slug: roomLinkSlug(values.roomLink),
          name: values.title,
          description: values.description,
          bannerImage,
          context: 'group',
          type: 'meeting',
          roomType: type,
          membersOnly: type === 'exclusive',
          status: newGroupStatus(brand, held),
          hostId: creator.id,
          members: [creator.id],
          visibleInDirectory: values.visibleInDirectory,
          enabledInDirectory: values.visibleInDirectory !== 'none',
          pinnedInDirectory: values.pinnedInDirectory,
          ...joining(type, values),
        },
        { transaction },
      )
      const host = await Role.findOne({
        attributes: ['id'],
        where: { slug: 'room-host' },
        rejectOnEmpty: true,
        transaction,
      })
      await RoleGrant.findOrCreate({
        where: { userId: creator.id, brandId: brand.id, roleId: host.id, roomId: room.id },
        transaction,
      })
      // Tags for new groups: the wizard's boxes start ticked with them; a post without the boxes gets them as they are.
      const tagIds = values.tagsOffered ? values.tagIds : await tagIdsForNewGroups(brand.id, transaction)
      const tagged = await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds, transaction })
      if (!tagged.ok) throw new TagsRefused(tagged.error)
      return room
    })
    await notifyGroupCreated(room, creator.id)
    return { kind: 'created', room }
  } catch (error) {
    await removeBanner(bannerImage)
    if (error instanceof TagsRefused) return { kind: 'invalid', fieldErrors: { tagIds: [error.key] } }
    // Taken between the check and the write (two people at once): the check's own message.
    if (error instanceof UniqueConstraintError)
      return { kind: 'invalid', fieldErrors: { roomLink: ['members:roomLink.taken'] } }
    logger.error({ err: error, brandId: brand.id }, 'new group not saved')
    return { kind: 'failed' }
  }
}
