// The JSON API's calls about people and profiles (docs/api.md): each applies the rules of the page it mirrors,
// through that page's own guard and query. GET /users/{id} is a person as the members page lists them (its guard,
// its tabs, its rule on addresses and phones); GET /profiles/type/room/{room} is the room's {room}/host page (only
// the host sees it unless the host is verified); PUT /profiles/{id} is PUT /me, for one's own id only (the host
// profile is one's own profile); GET /brand/room/{brand}/{room} is GET /room/{slug} with the community named in
// the address; GET /brands/read is the /communities page's list of public communities, found by name.
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { findBrand } from '../communities/brands.server'
import { RECORD_ID } from '../forms/record-id'
import { inCommunity, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireCommunityPage, requireUser } from '../http/guards.server'
import type { TranslationKey } from '../i18n/i18n'
import { findMember } from '../members/member-list.server'
import { visibleTabs } from '../members/member-rules'
import { hostProfileOf } from '../rooms/host-profile.server'
import { COMMUNITIES_PER_PAGE, publicCommunities } from '../rooms/user-rooms.server'
import { BrandSearchQuery, HostProfileQuery, MemberQuery } from './profiles-api.schema'
import { roomAtLink } from './rooms-api.server'
import { updateMeCall } from './users-api.server'

/** Longer than any community's or room's link (slugs.ts allows 64). */
const LINK_MAX = 100

/**
 * A link as the address carries it, or 404 with `key`: one no community or room can have (too long, control
 * characters) never reaches a query.
 */
function linkParam(value: string | undefined, key: TranslationKey): string {
  const link = (value ?? '').trim()
  // eslint-disable-next-line no-control-regex
  if (!link || link.length > LINK_MAX || /[\u0000-\u001f\u007f]/.test(link)) throw refuse(404, key)
  return link
}

/**
 * GET /brand/room/{a}/{b}: room `b` of community `a` (its link; `me`, the personal rooms), answered as
 * GET /room/{slug} answers it, for whoever the room admits.
 */
export async function brandRoomCall(args: ApiArgs) {
  const brand = await findBrand(args.context, linkParam(args.params.a, 'api:errors.communityNotFound'))
  if (!brand) throw refuse(404, 'api:errors.communityNotFound')
  const typed = linkParam(args.params.b, 'api:rooms.roomNotFound')
  return roomAtLink({ ...args, params: { brand: brand.slug } }, typed, brand.slug === MAIN_BRAND_SLUG)
}

/**
 * GET /users/{id}?brandId: the person as the community's members page shows them to the caller (name, avatar,
 * roles, state; the address and phone only where they allow it or to those who manage members). Someone on no tab
 * the caller sees (no member; pending or archived for those who see only the active) is 404.
 */
export async function memberCall(args: ApiArgs) {
  const { brandId } = readQuery(args.request, MemberQuery)
  const { brand, user, permissions } = await requireCommunityPage(await inCommunity(args, brandId), 'members')
  const id = args.params.id ?? ''
  const member = RECORD_ID.test(id)
    ? await findMember({
        brandId: brand.id,
        viewerId: user?.id ?? null,
        held: permissions,
        tabs: visibleTabs(permissions),
        userId: id,
      })
    : null
  if (!member) throw refuse(404, 'api:profiles.memberNotFound')
  const { userId, ...shown } = member
  return { user: { id: userId, ...shown } }
}

/**
 * GET /profiles/type/room/{slug}?brandId: the host profile of a personal room, as its {room}/host page shows it:
 * to the host, and to everyone the room admits once the host is verified; to anyone else it is not there (404).
 */
export async function hostProfileCall(args: ApiArgs) {
  const { brandId } = readQuery(args.request, HostProfileQuery)
  const brandSlug = brandId ? (await inCommunity(args, brandId)).params.brand! : MAIN_BRAND_SLUG
  const slug = linkParam(args.params.slug, 'api:profiles.profileNotFound')
  try {
    return { profile: await hostProfileOf(args, brandSlug, slug) }
  } catch (thrown) {
    // The page's bare 404, with the call's own message.
    if (thrown instanceof Response && thrown.status === 404) throw refuse(404, 'api:profiles.profileNotFound')
    throw thrown
  }
}

/**
 * PUT /profiles/{id}: a host profile's fields are its person's own profile, so only one's own id is taken
 * (anyone else's: 403), and the body is PUT /me's.
 */
export async function updateProfileCall(args: ApiArgs) {
  const user = await requireUser(args)
  if (args.params.id !== user.id) throw refuse(403, 'api:profiles.notYours')
  return updateMeCall(args)
}

/** GET /brands/read?query&pageNumber: the public communities whose name holds `query`, as /communities lists them. */
export async function findCommunitiesCall(args: ApiArgs) {
  const { query, pageNumber = 0 } = readQuery(args.request, BrandSearchQuery)
  const { communities, total, pages } = await publicCommunities(pageNumber + 1, query)
  return { brands: communities, total, page: pageNumber, pages, perPage: COMMUNITIES_PER_PAGE }
}
