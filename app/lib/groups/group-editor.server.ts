// The group editor's details: title,
// description, type, directory settings, the page a meeting ends on, the banner, and the link,
// whose change is confirmed first, refused during a meeting, and sends anyone in the room out.
import { UniqueConstraintError } from 'sequelize'
import { Room } from '#models/index'
import { linkChangeStop, meetingIsLive, roomLinkSlug, type LinkChangeStop } from '../members/room-link.server'
import { checkGroupLink } from './group-links.server'
import { logger } from '../platform/logger.server'
import { publishRoomMoved, publishRoomUpdated } from '../rooms/edge-publisher.server'
import { roomAddress } from '../rooms/room-address.server'
import { bannerFromForm, removeBanner } from './group-banners.server'
import type { GroupDetailsValues } from './group.schema'
import { setRoomTags } from '../tags/room-tags.server'
import type { TranslationKey } from '../i18n/i18n'

export type DetailsOutcome = { kind: 'saved' } | LinkChangeStop | { kind: 'failed' }

class MeetingStarted extends Error {}
/** A tag was refused (another community's): the details are rolled back with it, nothing half saved. */
class TagsRefused extends Error {
  constructor(readonly key: TranslationKey) {
    super(key)
  }
}

export async function saveGroupDetails(room: Room, values: GroupDetailsValues): Promise<DetailsOutcome> {
  const slug = roomLinkSlug(values.roomLink)
  const linkChanges = slug !== room.slug
  const stop = await linkChangeStop(room, values.roomLink, values.confirm, checkGroupLink)
  if (stop) return stop
  const banner = await bannerFromForm(values.banner)
  if (!banner.ok) return { kind: 'invalid', fieldErrors: { banner: [banner.error] } }
  const previousBanner = room.bannerImage
  const type = values.groupType
  try {
    await Room.sequelize!.transaction(async (transaction) => {
      // Checked again inside the transaction: a meeting may have started while the editor read the notice.
      if (linkChanges && (await meetingIsLive(room.id, transaction))) throw new MeetingStarted()
      await room.update(
        {
          slug,
          name: values.title,
          description: values.description,
          roomType: type,
          membersOnly: type === 'exclusive',
          visibleInDirectory: values.visibleInDirectory,
          enabledInDirectory: values.visibleInDirectory !== 'none',
          pinnedInDirectory: values.pinnedInDirectory,
          redirectOnEndUrl: values.redirectOnEndUrl || null,
          ...(banner.url ? { bannerImage: banner.url } : {}),
        },
        { transaction },
      )
      // A form without the tag boxes (a community with no live tags) leaves the group's tags alone.
      if (values.tagsOffered) {
        const tagged = await setRoomTags({ brandId: room.brandId, roomId: room.id, tagIds: values.tagIds, transaction })
        if (!tagged.ok) throw new TagsRefused(tagged.error)
      }
    })
  } catch (error) {
    await removeBanner(banner.url)
    if (error instanceof TagsRefused) return { kind: 'invalid', fieldErrors: { tagIds: [error.key] } }
    if (error instanceof MeetingStarted)
      return { kind: 'invalid', fieldErrors: { roomLink: ['members:roomLink.errors.meetingLive'] } }
    if (error instanceof UniqueConstraintError)
      return { kind: 'invalid', fieldErrors: { roomLink: ['members:roomLink.taken'] } }
    logger.error({ err: error, roomId: room.id }, 'group details not saved')
    return { kind: 'failed' }
  }
  if (banner.url) await removeBanner(previousBanner)
  if (linkChanges) publishRoomMoved(room.id, await roomAddress(room))
  else publishRoomUpdated(room.id)
  return { kind: 'saved' }
}
