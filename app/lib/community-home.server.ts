import { Op } from 'sequelize'
import { Brand, RoleGrant, Room } from '#models/index'

const UPCOMING_EVENTS = 5
const GROUPS_SHOWN = 12

const roomSummary = (room: Room) => ({ id: room.id, slug: room.slug, name: room.name ?? room.slug, description: room.description })

/** What the community home shows: its hub and announcements, groups, upcoming events, member count. */
export async function communityHome(brand: Brand, now = new Date()) {
  const featuredIds = [brand.topLevelRoomId, brand.announcementsRoomId].filter((id): id is string => Boolean(id))
  const [featured, groups, events, memberCount] = await Promise.all([
    featuredIds.length ? Room.findAll({ where: { id: featuredIds, status: 'active' } }) : [],
    Room.findAll({
      where: { brandId: brand.id, context: 'group', status: 'active', deleted: false, id: { [Op.notIn]: featuredIds } },
      order: [['name', 'ASC']],
      limit: GROUPS_SHOWN,
    }),
    Room.findAll({
      where: { brandId: brand.id, context: 'event', status: 'active', deleted: false, startsAt: { [Op.gt]: now } },
      order: [['startsAt', 'ASC']],
      limit: UPCOMING_EVENTS,
    }),
    RoleGrant.count({ where: { brandId: brand.id }, distinct: true, col: 'userId' }),
  ])
  const byId = new Map(featured.map((room) => [room.id, room]))
  const hub = brand.topLevelRoomId ? byId.get(brand.topLevelRoomId) : undefined
  const announcements = brand.announcementsRoomId ? byId.get(brand.announcementsRoomId) : undefined
  return {
    hub: hub ? roomSummary(hub) : null,
    announcements: announcements ? roomSummary(announcements) : null,
    groups: groups.map(roomSummary),
    events: events.map((room) => ({ ...roomSummary(room), startsAt: room.startsAt!.toISOString(), timeZone: room.timeZone })),
    memberCount,
  }
}
