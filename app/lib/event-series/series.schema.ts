// The event series form: one zod schema, parsed by the pages'
// actions and the JSON API, read by the pages for their constraints. Every message is a
// translation key; the recurrence rules (at least one session, at most SESSIONS_MAX, the gap
// between sessions longer than their duration) come from recurrence.ts. Rules that need the clock
// take `now` so tests can stand at a boundary.
import { z } from 'zod'
import { dateToZonedTime, isTimeZone, zonedTimeToDate } from '#app/lib/i18n/zoned-time'
import { DURATION_MAX_MINUTES, DURATION_MIN_MINUTES } from '#app/lib/events/event-rules'
import { addDefinitionIssues, builderStepsField, builderToSteps } from '#app/lib/forms/form-builder.schema'
import { recurrenceProblem, ruleString, sessionStarts } from './recurrence'
import {
  ENDS,
  FREQUENCIES,
  INTERVAL_MAX,
  SERIES_DESCRIPTION_MAX,
  SERIES_NAME_MAX,
  SERIES_NAME_MIN,
  SERIES_SUMMARY_MAX,
  SESSIONS_MAX,
  WEEKDAYS,
} from './series-rules'

const whole = (min: number, max: number, message: string) =>
  z.number({ invalid_type_error: message, required_error: message }).int(message).min(min, message).max(max, message)
const flag = () => z.boolean({ invalid_type_error: 'series:errors.badRequest' }).default(false)
const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^\d{2}:\d{2}$/

export const SeriesObject = z.object({
  name: z
    .string({ required_error: 'series:errors.nameRequired', invalid_type_error: 'series:errors.nameRequired' })
    .trim()
    .min(SERIES_NAME_MIN, 'series:errors.nameTooShort')
    .max(SERIES_NAME_MAX, 'series:errors.tooLong'),
  summary: z
    .string({ required_error: 'series:errors.summaryRequired', invalid_type_error: 'series:errors.summaryRequired' })
    .trim()
    .min(1, 'series:errors.summaryRequired')
    .max(SERIES_SUMMARY_MAX, 'series:errors.summaryTooLong'),
  description: z
    .string({ invalid_type_error: 'series:errors.badRequest' })
    .trim()
    .max(SERIES_DESCRIPTION_MAX, 'series:errors.tooLong')
    .optional(),
  registrationRequired: flag(),
  date: z
    .string({ required_error: 'series:errors.dateRequired', invalid_type_error: 'series:errors.dateInvalid' })
    .regex(DATE, 'series:errors.dateInvalid'),
  time: z
    .string({ required_error: 'series:errors.timeRequired', invalid_type_error: 'series:errors.timeInvalid' })
    .regex(TIME, 'series:errors.timeInvalid'),
  timeZone: z
    .string({ required_error: 'series:errors.timeZoneInvalid', invalid_type_error: 'series:errors.timeZoneInvalid' })
    .max(64, 'series:errors.timeZoneInvalid')
    .refine(isTimeZone, 'series:errors.timeZoneInvalid'),
  durationMinutes: whole(DURATION_MIN_MINUTES, DURATION_MAX_MINUTES, 'series:errors.durationInvalid'),
  frequency: z.enum(FREQUENCIES, { errorMap: () => ({ message: 'series:errors.frequencyInvalid' }) }),
  interval: whole(1, INTERVAL_MAX, 'series:errors.intervalInvalid').default(1),
  weekdays: z
    .array(z.enum(WEEKDAYS, { errorMap: () => ({ message: 'series:errors.badRequest' }) }), {
      invalid_type_error: 'series:errors.badRequest',
    })
    .max(7, 'series:errors.badRequest')
    .default([]),
  ends: z.enum(ENDS, { errorMap: () => ({ message: 'series:errors.endsInvalid' }) }).default('count'),
  count: whole(1, SESSIONS_MAX, 'series:errors.countInvalid').optional(),
  untilDate: z
    .string({ invalid_type_error: 'series:errors.dateInvalid' })
    .regex(DATE, 'series:errors.dateInvalid')
    .optional(),
})
export type SeriesFields = z.input<typeof SeriesObject>
type SeriesInput = z.output<typeof SeriesObject>

export type SeriesContext = {
  now?: Date
  /**
   * A new series: its first session must be in the future ("Event date and time must be in the future"). An edit may
   * keep a start that has passed.
   */
  requireFutureStart?: boolean
}

/** The plan the form describes: the rule, the first start as wall time, and the sessions' starts. */
function planOf(values: SeriesInput) {
  const rule = ruleString({
    frequency: values.frequency,
    interval: values.interval,
    weekdays: values.frequency === 'weekly' ? values.weekdays : [],
    count: values.ends === 'count' ? (values.count ?? null) : null,
    untilDate: values.ends === 'until' ? (values.untilDate ?? null) : null,
  })
  const firstStart = `${values.date}T${values.time}`
  return { rule, firstStart, starts: sessionStarts({ firstStart, timeZone: values.timeZone, rule }) }
}

export function seriesSchema({ now = new Date(), requireFutureStart = true }: SeriesContext = {}) {
  return SeriesObject.superRefine((values, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
    const firstStartsAt = zonedTimeToDate(`${values.date}T${values.time}`, values.timeZone)
    if (!firstStartsAt) return issue('date', 'series:errors.dateInvalid')
    if (values.ends === 'count' && values.count === undefined) return issue('count', 'series:errors.countInvalid')
    if (values.ends === 'until') {
      if (!values.untilDate) return issue('untilDate', 'series:errors.untilRequired')
      if (values.untilDate < values.date) return issue('untilDate', 'series:errors.untilBeforeStart')
    }
    const { starts } = planOf(values)
    const problem = recurrenceProblem(starts, values.durationMinutes)
    if (problem === 'frequencyTooShort') return issue('durationMinutes', 'series:errors.frequencyTooShort')
    // Past the cap by count is the count's own message already (the schema runs on when a field failed).
    if (problem === 'tooManySessions' && values.ends === 'count') return
    if (problem) return issue(values.ends === 'until' ? 'untilDate' : 'count', `series:errors.${problem}`)
    if (requireFutureStart && starts[0]!.getTime() <= now.getTime()) issue('date', 'series:errors.startInPast')
  }).transform((values) => {
    const { rule, starts } = planOf(values)
    return {
      ...values,
      description: values.description || null,
      firstStartsAt: zonedTimeToDate(`${values.date}T${values.time}`, values.timeZone)!,
      rule,
      starts,
    }
  })
}
export type SeriesValues = z.output<ReturnType<typeof seriesSchema>>

/** A stored series as the form's values (its first start read back in its zone). */
export function seriesFormValues(
  series: {
    name: string
    summary: string
    description: string | null
    registrationRequired: boolean
    firstStartsAt: Date
    timeZone: string
    durationMinutes: number
  },
  parts: {
    frequency: string
    interval: number
    weekdays: string[]
    count: number | null
    untilDate: string | null
  } | null,
) {
  const wall = dateToZonedTime(series.firstStartsAt, series.timeZone)
  return {
    name: series.name,
    summary: series.summary,
    description: series.description ?? '',
    registrationRequired: series.registrationRequired ? 'on' : '',
    date: wall.slice(0, 10),
    time: wall.slice(11, 16),
    timeZone: series.timeZone,
    durationMinutes: String(series.durationMinutes),
    frequency: parts?.frequency ?? 'weekly',
    interval: String(parts?.interval ?? 1),
    weekdays: parts?.weekdays ?? [],
    ends: parts?.untilDate ? 'until' : 'count',
    count: parts?.count ? String(parts.count) : '',
    untilDate: parts?.untilDate ?? '',
  }
}

/** The series page's delete button, and nothing else: its id is the address's. */
export const SeriesDeleteSchema = z.object({
  intent: z.literal('delete', { errorMap: () => ({ message: 'series:errors.badRequest' }) }),
})

/** The series' registration form (the form builder's steps): the builder's checks, then the definition to save. */
export const SeriesRegistrationFormObject = z.object({ steps: builderStepsField() })
export const SeriesRegistrationFormSchema = SeriesRegistrationFormObject.superRefine((values, context) =>
  addDefinitionIssues(builderToSteps(values.steps), ['steps'], context),
).transform((values) => builderToSteps(values.steps))
export type SeriesRegistrationFormFields = z.input<typeof SeriesRegistrationFormObject>
