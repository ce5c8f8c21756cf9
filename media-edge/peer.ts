// One participant as the edge holds it: who they are (from the token, never from the client),
// what they say about themselves (peer data) and their mediasoup objects.
import type { types } from 'mediasoup'
import type { IceRestartLimiter } from './ice-restart'
import { isGuestId, type EdgeClaims } from './contract/protocol'
import type { DeviceInfo, Peer, PeerData, PeerStatus } from './contract/peers'
import type { MediaSource } from './contract/media'

export interface PeerTransport {
  transport: types.WebRtcTransport
  direction: 'send' | 'recv'
  iceRestarts: IceRestartLimiter
}

export class EdgePeer {
  status: PeerStatus = 'joining'
  visible = false
  joining = true
  name: string
  avatar: string | null
  audioMuted = false
  videoMuted = false
  audioOnly = false
  away = false
  /** Owns the meeting's shared video (set by shared-video.ts, never by a client). */
  videoSharing = false
  device: DeviceInfo | null = null
  /** Set only for embedded components (the bots are `bot` below); never by a client. */
  readonly component: boolean = false
  rtpCapabilities: types.RtpCapabilities | null = null
  /** After sfuEnter: the peer receives every producer of the others. */
  consuming = false
  readonly transports = new Map<string, PeerTransport>()
  readonly producers = new Map<string, types.Producer<{ peerId: string; source: MediaSource }>>()
  readonly consumers = new Map<string, types.Consumer>()
  /** The producers this peer receives or is being given a consumer for: each reaches it once. */
  readonly receiving = new Set<string>()
  /** Transport creation, one at a time (Meeting.createTransport). */
  transportWork: Promise<unknown> = Promise.resolve()

  constructor(
    readonly id: string,
    readonly socketId: string,
    /** The meeting page it joined from (SocketData.page): a reconnecting page replaces it. */
    readonly page: string,
    readonly claims: EdgeClaims,
    /** The edge's own meeting bots: no socket, no media of their own, never counted among the people. */
    readonly bot: 'recorder' | 'live' | null = null,
  ) {
    this.name = claims.name
    this.avatar = claims.avatar
  }

  get isRecorder() {
    return this.bot === 'recorder'
  }

  get isLive() {
    return this.bot === 'live'
  }

  get userId() {
    return this.claims.userId
  }

  get isHost() {
    return this.claims.isHost
  }

  get isCoHost() {
    return this.claims.isCoHost
  }

  get guest() {
    return isGuestId(this.claims.userId)
  }

  /** Counted among the meeting's people (connected peers exclude live, recorder and component peers). */
  get connected() {
    return !this.isLive && !this.isRecorder && !this.component
  }

  producerOf(source: MediaSource) {
    for (const producer of this.producers.values()) if (producer.appData.source === source) return producer
    return undefined
  }

  /** Peer data the client may set. Host powers, identity and media state are not among them, nor
   *  a signed-in person's name: the meeting shows their account's, so nobody passes for someone else. */
  apply(data: PeerData) {
    if (data.name !== undefined && this.guest) this.name = data.name
    if (data.avatar !== undefined) this.avatar = data.avatar
    if (data.device !== undefined) this.device = data.device
    if (data.audioMuted !== undefined) this.audioMuted = data.audioMuted
    if (data.videoMuted !== undefined) this.videoMuted = data.videoMuted
    if (data.audioOnly !== undefined) this.audioOnly = data.audioOnly
    if (data.away !== undefined) this.away = data.away
  }

  toPeer(): Peer {
    return {
      id: this.id,
      userId: this.userId,
      name: this.name,
      guest: this.guest,
      avatar: this.avatar,
      isHost: this.isHost,
      isCoHost: this.isCoHost,
      visible: this.visible,
      joining: this.joining,
      status: this.status,
      isLive: this.isLive,
      isRecorder: this.isRecorder,
      component: this.component,
      audioMuted: this.audioMuted,
      videoMuted: this.videoMuted,
      audioOnly: this.audioOnly,
      // Derived from what the peer really sends, not from what it says.
      screenSharing: this.producerOf('screen') !== undefined,
      videoSharing: this.videoSharing,
      away: this.away,
      device: this.device,
    }
  }

  /** Closing the transports closes every producer and consumer on them. */
  close() {
    for (const { transport } of this.transports.values()) transport.close()
    this.transports.clear()
  }
}

/** The people of a meeting: everyone but the edge's own bots. */
export function connectedPeers<T extends { connected: boolean }>(peers: Iterable<T>): T[] {
  return [...peers].filter((peer) => peer.connected)
}
