// The host profile ({room}/host, the spec's hostProfile): who runs a personal room, from their own
// profile (/me/settings): about, company, job title, location, website, social links and the
// calendar link that lets people schedule a call. The spec's rule: only the host sees it unless the
// host is verified. Like the thank-you page, the room's community is named by ?community= (the main
// brand without it), and anyone the room would refuse, or who may not see the profile, gets a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { checkAccess } from '#models/access'
import { User } from '#models/index'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { normaliseSlug } from '#models/slugs'
import { findBrand } from '../communities/brands.server'
import { viewer } from '../http/session.server'
import { routeMessages } from '../i18n/page-language.server'
import { COMMUNITY_PARAM } from './room-thank-you.server'

/** The host profile of a personal room. */
export function hostProfilePath(brandSlug: string, roomSlug: string): string {
  return `/${roomSlug}/host?${COMMUNITY_PARAM}=${encodeURIComponent(brandSlug)}`
}

const LINKS = ['websiteUrl', 'linkedinUrl', 'twitterUrl', 'facebookUrl', 'instagramUrl'] as const
export type ProfileLink = (typeof LINKS)[number]

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

export async function hostProfile(args: LoaderFunctionArgs) {
  const brandSlug = new URL(args.request.url).searchParams.get(COMMUNITY_PARAM) || MAIN_BRAND_SLUG
  const profile = await hostProfileOf(args, brandSlug, args.params.room ?? '')
  return { messages: await routeMessages(args, 'account'), ...profile }
}

/**
 * The page's data for room `roomParam` of the community `brandSlug` names, as `request`'s signed-in person sees it
 * (the page, and GET /api/profiles/type/room/{room}); a 404 Response where the page has none.
 */
export async function hostProfileOf(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  brandSlug: string,
  roomParam: string,
) {
  const slug = normaliseSlug(roomParam)
  if (!slug) throw notFound()
  const brand = await findBrand(context, brandSlug)
  const { user } = await viewer(request, context)
  const access = await checkAccess({ brand, userId: user?.id ?? null, room: { slug } })
  const room = access.ok ? access.room : null
  if (!room || room.context !== 'personal' || !room.hostId) throw notFound()
  const host = await User.findByPk(room.hostId)
  const isHost = Boolean(user && host && user.id === host.id)
  if (!host || !(isHost || host.verified)) throw notFound()
  return {
    isHost,
    /** Whether visitors see it (the host is verified). */
    public: host.verified,
    room: { name: room.name || room.slug, path: `/${access.brand!.slug}/${room.slug}` },
    host: {
      id: host.id,
      name: host.name ?? '',
      avatar: host.avatar,
      about: host.about,
      company: host.company,
      jobTitle: host.jobTitle,
      location: host.location,
      calendarUrl: host.calendarUrl,
      links: LINKS.flatMap((name) => (host[name] ? [{ name, url: host[name]! }] : [])),
    },
  }
}
