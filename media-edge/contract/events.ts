// The meeting socket's events, in one place. Every client event is an entry of CLIENT_EVENTS (each
// feature file lists its own): its payload's zod schema and what its Ack carries. The edge reads
// every payload with its schema before a handler sees it, and its handler table must name every
// event here and no other (media-edge/signalling.ts), so a client event cannot lack a schema or a
// handler. ClientToServerEvents, what the client may emit, is derived from the same table. Event
// names follow the product's protocol (docs/architecture.md#the-edge-protocol); events it does not name are
// marked as ours.
import type { z } from 'zod'
import type { AckCallback } from './protocol'
import { breakoutsClientEvents, type BreakoutsServerEvents } from './breakouts'
import { callsClientEvents, type CallsServerEvents } from './calls'
import { captionsClientEvents, type CaptionsServerEvents } from './captions'
import { chatClientEvents, type ChatServerEvents } from './chat'
import { eventSlotsClientEvents, type EventSlotsServerEvents } from './event-slots'
import { handsClientEvents, type HandsServerEvents } from './hands'
import { liveClientEvents, type LiveServerEvents } from './live'
import { mediaClientEvents, type MediaServerEvents } from './media'
import { meetingLogClientEvents, type MeetingLogServerEvents } from './meeting-log'
import { peersClientEvents, type PeersServerEvents } from './peers'
import { pollsClientEvents, type PollsServerEvents } from './polls'
import { reactionsClientEvents, type ReactionsServerEvents } from './reactions'
import { recordingClientEvents, type RecordingServerEvents } from './recording'
import { sharedVideoClientEvents, type SharedVideoServerEvents } from './shared-video'
import { subscriptionsClientEvents, type SubscriptionsServerEvents } from './subscriptions'

export const CLIENT_EVENTS = {
  ...peersClientEvents,
  ...mediaClientEvents,
  ...chatClientEvents,
  ...handsClientEvents,
  ...reactionsClientEvents,
  ...pollsClientEvents,
  ...sharedVideoClientEvents,
  ...breakoutsClientEvents,
  ...eventSlotsClientEvents,
  ...captionsClientEvents,
  ...callsClientEvents,
  ...recordingClientEvents,
  ...liveClientEvents,
  ...subscriptionsClientEvents,
  ...meetingLogClientEvents,
}

type Table = typeof CLIENT_EVENTS
export type ClientEvent = keyof Table

/** The payload as the edge's handler gets it: parsed by the event's schema (undefined when it has none). */
export type ClientPayload<E extends ClientEvent> = Table[E] extends { payload: infer S extends z.ZodTypeAny }
  ? z.output<S>
  : undefined
/** What the event's Ack carries. */
export type ClientAnswer<E extends ClientEvent> = Table[E]['answer']

/**
 * How a client emits an event: the payload (as its schema accepts it, so before defaults), then
 * the Ack callback. A payload the schema allows to be missing may be left out.
 */
type Emit<D> = D extends { payload: infer S extends z.ZodTypeAny; answer: infer A }
  ? undefined extends z.input<S>
    ? (...args: [ack: AckCallback<A>] | [payload: z.input<S>, ack: AckCallback<A>]) => void
    : (payload: z.input<S>, ack: AckCallback<A>) => void
  : D extends { answer: infer A }
    ? (ack: AckCallback<A>) => void
    : never

export type ClientToServerEvents = { [E in keyof Table]: Emit<Table[E]> }

/** What the edge sends (no payload is checked on receipt: the client trusts its edge). */
export type ServerToClientEvents = PeersServerEvents &
  MediaServerEvents &
  ChatServerEvents &
  HandsServerEvents &
  ReactionsServerEvents &
  PollsServerEvents &
  SharedVideoServerEvents &
  BreakoutsServerEvents &
  EventSlotsServerEvents &
  CaptionsServerEvents &
  CallsServerEvents &
  RecordingServerEvents &
  LiveServerEvents &
  SubscriptionsServerEvents &
  MeetingLogServerEvents
