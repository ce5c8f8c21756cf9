// The contacts drawer's loader: the drawer's guard and home, then the
// viewer's connections, requests, followers, followed rooms, blocks and mutes.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { drawerPage } from '../communities/drawer-page.server'
import { routeMessages } from '../i18n/page-language.server'
import { CONTACTS_QUERY_MAX } from './connection-rules'
import { followedRooms, followerCount, listBlocks, listContacts, listRequests } from './contacts.server'

/** The list's place (search, favourites, page from 0) from an address, with anything odd read as its default. */
export function contactsPlace(url: URL) {
  const raw = url.searchParams.get('page') ?? ''
  return {
    query: (url.searchParams.get('q') ?? '').trim().slice(0, CONTACTS_QUERY_MAX),
    favorites: url.searchParams.get('favorites') === '1',
    page: /^\d{1,6}$/.test(raw) ? Number(raw) : 0,
  }
}

export async function contactsLoader(args: LoaderFunctionArgs) {
  const { access, home, messages } = await drawerPage(args)
  const brandId = access.brand.id
  const viewerId = access.user!.id
  const [contacts, requests, followers, rooms, blocks, connections] = await Promise.all([
    listContacts({ brandId, viewerId, ...contactsPlace(new URL(args.request.url)) }),
    listRequests(brandId, viewerId),
    followerCount(brandId, viewerId),
    followedRooms(brandId, viewerId),
    listBlocks(brandId, viewerId),
    routeMessages(args, 'connections'),
  ])
  return { home, messages: { ...messages, ...connections }, contacts, requests, followers, rooms, blocks }
}
