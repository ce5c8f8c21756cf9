// What the web app may ask of the edges about a room, beyond telling its pages it changed
// (subscriptions.ts 'room.updated'). Sent as a Socket.IO server-side event through the Redis emitter, so
// every edge hears it and the one hosting the room acts; each edge checks the payload with these
// schemas, because Redis carries whatever anyone publishes.
import { z } from 'zod'

/**
 * Everyone who entered the room's meeting is removed (each gets `kick`, then the socket closes). Sent
 * when the room's link changes: old links stop working and anyone in the room is kicked; those still at
 * its door stay, and their pages move to the new address (`room.updated` with `url`).
 */
export const ROOM_KICK_ALL = 'room:kickAll' as const

export const RoomKickAllSchema = z.object({
  roomId: z.string().min(1).max(64),
  reason: z.enum(['linkChanged']),
})
export type RoomKickAll = z.infer<typeof RoomKickAllSchema>

/** The server-side events of the edges' Socket.IO servers (the fourth type parameter of Server). */
export interface EdgeServerSideEvents {
  [ROOM_KICK_ALL]: (payload: RoomKickAll) => void
}
