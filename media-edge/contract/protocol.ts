// The meeting socket's contract, shared by the media edge, the web app (which signs edge tokens and
// publishes room updates) and the meeting client. Types and constants only: no runtime imports, so
// the browser bundle can use it. Event names follow the spec (core §7); the few events the spec does
// not name (chat, producer pause/close) are marked as ours.

/** Every acknowledgement: `{ ok, error, data }` (spec §7, admin events). */
export type Ack<T = undefined> = { ok: true; data: T; error?: undefined } | { ok: false; error: string; data?: undefined }
export type AckCallback<T = undefined> = (ack: Ack<T>) => void

/** The spec's error texts (core §8); the client shows them as they are or through i18n keys. */
export const EDGE_ERRORS = {
  socketDisconnected: 'socket disconnected!',
  notJoined: 'meeting not joined',
  peerIdRequired: 'Peer ID is required',
  // Ours: join refusals, sent as the server's text (the client shows "join failed" with it).
  badToken: 'Your meeting pass is invalid or has expired.',
  roomLocked: 'This room is locked.',
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
  liveFailed: 'The live stream could not reach the streaming service, or it was cut off. Check the address and stream key, then try again.',
} as const

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
 * chat, screen sharing, recording and live streaming. The others are display choices of the client (settings,
 * viewing mode, full screen) or features the edge does not serve yet (shared video,
 * transcription); they join this claim with their feature. Hosts and co-hosts are not exempt:
 * the spec lists the flags as community configuration of what the meeting offers, not as a
 * permission, and the powers it gives hosts (§6: kick, mute, events, recording, live, lock) do not
 * include overriding it; the client hides the buttons from hosts too.
 */
export interface EdgeControls {
  chat: boolean
  sharedScreen: boolean
  recording: boolean
  live: boolean
}

/**
 * The room's live stream (spec §4, room level; pausing is not offered): joining while ffmpeg
 * connects, joined while it streams (the live bot is in the meeting), stopping while it ends.
 */
export type LiveState = 'idle' | 'joining' | 'joined' | 'stopping'

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
  /** Whether the room is locked (only host and co-hosts get in). */
  locked: boolean
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
  /** Ours: the room's live stream, so a late joiner sees it. */
  live: LiveStatus
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
   * once ffmpeg runs; already streaming is not an error.
   */
  'live:initialize': (payload: { url: string; streamKey?: string }, ack: AckCallback) => void
  /** The room's live status, for anyone in the meeting. */
  'live:getStreamByRoom': (ack: AckCallback<LiveStatus>) => void
  /** A host or co-host ends the stream: ffmpeg finishes it and the live bot leaves. */
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
  /**
   * A host asked for a recording (triggered true) until the recorder joined or failed (false): the
   * room's recorderTriggered (spec §3), so the hosts' button shows it is starting.
   */
  recorderTriggered: (payload: { triggered: boolean }) => void
  /** The room's live stream after any change of state (spec §7 live.updated), to everyone. */
  'live.updated': (payload: LiveStatus) => void
}

/** Socket.IO room names, shared by the edge and the web app's Redis emitter. */
export const channels = {
  meeting: (meetingRoomId: string) => `meeting:${meetingRoomId}`,
  room: (roomId: string) => `room:${roomId}`,
  user: (userId: string) => `user:${userId}`,
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
