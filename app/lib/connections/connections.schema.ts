import { z } from 'zod'
import { PERSON_INTENTS } from './connection-rules'

/**
 * The forms about another member (browser-safe): the connection request dialog's buttons, the
 * favourite and follow toggles, and the block and mute dialogs. Each posts `intent` and `userId`,
 * and may name where to come back to. Messages are translation keys.
 */
export const PersonActionSchema = z.object({
  intent: z.enum(PERSON_INTENTS, { errorMap: () => ({ message: 'connections:errors.badRequest' }) }),
  userId: z
    .string({ required_error: 'connections:errors.badRequest' })
    .trim()
    .regex(/^[\w-]{1,36}$/, 'connections:errors.badRequest'),
  back: z.string().max(300).optional(),
})
export type PersonActionInput = z.output<typeof PersonActionSchema>

/** Following or unfollowing a room's posts: the room's link in this community. */
export const RoomFollowSchema = z.object({
  intent: z.enum(['follow-room', 'unfollow-room'], { errorMap: () => ({ message: 'connections:errors.badRequest' }) }),
  room: z
    .string({ required_error: 'connections:errors.badRequest' })
    .trim()
    .regex(/^[\w-]{1,255}$/, 'connections:errors.badRequest'),
  back: z.string().max(300).optional(),
})
export type RoomFollowInput = z.output<typeof RoomFollowSchema>
