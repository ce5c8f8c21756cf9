// The event editor's loaders and actions (tabs details, schedule, access, registration, composition,
// surveys), shared by the tab routes: the same guard, the same refusal ("You do not have permission
// to create events in this community.", 403), one schema per tab, bad input
// answered 400 with the values kept, a save ended with a flash.
import { getZodConstraint } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import type { Room } from '#models/index'
import { requireCommunityPage } from '../http/guards.server'
import { redirectWithFlash } from '../http/flash.server'
import { parseListForm, readForm, readFormWithFile } from '../http/form-body.server'
import type { TranslationKey } from '../i18n/i18n'
import { routeMessages } from '../i18n/page-language.server'
import { dateToZonedTime, timeZones } from '../i18n/zoned-time'
import { withBuilderIntent } from '../forms/form-builder.schema'
import { saveAccess, saveComposition, saveDetails, saveSchedule, type EditorOutcome } from './event-editor.server'
import {
  EventRegistrationObject,
  EventRegistrationSchema,
  EventSurveysObject,
  EventSurveysSchema,
  type EventRegistrationValues,
  type EventSurveysValues,
} from './event-forms.schema'
import { eventFormsValues, saveRegistration, saveSurveys } from './event-forms.server'
import { editorUrl, privacyOf, type EventEditorTab } from './event-rules'
import {
  EventAccessSchema,
  EventCompositionObject,
  EventCompositionSchema,
  EventDetailsSchema,
  EventScheduleObject,
  eventScheduleSchema,
  type EventAccessValues,
  type EventCompositionValues,
  type EventDetailsValues,
  type EventScheduleValues,
} from './event.schema'
import { MANAGE_EVENTS, eventDetails, eventSlots, findEditableEvent } from './events.server'

/** The form builders each tab holds (their "Add field" buttons name a step of one of these). */
const BUILDER_LISTS: Partial<Record<EventEditorTab, readonly string[]>> = {
  registration: ['steps'],
  surveys: ['preSteps', 'postSteps'],
}

export const NO_PERMISSION: TranslationKey = 'events:errors.noPermission'

/**
 * The events page's guard (access-community), then create-events: without it the page says so
 * before any event is looked up (so a refusal tells nothing of which events exist).
 */
export async function eventEditorAccess(args: LoaderFunctionArgs) {
  const { brand, user, permissions } = await requireCommunityPage(args, 'events')
  if (!permissions.has(MANAGE_EVENTS) || !user) return { brand, user, room: null, refusal: NO_PERMISSION }
  const room = await findEditableEvent(brand.id, args.params.room)
  if (!room) throw redirect(`/${brand.slug}/event-not-found`)
  return { brand, user, room, refusal: null }
}

/** Everything the tabs show of an event, as the forms' values (times in the event's own zone). */
async function editorEvent(room: Room) {
  const [event, slots] = await Promise.all([eventDetails(room), eventSlots(room)])
  const forms = await eventFormsValues(room, event)
  const zone = room.timeZone || 'UTC'
  const local = (date: Date | null) => (date ? dateToZonedTime(date, zone) : '')
  const start = local(room.startsAt)
  const cutoff = local(event.registrationCutoffAt)
  const duration =
    room.startsAt && room.endsAt ? Math.round((room.endsAt.getTime() - room.startsAt.getTime()) / 60_000) : 60
  return {
    id: room.id,
    slug: room.slug,
    name: room.name ?? room.slug,
    status: room.status,
    bannerImage: room.bannerImage,
    details: { name: room.name ?? '', description: room.description ?? '' },
    schedule: {
      date: start.slice(0, 10),
      time: start.slice(11, 16),
      timeZone: zone,
      durationMinutes: String(duration),
      cutoffDate: cutoff.slice(0, 10),
      cutoffTime: cutoff.slice(11, 16),
      registrationLimit: event.registrationLimit === null ? '' : String(event.registrationLimit),
    },
    access: {
      privacy: privacyOf(room.roomType),
      feedVisible: event.feedVisible ? 'on' : '',
      publicPosting: event.publicPosting ? 'on' : '',
      lateJoinerWindowMinutes: event.lateJoinerWindowMinutes === null ? '' : String(event.lateJoinerWindowMinutes),
    },
    composition: {
      eventType: event.eventType,
      breakoutSize: event.breakoutSize === null ? '' : String(event.breakoutSize),
      timerMinutes: event.timerMinutes === null ? '' : String(event.timerMinutes),
      timerSeconds: event.timerSeconds === null ? '' : String(event.timerSeconds),
      timerMuteOnExpiry: event.timerMuteOnExpiry ? 'on' : '',
      timerEnforcement: event.timerEnforcement ? 'on' : '',
      timerEnforcementMessage: event.timerEnforcementMessage ?? '',
      timerEncouragement: event.timerEncouragement ? 'on' : '',
      timerEncouragementMessage: event.timerEncouragementMessage ?? '',
      slots: slots.map((slot) => ({
        name: slot.name,
        minutes: String(slot.minutes),
        seconds: String(slot.seconds),
      })),
    },
    registration: forms.registration,
    surveys: forms.surveys,
    matchFields: forms.matchFields,
  }
}
export type EditorEvent = Awaited<ReturnType<typeof editorEvent>>

const CONSTRAINTS = {
  details: () => getZodConstraint(EventDetailsSchema),
  schedule: () => getZodConstraint(EventScheduleObject),
  access: () => getZodConstraint(EventAccessSchema),
  composition: () => getZodConstraint(EventCompositionObject),
  registration: () => getZodConstraint(EventRegistrationObject),
  surveys: () => getZodConstraint(EventSurveysObject),
  // The members tab has forms of its own (event-members-routes.server.ts), not one of the event's values.
  members: () => ({}),
} satisfies Record<EventEditorTab, () => unknown>

export async function eventEditorLoader(args: LoaderFunctionArgs, tab: EventEditorTab) {
  const { brand, room, refusal } = await eventEditorAccess(args)
  const page = {
    messages: await routeMessages(args, 'events', 'forms'),
    brandSlug: brand.slug,
    tab,
    refusal,
    constraint: CONSTRAINTS[tab](),
    timeZones: tab === 'schedule' && room ? timeZones() : [],
    event: room ? await editorEvent(room) : null,
  }
  return data(page, { status: refusal ? 403 : 200 })
}

/** The 400 a banner past its limit gets: the stream was cut there, so the rest of the form is unknown. */
export const bannerTooLarge = () =>
  data(
    { result: { status: 'error' as const, error: { banner: ['events:errors.bannerTooLarge'] } }, error: null },
    { status: 400 },
  )

/** What the actions need of conform's submission, whichever tab's schema made it. */
type Parsed = {
  status?: 'success' | 'error'
  value?: unknown
  reply: (options?: {
    fieldErrors?: Record<string, string[]>
    formErrors?: string[]
    hideFields?: string[]
  }) => SubmissionResult<string[]>
}

export async function eventEditorAction(args: ActionFunctionArgs, tab: EventEditorTab) {
  const { brand, room, refusal } = await eventEditorAccess(args)
  if (!room) return data({ result: null, error: refusal }, { status: 403 })
  // Only the details tab carries a file (the banner); the registration and surveys tabs hold form builders.
  const form =
    tab === 'details'
      ? await readFormWithFile(args.request, 'banner')
      : withBuilderIntent(await readForm(args.request), BUILDER_LISTS[tab] ?? [])
  if (!form) return bannerTooLarge()

  const run = async <V>(submission: Parsed | null, save: (value: V) => Promise<EditorOutcome<Room>>) => {
    const hideFields = tab === 'details' ? ['banner'] : []
    if (!submission)
      return data(
        { result: { status: 'error' as const, error: { '': ['events:errors.badRequest'] } }, error: null },
        { status: 400 },
      )
    // A list button (add or remove a slot) without JavaScript: the form comes back changed, nothing saved.
    if (submission.status === undefined) return data({ result: submission.reply({ hideFields }), error: null })
    if (submission.status !== 'success')
      return data({ result: submission.reply({ hideFields }), error: null }, { status: 400 })
    const outcome = await save(submission.value as V)
    if (outcome.kind === 'invalid')
      return data(
        { result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields }), error: null },
        { status: 400 },
      )
    if (outcome.kind === 'failed')
      return data(
        { result: submission.reply({ formErrors: ['common:flash.notSaved'], hideFields }), error: null },
        { status: 500 },
      )
    throw await redirectWithFlash(editorUrl(brand.slug, room.slug, tab), {
      kind: 'success',
      message: 'common:flash.saved',
    })
  }
  switch (tab) {
    case 'details':
      return run(parseListForm(form, EventDetailsSchema), (value: EventDetailsValues) => saveDetails(room, value))
    case 'schedule':
      return run(parseListForm(form, eventScheduleSchema({ keptStart: room.startsAt })), (value: EventScheduleValues) =>
        saveSchedule(room, value),
      )
    case 'access':
      return run(parseListForm(form, EventAccessSchema), (value: EventAccessValues) => saveAccess(room, value))
    case 'composition':
      return run(parseListForm(form, EventCompositionSchema), (value: EventCompositionValues) =>
        saveComposition(room, value),
      )
    case 'registration':
      return run(parseListForm(form, EventRegistrationSchema), (value: EventRegistrationValues) =>
        saveRegistration(room, value),
      )
    case 'surveys':
      return run(parseListForm(form, EventSurveysSchema), (value: EventSurveysValues) => saveSurveys(room, value))
  }
}
