// The event editor's forms (docs/admin-guide.md#the-event-editor): one zod
// schema per tab, parsed by the actions and read by the pages for their constraints. Browser-safe;
// every message is a translation key, the product's texts where it gives them. Rules that need the
// clock (a start in the future, the cutoff around it) take `now` so tests can stand at a boundary.
import { z } from 'zod'
import { isTimeZone, zonedTimeToDate } from '#app/lib/i18n/zoned-time'
import { recordId } from '#app/lib/forms/record-id'
import {
  BREAKOUT_SIZE_MAX,
  BREAKOUT_SIZE_MIN,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_MAX,
  EVENT_NAME_MIN,
  EVENT_PRIVACY,
  EVENT_TYPES,
  LATE_JOINER_WINDOW_MAX_MINUTES,
  REGISTRATION_LIMIT_MAX,
  SLOTS_MAX,
  SLOT_MINUTES_MAX,
  SLOT_NAME_MAX,
  TIMER_MESSAGE_MAX,
  TIMER_MINUTES_MAX,
  cutoffProblem,
} from './event-rules'

const flag = () => z.boolean({ invalid_type_error: 'events:errors.badRequest' }).default(false)
const whole = (min: number, max: number, message: string) =>
  z.number({ invalid_type_error: message, required_error: message }).int(message).min(min, message).max(max, message)

// ── details ─────────────────────────────────────────────────────────────────────────────────────

const detailsShape = {
  name: z
    .string({ required_error: 'events:errors.nameRequired' })
    .trim()
    .min(EVENT_NAME_MIN, 'events:errors.nameTooShort')
    .max(EVENT_NAME_MAX, 'events:errors.tooLong'),
  description: z.string().trim().max(EVENT_DESCRIPTION_MAX, 'events:errors.tooLong').optional(),
  // An empty file input arrives as no value; what a present one holds is the server's to check (by its bytes).
  banner: z.instanceof(File, { message: 'events:errors.bannerNotImage' }).optional(),
}

export const EventDetailsSchema = z.object(detailsShape)
export type EventDetailsFields = z.input<typeof EventDetailsSchema>
export type EventDetailsValues = z.output<typeof EventDetailsSchema>

// ── schedule ────────────────────────────────────────────────────────────────────────────────────

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^\d{2}:\d{2}$/

const scheduleShape = {
  date: z.string({ required_error: 'events:errors.dateRequired' }).regex(DATE, 'events:errors.dateInvalid'),
  time: z.string({ required_error: 'events:errors.timeRequired' }).regex(TIME, 'events:errors.timeInvalid'),
  timeZone: z
    .string({ required_error: 'events:errors.timeZoneInvalid' })
    .max(64)
    .refine(isTimeZone, 'events:errors.timeZoneInvalid'),
  durationMinutes: whole(DURATION_MIN_MINUTES, DURATION_MAX_MINUTES, 'events:errors.durationInvalid'),
  cutoffDate: z.string().regex(DATE, 'events:errors.dateInvalid').optional(),
  cutoffTime: z.string().regex(TIME, 'events:errors.timeInvalid').optional(),
  registrationLimit: whole(1, REGISTRATION_LIMIT_MAX, 'events:errors.registrationLimitInvalid').optional(),
}

type ScheduleInput = { date: string; time: string; timeZone: string; cutoffDate?: string; cutoffTime?: string }

export type ScheduleContext = {
  now?: Date
  /** The start the event already has: saving it unchanged is allowed once it has passed (fixing a past event's details). */
  keptStart?: Date | null
}

/**
 * The start (and the cutoff) as instants, with their rules: the start in the future ("Event date
 * and time must be in the future"), the cutoff from 3 days before the start to 1 hour
 * after it. A cutoff needs both its date and its time; none means registration closes at the start.
 */
function scheduleRules<T extends ScheduleInput>({ now = new Date(), keptStart = null }: ScheduleContext) {
  return (values: T, context: z.RefinementCtx) => {
    const startsAt = zonedTimeToDate(`${values.date}T${values.time}`, values.timeZone)
    if (!startsAt) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['date'], message: 'events:errors.dateInvalid' })
      return
    }
    const unchanged = keptStart !== null && startsAt.getTime() === keptStart.getTime()
    if (!unchanged && startsAt.getTime() <= now.getTime()) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['date'], message: 'events:errors.startInPast' })
    }
    if (!values.cutoffDate && !values.cutoffTime) return
    if (!values.cutoffDate || !values.cutoffTime) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: [values.cutoffDate ? 'cutoffTime' : 'cutoffDate'],
        message: 'events:errors.cutoffIncomplete',
      })
      return
    }
    const cutoffAt = zonedTimeToDate(`${values.cutoffDate}T${values.cutoffTime}`, values.timeZone)
    if (!cutoffAt)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['cutoffDate'], message: 'events:errors.dateInvalid' })
    else if (cutoffProblem(startsAt, cutoffAt))
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['cutoffDate'], message: 'events:errors.cutoffOutOfRange' })
  }
}

/** The schedule as stored: instants in UTC, with the zone they were planned in. */
function toSchedule<T extends ScheduleInput & { durationMinutes: number; registrationLimit?: number }>(values: T) {
  const startsAt = zonedTimeToDate(`${values.date}T${values.time}`, values.timeZone)!
  const cutoffAt =
    values.cutoffDate && values.cutoffTime
      ? zonedTimeToDate(`${values.cutoffDate}T${values.cutoffTime}`, values.timeZone)
      : null
  return {
    ...values,
    startsAt,
    endsAt: new Date(startsAt.getTime() + values.durationMinutes * 60_000),
    registrationCutoffAt: cutoffAt,
    registrationLimit: values.registrationLimit ?? null,
  }
}

export const EventScheduleObject = z.object(scheduleShape)
export function eventScheduleSchema(context: ScheduleContext = {}) {
  return EventScheduleObject.superRefine(scheduleRules(context)).transform(toSchedule)
}
export type EventScheduleFields = z.input<typeof EventScheduleObject>
export type EventScheduleValues = z.output<ReturnType<typeof eventScheduleSchema>>

// ── new event: details and schedule in one form, so every event has a start ─────────────────────

export const NewEventObject = z.object({ ...detailsShape, ...scheduleShape })
export function newEventSchema(context: ScheduleContext = {}) {
  return NewEventObject.superRefine(scheduleRules(context)).transform(toSchedule)
}
export type NewEventFields = z.input<typeof NewEventObject>
export type NewEventValues = z.output<ReturnType<typeof newEventSchema>>

// ── access ──────────────────────────────────────────────────────────────────────────────────────

export const EventAccessSchema = z.object({
  privacy: z.enum(EVENT_PRIVACY, { errorMap: () => ({ message: 'events:errors.privacyInvalid' }) }),
  feedVisible: flag(),
  publicPosting: flag(),
  lateJoinerWindowMinutes: whole(0, LATE_JOINER_WINDOW_MAX_MINUTES, 'events:errors.lateJoinerWindowInvalid').optional(),
})
export type EventAccessFields = z.input<typeof EventAccessSchema>
export type EventAccessValues = z.output<typeof EventAccessSchema>

// ── composition ─────────────────────────────────────────────────────────────────────────────────

const SlotSchema = z.object({
  name: z
    .string({ required_error: 'events:errors.slotNameRequired' })
    .trim()
    .min(1, 'events:errors.slotNameRequired')
    .max(SLOT_NAME_MAX, 'events:errors.tooLong'),
  minutes: whole(0, SLOT_MINUTES_MAX, 'events:errors.slotMinutesInvalid').default(0),
  seconds: whole(0, 59, 'events:errors.slotSecondsInvalid').default(0),
})

export const EventCompositionObject = z.object({
  eventType: z.enum(EVENT_TYPES, { errorMap: () => ({ message: 'events:errors.eventTypeInvalid' }) }),
  slots: z.array(SlotSchema).max(SLOTS_MAX, 'events:errors.tooManySlots').default([]),
  breakoutSize: whole(BREAKOUT_SIZE_MIN, BREAKOUT_SIZE_MAX, 'events:errors.breakoutSizeInvalid').optional(),
  timerMinutes: whole(0, TIMER_MINUTES_MAX, 'events:errors.timerMinutesInvalid').optional(),
  timerSeconds: whole(0, 59, 'events:errors.slotSecondsInvalid').optional(),
  timerMuteOnExpiry: flag(),
  timerEnforcement: flag(),
  timerEnforcementMessage: z.string().trim().max(TIMER_MESSAGE_MAX, 'events:errors.tooLong').optional(),
  timerEncouragement: flag(),
  timerEncouragementMessage: z.string().trim().max(TIMER_MESSAGE_MAX, 'events:errors.tooLong').optional(),
})

/**
 * "Scripted events need at least one slot. A slot needs time allocated." and "Breakout
 * messages are required when enforcement or encouragement is enabled." (each switch its own message),
 * and a timer that enforces or encourages needs a turn's length to do it with.
 */
export const EventCompositionSchema = EventCompositionObject.superRefine((values, context) => {
  const issue = (path: (string | number)[], message: string) =>
    context.addIssue({ code: z.ZodIssueCode.custom, path, message })
  if (values.eventType === 'scripted' && values.slots.length === 0) issue(['slots'], 'events:errors.slotsRequired')
  values.slots.forEach((slot, index) => {
    if (slot.minutes * 60 + slot.seconds <= 0) issue(['slots', index, 'minutes'], 'events:errors.slotTimeRequired')
  })
  if (values.timerEnforcement && !values.timerEnforcementMessage)
    issue(['timerEnforcementMessage'], 'events:errors.timerMessageRequired')
  if (values.timerEncouragement && !values.timerEncouragementMessage)
    issue(['timerEncouragementMessage'], 'events:errors.timerMessageRequired')
  if (
    (values.timerEnforcement || values.timerEncouragement) &&
    (values.timerMinutes ?? 0) * 60 + (values.timerSeconds ?? 0) <= 0
  ) {
    issue(['timerMinutes'], 'events:errors.timerTimeRequired')
  }
})
export type EventCompositionFields = z.input<typeof EventCompositionObject>
export type EventCompositionValues = z.output<typeof EventCompositionSchema>

/** The events page's row buttons: archive or restore one event. */
export const EventListActionSchema = z.object({
  intent: z.enum(['archive', 'restore'], { errorMap: () => ({ message: 'events:errors.badRequest' }) }),
  roomId: recordId('events:errors.badRequest'),
})
