// A group's link: the room link rules and availability (members/room-link.server.ts), and the few
// names a group cannot take because its own page would clash with a page of the groups area.
import type { Transaction } from 'sequelize'
import { checkRoomLink, roomLinkSlug, suggestRoomLink, type RoomLinkRefusal } from '../members/room-link.server'
import { GROUP_PAGE_SLUGS } from './group-rules'

export async function checkGroupLink(
  brandId: string,
  typed: string,
  options: { exceptRoomId?: string; transaction?: Transaction } = {},
): Promise<RoomLinkRefusal | null> {
  const slug = roomLinkSlug(typed)
  if (GROUP_PAGE_SLUGS.has(slug))
    return { message: 'members:roomLink.notAvailable', label: typed, suggestion: await suggestRoomLink(brandId, slug) }
  return checkRoomLink(brandId, typed, options)
}
