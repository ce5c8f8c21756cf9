// Taking part in a meeting: joining, entering, what a peer says about itself, leaving, and the host
// powers over other peers (kick, mute).
import { z } from 'zod'
import { answers, id, type ClientEventDefinition, type Json } from './event-parts'
import { EDGE_ERRORS, GUEST_ID_PREFIX, isGuestId } from './protocol'
import type { Call } from './calls'
import type { CaptionsState } from './captions'
import type { ChatMessage } from './chat'
import type { EventState, TalkTimerState } from './event-slots'
import type { RaisedHand } from './hands'
import type { LiveStatus } from './live'
import type { IceServer, RoomMediaState } from './media'
import type { Poll } from './polls'
import type { SharedVideo } from './shared-video'

/** The longest name a guest meets under: the device check's name field allows no more. */
export const GUEST_NAME_MAX = 80
/** Longer than any avatar address; the edge shows none but the pass's own and the peer's uploads anyway. */
export const AVATAR_URL_MAX = 2048
/** The URL path of the pictures people upload (the web app serves them; a row's `avatar` holds the whole path). */
export const AVATAR_URL_PREFIX = '/uploads/avatars/'

/**
 * The file-name stem of one person's uploaded pictures: their user id in file-name characters, a
 * guest's `guest:` shortened to `g_` (a media store key's part holds 64 characters).
 */
export const avatarOwner = (userId: string) =>
  (isGuestId(userId) ? `g_${userId.slice(GUEST_ID_PREFIX.length)}` : userId).replace(/[^A-Za-z0-9_-]/g, '_')

/**
 * A picture the web app stored for this user (`{owner}-{24 hex}.png`, named at upload, never by a
 * client): the pre-join upload, which the edge may show although the pass predates it.
 */
export function isOwnAvatarUpload(url: string, userId: string): boolean {
  const stem = `${AVATAR_URL_PREFIX}${avatarOwner(userId)}-`
  return url.startsWith(stem) && /^[0-9a-f]{24}\.png$/.test(url.slice(stem.length))
}
/** What a client may say about its device (the browser's flag, name and version). */
export const DEVICE_LIMITS = { flag: 32, name: 64, version: 32 } as const
/** The view a client went back to (peerLeftMeeting): a short name, only logged. */
export const VIEW_NAME_MAX = 64

const device = z.object({
  flag: z.string().max(DEVICE_LIMITS.flag),
  name: z.string().max(DEVICE_LIMITS.name),
  version: z.string().max(DEVICE_LIMITS.version),
})
export type DeviceInfo = z.infer<typeof device>

/**
 * What a client may say about itself (meetingRoom:join, updateMyPeer, the breakout moves). The edge
 * never takes host powers or identity from here: those come from the pass.
 */
const peerDataSchema = z
  .object({
    /** Taken from guests only: a signed-in person's name is their account's. */
    name: z.string().max(GUEST_NAME_MAX).optional(),
    avatar: z.string().max(AVATAR_URL_MAX).nullable().optional(),
    device: device.optional(),
    audioMuted: z.boolean().optional(),
    videoMuted: z.boolean().optional(),
    audioOnly: z.boolean().optional(),
    away: z.boolean().optional(),
    // Sent by clients but derived by the edge from what the peer really produces.
    screenSharing: z.boolean().optional(),
  })
  .transform(({ screenSharing: _ignored, ...data }) => data)
export const peerData = peerDataSchema.optional().default({})
export type PeerData = z.input<typeof peerDataSchema>

/** The peer a host acts on: without a usable id the answer is "Peer ID is required", whatever else is wrong. */
const peerIdRequired = { message: EDGE_ERRORS.peerIdRequired }
export const peerTarget = z.object(
  { peerId: z.string(peerIdRequired).min(1, EDGE_ERRORS.peerIdRequired) },
  peerIdRequired,
)

export const peersClientEvents = {
  'meetingRoom:join': { payload: z.object({ roomId: id, peerData }), answer: answers<JoinResult>() },
  /**
   * Become visible in the meeting (status participating); the others get peerEntered. The consumers
   * prepared before are resumed (video unless audio only), with a key frame asked for each video.
   */
  enter: { answer: answers() },
  updateMyPeer: { payload: z.object({ peerData: peerDataSchema }), answer: answers<Peer>() },
  kickPeer: { payload: peerTarget, answer: answers() },
  mutePeerAudio: { payload: peerTarget, answer: answers() },
  /** A host stops someone's screen share: their screen producer closes, and their page stops capturing. */
  disableShare: { payload: peerTarget, answer: answers() },
  leave: { answer: answers() },
  /** The client went back to another view (roomId, view); not an error when already out. */
  peerLeftMeeting: {
    payload: z.object({ roomId: id.optional(), view: z.string().max(VIEW_NAME_MAX).optional() }).optional(),
    answer: answers(),
  },
} satisfies Record<string, ClientEventDefinition>

export interface PeersServerEvents {
  peerJoined: (payload: Peer) => void
  peerEntered: (payload: Peer) => void
  peerLeft: (payload: { peerId: string }) => void
  peerUpdated: (payload: Peer) => void
  kick: (payload: { peerId: string }) => void
  mute: (payload: { peerId: string }) => void
  /** A host stopped this peer's screen share. */
  disableShare: (payload: { peerId: string }) => void
  shutdown: () => void
  /**
   * Ours: this edge is going away and has already handed its meeting rooms back, so a pass asked
   * for now names a live edge: reload at once to reach it (no notice to read first).
   */
  'edge:move': (payload: EdgeMove) => void
}

/** Why an edge sends its clients elsewhere ('edge:move'): it drains (SIGTERM). */
export interface EdgeMove {
  reason: 'draining'
}

export type PeerStatus = 'joining' | 'browsing' | 'participating' | 'joined'

/** A peer as every participant sees it. */
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

/** The answer to meetingRoom:join and to the breakout moves: the meeting as the newcomer finds it. */
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
  /** Ours: the running event's slot and time left, and the talk timer, for a late joiner. */
  event: EventState | null
  talkTimer: TalkTimerState | null
  /** Ours: whether captions are on, so a late joiner shows them. */
  captions: CaptionsState
  /** Ours: the calls ringing from the waiting room, oldest first; for hosts and co-hosts only (others get none). */
  calls: Call[]
  /** Ours: the room's live stream, so a late joiner sees it, and its viewer count (null: none known). */
  live: LiveStatus
  viewerCount: number | null
  /** STUN/TURN servers for the client's transports (coturn shared-secret credentials when configured). */
  iceServers: IceServer[]
  /** Ours: what getRouterRtpCapabilities answers, here so the client loads its device without asking again. */
  routerRtpCapabilities: Json
}
