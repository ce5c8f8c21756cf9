import { Op } from 'sequelize'
import { Brand, RoleGrant, Room } from '#models/index'

const UPCOMING_EVENTS = 5
const GROUPS_SHOWN = 12

// Only the columns the page shows, as plain rows: building full Room instances (60-odd attributes)
// was most of this page's server time.
const SUMMARY = ['id', 'slug', 'name', 'description'] as const
type RoomSummary = { id: string; slug: string; name: string | null; description: string | null }
const summary = ({ id, slug, name, description }: RoomSummary) => ({ id, slug, name: name ?? slug, description })

/** What the community home shows: its hub and announcements, groups, upcoming events, member count. */
export async function communityHome(brand: Brand, now = new Date()) {
  const featuredIds = [brand.topLevelRoomId, brand.announcementsRoomId].filter((id): id is string => Boolean(id))
  const live = { brandId: brand.id, status: 'active', deleted: false }
  const [featured, groups, events, memberCount] = await Promise.all([
    Room.findAll({ attributes: [...SUMMARY], where: { ...live, id: featuredIds }, raw: true }) as unknown as Promise<RoomSummary[]>,
    Room.findAll({
      attributes: [...SUMMARY],
      where: { ...live, context: 'group', id: { [Op.notIn]: featuredIds } },
      order: [['name', 'ASC']],
      limit: GROUPS_SHOWN,
      raw: true,
    }) as unknown as Promise<RoomSummary[]>,
    Room.findAll({
      attributes: [...SUMMARY, 'startsAt', 'timeZone'],
      where: { ...live, context: 'event', startsAt: { [Op.gt]: now } },
      order: [['startsAt', 'ASC']],
      limit: UPCOMING_EVENTS,
      raw: true,
    }) as unknown as Promise<Array<RoomSummary & { startsAt: Date | string; timeZone: string | null }>>,
    RoleGrant.count({ where: { brandId: brand.id }, distinct: true, col: 'userId' }),
  ])
  const find = (id: string | null) => featured.find((room) => room.id === id)
  const hub = find(brand.topLevelRoomId)
  const announcements = find(brand.announcementsRoomId)
  return {
    hub: hub ? summary(hub) : null,
    announcements: announcements ? summary(announcements) : null,
    groups: groups.map(summary),
    // Raw rows carry dates as the driver returns them (a string on SQLite).
    events: events.map((room) => ({ ...summary(room), startsAt: new Date(room.startsAt).toISOString(), timeZone: room.timeZone })),
    memberCount,
  }
}
