import { Op } from 'sequelize'
import { type Brand, Membership, Room } from '#models/index'
import { roomAccess, type RoomAccessInput } from '#models/room-access'
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { CommunityAccess } from '../http/guards.server'
import { routeMessages } from '../i18n/page-language.server'
import { feedPage, hubFeedView } from '../posts/feed.server'
import { authorFilter } from '../connections/visibility.server'

const UPCOMING_EVENTS = 5
const GROUPS_SHOWN = 12
/** Groups read per query while looking for the ones the viewer may see. */
const GROUP_BATCH = 48

// Only the columns the page shows (and, for groups, what the access rule reads): building full Room
// instances (60-odd attributes) was most of this page's server time. Groups are read as instances
// so their JSON member lists come back parsed on every dialect.
const SUMMARY = ['id', 'slug', 'name', 'description'] as const
type RoomSummary = { id: string; slug: string; name: string | null; description: string | null }
const summary = ({ id, slug, name, description }: RoomSummary) => ({ id, slug, name: name ?? slug, description })
/** What the room access rule reads of a room. */
const ACCESS_FIELDS = ['hostId', 'coHosts', 'members', 'context', 'roomType', 'open', 'membersOnly'] as const

/** Who is looking: the room access rule's view of them. */
export type HomeViewer = Pick<RoomAccessInput, 'userId' | 'hasCommunityAccess'>

/**
 * The first groups by name that the viewer may enter, by the rule the room page applies: a listing
 * never names a members-only, private or premium group to someone that group would refuse. The
 * rule reads JSON member lists, so it runs here rather than in SQL, a batch at a time.
 */
async function visibleGroups(brand: Brand, viewer: HomeViewer, excludedIds: string[]): Promise<RoomSummary[]> {
  const shown: RoomSummary[] = []
  for (let offset = 0; shown.length < GROUPS_SHOWN; offset += GROUP_BATCH) {
    const batch = await Room.findAll({
      attributes: [...SUMMARY, ...ACCESS_FIELDS],
      where: { brandId: brand.id, status: 'active', deleted: false, context: 'group', id: { [Op.notIn]: excludedIds } },
      order: [
        ['name', 'ASC'],
        ['id', 'ASC'],
      ],
      limit: GROUP_BATCH,
      offset,
    })
    shown.push(...batch.filter((room) => roomAccess({ ...viewer, room, brand }).ok))
    if (batch.length < GROUP_BATCH) break
  }
  return shown.slice(0, GROUPS_SHOWN)
}

/** What the community home shows this viewer: its hub and announcements, groups, upcoming events, member count. */
export async function communityHome(brand: Brand, viewer: HomeViewer, now = new Date()) {
  const featuredIds = [brand.topLevelRoomId, brand.announcementsRoomId].filter((id): id is string => Boolean(id))
  const live = { brandId: brand.id, status: 'active', deleted: false }
  const [featured, groups, events, memberCount] = await Promise.all([
    Room.findAll({ attributes: [...SUMMARY], where: { ...live, id: featuredIds }, raw: true }) as unknown as Promise<
      RoomSummary[]
    >,
    visibleGroups(brand, viewer, featuredIds),
    Room.findAll({
      attributes: [...SUMMARY, 'startsAt', 'timeZone'],
      where: { ...live, context: 'event', startsAt: { [Op.gt]: now } },
      order: [['startsAt', 'ASC']],
      limit: UPCOMING_EVENTS,
      raw: true,
    }) as unknown as Promise<Array<RoomSummary & { startsAt: Date | string; timeZone: string | null }>>,
    Membership.count({ where: { brandId: brand.id, status: 'active' } }),
  ])
  const find = (id: string | null) => featured.find((room) => room.id === id)
  const hub = find(brand.topLevelRoomId)
  const announcements = find(brand.announcementsRoomId)
  return {
    hub: hub ? summary(hub) : null,
    announcements: announcements ? summary(announcements) : null,
    groups: groups.map(summary),
    // Raw rows carry dates as the driver returns them (a string on SQLite).
    events: events.map((room) => ({
      ...summary(room),
      startsAt: new Date(room.startsAt).toISOString(),
      timeZone: room.timeZone,
    })),
    memberCount,
  }
}

/**
 * The community home's loader data for someone a guard let in (the home's own, or a drawer's over
 * it). With the page's arguments (the home itself) it carries the hub feed and its texts too.
 */
export async function communityHomeData({ brand, user, permissions }: CommunityAccess, page?: LoaderFunctionArgs) {
  const [home, feed] = await Promise.all([
    communityHome(brand, { userId: user?.id ?? null, hasCommunityAccess: permissions.has('access-community') }),
    page
      ? Promise.all([
          // Blocked people (either way) and those this viewer muted are left out of the feed; the
          // comments of those the viewer blocked or muted show a notice instead.
          authorFilter(user?.id ?? null, brand.id).then((filter) =>
            hubFeedView(brand, user?.id ?? null, { ...filter, page: feedPage(page.request) }),
          ),
          routeMessages(page, 'posts', 'connections', 'moderation'),
        ])
      : null,
  ])
  return {
    community: { name: brand.name, slug: brand.slug, trialEndsAt: brand.trialEndsAt?.toISOString() ?? null },
    ...home,
    feed: feed ? { view: feed[0], origin: new URL(page!.request.url).origin } : null,
    ...(feed ? { messages: feed[1] } : {}),
  }
}
export type CommunityHomeData = Awaited<ReturnType<typeof communityHomeData>>
