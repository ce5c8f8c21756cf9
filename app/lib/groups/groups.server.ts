// Groups as the community sees them (the groups page): finding one by its link, and the page's
// listing with its tabs, counts and paging. A group is a room in the group context; who may enter
// it is models/room-access.ts's to say, asked here for each row so the page offers only what works.
import { Op } from 'sequelize'
import { type Brand, GroupJoinRequest, Room } from '#models/index'
import type { PermissionSlug } from '#models/permissions'
import { roomAccess } from '#models/room-access'
import { normaliseSlug } from '#models/slugs'
import { tagLabelsByRoom } from '../tags/room-tags.server'
import {
  groupLabel,
  groupStanding,
  mayRunGroup,
  type GroupLabel,
  type GroupStanding,
  type GroupStatus,
  type GroupTab,
} from './group-rules'

/**
 * A community's group by its link, in any state but deleted (its moderators and hosts reach a
 * pending or archived one), or null. The hub and the announcements room are the community's own
 * rooms, run from its settings: they are not groups here.
 */
export async function findGroup(
  brand: Pick<Brand, 'id' | 'topLevelRoomId' | 'announcementsRoomId'>,
  slug: string | undefined,
): Promise<Room | null> {
  const normalised = normaliseSlug(slug ?? '')
  if (!normalised) return null
  const room = await Room.findOne({
    where: {
      brandId: brand.id,
      slug: normalised,
      context: 'group',
      status: ['active', 'pending', 'archived'],
      deleted: false,
    },
  })
  if (!room || room.id === brand.topLevelRoomId || room.id === brand.announcementsRoomId) return null
  return room
}

export type GroupRow = {
  id: string
  slug: string
  name: string
  description: string
  bannerImage: string | null
  label: GroupLabel
  status: GroupStatus
  standing: GroupStanding
  memberCount: number
  /** The viewer may open its meeting room (the room rules admit them). */
  enter: boolean
  /** The viewer may ask to join (or has asked: `requested`). */
  join: boolean
  requested: boolean
  /** The viewer runs its people (host, co-host, manager). */
  manage: boolean
  /** Its tags' labels, alphabetically. */
  tags: string[]
}

export type GroupListing = {
  tab: GroupTab
  page: number
  perPage: number
  pages: number
  total: number
  counts: Record<GroupTab, number>
  rows: GroupRow[]
}

/**
 * The groups page. Every group of the community is read and sorted here rather than paged in
 * SQL: "my groups" is a question about the JSON member lists, which SQLite and MariaDB search
 * differently, and a community has hundreds of groups, not millions.
 */
export async function listGroups(input: {
  brand: Brand
  viewerId: string | null
  held: ReadonlySet<PermissionSlug>
  tab: GroupTab
  page: number
  perPage: number
}): Promise<GroupListing> {
  const { brand, viewerId, held, tab, perPage } = input
  const moderator = held.has('manage-community-rooms')
  const rooms = await Room.findAll({
    where: {
      brandId: brand.id,
      context: 'group',
      status: ['active', 'pending', 'archived'],
      deleted: false,
      id: { [Op.notIn]: [brand.topLevelRoomId ?? '', brand.announcementsRoomId ?? ''] },
    },
    order: [
      ['pinnedInDirectory', 'DESC'],
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  // Others see the active groups, and their own while they wait for approval or sit archived.
  const seen = rooms.filter((room) => moderator || room.status === 'active' || groupStanding(room, viewerId) === 'host')
  const inTab: Record<GroupTab, (room: Room) => boolean> = {
    all: () => true,
    mine: (room) => groupStanding(room, viewerId) !== 'none',
    active: (room) => room.status === 'active',
    pending: (room) => room.status === 'pending',
    archived: (room) => room.status === 'archived',
  }
  const counts = Object.fromEntries(
    Object.entries(inTab).map(([name, test]) => [name, seen.filter(test).length]),
  ) as Record<GroupTab, number>
  const matching = seen.filter(inTab[tab])
  const pages = Math.max(1, Math.ceil(matching.length / perPage))
  const page = Math.min(Math.max(1, input.page), pages)
  const shown = matching.slice((page - 1) * perPage, page * perPage)
  const [requested, tags] = await Promise.all([
    viewerId
      ? GroupJoinRequest.findAll({
          attributes: ['roomId'],
          where: { userId: viewerId, status: 'pending', roomId: shown.map((room) => room.id) },
          raw: true,
        }).then((rows) => new Set(rows.map((row) => row.roomId)))
      : new Set<string>(),
    tagLabelsByRoom(shown.map((room) => room.id)),
  ])
  const rows = shown.map((room): GroupRow => {
    const standing = groupStanding(room, viewerId)
    const active = room.status === 'active'
    return {
      id: room.id,
      slug: room.slug,
      name: room.name || room.slug,
      description: room.description ?? '',
      bannerImage: room.bannerImage,
      label: groupLabel(room),
      status: room.status as GroupStatus,
      standing,
      memberCount: new Set([...(room.members ?? []), ...(room.coHosts ?? []), ...(room.hostId ? [room.hostId] : [])])
        .size,
      enter:
        active && roomAccess({ userId: viewerId, hasCommunityAccess: held.has('access-community'), room, brand }).ok,
      join: active && viewerId !== null && standing === 'none' && room.allowMembershipRequests,
      requested: requested.has(room.id),
      manage: mayRunGroup(standing, held),
      tags: tags.get(room.id) ?? [],
    }
  })
  return { tab, page, perPage, pages, total: matching.length, counts, rows }
}
