import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireUser } from '#app/lib/http/guards.server'
import { inactiveCommunitiesOwnedBy, reactivateCommunity } from '#app/lib/settings/inactive-communities.server'
import { viewer } from '#app/lib/http/session.server'
import { publicCommunities, userCommunities } from '#app/lib/rooms/user-rooms.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

const pageUrl = (page: number) => (page <= 1 ? '/communities' : `/communities?page=${page}`)

/**
 * The communities list (public): the visitor's own rooms when signed in, and the public communities
 * 24 a page. A page that is not a whole number from 1 up, or past the last page, redirects to the
 * nearest one that exists.
 */
export async function communitiesLoader(args: LoaderFunctionArgs) {
  const { request, context } = args
  const raw = new URL(request.url).searchParams.get('page')
  const page = raw === null ? 1 : /^\d{1,6}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isInteger(page) || page < 1) throw redirect(pageUrl(1))
  const [{ user }, listing] = await Promise.all([viewer(request, context), publicCommunities(page)])
  if (page > listing.pages) throw redirect(pageUrl(listing.pages))
  return {
    messages: await routeMessages(args, 'account', 'settings'),
    signedIn: Boolean(user),
    yours: user ? await userCommunities(user.id) : [],
    // Communities its owner made inactive: found nowhere else, so this is the way back (settings panel).
    inactive: user ? await inactiveCommunitiesOwnedBy(user.id) : [],
    ...listing,
    previousUrl: page > 1 ? pageUrl(page - 1) : null,
    nextUrl: page < listing.pages ? pageUrl(page + 1) : null,
  }
}

/** Makes an inactive community active again (its owners only), and opens its settings. */
export async function communitiesAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context })
  const form = await readForm(request)
  const slug = await reactivateCommunity(user.id, form.get('brandId'))
  if (!slug) return data({ error: 'settings:errors.reactivateFailed' as const }, { status: 400 })
  throw await redirectWithFlash(`/${slug}/settings`, { kind: 'success', message: 'settings:flash.saved' })
}
