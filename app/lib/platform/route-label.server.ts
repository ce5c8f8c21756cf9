/**
 * The `route` label of a request's metrics: its path with every segment that no route spells out
 * (a community's slug, a room's link, an id) written as `:param`, so `/demo/events/welcome-call/edit`
 * counts as `/:param/events/:param/edit`. Remix's own matching would name the route exactly but costs
 * a walk over every route per call; this is a split and a set lookup, and the labels stay few: the
 * route files' words, a handful of levels deep. Single-fetch data requests keep their `.data`.
 */
export function routeLabeler(routes: Record<string, { path?: string }>, { maxDepth = 6 } = {}) {
  const words = new Set<string>()
  for (const { path } of Object.values(routes))
    for (const segment of path?.split('/') ?? []) if (/^[\w.-]+$/.test(segment)) words.add(segment)

  return function routeLabel(pathname: string, status: number): string {
    if (status === 404) return 'not-found'
    const data = pathname.endsWith('.data')
    // public/: the build's assets, the embed scripts, avatars (every file there has an extension).
    if (!data && /\.[^/]*$/.test(pathname)) return 'static'
    const segments = (data ? pathname.slice(0, -'.data'.length) : pathname).split('/').filter(Boolean)
    if (segments.length > maxDepth) return 'deep'
    const label = '/' + segments.map((segment) => (words.has(segment) ? segment : ':param')).join('/')
    return data ? `${label}.data` : label
  }
}
