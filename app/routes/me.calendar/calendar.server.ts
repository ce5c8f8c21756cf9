import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { CalendarFeedSchema } from '#app/lib/calendar/calendar-feed.schema'
import { feedOf, feedUrl, makeFeed, turnOffFeed } from '#app/lib/calendar/calendar-feeds.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireUser } from '#app/lib/http/guards.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/** The page: whether the person has an address, and what it starts with (never the whole of it). */
export async function calendarLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  return { messages: await routeMessages(args, 'account'), feed: await feedOf(user.id) }
}

/** A refused form, the new address (in this answer only), or a refused turn-off. */
export type CalendarActionData = {
  result?: SubmissionResult<string[]>
  url?: string
  error?: TranslationKey
}

// The address is in the page this answer renders: no cache keeps it.
const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** Making a new address (the old one stops working) or turning it off: the person's own, nobody else's. */
export async function calendarAction(args: ActionFunctionArgs) {
  const user = await requireUser(args)
  const submission = parseWithZod(await readForm(args.request), { schema: CalendarFeedSchema })
  if (submission.status !== 'success')
    return data<CalendarActionData>(
      { result: submission.reply({ formErrors: ['account:calendar.errors.badRequest'] }) },
      { status: 400 },
    )
  if (submission.value.intent === 'turnOff') {
    if (!(await turnOffFeed(user.id)))
      return data<CalendarActionData>({ error: 'account:calendar.errors.notFound' }, { status: 404 })
    throw await redirectWithFlash('/me/calendar', { kind: 'success', message: 'account:calendar.turnedOff' })
  }
  const { secret } = await makeFeed(user.id)
  return data<CalendarActionData>({ result: submission.reply(), url: feedUrl(secret) }, { headers: NO_STORE })
}
