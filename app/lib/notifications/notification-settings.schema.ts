// The notification settings dialog's form (frequency live or daily; scope all, admin posts,
// replies, posts or off; per room, the same scopes or the community's). Browser-safe;
// messages are translation keys.
import { z } from 'zod'
import { FREQUENCY_CHOICES, RECORD_ID, SCOPE_CHOICES } from './notification-choices'

/** A room's choice: one of the scopes, or "as for the community" (no override). */
export const ROOM_SCOPE_CHOICES = ['inherit', ...SCOPE_CHOICES] as const

export const NotificationSettingsSchema = z.object({
  frequency: z.enum(FREQUENCY_CHOICES, { errorMap: () => ({ message: 'notifications:settings.errors.frequency' }) }),
  scope: z.enum(SCOPE_CHOICES, { errorMap: () => ({ message: 'notifications:settings.errors.scope' }) }),
  rooms: z
    .array(
      z.object({
        roomId: z.string().regex(RECORD_ID, 'notifications:settings.errors.room'),
        scope: z.enum(ROOM_SCOPE_CHOICES, { errorMap: () => ({ message: 'notifications:settings.errors.scope' }) }),
      }),
    )
    .max(200)
    .optional(),
})
export type NotificationSettingsFields = z.input<typeof NotificationSettingsSchema>
export type NotificationSettingsValues = z.output<typeof NotificationSettingsSchema>
