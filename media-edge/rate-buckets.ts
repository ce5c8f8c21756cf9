// Token buckets per socket and per event: what a client may ask of the edge, and how fast. Each
// event that is cheap to send but costly to serve (a database write, a worker call, a broadcast to
// the whole meeting) has a bucket of `burst` tokens that refills at `perSecond`; a request takes
// one, and a request that finds none is refused with the usual error shape and does nothing.
// The rates leave ordinary use far below them; the comments say what a normal client sends.
import type { ClientEvent } from './contract/events'

export interface Rate {
  burst: number
  perSecond: number
}

export type EventRates = Partial<Record<ClientEvent, Rate>>

/** The socket's events, one bucket each; events not listed are not limited. */
export const EVENT_RATES: EventRates = {
  // Joining reads the chat history and writes a peer row; a page joins once per connection.
  'meetingRoom:join': { burst: 5, perSecond: 0.1 },
  // Each writes the peer's status; the client enters once per join.
  enter: { burst: 5, perSecond: 0.1 },
  // A join prepares once (both transports, the consumers it receives), at the device check.
  prepare: { burst: 5, perSecond: 0.1 },
  // A join makes two transports and connects each once (a reconnect is a new socket).
  createWebRtcTransport: { burst: 6, perSecond: 0.1 },
  connectWebRtcTransport: { burst: 6, perSecond: 0.1 },
  // The client restarts ICE at most once a second per transport, and it has two.
  restartIce: { burst: 20, perSecond: 2 },
  // Entering produces microphone, camera and screen at most; camera and device switches replace
  // the track without producing again.
  produce: { burst: 10, perSecond: 0.5 },
  // Camera off, share ended, microphone (un)mute: a click each, each heard by every receiver.
  closeProducer: { burst: 20, perSecond: 2 },
  pauseProducer: { burst: 20, perSecond: 2 },
  resumeProducer: { burst: 20, perSecond: 2 },
  // One per remote stream when entering and when switching audio only, so sized for a large
  // meeting (hundreds of streams); beyond that they are worker calls that cost little.
  pauseConsumer: { burst: 600, perSecond: 60 },
  resumeConsumer: { burst: 600, perSecond: 60 },
  setConsumerPreferredLayers: { burst: 600, perSecond: 60 },
  // Each toggle of microphone, camera, audio only or screen share sends one, broadcast to everyone.
  updateMyPeer: { burst: 20, perSecond: 2 },
  // Typing people send a burst of a few lines, then rarely more than one a second; each message
  // is stored and broadcast.
  'chat:send': { burst: 10, perSecond: 1 },
  // Host powers, each logged; a host removing a crowd of intruders still gets 20 at once.
  kickPeer: { burst: 20, perSecond: 2 },
  mutePeerAudio: { burst: 20, perSecond: 2 },
  disableShare: { burst: 20, perSecond: 2 },
  // A hand goes up and down a few times a minute; each change is broadcast to everyone.
  'hand:raise': { burst: 5, perSecond: 0.5 },
  'hand:lower': { burst: 5, perSecond: 0.5 },
  // A host lowering a queue of hands one after another.
  'hand:lowerFor': { burst: 20, perSecond: 2 },
  // A few taps in a row, then about one a second; each is broadcast to everyone.
  'reaction:send': { burst: 5, perSecond: 1 },
  // Polls: a host asks one every few minutes; each person answers once (the rest are refused).
  'poll:create': { burst: 5, perSecond: 0.2 },
  'poll:answer': { burst: 5, perSecond: 0.5 },
  'poll:close': { burst: 5, perSecond: 0.2 },
  // Shared video: a link shared every few minutes; the owner's clicks (a few seeks in a row while
  // finding a place, play and pause, mute) each broadcast to everyone.
  'room:sharedVideo:start': { burst: 5, perSecond: 0.2 },
  'room:sharedVideo:seek': { burst: 10, perSecond: 2 },
  'room:sharedVideo:play': { burst: 10, perSecond: 2 },
  'room:sharedVideo:pause': { burst: 10, perSecond: 2 },
  'room:sharedVideo:mute': { burst: 10, perSecond: 2 },
  'room:sharedVideo:unmute': { burst: 10, perSecond: 2 },
  'room:sharedVideo:end': { burst: 5, perSecond: 0.2 },
  // Breakouts: a host opens the room list once, makes a few rooms, then assigns people one click
  // each (a class of 30 in a minute) and applies a room's moves at once; each change reaches every host.
  'room:admin:getActiveMeetingRooms': { burst: 10, perSecond: 1 },
  // A host opens the log now and then; each reads up to MEETING_LOG_HISTORY rows.
  'meetingLog:get': { burst: 5, perSecond: 0.5 },
  'room:admin:createBreakoutMeetingRoom': { burst: 20, perSecond: 1 },
  'room:admin:renameBreakoutMeetingRoom': { burst: 20, perSecond: 1 },
  'room:admin:setMeetingPeerMoveToMeetingRoom': { burst: 60, perSecond: 5 },
  'room:admin:clearMeetingPeerMoveToMeetingRoom': { burst: 60, perSecond: 5 },
  'room:admin:cancelMeetingPeerMoveToMeetingRoom': { burst: 20, perSecond: 1 },
  'room:admin:applyMoveToMeetingRoom': { burst: 20, perSecond: 1 },
  'room:admin:endBreakouts': { burst: 5, perSecond: 0.2 },
  // A moved peer moves once per move the host makes; each is a new peer row and new transports.
  joinBreakout: { burst: 5, perSecond: 0.2 },
  leaveBreakout: { burst: 5, perSecond: 0.2 },
  // The event's controls: a host clicks through slots, pause and play; each is broadcast.
  'room:event:start': { burst: 5, perSecond: 0.2 },
  'room:event:changeSlot': { burst: 10, perSecond: 1 },
  'room:event:seekSlot': { burst: 10, perSecond: 1 },
  'room:event:play': { burst: 10, perSecond: 1 },
  'room:event:pause': { burst: 10, perSecond: 1 },
  'room:event:end': { burst: 5, perSecond: 0.2 },
  'room:event:reset': { burst: 5, perSecond: 0.2 },
  // Stepping out of the event and back in: a click now and then, broadcast to everyone.
  joinEvent: { burst: 5, perSecond: 0.5 },
  leaveEvent: { burst: 5, perSecond: 0.5 },
  // A client asks when it (re)joins or resyncs; the state also comes with every change.
  'room:getEventSlotIndex': { burst: 10, perSecond: 1 },
  // Captions: a host turns them on or off, or switches the language; each start taps every microphone.
  'transcribe:start': { burst: 3, perSecond: 0.2 },
  'transcribe:stop': { burst: 3, perSecond: 0.2 },
  // Waiting room: a caller calls, maybe hangs up and calls again a few times; each call rings every
  // host and writes a row. Hosts answer or decline a queue of callers one after another.
  'call:setCalling': { burst: 5, perSecond: 0.1 },
  'call:clearCalling': { burst: 5, perSecond: 0.1 },
  'call:answer': { burst: 20, perSecond: 2 },
  'call:decline': { burst: 20, perSecond: 2 },
  // The room's lock: each writes the room's row and has every page of the room re-read it.
  'room:setLocked': { burst: 5, perSecond: 0.5 },
  // Recording: each start runs ffmpeg and a bot; a host toggles it a few times a meeting.
  'recorder:start': { burst: 3, perSecond: 0.1 },
  'recorder:stop': { burst: 3, perSecond: 0.1 },
  // Live streaming: each start runs ffmpeg re-encoding and a bot, like a recording; the status is a read.
  'live:initialize': { burst: 3, perSecond: 0.1 },
  'live:stop': { burst: 3, perSecond: 0.1 },
  // Pause ends ffmpeg and resume starts it again: as costly as a start.
  'live:pause': { burst: 3, perSecond: 0.1 },
  'live:join': { burst: 3, perSecond: 0.1 },
  'live:getStreamByRoom': { burst: 5, perSecond: 1 },
}

interface Bucket {
  tokens: number
  at: number
}

/** One socket's buckets, full at first. */
export class RateBuckets {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    private readonly rates: EventRates = EVENT_RATES,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token for the event: false when its bucket is empty (the request is refused). */
  take(event: string): boolean {
    const rate = this.rates[event as ClientEvent]
    if (!rate) return true
    const time = this.now()
    const bucket = this.buckets.get(event) ?? { tokens: rate.burst, at: time }
    bucket.tokens = Math.min(rate.burst, bucket.tokens + ((time - bucket.at) / 1000) * rate.perSecond)
    bucket.at = time
    this.buckets.set(event, bucket)
    if (bucket.tokens < 1) return false
    bucket.tokens -= 1
    return true
  }
}
