// The event slot engine (room:event:*; docs/meetings.md#event-slots-and-the-talk-timer) and the
// talk timer. The host and co-hosts run the slots, checked on the edge: start begins the first slot
// (rehearsal: minutes read as twice as many seconds); changeSlot sets a slot and plays it at once
// (next, previous); seekSlot moves within the slot; end counts down 5 s before ending, or ends at
// once with force; reset also clears the talk timer.
import { z } from 'zod'
import { answers, type ClientEventDefinition } from './event-parts'

/** A tick every second (the edge's talk timer checks, the clients' time left). */
export const EVENT_TICK_MS = 1000
/** The countdown before the next slot starts on its own, and before the event ends. */
export const EVENT_COUNTDOWN_MS = 5000
/** Encouragement is sent only past this share of the slot, and shown this long. */
export const ENCOURAGEMENT_AFTER_PROGRESS = 0.5
export const ENCOURAGEMENT_TOAST_MS = 3000
/**
 * Bounds on what a host's client asks for, far above any running order the event form allows: a
 * slot the event does not have is the engine's refusal (no such slot), and a seek past the end of a
 * timed slot is cut to its end.
 */
export const EVENT_SLOT_INDEX_MAX = 1000
export const EVENT_SEEK_MAX_MS = 24 * 60 * 60 * 1000

export const eventSlotsClientEvents = {
  'room:event:start': {
    payload: z.object({ rehearsal: z.boolean().optional() }).optional(),
    answer: answers<EventState>(),
  },
  'room:event:changeSlot': {
    payload: z.object({ slotIndex: z.number().int().min(0).max(EVENT_SLOT_INDEX_MAX) }),
    answer: answers<EventState>(),
  },
  'room:event:seekSlot': {
    payload: z.object({ positionMs: z.number().int().min(0).max(EVENT_SEEK_MAX_MS) }),
    answer: answers<EventState>(),
  },
  'room:event:play': { answer: answers<EventState>() },
  'room:event:pause': { answer: answers<EventState>() },
  'room:event:end': { payload: z.object({ force: z.boolean().optional() }).optional(), answer: answers<EventState>() },
  'room:event:reset': { answer: answers<EventState>() },
  /**
   * joinEvent / leaveEvent: my own part in the event. Everyone in the meeting takes part
   * (eventParticipantAutoJoin); someone who only watches (an interpreter, a guest speaker's
   * assistant) steps out, and the talk timer no longer lists them as quiet or encourages them.
   * Each person decides for themselves; nobody, a host neither, sets it for another.
   */
  joinEvent: { answer: answers<TalkTimerState>() },
  leaveEvent: { answer: answers<TalkTimerState>() },
  /** Anyone: the current slot and what is left of it. */
  'room:getEventSlotIndex': { answer: answers<{ slotIndex: number | null; remainingMs: number | null }>() },
} satisfies Record<string, ClientEventDefinition>

export interface EventSlotsServerEvents {
  /** The event's state after any change (slot, pause, countdown, end). */
  'event.updated': (payload: EventState) => void
  /** The talk timer's distribution and inactive speakers. */
  'talkTimer:updated': (payload: TalkTimerState) => void
  /** To one person, once: speak up (encouragement) or your time is up (enforcement). */
  'talkTimer:peerEncouragement': (payload: { kind: 'encouragement' | 'enforcement'; message: string | null }) => void
}

/** One slot of a running event as everyone sees it; durationMs 0 is an untimed slot (the host moves on). */
export interface EventSlotView {
  name: string
  durationMs: number
}

/**
 * The event's slot engine as everyone sees it. Times are relative (ms from when the
 * state was sent), so a client's clock does not need to agree with the edge's.
 */
export interface EventState {
  /** Set once a slot is set (setting a slot marks it started); cleared by end and reset. */
  started: boolean
  paused: boolean
  /** Ours: a rehearsal run, each slot's minutes read as twice that many seconds (the shortening flag). */
  rehearsal: boolean
  slots: EventSlotView[]
  slotIndex: number | null
  /** What is left of the current slot (null: untimed or no slot). */
  remainingMs: number | null
  /** The countdown everyone sees: the next slot starts, or the event ends, when it reaches 0. */
  countdown: { kind: 'next' | 'end'; remainingMs: number } | null
  /** The event's scheduled start (ISO), for the early-start warning; null when it has none. */
  startsAt: string | null
}

/** The talk timer (peerTimerDistributionMap, inactive speakers). */
export interface TalkTimerState {
  /** userId → how long they have been the active speaker during the event, in ms. */
  distribution: Record<string, number>
  /** Entered people taking part with zero turns as the active speaker (shown to hosts). */
  inactiveUserIds: string[]
  /** People who stepped out of the event (leaveEvent): watching, not counted as quiet nor encouraged. */
  watchingUserIds: string[]
  /** The per-speaker limit in ms, 0 when the event has none. */
  limitMs: number
}
