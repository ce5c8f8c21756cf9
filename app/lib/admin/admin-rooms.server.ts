// The admin panel's rooms: the community's rooms listed with search, status and kind filters, the
// batch change of status and verified (PUT rooms/batch/status with status, ids, verified),
// the review queue (rooms waiting in status pending) and each room's place in the directory.
// Every change names this community: ids of another community's rooms are refused whole.
import { Op, type WhereOptions } from 'sequelize'
import { Room, User, type Brand } from '#models/index'
import { ROOM_CONTEXTS, type RoomContext } from '#models/room'
import type { TranslationKey } from '../i18n/i18n'
import { ADMIN_ROOM_STATUSES, type AdminRoomStatus, type DirectoryVisibility } from './admin.schema'
import { ADMIN_PAGE_SIZE } from './listing'
import { containsText } from './search.server'

export type RoomFilters = { query: string; page: number; status: AdminRoomStatus | null; context: RoomContext | null }

/** The status and kind filters of a rooms URL; anything unknown means "all". */
export function roomFilters(url: URL): Pick<RoomFilters, 'status' | 'context'> {
  const status = url.searchParams.get('status')
  const context = url.searchParams.get('context')
  return {
    status: (ADMIN_ROOM_STATUSES as readonly string[]).includes(status ?? '') ? (status as AdminRoomStatus) : null,
    context: (ROOM_CONTEXTS as readonly string[]).includes(context ?? '') ? (context as RoomContext) : null,
  }
}

export type AdminRoom = {
  id: string
  slug: string
  name: string | null
  context: RoomContext
  status: AdminRoomStatus
  verified: boolean
  hostName: string | null
  visibility: DirectoryVisibility
  pinned: boolean
  protected: boolean
  createdAt: string
}

/** What the directory shows of a room: not visible unless it is enabled there. */
function directoryVisibility(room: Room): DirectoryVisibility {
  return room.enabledInDirectory ? room.visibleInDirectory : 'none'
}

/** The hub and announcements rooms: the community's own, which must stay active. */
const protectedIds = (brand: Pick<Brand, 'topLevelRoomId' | 'announcementsRoomId'>) =>
  new Set([brand.topLevelRoomId, brand.announcementsRoomId].filter((id): id is string => Boolean(id)))

export async function listRooms(brand: Brand, filters: RoomFilters): Promise<{ rooms: AdminRoom[]; total: number }> {
  const where: WhereOptions<Room> = { brandId: brand.id }
  if (filters.status) Object.assign(where, { status: filters.status })
  if (filters.context) Object.assign(where, { context: filters.context })
  if (filters.query) {
    Object.assign(where, { [Op.or]: [{ name: containsText(filters.query) }, { slug: containsText(filters.query) }] })
  }
  const { rows, count } = await Room.findAndCountAll({
    attributes: [
      'id',
      'slug',
      'name',
      'context',
      'status',
      'verified',
      'enabledInDirectory',
      'visibleInDirectory',
      'pinnedInDirectory',
      'createdAt',
    ],
    where,
    include: [{ model: User, as: 'host', attributes: ['name'], required: false }],
    order: [
      ['pinnedInDirectory', 'DESC'],
      ['name', 'ASC'],
      ['slug', 'ASC'],
    ],
    limit: ADMIN_PAGE_SIZE,
    offset: (filters.page - 1) * ADMIN_PAGE_SIZE,
  })
  const kept = protectedIds(brand)
  return {
    rooms: rows.map((room) => ({
      id: room.id,
      slug: room.slug,
      name: room.name,
      context: room.context,
      status: room.status,
      verified: room.verified,
      hostName: (room.get('host') as User | null)?.name ?? null,
      visibility: directoryVisibility(room),
      pinned: room.pinnedInDirectory,
      protected: kept.has(room.id),
      createdAt: room.createdAt.toISOString(),
    })),
    total: count,
  }
}

/** How many rooms wait in the review queue (status pending). */
export function reviewQueueSize(brandId: string): Promise<number> {
  return Room.count({ where: { brandId, status: 'pending' } })
}

export type RoomsChange = { status?: AdminRoomStatus; verified?: boolean }

/** Why a change was refused: a message for the form, nothing written. */
export type RoomsRefusal = { error: TranslationKey }

/**
 * Sets the status and/or the verified flag of these rooms, all or none: every id must be a room of
 * this community (else nothing changes), and the hub and announcements rooms stay active.
 */
export async function changeRooms(
  brand: Brand,
  ids: readonly string[],
  change: RoomsChange,
): Promise<RoomsRefusal | { changed: number }> {
  const unique = [...new Set(ids)]
  const owned = await Room.count({ where: { id: unique, brandId: brand.id } })
  if (owned !== unique.length) return { error: 'admin:errors.unknownRooms' }
  if (change.status && change.status !== 'active' && unique.some((id) => protectedIds(brand).has(id)))
    return { error: 'admin:errors.protectedRoom' }
  const values: Partial<Pick<Room, 'status' | 'deleted' | 'verified'>> = {}
  // The deleted flag follows the status, so every reader that checks either agrees.
  if (change.status) Object.assign(values, { status: change.status, deleted: change.status === 'deleted' })
  if (change.verified !== undefined) values.verified = change.verified
  await Room.update(values, { where: { id: unique, brandId: brand.id } })
  return { changed: unique.length }
}

/** One room's directory visibility and pin; a room of another community is refused. */
export async function placeInDirectory(
  brand: Brand,
  id: string,
  visibility: DirectoryVisibility,
  pinned: boolean,
): Promise<RoomsRefusal | { changed: number }> {
  // Counted first: MariaDB reports changed rows, not matched ones.
  if ((await Room.count({ where: { id, brandId: brand.id } })) !== 1) return { error: 'admin:errors.unknownRooms' }
  await Room.update(
    {
      enabledInDirectory: visibility !== 'none',
      // "Not visible" keeps the last audience, so enabling again restores it.
      ...(visibility === 'none' ? {} : { visibleInDirectory: visibility }),
      pinnedInDirectory: pinned,
    },
    { where: { id, brandId: brand.id } },
  )
  return { changed: 1 }
}
