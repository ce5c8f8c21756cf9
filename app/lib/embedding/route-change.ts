// The routeChange protocol (docs/decisions/0007-embedding.md): inside an embedding frame, each route change
// tells the embedding page the page's name and its community-relative path. The directory's embed
// script (public/directory-embed.js) sizes and places its frame from these messages.
import { useLocation, useMatches, useParams } from '@remix-run/react'
import { useEffect } from 'react'
import { postToEmbedder } from './embedder'

/** What a route's `handle` may add: its page name (its route name), and details drawn from its data. */
export type EmbeddingHandle = { embeddingPage?: string; embeddingDetails?: (data: unknown) => Record<string, unknown> }

export type RouteChange = { type: 'routeChange'; page: string; path: string; brand: string | null } & Record<
  string,
  unknown
>

/** The address without the community's segment: /demo/members → /members, /directory/demo/widget → /directory/widget. */
export function communityPath(pathname: string, brand: string | null | undefined): string {
  if (!brand) return pathname
  const segments = pathname.split('/')
  const at = segments.findIndex((segment, index) => index > 0 && segment.toLowerCase() === brand.toLowerCase())
  if (at < 0) return pathname
  segments.splice(at, 1)
  return segments.join('/') || '/'
}

/** A route module's id as a page name when it names none: routes/$brand.install → $brand.install. */
const routeName = (id: string) => id.replace(/^routes\//, '')

/** The message for the current page, from the matched routes' handles (the deepest name wins, details merge). */
export function routeChangeMessage(
  location: { pathname: string; search: string },
  brand: string | null,
  matches: readonly { id: string; handle?: unknown; data?: unknown }[],
): RouteChange {
  let page = routeName(matches.at(-1)?.id ?? 'root')
  let details: Record<string, unknown> = {}
  for (const match of matches) {
    const handle = (match.handle ?? {}) as EmbeddingHandle
    if (handle.embeddingPage) page = handle.embeddingPage
    if (handle.embeddingDetails) details = { ...details, ...handle.embeddingDetails(match.data) }
  }
  return {
    ...details,
    type: 'routeChange',
    page,
    path: communityPath(location.pathname, brand) + location.search,
    brand,
  }
}

/** Reports every route change to the embedding page; outside a frame it does nothing. */
export function useRouteChangeReports() {
  const location = useLocation()
  const matches = useMatches()
  const { brand = null } = useParams()
  useEffect(() => {
    postToEmbedder(routeChangeMessage(location, brand, matches))
    // One report per address: a revalidation of the same page is not a route change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key])
}
