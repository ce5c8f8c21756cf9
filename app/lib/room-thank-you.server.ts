// The page a meeting ends on (spec: {room}/thank-you). A room slug is unique only within its
// community, so the meeting's end URL names the community too; the page then tells a visitor no
// more than opening the room would: a room they may enter is named, with a way back in; any other
// (unknown, gone, or one that would refuse them) is only the slug they came with.
import type { AppLoadContext } from '@remix-run/node'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { roomAccess } from '#models/room-access'
import { normaliseSlug } from '#models/slugs'
import { hasPermission } from './access.server'
import { findBrand } from './brands.server'
import { Room } from './db.server'
import { viewer } from './session.server'

/** The query parameter naming the room's community; without it the room is a personal one (/me). */
export const COMMUNITY_PARAM = 'community'

/** Where a room's meeting ends by default. */
export function thankYouPath(brandSlug: string, roomSlug: string): string {
  return `/${roomSlug}/thank-you?${COMMUNITY_PARAM}=${encodeURIComponent(brandSlug)}`
}

export async function roomThankYou(request: Request, context: AppLoadContext, roomParam: string | undefined) {
  const slug = normaliseSlug(roomParam ?? '')
  const unnamed = { name: slug, rejoinUrl: null }
  if (!slug) return unnamed
  const brand = await findBrand(context, new URL(request.url).searchParams.get(COMMUNITY_PARAM) || MAIN_BRAND_SLUG)
  const room = brand ? await Room.findOne({ where: { brandId: brand.id, slug, status: 'active', deleted: false } }) : null
  if (!brand || !room) return unnamed

  const { user } = await viewer(request, context)
  const userId = user?.id ?? null
  const hasCommunityAccess = await hasPermission(userId, brand.id, 'access-community')
  if (!roomAccess({ userId, hasCommunityAccess, room, brand }).ok) return unnamed
  return { name: room.name || room.slug, rejoinUrl: `/${brand.slug}/${room.slug}` }
}
