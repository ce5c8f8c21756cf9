// /me/calendar/{secret}.ics: a person's calendar feed, read by their calendar app with no cookie
// (app/lib/calendar/feed-routes.server.ts). A resource route: the page /me/calendar is not rendered.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { personalFeedLoader } from '#app/lib/calendar/feed-routes.server'

export const loader = (args: LoaderFunctionArgs) => personalFeedLoader(args)
