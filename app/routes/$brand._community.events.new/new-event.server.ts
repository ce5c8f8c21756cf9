import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { createEvent } from '#app/lib/events/event-editor.server'
import { NO_PERMISSION, bannerTooLarge } from '#app/lib/events/event-editor-routes.server'
import { readFormWithFile } from '#app/lib/http/form-body.server'
import { DEFAULT_DURATION_MINUTES, eventsUrl } from '#app/lib/events/event-rules'
import { NewEventObject, newEventSchema } from '#app/lib/events/event.schema'
import { MANAGE_EVENTS } from '#app/lib/events/events.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { timeZones } from '#app/lib/i18n/zoned-time'
import { Room } from '#models/index'

/** The zone a new event starts in: the hub room's, else UTC (as scheduled posts do). */
async function communityZone(topLevelRoomId: string | null): Promise<string> {
  const hub = topLevelRoomId ? await Room.findByPk(topLevelRoomId, { attributes: ['timeZone'] }) : null
  return hub?.timeZone || 'UTC'
}

// `/{brand}/events/new`: the details and schedule tabs as one form, so every event has a start;
// the other tabs open in the editor once it exists. Without create-events the page says so (403).
export async function newEventLoader(args: LoaderFunctionArgs) {
  const { brand, user, permissions } = await requireCommunityPage(args, 'events')
  const mayCreate = Boolean(user) && permissions.has(MANAGE_EVENTS)
  return data(
    {
      messages: await routeMessages(args, 'events'),
      brandSlug: brand.slug,
      mayCreate,
      constraint: getZodConstraint(NewEventObject),
      timeZones: mayCreate ? timeZones() : [],
      defaults: {
        timeZone: await communityZone(brand.topLevelRoomId),
        durationMinutes: String(DEFAULT_DURATION_MINUTES),
      },
    },
    mayCreate ? undefined : { status: 403 },
  )
}

export async function newEventAction(args: ActionFunctionArgs) {
  const { brand, user, permissions } = await requireCommunityPage(args, 'events')
  if (!user || !permissions.has(MANAGE_EVENTS)) return data({ result: null, error: NO_PERMISSION }, { status: 403 })
  const form = await readFormWithFile(args.request, 'banner')
  if (!form) return bannerTooLarge()
  const submission = parseWithZod(form, { schema: newEventSchema() })
  // A File cannot travel back to the browser: the reply keeps every value but the banner.
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['banner'] }), error: null }, { status: 400 })
  const outcome = await createEvent({ brand, creator: user, values: submission.value })
  if (outcome.kind === 'invalid')
    return data(
      { result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: ['banner'] }), error: null },
      { status: 400 },
    )
  if (outcome.kind === 'failed')
    return data(
      { result: submission.reply({ formErrors: ['common:flash.notSaved'], hideFields: ['banner'] }), error: null },
      { status: 500 },
    )
  throw await redirectWithFlash(eventsUrl(brand.slug), {
    kind: 'success',
    message: 'events:flash.created',
    values: { name: outcome.value.name ?? '' },
  })
}
