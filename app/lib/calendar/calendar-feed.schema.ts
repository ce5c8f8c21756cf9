// The /me/calendar page's one form: make a (new) calendar address, or turn it off. Nothing is typed;
// the intent is the button pressed, and anything else is refused.
import { z } from 'zod'

export const CALENDAR_FEED_INTENTS = ['make', 'turnOff'] as const

export const CalendarFeedSchema = z.object({
  intent: z.enum(CALENDAR_FEED_INTENTS, { errorMap: () => ({ message: 'account:calendar.errors.badRequest' }) }),
})
export type CalendarFeedFields = z.input<typeof CalendarFeedSchema>
