// The meeting socket's contract, shared by the media edge, the web app (which signs edge tokens and
// publishes room updates) and the meeting client. Types and constants only: no runtime imports, so
// the browser bundle can use it. Event names follow the spec (core §7); the few events the spec does
// not name (chat, producer pause/close) are marked as ours.

import type { CallView } from '#models/call'

/** Every acknowledgement: `{ ok, error, data }` (spec §7, admin events). */
export type Ack<T = undefined> =
  { ok: true; data: T; error?: undefined } | { ok: false; error: string; data?: undefined }
export type AckCallback<T = undefined> = (ack: Ack<T>) => void

/** The spec's error texts (core §8); the client shows them as they are or through i18n keys. */
export const EDGE_ERRORS = {
  socketDisconnected: 'socket disconnected!',
  notJoined: 'meeting not joined',
  peerIdRequired: 'Peer ID is required',
  // Ours: join refusals, sent as the server's text (the client shows "join failed" with it).
  badToken: 'Your meeting pass is invalid or has expired.',
  // Ours (issue 14): a locked or knock room puts newcomers in the waiting room until a host answers their call.
  waitingRoom: 'The host lets people in: call the host to join.',
  kicked: 'You have been kicked from the meeting.',
  forbidden: 'Only the host can do that.',
  wrongEdge: 'This meeting is hosted on another media server.',
  notFound: 'Not found.',
  // Added by the edge core: more refusals, sent as they are.
  wrongRoom: 'This meeting pass is for another room.',
  invalidRequest: 'Invalid request.',
  noRtpCapabilities: 'Send your RTP capabilities first.',
  // Ours: media is received only in the meeting; a peer still at its device check has it prepared, paused.
  notEntered: 'Join the meeting first.',
  iceRestartFailed: 'ICE restart failed after 10 attempts.',
  chatInvalid: 'A message must have 1 to 2000 characters.',
  shuttingDown: 'This media server is restarting.',
  serverError: 'Something went wrong on the media server.',
  // Edge limits (issue 8): a socket past an event's rate, and the community's toolbar switches.
  rateLimited: 'Too many requests. Please slow down.',
  chatOff: 'Chat is turned off in this community.',
  screenShareOff: 'Screen sharing is turned off in this community.',
  // Ours (issue 14): a poll without a question or with fewer than 2 or more than 6 options; a second answer.
  pollInvalid: 'A poll needs a question and 2 to 6 options.',
  pollAnswered: 'You have already answered, or the poll is closed.',
  // Ours (issue 14): shared video.
  sharedVideoOff: 'Shared video is turned off in this community.',
  sharedVideoLink: 'Paste a YouTube or Vimeo link.',
  sharedVideoOwner: 'Only the person sharing the video can control it.',
  sharedVideoBusy: 'Someone else is sharing a video.',
  // Ours (issue 14, breakouts): spec §5 "Rename breakout room: value required and unique"; a move
  // asked for by a peer the host did not move there.
  breakoutNameRequired: 'A breakout room needs a name.',
  breakoutNameTaken: 'Another room of this meeting already has that name.',
  notMoved: 'The host has not moved you to that room.',
  // Ours (issue 14 item 3): the event slot engine's refusals.
  eventNoSlots: 'This room has no event slots to run.',
  eventNotStarted: 'The event has not started.',
  eventNoSuchSlot: 'There is no such slot.',
  lateJoinerWindowClosed: 'The event started too long ago to join it now.',
  // Ours (issue 14): captions need the community's toolbar switch (transcript its own) and a speech service.
  captionsOff: 'Captions are turned off in this community.',
  transcriptOff: 'Transcripts are turned off in this community.',
  captionsUnavailable: 'Captions are not set up on this media server.',
  // Ours (issue 14): calls from the waiting room.
  notWaiting: 'You are not in the waiting room.',
  callEnded: 'This call has already ended.',
  // Recording (issue 14): the spec's two texts (core §8) — the recording could not be set up (no
  // media to record, the media server could not route it), or ffmpeg itself did not start.
  recordingFailed: 'An error occurred while starting recording.',
  recorderFailed: 'An error occurred starting the recorder. Please try again.',
  // Ours: the community's toolbar switch, like chat.
  recordingOff: 'Recording is turned off in this community.',
  // Live streaming (issue 14): the spec has no texts of its own for it; ours.
  liveOff: 'Live streaming is turned off in this community.',
  liveUrlInvalid: 'Enter the stream address as rtmp:// or rtmps://, with its stream key.',
  liveNoMedia: 'There is nothing to stream yet: someone needs a microphone or camera on.',
  liveFailed:
    'The live stream could not reach the streaming service, or it was cut off. Check the address and stream key, then try again.',
  // Pause (live:pause) needs a stream that is live; resume (live:join) one that is paused.
  liveNotStreaming: 'There is no live stream to pause.',
  liveNotPaused: 'There is no paused live stream to resume.',
  // The channel named for the viewer count (a login on the streaming service).
  liveChannelInvalid: 'A channel name has only letters, digits and underscores.',
  // Issue 22: the address is not on the operator's LIVE_ALLOWED_HOSTS, or (without one) is not a public one (media-edge/egress.ts).
  liveTargetRefused:
    "This media server does not stream to that address: use your streaming service's public ingest address.",
} as const

/** Ours (issue 14): the languages captions can be started in (the product's). */
export const CAPTION_LANGUAGES = ['en', 'es', 'pt'] as const
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number]

/**
 * The meeting's captions (spec §3 isClosedCaptioning, isTranscribing): on, in which language, and
 * whether the final lines are kept as a transcript.
 */
export type CaptionsState = { on: false } | { on: true; language: CaptionLanguage; transcript: boolean }

/** One caption line (spec §3 currentSubtitle: name, transcript). An interim line's id is the same until it is final. */
export interface Caption {
  id: string
  peerId: string
  name: string
  text: string
  final: boolean
}

/** Ours (issue 14): a call nobody answers within this time is missed (the edge's timer, injectable in tests). */
export const CALL_RING_MS = 60_000
/** Ours: a decline's optional message, and the name a caller gives (the calls table's column sizes). */
export const CALL_LIMITS = { message: 500, callerName: 100 } as const
/** A call to a host from the waiting room (core spec §3 Call, §4: calling, answered, declined, cancelled, missed). */
export type Call = CallView
export type { CallStatus } from '#models/call'

/** Ours (issue 14): the reactions a peer may send; the edge refuses anything else. */
export const REACTIONS = ['👍', '👏', '❤️', '😂', '😮', '🎉'] as const
export type Reaction = (typeof REACTIONS)[number]
/** How long a reaction shows over the sender's tile. */
export const REACTION_SHOW_MS = 3000

/** Ours (issue 14): a quick poll's limits, checked by the edge. */
export const POLL_LIMITS = { question: 200, option: 80, minOptions: 2, maxOptions: 6 } as const

/** Ours: the meeting's quick poll as everyone sees it (counts live, one answer per person). */
export interface Poll {
  id: string
  question: string
  options: string[]
  counts: number[]
  closed: boolean
}

export type VideoProvider = 'youtube' | 'vimeo'

/**
 * The meeting's shared video (spec §3: videoUrl, videoState, videoOwner, videoKey) as everyone
 * sees it. The edge keeps the position at a wall-clock instant; what it sends is the position at
 * the moment it sends, so a client adds the time since it received it while the video plays.
 */
export interface SharedVideo {
  provider: VideoProvider
  videoId: string
  /** The link, normalised (a watch page of the provider). */
  url: string
  /** The owner's peer id: the only one who controls playback. */
  owner: string
  /** When it started (edge clock, ms): a new key is a new video. */
  key: number
  state: 'playing' | 'paused'
  muted: boolean
  positionMs: number
}
export type SharedVideoAction = 'start' | 'seek' | 'play' | 'pause' | 'end' | 'mute' | 'unmute'
/** The furthest a seek may go (a day): no embeddable video is longer. */
export const SHARED_VIDEO_MAX_POSITION_MS = 24 * 60 * 60 * 1000
/** Ours (issue 14): the longest breakout room name. */
export const BREAKOUT_NAME_MAX = 80

/** A meeting room as hosts manage it (spec §3 Meeting administration), with who is in it now. */
export interface MeetingRoomView {
  id: string
  type: 'main' | 'breakout'
  /** The main meeting room of a breakout; null for the main one. */
  parentId: string | null
  name: string
  /** ISO time. */
  startedAt: string
  managed: boolean
  managerUserIds: string[]
  peers: MeetingRoomPeer[]
}

/** A meeting peer (spec §3) as hosts see it in the room list: where the host wants them next, if anywhere. */
export interface MeetingRoomPeer {
  id: string
  userId: string
  name: string
  moveToMeetingRoomId: string | null
}

/** Sent to a peer the host moves (joinBreakout, or leaveBreakout back to the main room). */
export interface BreakoutMove {
  /** The room to join, which the client asks for next (joinBreakout / leaveBreakout). */
  meetingRoomId: string
  name: string
  /** The name of the room the peer is in now (spec §4 "Moving from {room}"). */
  from: string
}

/** Spec §9: a tick every second (the edge's talk timer checks, the clients' time left). */
export const EVENT_TICK_MS = 1000
/** Spec §9: the countdown before the next slot starts on its own, and before the event ends. */
export const EVENT_COUNTDOWN_MS = 5000
/** Spec §9: encouragement is sent only past this share of the slot, and shown this long. */
export const ENCOURAGEMENT_AFTER_PROGRESS = 0.5
export const ENCOURAGEMENT_TOAST_MS = 3000

/** One slot of a running event as everyone sees it; durationMs 0 is an untimed slot (the host moves on). */
export interface EventSlotView {
  name: string
  durationMs: number
}

/**
 * The event's slot engine as everyone sees it (spec §4 Event). Times are relative (ms from when the
 * state was sent), so a client's clock does not need to agree with the edge's.
 */
export interface EventState {
  /** Set once a slot is set (spec: "setting a slot marks it started"); cleared by end and reset. */
  started: boolean
  paused: boolean
  /** Ours: a rehearsal run, each slot's minutes read as twice that many seconds (spec §4's flag). */
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

/** The talk timer (spec §3 peerTimerDistributionMap, §4 inactive speakers). */
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

/** Ours: one raised hand of the meeting's queue (hand:queue), oldest first. */
export interface RaisedHand {
  peerId: string
  /** ISO time the hand went up. */
  raisedAt: string
}

/** Guests' user ids start with this (the web app's room loader builds them); everyone else is signed in. */
export const GUEST_ID_PREFIX = 'guest:'
export const isGuestId = (userId: string) => userId.startsWith(GUEST_ID_PREFIX)

/**
 * The community's toolbar controls (brand toolbarControls) that the edge serves, and so enforces:
 * chat, screen sharing, shared video, captions and transcripts, recording and live streaming. The others are display
 * choices of the client (settings, viewing mode, full screen).
 * Hosts and co-hosts are not exempt:
 * the spec lists the flags as community configuration of what the meeting offers, not as a
 * permission, and the powers it gives hosts (§6: kick, mute, events, recording, live, lock) do not
 * include overriding it; the client hides the buttons from hosts too.
 */
export interface EdgeControls {
  chat: boolean
  sharedScreen: boolean
  sharedVideo: boolean
  /** Toolbar closedCaption: live captions; transcribe: keeping them as a transcript. */
  closedCaption: boolean
  transcribe: boolean
  recording: boolean
  live: boolean
}

/**
 * The room's live stream (spec §4, room level): joining while ffmpeg connects, joined while it
 * streams (the live bot is in the meeting), pausing while it is paused (nothing is pushed, the live
 * bot is gone, the edge keeps the target to resume), stopping while it ends.
 */
export type LiveState = 'idle' | 'joining' | 'joined' | 'pausing' | 'stopping'

/** live.updated and live:getStreamByRoom: the state, and why it ended when ffmpeg died (EDGE_ERRORS.liveFailed). */
export interface LiveStatus {
  state: LiveState
  error: string | null
}

/** Spec §4 and §9: people other than hosts and co-hosts see the live state change this much later. */
export const LIVE_STATE_DELAY_MS = 13_000

/** What the web app's room loader signs (HS256 with EDGE_SECRET) and the edge verifies at connection. */
export interface EdgeClaims {
  /** The peer's user id; a guest's is `guest:` (GUEST_ID_PREFIX) and the id its browser keeps (the web app's __guest cookie). */
  userId: string
  /** A signed-in person's account name (the meeting shows no other); a guest's default display name. */
  name: string
  avatar: string | null
  roomId: string
  brandId: string
  isHost: boolean
  isCoHost: boolean
  /** Meeting powers the user's role grants in this community (e.g. kick-peer, mute-peer). */
  permissions: string[]
  /** Whether the room is locked: others wait in the waiting room until a host answers their call. */
  locked: boolean
  /** The room's "waiting room on by default" (knock) setting: the same waiting, with the room not locked. */
  waitingRoom: boolean
  /** What the community's toolbar offers; the edge refuses what is off, whatever the client shows. */
  controls: EdgeControls
}

export const EDGE_TOKEN_TTL_SECONDS = 300

export type PeerStatus = 'joining' | 'browsing' | 'participating' | 'joined'
export type MediaSource = 'mic' | 'webcam' | 'screen'

export interface DeviceInfo {
  flag: string
  name: string
  version: string
}

/** What a client may say about itself (meetingRoom:join peerData, updateMyPeer). The server never
 *  takes host powers or identity from here: those come from the token. */
export interface PeerData {
  /** Taken from guests only: a signed-in person's name is their account's. */
  name?: string
  avatar?: string | null
  device?: DeviceInfo
  audioMuted?: boolean
  videoMuted?: boolean
  audioOnly?: boolean
  screenSharing?: boolean
  away?: boolean
}

/** A peer as every participant sees it (spec §3 Peer). */
export interface Peer {
  id: string
  userId: string
  name: string
  /** Not signed in: the name is what they typed, and everyone sees them marked as a guest. */
  guest: boolean
  avatar: string | null
  isHost: boolean
  isCoHost: boolean
  visible: boolean
  joining: boolean
  status: PeerStatus
  isLive: boolean
  isRecorder: boolean
  component: boolean
  audioMuted: boolean
  videoMuted: boolean
  audioOnly: boolean
  screenSharing: boolean
  videoSharing: boolean
  away: boolean
  device: DeviceInfo | null
}

export interface ChatMessage {
  id: string
  peerId: string
  userId: string
  name: string
  /** Sent by a guest (see Peer.guest). */
  guest: boolean
  text: string
  /** ISO time. */
  sentAt: string
}

export interface RoomMediaState {
  activeSpeakerId: string | null
  primarySpeakerId: string | null
  screenShareId: string | null
}

export interface JoinResult {
  peerId: string
  meetingRoomId: string
  peers: Peer[]
  chat: ChatMessage[]
  room: RoomMediaState
  /** Ours: the raised hands, oldest first, so a late joiner sees the queue. */
  hands: RaisedHand[]
  /** Ours: the meeting's quick poll, if one was asked, and my answer to it. */
  poll: Poll | null
  pollAnswer: number | null
  /** Ours: the shared video, at its position now, so a late joiner lands where everyone is. */
  sharedVideo: SharedVideo | null
  /** Ours (issue 14 item 3): the running event's slot and time left, and the talk timer, for a late joiner. */
  event: EventState | null
  talkTimer: TalkTimerState | null
  /** Ours: whether captions are on, so a late joiner shows them. */
  captions: CaptionsState
  /** Ours: the calls ringing from the waiting room, oldest first; for hosts and co-hosts only (others get none). */
  calls: Call[]
  /** Ours: the room's live stream, so a late joiner sees it, and its viewer count (spec §3 viewerCount; null: none known). */
  live: LiveStatus
  viewerCount: number | null
  /** STUN/TURN servers for the client's transports (coturn shared-secret credentials when configured). */
  iceServers: IceServer[]
  /** Ours: what getRouterRtpCapabilities answers, here so the client loads its device without asking again. */
  routerRtpCapabilities: Json
}

/** Ours: the answer to prepare, both of the peer's transports. */
export interface PreparedMedia {
  send: TransportOptions
  recv: TransportOptions
}

export interface IceServer {
  urls: string | string[]
  username?: string
  credential?: string
}

// mediasoup's parameter shapes travel as opaque JSON between mediasoup and mediasoup-client; typing
// them here would import mediasoup types into the browser bundle.
type Json = Record<string, unknown>

export interface TransportOptions {
  id: string
  iceParameters: Json
  iceCandidates: Json[]
  dtlsParameters: Json
  sctpParameters?: Json
}

export interface NewConsumer {
  peerId: string
  producerId: string
  id: string
  kind: 'audio' | 'video'
  rtpParameters: Json
  type: string
  appData: { source: MediaSource }
  producerPaused: boolean
}

export interface ClientToServerEvents {
  'meetingRoom:join': (payload: { roomId: string; peerData: PeerData }, ack: AckCallback<JoinResult>) => void
  /**
   * Ours: everything receiving needs, done while the person is still at the device check (one round
   * trip for setPeerRtpCapabilities, both createWebRtcTransport and sfuEnter): the edge keeps the
   * capabilities, makes both transports and offers paused consumers of what the others send
   * (newConsumer). Nobody sees a prepared peer: it stays invisible, sends nothing, and its consumers
   * stay paused (resumeConsumer is refused) until it enters.
   */
  prepare: (payload: { rtpCapabilities: Json }, ack: AckCallback<PreparedMedia>) => void
  getRouterRtpCapabilities: (ack: AckCallback<Json>) => void
  setPeerRtpCapabilities: (payload: { rtpCapabilities: Json }, ack: AckCallback) => void
  createWebRtcTransport: (
    payload: { direction: 'send' | 'recv'; producing: boolean; consuming: boolean },
    ack: AckCallback<TransportOptions>,
  ) => void
  connectWebRtcTransport: (payload: { transportId: string; dtlsParameters: Json }, ack: AckCallback) => void
  restartIce: (payload: { transportId: string }, ack: AckCallback<{ iceParameters: Json }>) => void
  produce: (
    payload: { transportId: string; kind: 'audio' | 'video'; rtpParameters: Json; appData: { source: MediaSource } },
    ack: AckCallback<{ id: string }>,
  ) => void
  /** Ours: stop or pause one of my producers (camera off, share ended, mic muted). */
  closeProducer: (payload: { producerId: string }, ack: AckCallback) => void
  pauseProducer: (payload: { producerId: string }, ack: AckCallback) => void
  resumeProducer: (payload: { producerId: string }, ack: AckCallback) => void
  pauseConsumer: (payload: { consumerId: string }, ack: AckCallback) => void
  resumeConsumer: (payload: { consumerId: string }, ack: AckCallback) => void
  setConsumerPreferredLayers: (
    payload: { consumerId: string; spatialLayer: number; temporalLayer?: number },
    ack: AckCallback,
  ) => void
  /** Become visible in the meeting (status participating); the others get peerEntered. The consumers
   *  prepared before are resumed (video unless audio only), with a key frame asked for each video. */
  enter: (ack: AckCallback) => void
  /** Ready to receive: the server creates (paused) consumers for every existing producer. */
  sfuEnter: (ack: AckCallback) => void
  /** The spec's other name for sfuEnter (its client emits both): the same request. */
  enterSfu: (ack: AckCallback) => void
  updateMyPeer: (payload: { peerData: PeerData }, ack: AckCallback<Peer>) => void
  kickPeer: (payload: { peerId: string }, ack: AckCallback) => void
  mutePeerAudio: (payload: { peerId: string }, ack: AckCallback) => void
  leave: (ack: AckCallback) => void
  peerLeftMeeting: (payload: { roomId: string; view: string }, ack: AckCallback) => void
  /** Ours: in-meeting chat, stored so a reconnect loses nothing. */
  'chat:send': (payload: { text: string }, ack: AckCallback<ChatMessage>) => void
  /** Ours (issue 14): raise or lower my hand; everyone gets the new queue (hand:queue). */
  'hand:raise': (ack: AckCallback) => void
  'hand:lower': (ack: AckCallback) => void
  /** Ours: a host or co-host lowers someone's hand (the edge checks the right). */
  'hand:lowerFor': (payload: { peerId: string }, ack: AckCallback) => void
  /** Ours: one of REACTIONS, shown to everyone over my tile (reaction). */
  'reaction:send': (payload: { emoji: string }, ack: AckCallback) => void
  /** Ours: a host or co-host asks a quick poll (replacing the last); everyone gets poll:updated. */
  'poll:create': (payload: { question: string; options: string[] }, ack: AckCallback<Poll>) => void
  /** Ours: my one answer, the option's index. */
  'poll:answer': (payload: { pollId: string; option: number }, ack: AckCallback) => void
  /** Ours: a host or co-host stops the answers; the results stay shown. */
  'poll:close': (payload: { pollId: string }, ack: AckCallback) => void
  /** Share a YouTube or Vimeo link with everyone (spec §7 room:sharedVideo start); it starts playing at 0. */
  'room:sharedVideo:start': (payload: { url: string }, ack: AckCallback<SharedVideo>) => void
  /** The owner's playback controls; play and pause may say where the owner's player is. */
  'room:sharedVideo:seek': (payload: { positionMs: number }, ack: AckCallback<SharedVideo>) => void
  'room:sharedVideo:play': (payload: { positionMs?: number }, ack: AckCallback<SharedVideo>) => void
  'room:sharedVideo:pause': (payload: { positionMs?: number }, ack: AckCallback<SharedVideo>) => void
  'room:sharedVideo:mute': (ack: AckCallback<SharedVideo>) => void
  'room:sharedVideo:unmute': (ack: AckCallback<SharedVideo>) => void
  /** The owner, the host or a co-host stops it for everyone. */
  'room:sharedVideo:end': (ack: AckCallback) => void
  /**
   * Breakout rooms (spec §7 admin events), each for the host and co-hosts only (the token's claims).
   * A move is set per meeting peer, then applied per meeting room: every peer in that room with a
   * move is sent joinBreakout (or leaveBreakout for the main room) and moves itself (below).
   */
  'room:admin:getActiveMeetingRooms': (ack: AckCallback<MeetingRoomView[]>) => void
  /** Ours: `name` is optional (the client sends a translated default); without it the room is numbered. */
  'room:admin:createBreakoutMeetingRoom': (
    payload: { mainMeetingRoomId: string; name?: string },
    ack: AckCallback<MeetingRoomView>,
  ) => void
  'room:admin:renameBreakoutMeetingRoom': (
    payload: { meetingRoomId: string; name: string },
    ack: AckCallback<MeetingRoomView>,
  ) => void
  'room:admin:setMeetingPeerMoveToMeetingRoom': (
    payload: { meetingPeerId: string; moveToMeetingRoomId: string },
    ack: AckCallback,
  ) => void
  'room:admin:clearMeetingPeerMoveToMeetingRoom': (payload: { meetingPeerId: string }, ack: AckCallback) => void
  /** Clears the moves of every peer in the meeting room. */
  'room:admin:cancelMeetingPeerMoveToMeetingRoom': (payload: { meetingRoomId: string }, ack: AckCallback) => void
  /** Sends every peer in the meeting room that has a move to its room; answers how many were sent. */
  'room:admin:applyMoveToMeetingRoom': (payload: { meetingRoomId: string }, ack: AckCallback<{ moved: number }>) => void
  /** Ours: everyone back to the main room; each breakout ends once empty. */
  'room:admin:endBreakouts': (payload: { mainMeetingRoomId: string }, ack: AckCallback<{ moved: number }>) => void
  /** Into the breakout the host moved me to (spec §7: meetingRoomId, peerData): a new peer there, prepared and entered as on joining. */
  joinBreakout: (payload: { meetingRoomId: string; peerData: PeerData }, ack: AckCallback<JoinResult>) => void
  /** Back to the main room, once the host moved me there. */
  leaveBreakout: (payload: { peerData: PeerData }, ack: AckCallback<JoinResult>) => void
  /**
   * The event slot engine (spec §4 Event, §7 room:event:*): the host and co-hosts only, checked on
   * the edge. start begins the first slot (rehearsal: minutes read as twice as many seconds);
   * changeSlot sets a slot and plays it at once (next, previous); seekSlot moves within the slot;
   * end counts down 5 s before ending, or ends at once with force; reset also clears the talk timer.
   */
  'room:event:start': (payload: { rehearsal?: boolean }, ack: AckCallback<EventState>) => void
  'room:event:changeSlot': (payload: { slotIndex: number }, ack: AckCallback<EventState>) => void
  'room:event:seekSlot': (payload: { positionMs: number }, ack: AckCallback<EventState>) => void
  'room:event:play': (ack: AckCallback<EventState>) => void
  'room:event:pause': (ack: AckCallback<EventState>) => void
  'room:event:end': (payload: { force?: boolean }, ack: AckCallback<EventState>) => void
  'room:event:reset': (ack: AckCallback<EventState>) => void
  /**
   * Spec §7 joinEvent / leaveEvent: my own part in the event. Everyone in the meeting takes part
   * (spec §3 eventParticipantAutoJoin); someone who only watches (an interpreter, a guest speaker's
   * assistant) steps out, and the talk timer no longer lists them as quiet or encourages them.
   * Each person decides for themselves; nobody, a host neither, sets it for another.
   */
  joinEvent: (ack: AckCallback<TalkTimerState>) => void
  leaveEvent: (ack: AckCallback<TalkTimerState>) => void
  /** Anyone: the current slot and what is left of it. */
  'room:getEventSlotIndex': (ack: AckCallback<{ slotIndex: number | null; remainingMs: number | null }>) => void
  /** Spec §7 "transcribe start and stop": a host or co-host turns captions on (optionally kept as a transcript) or off. */
  'transcribe:start': (
    payload: { language: CaptionLanguage; transcript: boolean },
    ack: AckCallback<CaptionsState>,
  ) => void
  'transcribe:stop': (ack: AckCallback) => void
  /**
   * Waiting room (issue 14): a newcomer refused with EDGE_ERRORS.waitingRoom calls the room's hosts
   * (one ringing call per person; calling again returns it) and may cancel it (clearCalling). The
   * hosts and co-hosts in the meeting answer (the caller may then join) or decline, with an
   * optional message; a call nobody answers within CALL_RING_MS is missed. Every change reaches the
   * caller and the room's hosts as call:updated.
   */
  'call:setCalling': (payload: { roomId: string; name?: string }, ack: AckCallback<Call>) => void
  'call:clearCalling': (payload: { callId: string }, ack: AckCallback<Call>) => void
  'call:answer': (payload: { callId: string }, ack: AckCallback<Call>) => void
  'call:decline': (payload: { callId: string; message?: string }, ack: AckCallback<Call>) => void
  /**
   * A host or co-host starts recording the meeting (spec §7). The edge's recorder bot joins (a peer
   * with isRecorder, so everyone sees the meeting is recorded) and ffmpeg writes the room's media;
   * already recording is not an error.
   */
  'recorder:start': (ack: AckCallback) => void
  /** A host or co-host stops it: the file goes into the media library of whoever started it (its id). */
  'recorder:stop': (ack: AckCallback<{ mediaId: string | null }>) => void
  /**
   * A host or co-host starts streaming the meeting to an RTMP server (spec §7): url is rtmp:// or
   * rtmps://, the stream key part of it or apart. The edge's live bot joins (a peer with isLive)
   * once ffmpeg runs; already streaming is not an error. channel (optional) is the stream's channel
   * on the service, whose viewer count the edge then reads while live (room.viewerCountUpdated).
   */
  'live:initialize': (payload: { url: string; streamKey?: string; channel?: string }, ack: AckCallback) => void
  /** The room's live status, for anyone in the meeting. */
  'live:getStreamByRoom': (ack: AckCallback<LiveStatus>) => void
  /**
   * A host or co-host pauses the stream (the room goes to pausing): ffmpeg ends its push cleanly and
   * the live bot leaves, the edge keeps the address and key. Pausing a paused stream is not an error.
   */
  'live:pause': (ack: AckCallback) => void
  /**
   * A host or co-host resumes a paused stream (spec §7 live:join): ffmpeg publishes again to the
   * kept address (joining, then joined). Resuming a stream that is live is not an error.
   */
  'live:join': (ack: AckCallback) => void
  /** A host or co-host ends the stream, paused or not: ffmpeg finishes it, the live bot leaves, the edge forgets the address. */
  'live:stop': (ack: AckCallback) => void
  'room:join': (payload: { roomId: string }, ack: AckCallback) => void
  'room:leave': (payload: { roomId: string }, ack: AckCallback) => void
  'user:join': (ack: AckCallback) => void
  'user:leave': (ack: AckCallback) => void
}

/** Why an edge sends its clients elsewhere ('edge:move'): it drains (SIGTERM). */
export interface EdgeMove {
  reason: 'draining'
}

export interface ServerToClientEvents {
  activeSpeaker: (payload: { peerId: string | null }) => void
  activeSpeakerChanged: (payload: { peerId: string | null; primarySpeakerId: string | null }) => void
  newConsumer: (payload: NewConsumer) => void
  consumerClosed: (payload: { consumerId: string }) => void
  /** Ours: a remote producer was paused or resumed (camera off, muted). */
  consumerPaused: (payload: { consumerId: string }) => void
  consumerResumed: (payload: { consumerId: string }) => void
  peerJoined: (payload: Peer) => void
  peerEntered: (payload: Peer) => void
  peerLeft: (payload: { peerId: string }) => void
  peerUpdated: (payload: Peer) => void
  kick: (payload: { peerId: string }) => void
  mute: (payload: { peerId: string }) => void
  shutdown: () => void
  /**
   * Ours: this edge is going away and has already handed its meeting rooms back, so a pass asked
   * for now names a live edge: reload at once to reach it (no notice to read first).
   */
  'edge:move': (payload: EdgeMove) => void
  'room.updated': (payload: { roomId: string }) => void
  notification: (payload: { type: string; data?: Record<string, unknown> }) => void
  'chat:message': (payload: ChatMessage) => void
  /** Ours: the meeting's raised hands after any change, oldest first. */
  'hand:queue': (payload: { hands: RaisedHand[] }) => void
  /** Ours: a peer sent a reaction (to everyone, the sender included). */
  reaction: (payload: { peerId: string; emoji: Reaction }) => void
  /** Ours: the quick poll after it was asked, answered or closed. */
  'poll:updated': (payload: Poll) => void
  /** Ours: the shared video after any change (null once it ended), and who changed it. */
  'room:sharedVideo': (payload: { action: SharedVideoAction; video: SharedVideo | null; by: string }) => void
  /** The host moved me to a breakout (spec §7), or back to the main room. */
  joinBreakout: (payload: BreakoutMove) => void
  leaveBreakout: (payload: BreakoutMove) => void
  /** Ours: to the hosts and co-hosts in any room of the meeting, the rooms after every change. */
  'room:admin:meetingRooms': (payload: { rooms: MeetingRoomView[] }) => void
  /** Spec §7 event.updated: the event's state after any change (slot, pause, countdown, end). */
  'event.updated': (payload: EventState) => void
  /** Spec §7 "timer updated": the talk timer's distribution and inactive speakers. */
  'talkTimer:updated': (payload: TalkTimerState) => void
  /** Spec §7: to one person, once: speak up (encouragement) or your time is up (enforcement). */
  'talkTimer:peerEncouragement': (payload: { kind: 'encouragement' | 'enforcement'; message: string | null }) => void
  /** Spec §7 "transcription": captions turned on or off. */
  transcription: (payload: CaptionsState) => void
  /** Spec §7 "newTranscription": a caption line, interim or final. */
  newTranscription: (payload: Caption) => void
  /** Ours: a waiting-room call was made or ended (to the caller and the room's hosts and co-hosts). */
  'call:updated': (payload: Call) => void
  /**
   * A host asked for a recording (triggered true) until the recorder joined or failed (false): the
   * room's recorderTriggered (spec §3), so the hosts' button shows it is starting.
   */
  recorderTriggered: (payload: { triggered: boolean }) => void
  /** The room's live stream after any change of state (spec §7 live.updated), to everyone. */
  'live.updated': (payload: LiveStatus) => void
  /**
   * Spec §7: how many watch the live stream on the streaming service, to everyone, when it changes;
   * null when no count is known (no service configured or channel named, paused, refused).
   */
  'room.viewerCountUpdated': (payload: { viewerCount: number | null }) => void
}

/** Socket.IO room names, shared by the edge and the web app's Redis emitter. */
export const channels = {
  meeting: (meetingRoomId: string) => `meeting:${meetingRoomId}`,
  room: (roomId: string) => `room:${roomId}`,
  user: (userId: string) => `user:${userId}`,
  /** The room's hosts and co-hosts in its meeting: who hears the waiting room's calls. */
  roomHosts: (roomId: string) => `room-hosts:${roomId}`,
}

/** Redis keys of the edge registry and room ownership (media-edge/contract/assignment.ts). Only tests, which
 *  share one Redis, pass another prefix. */
export const edgeKeys = (prefix = 'hearth') => ({
  edge: (edgeId: string) => `${prefix}:edge:${edgeId}`,
  edgePattern: `${prefix}:edge:*`,
  roomOwner: (roomId: string) => `${prefix}:room-edge:${roomId}`,
  kicked: (meetingRoomId: string) => `${prefix}:kicked:${meetingRoomId}`,
})
export type EdgeKeys = ReturnType<typeof edgeKeys>
export const EDGE_KEYS: EdgeKeys = edgeKeys()
