// One live meeting of a room on this edge: its routers, peers and their media, and who is
// speaking or sharing. Producers live on the meeting's main router; a receiver whose worker is
// past its consumer budget gets its transport on a router on another worker, and every producer
// it consumes is piped there (pipeToRouter), so one busy meeting can use more than one core.
import type { types } from 'mediasoup'
import { EdgeError } from './edge-error'
import { IceRestartLimiter } from './ice-restart'
import type { Logger } from './logger'
import { BITRATES, MEDIA_CODECS, maxIncomingBitrate } from './media-config'
import type { EdgePeer, PeerTransport } from './peer'
import { EDGE_ERRORS, channels } from './contract/protocol'
import type { MediaSource, PreparedMedia, RoomMediaState, TransportOptions } from './contract/media'
import type { ServerToClientEvents } from './contract/events'
import type { EdgeIo } from './socket-types'
import type { PoolWorker, WorkerPool } from './worker-pool'
import { HandQueue } from './hand-queue'
import type { MeetingPoll } from './poll'
import { sharedVideoOwnerLeft, type SharedVideoPlayback } from './shared-video'
import type { MeetingEvent } from './meeting-event'
import type { MeetingCaptions } from './captions'

type Event = keyof ServerToClientEvents
type Args<E extends Event> = Parameters<ServerToClientEvents[E]>

export interface MeetingDeps {
  io: EdgeIo
  pool: WorkerPool
  logger: Logger
  listenInfos: types.TransportListenInfo[]
  /** A router of this meeting lost its worker: the meeting cannot go on here. */
  onBroken: (meeting: Meeting) => void
}

interface PlacedRouter {
  router: types.Router
  entry: PoolWorker
}

type ProducerAppData = { peerId: string; source: MediaSource }

const KIND_OF_SOURCE: Record<MediaSource, 'audio' | 'video'> = { mic: 'audio', webcam: 'video', screen: 'video' }

export class Meeting {
  readonly peers = new Map<string, EdgePeer>()
  activeSpeakerId: string | null = null
  primarySpeakerId: string | null = null
  screenShareId: string | null = null
  closed = false
  /** Raised hands, oldest first. */
  readonly hands = new HandQueue()
  /** The quick poll last asked, if any. */
  poll: MeetingPoll | null = null
  /** The shared video, if one is on. */
  sharedVideo: SharedVideoPlayback | null = null
  /** The event's slot engine and talk timer, once a host runs it. */
  event: MeetingEvent | null = null
  /** The captions while a host has them on. */
  captions: MeetingCaptions | null = null
  /** Receiving routers on other workers, by worker slot. */
  private readonly overflow = new Map<number, Promise<PlacedRouter>>()
  private readonly pipes = new Map<string, Promise<unknown>>()
  private readonly log: Logger

  private constructor(
    readonly id: string,
    readonly roomId: string,
    private readonly main: PlacedRouter,
    private readonly speakerObserver: types.ActiveSpeakerObserver,
    private readonly deps: MeetingDeps,
  ) {
    this.log = deps.logger.child({ meetingRoomId: id, roomId })
    speakerObserver.on('dominantspeaker', ({ producer }) => {
      this.setActiveSpeaker((producer.appData as ProducerAppData).peerId)
    })
    this.watch(main.router)
  }

  static async open(id: string, roomId: string, deps: MeetingDeps) {
    const entry = deps.pool.leastLoaded()
    const router = await deps.pool.createRouter(entry, MEDIA_CODECS)
    const speakerObserver = await router.createActiveSpeakerObserver({ interval: 300 })
    return new Meeting(id, roomId, { router, entry }, speakerObserver, deps)
  }

  get channel() {
    return channels.meeting(this.id)
  }

  /** The router every producer lives on: what taps of the meeting's audio consume from. */
  get producerRouter() {
    return this.main.router
  }

  get rtpCapabilities() {
    return this.main.router.rtpCapabilities
  }

  /** The routers this meeting uses, main first (for tests and stats). */
  async routers(): Promise<PlacedRouter[]> {
    return [this.main, ...(await Promise.all(this.overflow.values()))]
  }

  mediaState(): RoomMediaState {
    return {
      activeSpeakerId: this.activeSpeakerId,
      primarySpeakerId: this.primarySpeakerId,
      screenShareId: this.screenShareId,
    }
  }

  // Emission: to one peer's socket, to everyone in the meeting, or to everyone but one peer. A
  // meeting's sockets are all on this edge (it owns the room), so nothing goes through the Redis
  // adapter: io.local skips the publish every other edge would only discard.
  toPeer<E extends Event>(peer: EdgePeer, event: E, ...args: Args<E>) {
    const socket = this.deps.io.sockets.sockets.get(peer.socketId)
    if (socket) (socket.emit as (event: E, ...args: Args<E>) => boolean)(event, ...args)
  }
  toAll<E extends Event>(event: E, ...args: Args<E>) {
    ;(this.deps.io.local.to(this.channel).emit as (event: E, ...args: Args<E>) => boolean)(event, ...args)
  }
  toOthers<E extends Event>(peer: EdgePeer, event: E, ...args: Args<E>) {
    ;(this.deps.io.local.to(this.channel).except(peer.socketId).emit as (event: E, ...args: Args<E>) => boolean)(
      event,
      ...args,
    )
  }

  /**
   * Whether the peer is still in this meeting. News of one that has left (replaced by its page's
   * reconnection, kicked) while an await was pending is not sent: the others would see a ghost.
   */
  has(peer: EdgePeer) {
    return this.peers.get(peer.id) === peer
  }

  addPeer(peer: EdgePeer) {
    this.peers.set(peer.id, peer)
  }

  /** Takes a peer out: its media closes (the others' consumers of it send consumerClosed) and everyone hears peerLeft. */
  removePeer(peer: EdgePeer) {
    if (!this.peers.delete(peer.id)) return
    peer.close()
    if (this.screenShareId === peer.id) this.screenShareId = null
    if (this.primarySpeakerId === peer.id) this.primarySpeakerId = null
    if (this.activeSpeakerId === peer.id) this.setActiveSpeaker(null)
    this.toOthers(peer, 'peerLeft', { peerId: peer.id })
    // A peer who leaves takes their hand down with them.
    if (this.hands.lower(peer.id)) this.sendHands()
    sharedVideoOwnerLeft(this, peer)
  }

  /** Everyone hears the whole queue: small, and a missed change mends itself with the next. */
  sendHands() {
    this.toAll('hand:queue', { hands: this.hands.list() })
  }

  /** A change of active speaker also records the primary speaker, who stays through silences. */
  setActiveSpeaker(peerId: string | null) {
    if (peerId === this.activeSpeakerId) return
    this.activeSpeakerId = peerId
    if (peerId) this.primarySpeakerId = peerId
    this.toAll('activeSpeaker', { peerId })
    this.toAll('activeSpeakerChanged', { peerId, primarySpeakerId: this.primarySpeakerId })
    this.event?.speakerChanged(peerId ? (this.peers.get(peerId)?.userId ?? null) : null)
  }

  /**
   * A peer has one send and one receive transport: a new one replaces the old of its direction,
   * whose producers or consumers close with it (the others hear consumerClosed). The old one closes
   * before the new one opens and a peer's creations run one at a time, so however often a client
   * asks, it holds at most two transports (two pairs of RTC ports).
   */
  createTransport(peer: EdgePeer, direction: 'send' | 'recv'): Promise<TransportOptions> {
    const turn = peer.transportWork.then(() => this.replaceTransport(peer, direction))
    peer.transportWork = turn.catch(() => undefined)
    return turn
  }

  private async replaceTransport(peer: EdgePeer, direction: 'send' | 'recv'): Promise<TransportOptions> {
    if (!this.peers.has(peer.id)) throw new EdgeError(EDGE_ERRORS.notJoined)
    for (const entry of [...peer.transports.values()]) if (entry.direction === direction) entry.transport.close()
    const placed = direction === 'send' ? this.main : await this.routerForReceiving()
    const transport = await placed.router.createWebRtcTransport({
      listenInfos: this.deps.listenInfos,
      preferUdp: true,
      initialAvailableOutgoingBitrate: BITRATES.webcam.start,
      appData: { peerId: peer.id, direction, slot: placed.entry.slot },
    })
    if (direction === 'send') await transport.setMaxIncomingBitrate(maxIncomingBitrate(false))
    // A peer that left while the transport was being made gets nothing.
    if (!this.peers.has(peer.id)) {
      transport.close()
      throw new EdgeError(EDGE_ERRORS.notJoined)
    }
    peer.transports.set(transport.id, { transport, direction, iceRestarts: new IceRestartLimiter() })
    transport.observer.once('close', () => peer.transports.delete(transport.id))
    transport.on('dtlsstatechange', (state) => {
      if (state === 'failed' || state === 'closed')
        this.log.debug({ peerId: peer.id, transportId: transport.id, state }, 'transport dtls state')
    })
    // A receiver that replaced its receive transport gets everything again on the new one.
    if (direction === 'recv' && peer.consuming) void this.receiveAll(peer)
    return {
      id: transport.id,
      iceParameters: { ...transport.iceParameters },
      iceCandidates: transport.iceCandidates.map((candidate) => ({ ...candidate })),
      dtlsParameters: { ...transport.dtlsParameters },
    }
  }

  transportOf(peer: EdgePeer, transportId: unknown): PeerTransport {
    const found = typeof transportId === 'string' ? peer.transports.get(transportId) : undefined
    if (!found) throw new EdgeError(EDGE_ERRORS.notFound)
    return found
  }

  async produce(
    peer: EdgePeer,
    transportId: string,
    kind: 'audio' | 'video',
    rtpParameters: types.RtpParameters,
    source: MediaSource,
  ) {
    const { transport, direction } = this.transportOf(peer, transportId)
    if (direction !== 'send' || KIND_OF_SOURCE[source] !== kind) throw new EdgeError(EDGE_ERRORS.invalidRequest)
    // The community's toolbar switch, for hosts too (see EdgeControls).
    if (source === 'screen' && !peer.claims.controls.sharedScreen) throw new EdgeError(EDGE_ERRORS.screenShareOff)
    // One producer per source: a client that produces its camera again replaces the old one.
    peer.producerOf(source)?.close()
    const producer = await transport.produce<ProducerAppData>({
      kind,
      rtpParameters,
      appData: { peerId: peer.id, source },
    })
    peer.producers.set(producer.id, producer)
    producer.observer.once('close', () => this.producerClosed(peer, producer, transport))

    if (kind === 'audio') await this.speakerObserver.addProducer({ producerId: producer.id }).catch(() => undefined)
    if (kind === 'audio') void this.captions?.listen(producer)
    if (source === 'screen') {
      this.screenShareId = peer.id
      await transport.setMaxIncomingBitrate(maxIncomingBitrate(true))
      if (this.has(peer)) this.toAll('peerUpdated', peer.toPeer())
    }
    await Promise.all(
      [...this.peers.values()]
        .filter((other) => other !== peer && other.consuming)
        .map((other) => this.consumeSafely(other, peer, producer)),
    )
    return producer
  }

  private producerClosed(peer: EdgePeer, producer: types.Producer<ProducerAppData>, transport: types.WebRtcTransport) {
    peer.producers.delete(producer.id)
    for (const key of this.pipes.keys()) if (key.startsWith(`${producer.id}:`)) this.pipes.delete(key)
    if (producer.appData.source !== 'screen' || !this.has(peer)) return
    if (this.screenShareId === peer.id) this.screenShareId = null
    if (!transport.closed) transport.setMaxIncomingBitrate(maxIncomingBitrate(false)).catch(() => undefined)
    this.toAll('peerUpdated', peer.toPeer())
  }

  producerOf(peer: EdgePeer, producerId: unknown) {
    const producer = typeof producerId === 'string' ? peer.producers.get(producerId) : undefined
    if (!producer) throw new EdgeError(EDGE_ERRORS.notFound)
    return producer
  }

  consumerOf(peer: EdgePeer, consumerId: unknown) {
    const consumer = typeof consumerId === 'string' ? peer.consumers.get(consumerId) : undefined
    if (!consumer) throw new EdgeError(EDGE_ERRORS.notFound)
    return consumer
  }

  /**
   * Everything receiving needs, made while the person is still at the device check, so that
   * entering costs only a resume: the capabilities, both transports, and paused consumers of every
   * producer the others have (offered as newConsumer once the receive transport exists; new ones
   * follow as they come). The others see nothing of it: the peer stays invisible and sends nothing,
   * and its consumers stay paused until it enters (resumeConsumer refuses before; enter resumes).
   */
  async prepare(peer: EdgePeer, rtpCapabilities: types.RtpCapabilities): Promise<PreparedMedia> {
    peer.rtpCapabilities = rtpCapabilities
    peer.consuming = true
    const [send, recv] = await Promise.all([this.createTransport(peer, 'send'), this.createTransport(peer, 'recv')])
    return { send, recv }
  }

  /**
   * Entering: the consumers made before (see prepare) are resumed, video unless the peer listens
   * only, each video with a key frame asked for. One whose client was not ready yet is resumed again
   * by that client once it is (resumeConsumer), which asks for another key frame.
   */
  async resumePrepared(peer: EdgePeer) {
    const waiting = [...peer.consumers.values()].filter(
      (consumer) => consumer.paused && (consumer.kind === 'audio' || !peer.audioOnly),
    )
    const resumed = await Promise.allSettled(waiting.map((consumer) => resumeWithKeyFrame(consumer)))
    for (const result of resumed) {
      // A consumer closed meanwhile (its producer left) is nothing to worry about.
      if (result.status === 'rejected')
        this.log.debug({ err: result.reason, peerId: peer.id }, 'a prepared consumer could not be resumed')
    }
  }

  /** Ready to receive: consumers for every producer the others have (new ones follow as they come). */
  async sfuEnter(peer: EdgePeer) {
    if (!peer.rtpCapabilities) throw new EdgeError(EDGE_ERRORS.noRtpCapabilities)
    if (peer.consuming) return
    peer.consuming = true
    await this.receiveAll(peer)
  }

  private async receiveAll(peer: EdgePeer) {
    const work: Promise<void>[] = []
    for (const other of this.peers.values()) {
      if (other === peer) continue
      for (const producer of other.producers.values()) work.push(this.consumeSafely(peer, other, producer))
    }
    await Promise.all(work)
  }

  private async consumeSafely(consumer: EdgePeer, producerPeer: EdgePeer, producer: types.Producer<ProducerAppData>) {
    try {
      await this.consume(consumer, producerPeer, producer)
    } catch (error) {
      this.log.warn({ err: error, peerId: consumer.id, producerId: producer.id }, 'could not create a consumer')
    }
  }

  /**
   * A consumer for one producer, created PAUSED and announced as newConsumer: the client resumes it
   * once its own consumer exists, so no keyframe is sent into the void. sfuEnter and produce() can
   * both offer the same producer while the other awaits, so a peer's producers are claimed first.
   */
  private async consume(peer: EdgePeer, producerPeer: EdgePeer, producer: types.Producer<ProducerAppData>) {
    if (peer.receiving.has(producer.id)) return
    peer.receiving.add(producer.id)
    const created = await this.createConsumer(peer, producerPeer, producer).catch((error: unknown) => {
      peer.receiving.delete(producer.id)
      throw error
    })
    if (!created) {
      peer.receiving.delete(producer.id)
      return
    }
    const { consumer, placed } = created
    // Either side left while the consumer was made: nobody is offered the media of a peer gone.
    if (!this.has(peer) || !this.has(producerPeer)) {
      consumer.close()
      peer.receiving.delete(producer.id)
      return
    }
    this.deps.pool.trackConsumer(placed.entry, consumer)
    peer.consumers.set(consumer.id, consumer)
    consumer.observer.once('close', () => {
      peer.consumers.delete(consumer.id)
      peer.receiving.delete(producer.id)
    })
    consumer.on('producerclose', () => this.toPeer(peer, 'consumerClosed', { consumerId: consumer.id }))
    consumer.on('producerpause', () => this.toPeer(peer, 'consumerPaused', { consumerId: consumer.id }))
    consumer.on('producerresume', () => this.toPeer(peer, 'consumerResumed', { consumerId: consumer.id }))
    this.toPeer(peer, 'newConsumer', {
      peerId: producerPeer.id,
      producerId: producer.id,
      id: consumer.id,
      kind: consumer.kind,
      rtpParameters: { ...consumer.rtpParameters },
      type: consumer.type,
      appData: { source: producer.appData.source },
      producerPaused: consumer.producerPaused,
    })
  }

  /** The paused consumer on the peer's receive transport, or null when it cannot receive this producer. */
  private async createConsumer(peer: EdgePeer, producerPeer: EdgePeer, producer: types.Producer<ProducerAppData>) {
    const rtpCapabilities = peer.rtpCapabilities
    const recv = [...peer.transports.values()].find((entry) => entry.direction === 'recv')
    if (!rtpCapabilities || !recv || producer.closed) return null
    const placed = await this.placedRouterOf(recv.transport)
    if (placed !== this.main) await this.pipe(producer.id, placed.router)
    if (!placed.router.canConsume({ producerId: producer.id, rtpCapabilities })) return null
    if (recv.transport.closed || producer.closed || !this.has(peer)) return null
    const consumer = await recv.transport.consume({
      producerId: producer.id,
      rtpCapabilities,
      paused: true,
      appData: { peerId: producerPeer.id, source: producer.appData.source },
    })
    return { consumer, placed }
  }

  /**
   * The client resumes a consumer once its own exists (see consume), once it is in the meeting. A video consumer then needs a
   * key frame: asked for after the resume, since a paused consumer drops the request, and again when
   * the client resumes an already running consumer because its decoder saw no frame (first-frame.ts).
   */
  async resumeConsumer(peer: EdgePeer, consumerId: unknown) {
    const consumer = this.consumerOf(peer, consumerId)
    // Nobody watches or listens to the meeting from its device check, unseen by the others.
    if (!peer.visible) throw new EdgeError(EDGE_ERRORS.notEntered)
    await resumeWithKeyFrame(consumer)
  }

  /** A tile's layer choice; a layer switch waits for a key frame of the new layer, so one is asked for. */
  async setPreferredLayers(peer: EdgePeer, consumerId: unknown, layers: types.ConsumerLayers) {
    const consumer = this.consumerOf(peer, consumerId)
    // Only simulcast and SVC consumers have layers; for the others there is nothing to choose.
    if (consumer.type !== 'simulcast' && consumer.type !== 'svc') return
    await consumer.setPreferredLayers(layers)
    if (!consumer.paused) await consumer.requestKeyFrame()
  }

  /** The host's mute: the target's microphone producer is paused, so nobody hears it until they unmute. */
  async muteAudio(target: EdgePeer) {
    const mic = target.producerOf('mic')
    if (mic && !mic.paused) await mic.pause()
    target.audioMuted = true
    if (!this.has(target)) return
    this.toPeer(target, 'mute', { peerId: target.id })
    this.toAll('peerUpdated', target.toPeer())
  }

  close() {
    if (this.closed) return
    this.closed = true
    this.event?.close()
    void this.captions?.stop()
    this.captions = null
    for (const peer of this.peers.values()) peer.close()
    this.peers.clear()
    this.main.router.close()
    for (const placed of this.overflow.values())
      placed.then(
        ({ router }) => router.close(),
        () => undefined,
      )
  }

  /** Receivers go where there is room: the main router's worker until it passes its consumer budget. */
  private async routerForReceiving(): Promise<PlacedRouter> {
    const { pool } = this.deps
    if (!pool.overBudget(this.main.entry)) return this.main
    const entry = pool.leastLoaded(this.main.entry)
    if (entry === this.main.entry || pool.overBudget(entry)) return this.main
    let placed = this.overflow.get(entry.slot)
    if (!placed) {
      placed = pool.createRouter(entry, MEDIA_CODECS).then((router) => {
        this.watch(router)
        this.log.info({ slot: entry.slot }, 'receivers overflow to another worker')
        return { router, entry }
      })
      this.overflow.set(entry.slot, placed)
      placed.catch(() => this.overflow.delete(entry.slot))
    }
    return placed
  }

  private async placedRouterOf(transport: types.WebRtcTransport): Promise<PlacedRouter> {
    const slot = (transport.appData as { slot?: number }).slot
    if (slot === this.main.entry.slot) return this.main
    const placed = slot === undefined ? undefined : this.overflow.get(slot)
    if (!placed) throw new EdgeError(EDGE_ERRORS.notFound)
    return placed
  }

  /** Makes a producer of the main router available on another router, once per pair. */
  private pipe(producerId: string, router: types.Router) {
    const key = `${producerId}:${router.id}`
    let piping = this.pipes.get(key)
    if (!piping) {
      piping = this.main.router.pipeToRouter({ producerId, router })
      this.pipes.set(key, piping)
      piping.catch(() => this.pipes.delete(key))
    }
    return piping
  }

  private watch(router: types.Router) {
    router.on('workerclose', () => {
      if (this.closed) return
      this.log.error('a worker of this meeting died')
      this.deps.onBroken(this)
    })
  }
}

/** A video consumer needs a key frame once it flows: asked for after the resume, since a paused consumer drops the request. */
async function resumeWithKeyFrame(consumer: types.Consumer) {
  await consumer.resume()
  if (consumer.kind === 'video') await consumer.requestKeyFrame()
}
