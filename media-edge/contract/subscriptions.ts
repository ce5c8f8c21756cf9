// What a page hears outside the meeting itself: its room's changes (room channel) and the signed-in
// person's notifications (user channel). The user channel is always the pass's user; a room channel
// only the pass's room.
import { z } from 'zod'
import { answers, id, type ClientEventDefinition } from './event-parts'

const room = z.object({ roomId: id })

export const subscriptionsClientEvents = {
  'room:join': { payload: room, answer: answers() },
  'room:leave': { payload: room, answer: answers() },
  'user:join': { answer: answers() },
  'user:leave': { answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface SubscriptionsServerEvents {
  /** `url`: the room's address now, when its link changed (its open pages move there; the old one is gone). */
  'room.updated': (payload: { roomId: string; url?: string }) => void
  notification: (payload: { type: string; data?: Record<string, unknown> }) => void
}
