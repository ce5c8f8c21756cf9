// What the admin lists share: the page and search a URL asks for, and the page links.

export const ADMIN_PAGE_SIZE = 25
const MAX_QUERY = 100

/** The search text and page number of a list's URL; odd values (page=-3, page=x) read as page 1. */
export function listingParams(url: URL): { query: string; page: number } {
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY)
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10)
  return { query, page: Number.isFinite(page) && page > 0 && page < 100_000 ? page : 1 }
}

/**
 * The escape character of the admin searches' LIKE patterns: not a backslash, whose meaning in a
 * string literal differs between SQLite and MariaDB (search.server.ts names it in an ESCAPE clause).
 */
export const LIKE_ESCAPE = '!'

/** A LIKE pattern that matches the text anywhere, with the text's own %, _ and ! taken literally. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[!%_]/g, (character) => `${LIKE_ESCAPE}${character}`)}%`
}

/** The same list's URL on another page, keeping its other filters. */
export function pageUrl(url: URL, page: number): string {
  const next = new URLSearchParams(url.searchParams)
  if (page <= 1) next.delete('page')
  else next.set('page', String(page))
  const search = next.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}

export type Paging = { page: number; pages: number; total: number; previousUrl: string | null; nextUrl: string | null }

/** The paging a list shows for `total` rows, `page` being the one asked for. */
export function paging(url: URL, page: number, total: number): Paging {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))
  return {
    page,
    pages,
    total,
    previousUrl: page > 1 ? pageUrl(url, Math.min(page - 1, pages)) : null,
    nextUrl: page < pages ? pageUrl(url, page + 1) : null,
  }
}
