// The page a meeting ends on ({room}/thank-you). A room slug is unique only within its
// community, so the meeting's end URL names the community too; the page then tells a visitor no
// more than opening the room would: a room they may enter is named, with a way back in; any other
// (unknown, gone, or one that would refuse them) is only the slug they came with.
import type { AppLoadContext } from '@remix-run/node'
import { checkAccess } from '#models/access'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { normaliseSlug } from '#models/slugs'
import { findBrand } from '../communities/brands.server'
import { viewer } from '../http/session.server'

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
  const { user } = await viewer(request, context)
  const access = await checkAccess({ brand, userId: user?.id ?? null, room: { slug } })
  if (!access.ok) return unnamed
  const room = access.room!
  return { name: room.name || room.slug, rejoinUrl: `/${access.brand.slug}/${room.slug}` }
}
