// The status pages a community answers under its own address (brandRoomPostNotFound,
// brandGroupNotFound, brandEventNotFound, brandAccessDenied): they name the community, in its
// language and colours, and answer the status a crawler or a script should see.
import { data, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import { findBrand } from './brands.server'
import { safeRedirect } from '../http/safe-redirect'
import { viewer } from '../http/session.server'
import { Room, type Brand } from '#models/index'
import { groupDoor } from '../groups/group-people.server'
import { registerPath } from '../events/registration-access.server'
import { PREMIUM_EVENT_NOTE } from './access-refusal'

type PageArgs = Pick<LoaderFunctionArgs, 'request' | 'params'> & { context: AppLoadContext }

async function findCommunity({ params, context }: Pick<PageArgs, 'params' | 'context'>) {
  const brand = await findBrand(context, params.brand)
  if (!brand) throw redirect('/community-not-found')
  return brand
}

async function community(args: Pick<PageArgs, 'params' | 'context'>) {
  const brand = await findCommunity(args)
  return { name: brand.name, slug: brand.slug }
}

/** A community's not-found page for a post, group or event: 404, naming the community. */
export async function communityNotFound(args: PageArgs) {
  return data({ community: await community(args) }, { status: 404 })
}

/**
 * The access-denied page: 403. It says who is signed in (the account the community refused) and
 * offers to sign in with another one, coming back to the address that was refused.
 */
export async function accessDenied(args: PageArgs) {
  const { request, context } = args
  const [brand, { user }] = await Promise.all([findCommunity(args), viewer(request, context)])
  const url = new URL(request.url)
  const back = safeRedirect(url.searchParams.get('redirectTo'), '')
  // A group's room refused: the person's request waits, or they may ask to join.
  const [, brandSlug, roomSlug, ...rest] = back.split('?')[0]!.split('/')
  const inCommunity = brandSlug === brand.slug && Boolean(roomSlug)
  const group = user && inCommunity && rest.length === 0 ? await groupDoor(brand, roomSlug!, user.id) : null
  // A premium event's meeting or page refused: it is for those who signed up, and signing up is the way in.
  const premiumSlug = roomSlug === 'events' && rest.length === 1 ? rest[0] : rest.length === 0 ? roomSlug : undefined
  const event =
    url.searchParams.get('note') === PREMIUM_EVENT_NOTE && inCommunity && premiumSlug
      ? await premiumEvent(brand, premiumSlug)
      : null
  return data(
    {
      community: { name: brand.name, slug: brand.slug },
      group,
      event,
      signedInAs: user ? user.name || user.emailAddress || user.phoneNumber || '' : null,
      signInUrl: back ? `/sign-in?redirectTo=${encodeURIComponent(back)}` : '/sign-in',
    },
    // Personal: it names the signed-in account.
    { status: 403, headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/** A premium event of the community by its link: its name and its sign-up page. */
async function premiumEvent(brand: Pick<Brand, 'id' | 'slug'>, slug: string) {
  const room = await Room.findOne({
    attributes: ['name', 'slug'],
    where: { brandId: brand.id, slug, context: 'event', roomType: 'premium', deleted: false },
  })
  return room ? { name: room.name || room.slug, registerUrl: registerPath(brand.slug, room.slug) } : null
}
