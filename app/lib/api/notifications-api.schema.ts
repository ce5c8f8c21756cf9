// The JSON API's notification calls, one schema per call (browser-safe; messages are translation keys).
import { z } from 'zod'
import { recordId } from '../forms/record-id'
import { FREQUENCY_CHOICES, SCOPE_CHOICES } from '../notifications/notification-choices'
import { pageNumber } from './api.schema'

const id = recordId('api:errors.badRequest')

/** GET /notifications/{userId} with page, and brandId for one community's only. */
export const NotificationsQuery = z.object({ page: pageNumber, brandId: id.optional() })

/** GET /user-notification-settings/followers with roomId, page, and userId for whether that one person follows. */
export const FollowersQuery = z.object({ page: pageNumber, roomId: z.string().optional(), userId: id.optional() })

const settingFields = z.object({
  frequency: z.enum(FREQUENCY_CHOICES).optional(),
  scope: z.enum(SCOPE_CHOICES).optional(),
})

/** PUT /user-notification-settings/{id}: frequency, scope or both; neither is the spec's "missing settings". */
export const SettingChange = settingFields
  .strict()
  .refine((change) => change.frequency !== undefined || change.scope !== undefined, {
    message: 'api:errors.missingSettings',
  })

/** POST /user-notification-settings: a setting for a community (brandId) or a room (roomId). */
export const NewSetting = settingFields.extend({ brandId: id.optional(), roomId: id.nullable().optional() }).strict()
