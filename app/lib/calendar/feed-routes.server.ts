// The feed's address (docs/api.md#calendar-feeds): /me/calendar/{secret}.ics, whose guard is the secret itself
// (calendar apps send no cookie). It answers a plain-text 404 for anything it does not serve (an unknown, replaced
// or turned-off secret), never a page.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { feedOwner } from './calendar-feeds.server'
import { personalCalendar } from './feeds.server'

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })

const calendar = (text: string, cacheControl: string) =>
  new Response(text, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': cacheControl,
      // A secret address is nobody's to index or pass on in a Referer.
      'X-Robots-Tag': 'noindex',
      'X-Content-Type-Options': 'nosniff',
    },
  })

/** `/me/calendar/{secret}.ics`: the owner's events; a browser or proxy may keep it five minutes, for that owner only. */
export async function personalFeedLoader({ params }: Pick<LoaderFunctionArgs, 'params'>) {
  const owner = await feedOwner(params.file)
  if (!owner) return notFound()
  return calendar(await personalCalendar(owner), 'private, max-age=300')
}
