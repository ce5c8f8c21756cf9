// The JSON calls for access and roles (docs/api.md#access-and-roles): GET /access answers the access check
// every page's guard asks (models/access.ts `checkAccess`, and `postAccess` for a post), GET
// /permissions/granted which permissions the caller holds (`permissionsGranted`), and GET /roles the
// catalogue (models/permissions.ts ROLES). They answer anyone, signed in or not, about themselves: a
// refusal is an answer (`ok: false` with the reason), not an error. There is no jwt: Hearth signs nobody
// in with one; the session cookie or an access token is the credential, and a meeting's pass is the room page's.
import { z } from 'zod'
import { checkAccess, permissionsGranted, type Access } from '#models/access'
import { ID_PATTERN } from '#models/ids'
import { Brand, Room } from '#models/index'
import {
  COMMUNITY_PAGES,
  COMMUNITY_ROLES,
  MEETING_BOT_ROLES,
  PERMISSIONS,
  ROLES,
  type CommunityPage,
  type PermissionSlug,
} from '#models/permissions'
import { postAccess } from '#models/post-access'
import { findBrand } from '../communities/brands.server'
import { readQuery, refuse, type ApiArgs } from '../http/api.server'
import { viewer } from '../http/session.server'

const PAGES = Object.keys(COMMUNITY_PAGES) as [CommunityPage, ...CommunityPage[]]

/** A link or an id, as long as either can be. */
const named = z.string().trim().max(64, 'api:errors.badRequest')

/** The community and room a call names: `brand` (its link or id; `brandId` too) and `room` (the room's link or id). */
const Place = {
  brand: named.optional(),
  brandId: named.optional(),
  room: named.optional(),
}

const AccessQuery = z.object({
  ...Place,
  postId: named.optional(),
  route: z.enum(PAGES, { errorMap: () => ({ message: 'api:access.badRoute' }) }).optional(),
})

const GrantedQuery = z.object({
  ...Place,
  permissions: z
    .string({ required_error: 'api:access.permissionsRequired' })
    .max(2000, 'api:errors.badRequest')
    .transform((text) => [...new Set(text.split(',').map((slug) => slug.trim()))].filter(Boolean))
    .refine((slugs) => slugs.length > 0, 'api:access.permissionsRequired'),
})

/** The community a call names, active, by its link (`me`: the main brand's) or its id; null when none. */
async function communityNamed(args: ApiArgs, query: { brand?: string; brandId?: string }): Promise<Brand | null> {
  const name = query.brand || query.brandId
  if (!name) throw refuse(400, 'api:errors.missingCommunity')
  const bySlug = await findBrand(args.context, name)
  if (bySlug) return bySlug
  return ID_PATTERN.test(name) ? Brand.findOne({ where: { id: name, status: 'active' } }) : null
}

/** The link of the room a call names by id (any of the community's rooms), or what it typed as the link. */
async function roomLink(brand: Brand, room: string): Promise<string> {
  if (!ID_PATTERN.test(room)) return room
  const byId = await Room.findOne({ attributes: ['slug'], where: { id: room, brandId: brand.id } })
  return byId?.slug ?? room
}

/**
 * GET /access with brand, room, postId and route (a community page: home, groups, members …): whether the
 * caller may open it, as the page's guard decides, with the reason when not. The room is named only to
 * those it admits.
 */
export async function accessCall(args: ApiArgs) {
  const query = readQuery(args.request, AccessQuery)
  const { user } = await viewer(args.request, args.context)
  const userId = user?.id ?? null
  const brand = await communityNamed(args, query)
  let access: Access = await checkAccess({
    brand,
    userId,
    room: query.room && brand ? { slug: await roomLink(brand, query.room) } : undefined,
    page: query.route,
  })
  if (access.ok && query.postId) access = await postAccess(access.brand, userId, query.postId)
  return {
    ok: access.ok,
    reason: access.ok ? null : access.reason,
    user: user ? { id: user.id, name: user.name } : null,
    brand: access.brand ? { id: access.brand.id, slug: access.brand.slug, name: access.brand.name } : null,
    room:
      access.ok && access.room
        ? { id: access.room.id, slug: access.room.slug, name: access.room.name, context: access.room.context }
        : null,
  }
}

/**
 * GET /permissions/granted with brand, permissions (comma-separated) and optionally room: those of the
 * permissions the caller holds there (a room adds its own grants: its host's and co-hosts').
 */
export async function grantedCall(args: ApiArgs) {
  const query = readQuery(args.request, GrantedQuery)
  const unknown = query.permissions.find((slug) => !Object.hasOwn(PERMISSIONS, slug))
  if (unknown !== undefined) throw refuse(400, 'api:access.unknownPermission', { name: unknown })
  const brand = await communityNamed(args, query)
  if (!brand) throw refuse(404, 'api:errors.communityNotFound')
  let roomId: string | null = null
  if (query.room) {
    const link = await roomLink(brand, query.room)
    const room = await Room.findOne({ attributes: ['id'], where: { brandId: brand.id, slug: link.toLowerCase() } })
    if (!room) throw refuse(404, 'api:rooms.roomNotFound')
    roomId = room.id
  }
  const { user } = await viewer(args.request, args.context)
  const asked = query.permissions as PermissionSlug[]
  const held = await permissionsGranted(user?.id ?? null, brand.id, asked, roomId)
  return { granted: asked.filter((slug) => held.has(slug)) }
}

const kindOf = (slug: string) =>
  (COMMUNITY_ROLES as readonly string[]).includes(slug)
    ? 'community'
    : (MEETING_BOT_ROLES as readonly string[]).includes(slug)
      ? 'bot'
      : 'room'

/**
 * GET /roles: every role (a community's, granted in the member editor; a room's, its host's and co-hosts';
 * a meeting bot's) with its permissions, and what each permission allows.
 */
export async function rolesCall() {
  return {
    roles: Object.entries(ROLES).map(([slug, role]) => ({
      slug,
      name: role.name,
      kind: kindOf(slug),
      permissions: role.permissions,
    })),
    permissions: Object.entries(PERMISSIONS).map(([slug, description]) => ({ slug, description })),
  }
}
