// The JSON API's community calls (GET and PUT /brands/{id}, GET /brand/{id or slug}, GET /brands, /brands/count,
// /brands/rooms/count; docs/api.md#communities). A community reads as its home shows it (the home's guard: its
// members, or anyone when the admins opened the home); those who run it also get its settings tab, and change it
// with PUT through the tab's schema and command. Lists are the caller's communities, or every one for super users.
import { z } from 'zod'
import { Brand } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { actsAsSuperUser } from '#models/token-cap'
import { communitySummary, installCommunities } from '../admin/admin-summary.server'
import { ADMIN_PAGE_SIZE } from '../admin/listing'
import { communityLogo } from '../communities/community-logo'
import { checked, inCommunity, readBody, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireCommunityPage, requireUser, type CommunityAccess } from '../http/guards.server'
import { userCommunities } from '../rooms/user-rooms.server'
import { CommunitySettingsSchema } from '../settings/community-settings.schema'
import { changeCommunitySettings, communitySettingsData } from '../settings/community-settings.server'
import { BrandListQuery, BrandRoomsCountQuery } from './brands-api.schema'

/** A community as its home shows it; with its settings tab's values for those who run it. */
function communityView({ brand, permissions }: CommunityAccess) {
  return {
    id: brand.id,
    slug: brand.slug,
    name: brand.name,
    logo: communityLogo(brand),
    publicCommunity: brand.publicCommunity,
    allowSignUps: brand.allowSignUps,
    communityLanguage: brand.communityLanguage,
    defaultLandingPage: brand.defaultLandingPage,
    ...(permissions.has('manage-community')
      ? { settings: communitySettingsData(brand, permissions).values, updatedAt: brand.updatedAt.toISOString() }
      : {}),
  }
}

const atHome = (args: ApiArgs, slug: string) => requireCommunityPage({ ...args, params: { brand: slug } }, 'home')

/** GET /brands/{id}. */
export async function getBrandCall(args: ApiArgs) {
  return { brand: communityView(await requireCommunityPage(await inCommunity(args, args.params.id), 'home')) }
}

/** GET /brand/{id or slug}: the same, named either way (`me` is the main community, as in its address). */
export async function getBrandByKeyCall(args: ApiArgs) {
  const key = (args.params.key ?? '').slice(0, 100)
  const byId = ID_PATTERN.test(key) ? await Brand.findOne({ attributes: ['slug'], where: { id: key } }) : null
  return { brand: communityView(await atHome(args, byId?.slug ?? key)) }
}

/**
 * PUT /brands/{id} with the settings tab's fields: those sent over the ones it has now (a partial body changes only
 * what it names, a group such as peerSettings field by field), checked by the tab's schema; the settings guard
 * (manage-community), the tab's refusals.
 */
export async function updateBrandCall(args: ApiArgs) {
  const access = await requireCommunityPage(await inCommunity(args, args.params.id), 'settings')
  const body = await readBody(args.request, z.object({}).passthrough())
  const current: Record<string, unknown> = communitySettingsData(access.brand, access.permissions).values
  const merged = Object.fromEntries(
    Object.entries({ ...current, ...body }).map(([key, value]) => [key, over(current[key], value)]),
  )
  const refusal = await changeCommunitySettings(
    access,
    checked(CommunitySettingsSchema, { ...merged, intent: 'settings' }),
  )
  if (refusal) throw refuse(403, Object.values(refusal)[0]![0]!)
  return { brand: communityView(access) }
}

const isGroup = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A sent value over the kept one: a group of settings (an object) field by field, anything else whole. */
const over = (kept: unknown, sent: unknown) => (isGroup(kept) && isGroup(sent) ? { ...kept, ...sent } : sent)

/** GET /brands: the caller's communities (name, slug, their standing), or with all=true every active one (super users). */
export async function listBrandsCall(args: ApiArgs) {
  const { all, pageNumber = 0 } = readQuery(args.request, BrandListQuery)
  if (all === 'true') return installList(args, pageNumber)
  const user = await requireUser(args)
  const mine = await userCommunities(user.id)
  const page = mine.slice(pageNumber * ADMIN_PAGE_SIZE, (pageNumber + 1) * ADMIN_PAGE_SIZE)
  return {
    brands: page.map(({ id, slug, name, standing }) => ({ id, slug, name, standing })),
    total: mine.length,
  }
}

/** GET /brands/count: how many GET /brands lists. */
export async function countBrandsCall(args: ApiArgs) {
  const { all } = readQuery(args.request, BrandListQuery)
  if (all === 'true') return { count: (await installList(args, 0)).total }
  return { count: (await userCommunities((await requireUser(args)).id)).length }
}

async function installList(args: ApiArgs, pageNumber: number) {
  if (!actsAsSuperUser(await requireUser(args))) throw refuse(403, 'api:errors.forbidden')
  const { communities, total } = await installCommunities(pageNumber + 1)
  return { brands: communities, total }
}

/** GET /brands/rooms/count with brandId: the community's rooms by status and in all, for those who run it (the admin summary's). */
export async function countBrandRoomsCall(args: ApiArgs) {
  const { brandId } = readQuery(args.request, BrandRoomsCountQuery)
  const { brand } = await requireCommunityPage(await inCommunity(args, brandId), 'admin')
  return { rooms: (await communitySummary(brand.id)).rooms }
}
