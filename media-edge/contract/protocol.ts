// What the media edge, the web app (which signs edge passes and publishes room updates) and the
// meeting client share beyond the socket's events (events.ts and one file per feature): the Ack's
// shape, the refusal texts, the pass's claims, the channel and Redis key names. Types and constants
// only, with no imports: the web app's pages load it, and they must not bundle the events' schemas.

/** Every acknowledgement: `{ ok, error, data }`, admin events included. */
export type Ack<T = undefined> =
  { ok: true; data: T; error?: undefined } | { ok: false; error: string; data?: undefined }
export type AckCallback<T = undefined> = (ack: Ack<T>) => void

/** The edge's error texts; the client shows them as they are or through i18n keys. */
export const EDGE_ERRORS = {
  socketDisconnected: 'socket disconnected!',
  notJoined: 'meeting not joined',
  peerIdRequired: 'Peer ID is required',
  // Ours: join refusals, sent as the server's text (the client shows "join failed" with it).
  badToken: 'Your meeting pass is invalid or has expired.',
  // Ours: a room with its waiting room on puts newcomers there until a host answers their call; a locked room
  // admits only its hosts, co-hosts and those already in its meeting (models/call.ts doorFor).
  waitingRoom: 'The host lets people in: call the host to join.',
  lockedWaitingRoom: 'This room is locked: call the host to be let in.',
  roomLocked: 'This room is locked: only its hosts and the people already in its meeting can enter.',
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
  // Edge limits: a socket past an event's rate, and the community's toolbar switches.
  rateLimited: 'Too many requests. Please slow down.',
  chatOff: 'Chat is turned off in this community.',
  screenShareOff: 'Screen sharing is turned off in this community.',
  // Ours: a poll without a question or with fewer than 2 or more than 6 options; a second answer.
  pollInvalid: 'A poll needs a question and 2 to 6 options.',
  pollAnswered: 'You have already answered, or the poll is closed.',
  // Ours: shared video.
  sharedVideoOff: 'Shared video is turned off in this community.',
  sharedVideoLink: 'Paste a YouTube or Vimeo link.',
  sharedVideoOwner: 'Only the person sharing the video can control it.',
  sharedVideoBusy: 'Someone else is sharing a video.',
  // Ours (breakouts): a breakout room's name is required and unique; a move
  // asked for by a peer the host did not move there.
  breakoutNameRequired: 'A breakout room needs a name.',
  breakoutNameTaken: 'Another room of this meeting already has that name.',
  notMoved: 'The host has not moved you to that room.',
  // Ours: the event slot engine's refusals.
  eventNoSlots: 'This room has no event slots to run.',
  eventNotStarted: 'The event has not started.',
  eventNoSuchSlot: 'There is no such slot.',
  lateJoinerWindowClosed: 'The event started too long ago to join it now.',
  // Ours: captions need the community's toolbar switch (transcript its own) and a speech service.
  captionsOff: 'Captions are turned off in this community.',
  transcriptOff: 'Transcripts are turned off in this community.',
  captionsUnavailable: 'Captions are not set up on this media server.',
  // Ours: calls from the waiting room.
  notWaiting: 'You are not in the waiting room.',
  callEnded: 'This call has already ended.',
  // Recording: the product's two texts — the recording could not be set up (no
  // media to record, the media server could not route it), or ffmpeg itself did not start.
  recordingFailed: 'An error occurred while starting recording.',
  recorderFailed: 'An error occurred starting the recorder. Please try again.',
  // Ours: the community's toolbar switch, like chat.
  recordingOff: 'Recording is turned off in this community.',
  // Live streaming: ours.
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
  // The address is not on the operator's LIVE_ALLOWED_HOSTS, or (without one) is not a public one
  // (media-edge/egress.ts).
  liveTargetRefused:
    "This media server does not stream to that address: use your streaming service's public ingest address.",
} as const

/** Guests' user ids start with this (the web app's room loader builds them); everyone else is signed in. */
export const GUEST_ID_PREFIX = 'guest:'
export const isGuestId = (userId: string) => userId.startsWith(GUEST_ID_PREFIX)

/**
 * The community's toolbar controls (brand toolbarControls) that the edge serves, and so enforces:
 * chat, screen sharing, shared video, captions and transcripts, recording and live streaming. The others are display
 * choices of the client (settings, viewing mode, full screen).
 * Hosts and co-hosts are not exempt:
 * the flags are community configuration of what the meeting offers, not a
 * permission, and the powers hosts hold (kick, mute, events, recording, live, lock) do not
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
  /** What the community's toolbar offers; the edge refuses what is off, whatever the client shows. */
  controls: EdgeControls
  /**
   * The id of the web request that issued the pass (its X-Request-Id): the edge's log lines about
   * this person carry it, so their trouble can be followed from the page to the meeting.
   */
  requestId?: string
}

export const EDGE_TOKEN_TTL_SECONDS = 300

/**
 * Ours: a call's decline message, as long as the calls table's column. The web app's calls API
 * checks it too, so it lives here rather than in calls.ts: its pages load it without the schemas.
 */
export const CALL_LIMITS = { message: 500 } as const

/** Socket.IO room names, shared by the edge and the web app's Redis emitter. */
export const channels = {
  meeting: (meetingRoomId: string) => `meeting:${meetingRoomId}`,
  room: (roomId: string) => `room:${roomId}`,
  user: (userId: string) => `user:${userId}`,
  /** The room's hosts and co-hosts in its meeting: who hears the waiting room's calls. */
  roomHosts: (roomId: string) => `room-hosts:${roomId}`,
}

/** Redis keys of the edge registry and room ownership (media-edge/shared/room-assignment.ts). Only tests, which
 *  share one Redis, pass another prefix. */
export const edgeKeys = (prefix = 'hearth') => ({
  edge: (edgeId: string) => `${prefix}:edge:${edgeId}`,
  edgePattern: `${prefix}:edge:*`,
  roomOwner: (roomId: string) => `${prefix}:room-edge:${roomId}`,
  kicked: (meetingRoomId: string) => `${prefix}:kicked:${meetingRoomId}`,
})
export type EdgeKeys = ReturnType<typeof edgeKeys>
export const EDGE_KEYS: EdgeKeys = edgeKeys()
