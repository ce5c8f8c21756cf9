// Pure rules of connections (a connection is requested, pending, accepted or rejected; lists show
// 30 connections a page, paged from page 0). Browser-safe: the views use them
// to show only the buttons that the server would accept.

/** The product's page size for connection lists. */
export const CONTACTS_PER_PAGE = 30

/** The longest search kept: enough for any name or address. */
export const CONTACTS_QUERY_MAX = 100

/**
 * Where I stand with someone, from my own row: nothing yet, I asked (requested), they asked me
 * (pending), connected, or they declined my request (rejected; only the requester keeps a row).
 */
export type ConnectionState = 'none' | 'requested' | 'pending' | 'accepted' | 'rejected'

export const PERSON_INTENTS = [
  'request',
  'accept',
  'reject',
  'withdraw',
  'remove',
  'favorite',
  'unfavorite',
  'follow',
  'unfollow',
  'block',
  'unblock',
  'mute',
  'unmute',
] as const
export type PersonIntent = (typeof PERSON_INTENTS)[number]

/** The connection buttons each state offers (block and mute are offered apart, in their dialogs). */
export function connectionIntents(
  state: ConnectionState,
  flags: { favorite: boolean; following: boolean },
): PersonIntent[] {
  switch (state) {
    case 'none':
      return ['request']
    case 'requested':
      return ['withdraw']
    case 'pending':
      return ['accept', 'reject']
    case 'accepted':
      return [flags.favorite ? 'unfavorite' : 'favorite', flags.following ? 'unfollow' : 'follow', 'remove']
    case 'rejected':
      return []
  }
}

/** The contacts drawer's address for a search, the favourites filter and a page (from 0, as every list pages). */
export function contactsUrl(slug: string, place: { query?: string; favorites?: boolean; page?: number } = {}): string {
  const params = new URLSearchParams()
  if (place.query) params.set('q', place.query)
  if (place.favorites) params.set('favorites', '1')
  if (place.page) params.set('page', String(place.page))
  const search = params.toString()
  return `/${slug}/contacts${search ? `?${search}` : ''}`
}

export const personUrl = (slug: string, userId: string) => `/${slug}/contacts/${userId}`
