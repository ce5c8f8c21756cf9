// Ours: the room's door and calls from the waiting room. A host or co-host locks or opens the room
// (room:setLocked). A newcomer refused with EDGE_ERRORS.waitingRoom (or lockedWaitingRoom) calls the
// room's hosts (one ringing call per person; calling again returns it) and may cancel it
// (clearCalling). The hosts and co-hosts in the meeting answer (the caller may then join) or
// decline, with an optional message; a call nobody answers within CALL_RING_MS is missed. Every
// change reaches the caller and the room's hosts as call:updated.
import { z } from 'zod'
import type { CallView } from '#models/call'
import { answers, id, type ClientEventDefinition } from './event-parts'
import { GUEST_NAME_MAX } from './peers'
import { CALL_LIMITS } from './protocol'

/** A call nobody answers within this time is missed (the edge's timer, injectable in tests). */
export const CALL_RING_MS = 60_000

/** A call to a host from the waiting room (calling, answered, declined, cancelled, missed). */
export type Call = CallView
export type { CallStatus } from '#models/call'

const call = z.object({ callId: id })

export const callsClientEvents = {
  /** The caller's name counts for guests only (the one they typed at the device check); a member calls under their account's. */
  'call:setCalling': {
    payload: z.object({ roomId: id, name: z.string().max(GUEST_NAME_MAX).optional() }),
    answer: answers<Call>(),
  },
  'call:clearCalling': { payload: call, answer: answers<Call>() },
  'call:answer': { payload: call, answer: answers<Call>() },
  'call:decline': {
    payload: z.object({ callId: id, message: z.string().max(CALL_LIMITS.message).optional() }),
    answer: answers<Call>(),
  },
  /** The room's lock, as its settings write it (media-edge/lobby.ts). */
  'room:setLocked': { payload: z.object({ locked: z.boolean() }), answer: answers<{ locked: boolean }>() },
} satisfies Record<string, ClientEventDefinition>

export interface CallsServerEvents {
  /** A waiting-room call was made or ended (to the caller and the room's hosts and co-hosts). */
  'call:updated': (payload: Call) => void
}
