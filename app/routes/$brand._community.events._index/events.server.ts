import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { eventsUrl, isEventListTab } from '#app/lib/events/event-rules'
import { EventListActionSchema } from '#app/lib/events/event.schema'
import { MANAGE_EVENTS, listEvents, setEventArchived } from '#app/lib/events/events.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'

// `/{brand}/events` (tabs upcoming, past, archived; the events page needs access-community).
export async function eventsLoader(args: LoaderFunctionArgs) {
  const { brand, user, permissions } = await requireCommunityPage(args, 'events')
  const asked = new URL(args.request.url).searchParams.get('tab')
  const listing = await listEvents({
    brand,
    userId: user?.id ?? null,
    permissions,
    tab: isEventListTab(asked) ? asked : 'upcoming',
  })
  return {
    messages: await routeMessages(args, 'events'),
    brandSlug: brand.slug,
    listing,
    // Signed in, the page points to the person's own calendar feed (events are the community's members' only).
    personalCalendar: user ? '/me/calendar' : null,
  }
}

export type EventsActionData = { roomId: string; error: TranslationKey }

/** A row's archive or restore (events can be archived and restored), for those who manage events. */
export async function eventsAction(args: ActionFunctionArgs) {
  const { brand, permissions } = await requireCommunityPage(args, 'events')
  const form = await readForm(args.request)
  const roomId = String(form.get('roomId') ?? '').slice(0, 36)
  const refused = (status: number, error: TranslationKey) => data<EventsActionData>({ roomId, error }, { status })
  if (!permissions.has(MANAGE_EVENTS)) return refused(403, 'events:errors.noPermission')
  const submission = parseWithZod(form, { schema: EventListActionSchema })
  if (submission.status !== 'success') return refused(400, 'events:errors.badRequest')
  const { intent } = submission.value
  const room = await setEventArchived(brand.id, submission.value.roomId, intent === 'archive')
  if (!room) return refused(404, 'events:errors.notFound')
  throw await redirectWithFlash(eventsUrl(brand.slug, intent === 'archive' ? 'archived' : undefined), {
    kind: 'success',
    message: intent === 'archive' ? 'events:flash.archived' : 'events:flash.restored',
    values: { name: room.name ?? room.slug },
  })
}
