// The status pages a community answers under its own address (brandRoomPostNotFound,
// brandGroupNotFound, brandEventNotFound, brandAccessDenied): they name the community, in its
// language and colours, and answer the status a crawler or a script should see.
import { data, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import { findBrand } from './brands.server'
import { safeRedirect } from '../http/safe-redirect'
import { viewer } from '../http/session.server'
import { groupDoor } from '../groups/group-people.server'

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
  const back = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '')
  // A group's room refused: the person's request waits, or they may ask to join.
  const [, brandSlug, roomSlug, ...rest] = back.split('?')[0]!.split('/')
  const group =
    user && brandSlug === brand.slug && roomSlug && rest.length === 0 ? await groupDoor(brand, roomSlug, user.id) : null
  return data(
    {
      community: { name: brand.name, slug: brand.slug },
      group,
      signedInAs: user ? user.name || user.emailAddress || user.phoneNumber || '' : null,
      signInUrl: back ? `/sign-in?redirectTo=${encodeURIComponent(back)}` : '/sign-in',
    },
    // Personal: it names the signed-in account.
    { status: 403, headers: { 'Cache-Control': 'private, no-store' } },
  )
}
