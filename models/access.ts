// The access check (GET /access and GET /permissions/granted; docs/decisions/0003-guards-and-access.md): one
// module that every loader and action (through app/lib/http/guards.server.ts), the meeting's pass (the edge's
// rights) and the JSON API ask. It reads; it never redirects: the web app maps each reason to its page
// (app/lib/communities/access-pages.ts).
import { Op, QueryTypes } from 'sequelize'
import type { Brand } from './brand'
import { COMMUNITY_PAGES, MEETING_BOT_ROLES, type CommunityPage, type PermissionSlug } from './permissions'
import { Room } from './room'
import { roomAccess, type RoomRefusal } from './room-access'
import { normaliseSlug } from './slugs'
import { capPermissions } from './token-cap'

/** Why a check failed: a thing that is not there, or a person who may not see it. */
export type AccessReason =
  | 'communityNotFound'
  | 'roomNotFound'
  | 'groupNotFound'
  | 'eventNotFound'
  | 'postNotFound'
  | 'signInRequired'
  | 'accessDenied'
  | 'premiumEvent'

export type Access =
  | { ok: true; userId: string | null; brand: Brand; room: Room | null; permissions: ReadonlySet<PermissionSlug> }
  | { ok: false; reason: AccessReason; userId: string | null; brand: Brand | null; room: Room | null }

/**
 * Every permission someone holds in a community, in one query: their community-wide grants while
 * their membership is active (an archived or pending member holds nothing), and, when a room is
 * named, that room's own grants (a room's host or co-host), which never reach another room.
 */
export async function permissionsHeld(
  userId: string | null | undefined,
  brandId: string,
  roomId: string | null = null,
): Promise<Set<PermissionSlug>> {
  if (!userId) return new Set()
  const db = Room.sequelize!
  const rows = await db.query<{ slug: PermissionSlug }>(
    `SELECT DISTINCT p.slug FROM role_grants g
       JOIN role_permissions rp ON rp.roleId = g.roleId
       JOIN permissions p ON p.id = rp.permissionId
       LEFT JOIN memberships m ON m.brandId = g.brandId AND m.userId = g.userId
     WHERE g.userId = :userId AND g.brandId = :brandId
       AND ((g.roomId IS NULL AND m.status = 'active') OR (g.roomId IS NOT NULL AND g.roomId = :roomId))`,
    { type: QueryTypes.SELECT, replacements: { userId, brandId, roomId: roomId ?? '' } },
  )
  return capPermissions(new Set(rows.map((row) => row.slug)), brandId)
}

/** GET /permissions/granted: which of these permissions the user holds (in the room, when one is named). */
export async function permissionsGranted<P extends PermissionSlug>(
  userId: string | null | undefined,
  brandId: string,
  permissions: readonly P[],
  roomId: string | null = null,
): Promise<Set<P>> {
  const held = await permissionsHeld(userId, brandId, roomId)
  return new Set(permissions.filter((permission) => held.has(permission)))
}

/** Whether someone is a meeting bot here (a recorder or live streamer): the room rule lets them pass. */
export async function isMeetingBot(userId: string, brandId: string): Promise<boolean> {
  const db = Room.sequelize!
  const rows = await db.query(
    `SELECT 1 FROM role_grants g JOIN roles r ON r.id = g.roleId WHERE g.userId = :userId AND g.brandId = :brandId AND r.slug IN (:bots) LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { userId, brandId, bots: [...MEETING_BOT_ROLES] } },
  )
  return rows.length > 0
}

/**
 * A community page (route permissions): every listed permission is needed, except that a
 * page the admins opened to guests (publicAccess) lets anyone see it.
 */
export function pageAccess(
  page: CommunityPage,
  input: { signedIn: boolean; permissions: ReadonlySet<PermissionSlug>; publicAccess: Brand['publicAccess'] },
): { ok: true } | { ok: false; reason: 'signInRequired' | 'accessDenied' } {
  const { permissions, guestSwitch } = COMMUNITY_PAGES[page]
  if (permissions.every((permission) => input.permissions.has(permission))) return { ok: true }
  if (guestSwitch && input.publicAccess[guestSwitch]) return { ok: true }
  return { ok: false, reason: input.signedIn ? 'accessDenied' : 'signInRequired' }
}

type RoomKind = 'room' | 'group' | 'event'
const NOT_FOUND: Record<RoomKind, AccessReason> = {
  room: 'roomNotFound',
  group: 'groupNotFound',
  event: 'eventNotFound',
}

/** The active, undeleted room a community's link names (any letter case), or null; a reserved link is no room. */
export function findRoom(brandId: string, slug: string | undefined): Promise<Room | null> {
  const normalised = normaliseSlug(slug ?? '')
  if (!normalised) return Promise.resolve(null)
  return Room.findOne({
    where: { brandId, slug: normalised, status: 'active', deleted: { [Op.not]: true }, reserved: { [Op.not]: true } },
  })
}

/**
 * The access check. `brand` is the community the address names, already looked up by the caller
 * (the web app keeps communities in memory; `me` means the main brand, see main-brand.ts), or null
 * when none has that link. With `room` it applies the room rules (room-access.ts); with `page` the
 * page's permissions; with neither, it only finds the community.
 */
export async function checkAccess(input: {
  brand: Brand | null
  userId: string | null
  room?: { slug: string | undefined; kind?: RoomKind }
  page?: CommunityPage
  /** What the user holds in the community, when the caller already read it (permissionsHeld); never for a room. */
  permissions?: ReadonlySet<PermissionSlug>
}): Promise<Access> {
  const { brand, userId } = input
  if (!brand || brand.status !== 'active')
    return { ok: false, reason: 'communityNotFound', userId, brand: null, room: null }

  let room: Room | null = null
  if (input.room) {
    const kind = input.room.kind ?? 'room'
    room = await findRoom(brand.id, input.room.slug)
    if (!room || (kind === 'group' && room.context !== 'group') || (kind === 'event' && room.context !== 'event')) {
      return { ok: false, reason: NOT_FOUND[kind], userId, brand, room: null }
    }
  }
  const permissions =
    !room && input.permissions ? input.permissions : await permissionsHeld(userId, brand.id, room?.id ?? null)

  if (input.page) {
    const page = pageAccess(input.page, { signedIn: userId !== null, permissions, publicAccess: brand.publicAccess })
    if (!page.ok) return { ok: false, reason: page.reason, userId, brand, room }
  }
  if (room) {
    const decision = roomAccess({
      userId,
      hasCommunityAccess: permissions.has('access-community'),
      isMeetingBot: userId !== null && (await isMeetingBot(userId, brand.id)),
      room,
      brand,
    })
    if (!decision.ok) return { ok: false, reason: REFUSALS[decision.reason], userId, brand, room }
  }
  return { ok: true, userId, brand, room, permissions }
}

const REFUSALS: Record<RoomRefusal, AccessReason> = {
  signInRequired: 'signInRequired',
  noAccess: 'accessDenied',
  membersOnly: 'accessDenied',
  premiumEvent: 'premiumEvent',
}

/** The meeting rights the edge enforces for someone in a room (its pass carries them). */
export function meetingRights(
  userId: string | null,
  room: Pick<Room, 'hostId' | 'coHosts'>,
  permissions: ReadonlySet<PermissionSlug>,
) {
  const isHost = userId !== null && room.hostId === userId
  const isCoHost = userId !== null && !isHost && (room.coHosts ?? []).includes(userId)
  return {
    isHost,
    isCoHost,
    permissions: (['kick-peer', 'mute-peer'] as const).filter((slug) => permissions.has(slug)),
  }
}
