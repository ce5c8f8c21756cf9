import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportLoader } from '#app/lib/events/event-members-routes.server'

/**
 * /{brand}/events/{room}/edit/members/export/{registrations|pre-survey|post-survey|participants}
 * (managers only): a CSV file, or the Members tab again saying "Nothing to export".
 */
export const loader = (args: LoaderFunctionArgs) => exportLoader(args)
