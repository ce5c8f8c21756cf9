// One browser's session with the media edge: the Socket.IO connection (reconnecting with a fresh
// pass), the mediasoup-client device and its two transports, my producers and the consumers of
// everyone else's media. It reports through callbacks; the React layer turns them into actions.
import type { types as ms } from 'mediasoup-client'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { BreakoutMove, MeetingRoomView } from '#edge/contract/breakouts'
import type { Call } from '#edge/contract/calls'
import type { Caption, CaptionLanguage, CaptionsState } from '#edge/contract/captions'
import type { ChatMessage } from '#edge/contract/chat'
import type { ClientToServerEvents } from '#edge/contract/events'
import type { EventState, TalkTimerState } from '#edge/contract/event-slots'
import type { JoinResult, Peer, PeerData } from '#edge/contract/peers'
import { LIVE_START_DEADLINE_MS, type LiveStatus } from '#edge/contract/live'
import type { MeetingLogEntry } from '#edge/contract/meeting-log'
import type { MediaSource, NewConsumer } from '#edge/contract/media'
import type { Poll } from '#edge/contract/polls'
import type { RaisedHand } from '#edge/contract/hands'
import type { Reaction } from '#edge/contract/reactions'
import type { SharedVideo } from '#edge/contract/shared-video'
import { RECONNECT_ATTEMPTS } from './constants'
import { watchFirstFrame } from './first-frame'
import { markFirstMedia, markJoin } from './join-timeline'
import {
  MIC_CODEC_OPTIONS,
  SHARE_CODEC_OPTIONS,
  WEBCAM_CODEC_OPTIONS,
  shareEncodings,
  webcamEncodings,
} from './encodings'
import { NextPass, edgeMayBeGone } from './reconnect'
import { RemoteMedia } from './remote-media'
import { REQUEST_TIMEOUT_MS, request, requestWithin, type MeetingSocket } from './socket'

interface ConsumerEntry {
  consumer: ms.Consumer
  peerId: string
  source: MediaSource
  resumed: boolean
}

export interface EdgePass {
  token: string
  edgeUrl: string
}

export interface EdgeSessionEvents {
  roomJoined(result: JoinResult): void
  connection(status: 'connecting' | 'connected' | 'closed', attempt?: number): void
  /** Every reconnect attempt failed, or the edge dropped us for good. */
  connectionLost(): void
  /** The meeting moved to another edge (the old one died or is draining): the page reloads to reach it. */
  edgeMoved(): void
  peerJoined(peer: Peer): void
  peerEntered(peer: Peer): void
  peerUpdated(peer: Peer): void
  peerLeft(peerId: string): void
  activeSpeaker(peerId: string | null, primarySpeakerId?: string | null): void
  chat(message: ChatMessage): void
  hands(hands: RaisedHand[]): void
  poll(poll: Poll): void
  /** The event's slot engine changed (event.updated), the talk timer's distribution, a talk-timer toast for me. */
  event(event: EventState): void
  talkTimer(talkTimer: TalkTimerState): void
  talkNotice(notice: { kind: 'encouragement' | 'enforcement'; message: string | null }): void
  captions(captions: CaptionsState): void
  caption(caption: Caption): void
  /** A host started a recording that is not running yet (true), or it started or failed (false). */
  recorderTriggered(triggered: boolean): void
  /** The room's live stream changed state (live.updated, as the edge sends it: no delay yet). */
  live(status: LiveStatus): void
  /** The live stream's viewer count changed (null: none known). */
  viewerCount(viewerCount: number | null): void
  reaction(peerId: string, emoji: Reaction): void
  /** The shared video changed (null: it ended). */
  sharedVideo(video: SharedVideo | null): void
  /** The host moved me: into a breakout (`join`) or back to the main room (`leave`). */
  breakoutMove(kind: 'join' | 'leave', move: BreakoutMove): void
  /** Hosts: the meeting's rooms after a change. */
  meetingRooms(rooms: MeetingRoomView[]): void
  /** Hosts and co-hosts: a new line of the meeting log. */
  meetingLog(entry: MeetingLogEntry): void
  kicked(): void
  muted(): void
  /** A host stopped my screen share (the edge has closed it already). */
  shareDisabled(): void
  shutdown(): void
  /** The web app changed the room (name, settings): read it again; `url` is its new address when its link changed. */
  roomUpdated(url?: string): void
  /** The room's waiting room holds me back (locked or not): I wait until a host answers my call. */
  waiting(): void
  /** The room is locked without a waiting room: I cannot come in (EDGE_ERRORS.roomLocked) until a host opens it. */
  lockedOut(): void
  /** A waiting-room call changed: mine (as the caller) or one ringing the room's hosts (as one of them). */
  callUpdated(call: Call): void
  /** Something the web app tells this person (a notification, a message): a brief toast. */
  notification?(payload: { type: string; data?: Record<string, unknown> }): void
}

/** The event controls a host sends (contract/event-slots.ts room:event:*). */
export type EventControl = Extract<keyof ClientToServerEvents, `room:event:${string}`>

/** How long going live or resuming may wait for the edge's answer: its deadline for the push, and a request's time. */
const LIVE_ANSWER_MS = LIVE_START_DEADLINE_MS + REQUEST_TIMEOUT_MS

/** ICE restarts: at most once a second, at most 10 in a row. */
const ICE_RESTART_INTERVAL_MS = 1000
const ICE_RESTART_MAX = 10

export class EdgeSession {
  readonly remote = new RemoteMedia()
  private socket: MeetingSocket | null = null
  private device: ms.Device | null = null
  private sendTransport: ms.Transport | null = null
  private recvTransport: ms.Transport | null = null
  private producers = new Map<MediaSource, ms.Producer>()
  /** `resumed`: asked for since I entered (by the edge on entering, or by me once the consumer existed). */
  private consumers = new Map<string, ConsumerEntry>()
  /** Offers that came before the receive transport existed (prepare's consumers can beat its answer). */
  private pendingOffers: NewConsumer[] = []
  /**
   * Peers that left. A peer id is never reused, so news of one that comes after it left (a late
   * answer at the edge, a consume still under way here) is dropped rather than bringing back a ghost.
   */
  private departed = new Set<string>()
  /** Consumers being made here, by id: true once the edge closed one before it was ready. */
  private consuming = new Map<string, boolean>()
  private peerId: string | null = null
  /** From the moment I ask to enter: the edge resumes what I prepared, I resume what comes after. */
  private entered = false
  /** I was in when the connection dropped: the rejoin enters again (see rejoin). */
  private reenterOnRejoin = false
  private receiveVideo = true
  private closed = false
  /** Refused at the door (EDGE_ERRORS.waitingRoom or lockedWaitingRoom): in the waiting room, not in the meeting. */
  private waitingRoom = false
  /** Refused at the door of a locked room (EDGE_ERRORS.roomLocked): neither in the meeting nor waiting. */
  private locked = false
  private pass: EdgePass
  /**
   * This page's id, sent with every pass: a reconnection (a fresh pass, a new socket) replaces my
   * earlier self at the edge at once, even before the edge notices the old connection is gone.
   * Random bytes rather than randomUUID, which a page served over plain HTTP lacks.
   */
  private readonly page = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  private readonly nextPass: NextPass<EdgePass>
  private iceRestarts = new Map<string, { count: number; last: number; timer: ReturnType<typeof setTimeout> | null }>()
  /** Joining, entering and moving between meeting rooms, one at a time (see serially). */
  private roomWork: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly options: {
      pass: EdgePass
      roomId: string
      /**
       * A fresh pass from the web app (the first one has expired by the time a reconnect happens),
       * naming the edge this client lost, which the web app then checks.
       */
      refreshPass: (unreachable?: string) => Promise<EdgePass>
      peerData: () => PeerData
      /** What I send when I (re-)enter: the current local tracks by source. */
      localTracks: () => Partial<Record<MediaSource, MediaStreamTrack>>
      events: EdgeSessionEvents
    },
  ) {
    this.pass = options.pass
    this.nextPass = new NextPass((unreachable) => options.refreshPass(unreachable))
  }

  get myPeerId() {
    return this.peerId
  }

  /** Whether the edge holds me in the waiting room (the last join was refused with its error). */
  get waiting() {
    return this.waitingRoom
  }

  /** Whether the room's lock kept me out on the last join. */
  get lockedOut() {
    return this.locked
  }

  /** Tries the door again (the host may have opened the room since): the events say how it went. */
  async tryDoorAgain(): Promise<void> {
    await this.joinRoom()
  }

  /**
   * Fetches the socket and media libraries ahead of the device check, once the page is idle: they
   * are the first thing connecting waits for. Loading code talks to nobody; the edge still hears
   * from this page only after a click.
   */
  static prefetchLibraries() {
    void import('socket.io-client').catch(() => undefined)
    void import('mediasoup-client').catch(() => undefined)
  }

  /**
   * Connects, joins the room as a browsing peer and prepares receiving (see joinRoom): all of it
   * while the person looks at the device check, so that entering costs little more than a resume.
   */
  async connect(): Promise<void> {
    // The media library loads while the socket connects: joining needs it only after the answer.
    const mediasoupLoaded = import('mediasoup-client')
    const { io } = await import('socket.io-client')
    let firstPass = true
    const socket: MeetingSocket = io(this.pass.edgeUrl, {
      transports: ['websocket'],
      reconnectionAttempts: RECONNECT_ATTEMPTS,
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
      // Called for every connection attempt: the first uses the page's pass, later ones a fresh one.
      auth: (send) => {
        if (firstPass) {
          firstPass = false
          send({ token: this.pass.token, page: this.page })
          return
        }
        this.nextPass
          .take(this.pass.edgeUrl)
          .then((pass) => {
            if (this.leavingFor(pass)) return
            this.pass = pass
            send({ token: pass.token, page: this.page })
          })
          .catch(() => send({ token: this.pass.token, page: this.page }))
      },
    })
    this.socket = socket
    this.listen(socket)
    await new Promise<void>((resolve, reject) => {
      const failed = () => {
        socket.io.off('reconnect_failed', failed)
        reject(new Error('connect failed'))
      }
      socket.io.on('reconnect_failed', failed)
      socket.once('connect', () => {
        socket.io.off('reconnect_failed', failed)
        resolve()
      })
    })
    markJoin('socketConnected')
    const mediasoup = await mediasoupLoaded
    // mediasoup-client is CommonJS: the bundler's dynamic import may put its exports under default.
    const { Device } = (mediasoup as unknown as { default?: typeof mediasoup }).default ?? mediasoup
    this.device = new Device()
    await this.serially(() => this.joinRoom())
  }

  /**
   * A move the host makes can reach me while I join or enter (a reconnect into a running breakout
   * is sent there at once): each of these waits for the one before, so none drops the media
   * another is setting up.
   */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.roomWork.then(work, work)
    this.roomWork = run.catch(() => undefined)
    return run
  }

  private listen(socket: MeetingSocket) {
    const { events } = this.options
    let connectedBefore = false
    socket.on('connect', () => {
      events.connection('connected')
      if (connectedBefore) void this.rejoin()
      connectedBefore = true
    })
    socket.on('disconnect', (reason) => {
      if (this.closed) return
      this.dropMedia()
      events.connection('connecting', 0)
      // The edge ended the connection itself (not a network failure): Socket.IO will not retry.
      if (reason === 'io server disconnect') events.connectionLost()
      // It may have died: ask where the meeting is now at once, not after the first retry's delay.
      if (edgeMayBeGone(reason))
        this.nextPass.ask(this.pass.edgeUrl).then(
          (pass) => this.leavingFor(pass),
          () => undefined,
        )
    })
    socket.io.on('reconnect_attempt', (attempt) => events.connection('connecting', attempt))
    socket.io.on('reconnect_failed', () => {
      if (!this.closed) events.connectionLost()
    })
    // News of a peer that has left (a late answer at the edge) would bring back its tile.
    const unlessDeparted = (handle: (peer: Peer) => void) => (peer: Peer) => {
      if (!this.departed.has(peer.id)) handle(peer)
    }
    const joined = unlessDeparted((peer) => events.peerJoined(peer))
    const entered = unlessDeparted((peer) => events.peerEntered(peer))
    const updated = unlessDeparted((peer) => events.peerUpdated(peer))
    socket.on('peerJoined', joined)
    socket.on('peerEntered', entered)
    socket.on('peerUpdated', updated)
    socket.on('peerLeft', ({ peerId }) => {
      this.departed.add(peerId)
      for (const [consumerId, entry] of this.consumers) if (entry.peerId === peerId) this.closeConsumer(consumerId)
      this.remote.removePeer(peerId)
      events.peerLeft(peerId)
    })
    socket.on('activeSpeaker', ({ peerId }) => events.activeSpeaker(peerId))
    socket.on('activeSpeakerChanged', ({ peerId, primarySpeakerId }) => events.activeSpeaker(peerId, primarySpeakerId))
    socket.on('chat:message', (message) => events.chat(message))
    socket.on('hand:queue', ({ hands }) => events.hands(hands))
    socket.on('poll:updated', (poll) => events.poll(poll))
    socket.on('event.updated', (event) => events.event(event))
    socket.on('talkTimer:updated', (talkTimer) => events.talkTimer(talkTimer))
    socket.on('talkTimer:peerEncouragement', (notice) => events.talkNotice(notice))
    socket.on('transcription', (captions) => events.captions(captions))
    socket.on('newTranscription', (caption) => events.caption(caption))
    socket.on('recorderTriggered', ({ triggered }) => events.recorderTriggered(triggered))
    socket.on('live.updated', (status) => events.live(status))
    socket.on('room.viewerCountUpdated', ({ viewerCount }) => events.viewerCount(viewerCount))
    socket.on('reaction', ({ peerId, emoji }) => events.reaction(peerId, emoji))
    socket.on('room:sharedVideo', ({ video }) => events.sharedVideo(video))
    socket.on('joinBreakout', (move) => events.breakoutMove('join', move))
    socket.on('leaveBreakout', (move) => events.breakoutMove('leave', move))
    socket.on('room:admin:meetingRooms', ({ rooms }) => events.meetingRooms(rooms))
    socket.on('meetingLog', (entry) => events.meetingLog(entry))
    socket.on('newConsumer', (consumer) => void this.consume(consumer))
    socket.on('consumerClosed', ({ consumerId }) => this.closeConsumer(consumerId))
    socket.on('consumerPaused', ({ consumerId }) => this.remote.setPaused(consumerId, true))
    socket.on('consumerResumed', ({ consumerId }) => this.remote.setPaused(consumerId, false))
    socket.on('kick', ({ peerId }) => {
      if (peerId && peerId !== this.peerId) return
      this.close()
      events.kicked()
    })
    socket.on('mute', ({ peerId }) => {
      if (!peerId || peerId === this.peerId) events.muted()
    })
    socket.on('disableShare', ({ peerId }) => {
      if (!peerId || peerId === this.peerId) events.shareDisabled()
    })
    socket.on('shutdown', () => {
      this.close()
      events.shutdown()
    })
    // The edge is going away and has handed the meeting back: the next page load finds its new edge.
    socket.on('edge:move', () => this.moveAway())
    socket.on('room.updated', ({ url }) => events.roomUpdated(url))
    socket.on('notification', (payload) => events.notification?.(payload))
    socket.on('call:updated', (call) => events.callUpdated(call))
  }

  /**
   * Joins the room (browsing) and prepares receiving: the join's answer carries the router's
   * capabilities, so the device loads at once, and one `prepare` makes both transports and has the
   * edge offer paused consumers of everything the others send. Consuming them connects the receive
   * transport (ICE, DTLS) now; the edge resumes them when I enter. The room and user channels are
   * joined alongside.
   */
  private async joinRoom() {
    const socket = this.requireSocket()
    let result: JoinResult
    try {
      result = await request(socket, 'meetingRoom:join', {
        roomId: this.options.roomId,
        peerData: this.options.peerData(),
      })
    } catch (error) {
      // Not failures: the room's door holds me (its waiting room until a host lets me in, or its lock).
      const refusal = error instanceof Error ? error.message : ''
      this.waitingRoom = refusal === EDGE_ERRORS.waitingRoom || refusal === EDGE_ERRORS.lockedWaitingRoom
      this.locked = refusal === EDGE_ERRORS.roomLocked
      if (this.waitingRoom) this.options.events.waiting()
      else if (this.locked) this.options.events.lockedOut()
      else throw error
      return
    }
    this.waitingRoom = false
    this.locked = false
    markJoin('joinAnswered')
    // The room's and my user's channels, where the web app's updates arrive (at session start);
    // rejoined with the room after every reconnect.
    const channels = Promise.all([
      request(socket, 'room:join', { roomId: this.options.roomId }),
      request(socket, 'user:join'),
    ])
    await this.prepareIn(result)
    await channels
  }

  /**
   * The host moved me (breakouts): my media in this meeting room closes, I join the other one (a
   * breakout, or the main room) as a new peer, prepare there as on joining, and enter again if I
   * was in. Until then nothing of either room plays.
   */
  move(to: { meetingRoomId: string } | 'main'): Promise<{ sending: Promise<void> }> {
    return this.serially(async () => {
      const socket = this.requireSocket()
      const wasEntered = this.entered
      this.entered = false
      this.dropMedia()
      const peerData = this.options.peerData()
      const result =
        to === 'main'
          ? await request(socket, 'leaveBreakout', { peerData })
          : await request(socket, 'joinBreakout', { meetingRoomId: to.meetingRoomId, peerData })
      await this.prepareIn(result)
      return wasEntered ? this.enterRoom() : { sending: Promise.resolve() }
    })
  }

  /** A meeting room's join answer: my peer, the device loaded, both transports and what the others send. */
  private async prepareIn(result: JoinResult) {
    const socket = this.requireSocket()
    this.peerId = result.peerId
    this.options.events.roomJoined(result)
    const device = this.device!
    if (!device.loaded)
      await device.load({ routerRtpCapabilities: result.routerRtpCapabilities as unknown as ms.RtpCapabilities })
    markJoin('deviceLoaded')
    const prepared = await request(socket, 'prepare', {
      rtpCapabilities: device.rtpCapabilities as unknown as Record<string, unknown>,
    })
    const iceServers = result.iceServers as RTCIceServer[]
    this.sendTransport = device.createSendTransport({
      ...(prepared.send as unknown as ms.TransportOptions),
      iceServers,
    })
    this.recvTransport = device.createRecvTransport({
      ...(prepared.recv as unknown as ms.TransportOptions),
      iceServers,
    })
    for (const transport of [this.sendTransport, this.recvTransport]) this.wireTransport(transport)
    markJoin('transportsCreated')
    for (const offer of this.pendingOffers.splice(0)) void this.consume(offer)
  }

  private wireTransport(transport: ms.Transport) {
    const socket = this.requireSocket()
    transport.on('connect', ({ dtlsParameters }, done, fail) => {
      request(socket, 'connectWebRtcTransport', {
        transportId: transport.id,
        dtlsParameters: dtlsParameters as unknown as Record<string, unknown>,
      })
        .then(() => done())
        .catch(fail)
    })
    if (transport.direction === 'send') {
      transport.on('produce', ({ kind, rtpParameters, appData }, done, fail) => {
        request(socket, 'produce', {
          transportId: transport.id,
          kind,
          rtpParameters: rtpParameters as unknown as Record<string, unknown>,
          appData: { source: appData.source as MediaSource },
        })
          .then(done)
          .catch(fail)
      })
    }
    transport.on('connectionstatechange', (state) => {
      if (state === 'disconnected' || state === 'failed') this.scheduleIceRestart(transport)
      if (state === 'connected') {
        this.iceRestarts.delete(transport.id)
        markJoin('transportConnected', { direction: transport.direction })
      }
    })
  }

  /** On a disconnected or failed transport, restart ICE (throttled to 1 s, at most 10 times). */
  private scheduleIceRestart(transport: ms.Transport) {
    const entry = this.iceRestarts.get(transport.id) ?? { count: 0, last: 0, timer: null }
    this.iceRestarts.set(transport.id, entry)
    if (entry.timer || entry.count >= ICE_RESTART_MAX) return
    const wait = Math.max(0, entry.last + ICE_RESTART_INTERVAL_MS - Date.now())
    entry.timer = setTimeout(() => {
      entry.timer = null
      entry.last = Date.now()
      entry.count++
      if (transport.closed || !this.socket?.connected) return
      request(this.socket, 'restartIce', { transportId: transport.id })
        .then(({ iceParameters }) =>
          transport.restartIce({ iceParameters: iceParameters as unknown as ms.IceParameters }),
        )
        .catch((error: unknown) => {
          console.warn('ICE restart failed', error)
          if (transport.connectionState !== 'connected') this.scheduleIceRestart(transport)
        })
    }, wait)
  }

  /**
   * Into the meeting: visible to everyone, everyone's media in (the edge resumes what I prepared),
   * my media out. Resolves once the edge has me in; `sending` settles when my producers are up. They
   * start at once, behind enter on the same connection, so the edge sees me visible first.
   */
  enter(): Promise<{ sending: Promise<void> }> {
    return this.serially(() => this.enterRoom())
  }

  private async enterRoom(): Promise<{ sending: Promise<void> }> {
    const socket = this.requireSocket()
    this.entered = true
    const tracks = Object.entries(this.options.localTracks()) as Array<[MediaSource, MediaStreamTrack]>
    const producing = Promise.allSettled(tracks.map(([source, track]) => this.produce(source, track)))
    // What I prepared is resumed by the edge as it lets me in: from now on its media may come.
    const prepared = [...this.consumers.values()].filter(
      (entry) => !entry.resumed && (entry.consumer.kind === 'audio' || this.receiveVideo),
    )
    for (const entry of prepared) this.watchMedia(entry)
    try {
      await request(socket, 'enter')
    } catch (error) {
      this.entered = false
      await producing
      await Promise.all([...this.producers.keys()].map((source) => this.stopProducing(source)))
      throw error
    }
    markJoin('entered')
    for (const entry of prepared) if (!entry.resumed) this.resumed(entry)
    const sending = producing.then((results) => {
      const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
      if (failed) throw failed.reason
    })
    return { sending }
  }

  async produce(source: MediaSource, track: MediaStreamTrack): Promise<void> {
    const transport = this.sendTransport
    if (!transport || !this.entered) return
    const existing = this.producers.get(source)
    if (existing && !existing.closed) {
      await existing.replaceTrack({ track })
      return
    }
    const width = track.getSettings().width ?? 1280
    const producer = await transport.produce({
      track,
      stopTracks: false,
      appData: { source },
      ...(source === 'mic'
        ? { codecOptions: MIC_CODEC_OPTIONS }
        : source === 'webcam'
          ? { encodings: webcamEncodings(width), codecOptions: WEBCAM_CODEC_OPTIONS }
          : { encodings: shareEncodings(width), codecOptions: SHARE_CODEC_OPTIONS }),
    })
    this.producers.set(source, producer)
    markJoin('produced', { source })
  }

  /** Stops sending a source (camera off, share ended). */
  async stopProducing(source: MediaSource): Promise<void> {
    const producer = this.producers.get(source)
    if (!producer) return
    this.producers.delete(source)
    producer.close()
    if (this.socket?.connected)
      await request(this.socket, 'closeProducer', { producerId: producer.id }).catch(() => undefined)
  }

  /** Mutes or unmutes a source without renegotiating (the microphone). */
  async setPaused(source: MediaSource, paused: boolean): Promise<void> {
    const producer = this.producers.get(source)
    if (!producer || producer.paused === paused) return
    if (paused) producer.pause()
    else producer.resume()
    if (this.socket?.connected) {
      await request(this.socket, paused ? 'pauseProducer' : 'resumeProducer', { producerId: producer.id }).catch(
        () => undefined,
      )
    }
  }

  private async consume(offer: NewConsumer) {
    const transport = this.recvTransport
    if (!transport) {
      this.pendingOffers.push(offer)
      return
    }
    if (transport.closed || this.departed.has(offer.peerId)) return
    this.consuming.set(offer.id, false)
    try {
      const consumer = await transport.consume({
        id: offer.id,
        producerId: offer.producerId,
        kind: offer.kind,
        rtpParameters: offer.rtpParameters as unknown as ms.RtpParameters,
        appData: { peerId: offer.peerId, source: offer.appData.source },
      })
      if (this.consuming.get(offer.id) || this.departed.has(offer.peerId) || transport.closed) {
        consumer.close()
        return
      }
      const source = offer.appData.source
      markJoin('consumeAnswered', { peerId: offer.peerId, source })
      const entry: ConsumerEntry = { consumer, peerId: offer.peerId, source, resumed: false }
      this.consumers.set(consumer.id, entry)
      this.remote.set(offer.peerId, source, {
        track: consumer.track,
        consumerId: consumer.id,
        paused: offer.producerPaused,
      })
      // Consumers start paused on the edge; audio-only keeps video paused; before I enter, the edge
      // resumes them when I do (a consumer that is ready after I asked to enter is resumed here).
      if ((offer.kind === 'video' && !this.receiveVideo) || !this.entered) return
      this.watchMedia(entry)
      await request(this.requireSocket(), 'resumeConsumer', { consumerId: consumer.id })
      this.resumed(entry)
    } catch (error) {
      console.warn('consume failed', error)
    } finally {
      this.consuming.delete(offer.id)
    }
  }

  /** A remote camera about to be resumed: the join's timeline marks its first packet and frame. */
  private watchMedia({ consumer, peerId, source }: ConsumerEntry) {
    if (consumer.kind === 'video')
      markFirstMedia(
        consumer.track,
        () => consumer.getStats(),
        () => !consumer.closed,
        { peerId, source },
      )
  }

  /** A consumer now resumed on the edge: a video one that shows no frame gets a key frame asked for again. */
  private resumed(entry: ConsumerEntry) {
    entry.resumed = true
    const { consumer, peerId, source } = entry
    markJoin('consumerResumed', { peerId, source })
    if (consumer.kind === 'video') void this.watchFirstFrame(consumer, peerId, source)
  }

  /** A resumed video consumer that decodes nothing gets its key frame asked for again (see first-frame.ts). */
  private watchFirstFrame(consumer: ms.Consumer, peerId: string, source: MediaSource) {
    return watchFirstFrame({
      stats: () => consumer.getStats(),
      expecting: () =>
        !consumer.closed &&
        !consumer.paused &&
        this.receiveVideo &&
        this.remote.get(peerId)[source]?.paused === false &&
        this.socket?.connected === true,
      askAgain: () => request(this.requireSocket(), 'resumeConsumer', { consumerId: consumer.id }),
      gaveUp: () =>
        console.warn('no frame decoded from a remote camera after asking again for a key frame', consumer.id),
    })
  }

  private closeConsumer(consumerId: string) {
    const entry = this.consumers.get(consumerId)
    if (this.consuming.has(consumerId)) this.consuming.set(consumerId, true)
    entry?.consumer.close()
    this.consumers.delete(consumerId)
    this.remote.removeConsumer(consumerId)
  }

  /** Asks the edge for the spatial layer a tile needs (see layers.ts). */
  setPreferredLayer(peerId: string, source: MediaSource, spatialLayer: number) {
    const consumerId = this.remote.get(peerId)[source]?.consumerId
    if (!consumerId || !this.socket?.connected) return
    request(this.socket, 'setConsumerPreferredLayers', { consumerId, spatialLayer }).catch(() => undefined)
  }

  /** Audio only: pause (or resume) every incoming video on the edge, so it stops sending it. */
  async setReceiveVideo(enabled: boolean) {
    this.receiveVideo = enabled
    const socket = this.socket
    if (!socket?.connected) return
    await Promise.all(
      [...this.consumers.values()]
        .filter(({ consumer }) => consumer.kind === 'video')
        .map(({ consumer }) => {
          if (enabled) consumer.resume()
          else consumer.pause()
          return request(socket, enabled ? 'resumeConsumer' : 'pauseConsumer', { consumerId: consumer.id }).then(
            () => {
              const entry = this.consumers.get(consumer.id)
              if (enabled && entry) void this.watchFirstFrame(consumer, entry.peerId, entry.source)
            },
            () => undefined,
          )
        }),
    )
  }

  updatePeer(peerData: PeerData) {
    if (this.socket?.connected) request(this.socket, 'updateMyPeer', { peerData }).catch(() => undefined)
  }

  sendChat(text: string) {
    return request(this.requireSocket(), 'chat:send', { text })
  }

  kick(peerId: string) {
    return request(this.requireSocket(), 'kickPeer', { peerId })
  }

  setHand(up: boolean) {
    return up ? request(this.requireSocket(), 'hand:raise') : request(this.requireSocket(), 'hand:lower')
  }

  lowerHandFor(peerId: string) {
    return request(this.requireSocket(), 'hand:lowerFor', { peerId })
  }

  createPoll(question: string, options: string[]) {
    return request(this.requireSocket(), 'poll:create', { question, options })
  }

  answerPoll(pollId: string, option: number) {
    return request(this.requireSocket(), 'poll:answer', { pollId, option })
  }

  closePoll(pollId: string) {
    return request(this.requireSocket(), 'poll:close', { pollId })
  }

  /** The host's event controls (the edge checks the right); each answers with the new state. */
  eventControl(control: EventControl, payload?: Record<string, unknown>): Promise<EventState> {
    const emit = request as unknown as (socket: unknown, event: EventControl, ...args: unknown[]) => Promise<EventState>
    return control === 'room:event:play' || control === 'room:event:pause' || control === 'room:event:reset'
      ? emit(this.requireSocket(), control)
      : emit(this.requireSocket(), control, payload ?? {})
  }

  /** joinEvent / leaveEvent: my own part in the event. */
  takePart(part: boolean) {
    return request(this.requireSocket(), part ? 'joinEvent' : 'leaveEvent')
  }

  startCaptions(language: CaptionLanguage, transcript: boolean) {
    return request(this.requireSocket(), 'transcribe:start', { language, transcript })
  }

  stopCaptions() {
    return request(this.requireSocket(), 'transcribe:stop')
  }

  startRecording() {
    return request(this.requireSocket(), 'recorder:start')
  }

  stopRecording() {
    return request(this.requireSocket(), 'recorder:stop')
  }

  // Answered once the service has the stream (or the edge gave up on it).
  startLive(url: string, streamKey: string, channel: string) {
    return requestWithin(LIVE_ANSWER_MS, this.requireSocket(), 'live:initialize', { url, streamKey, channel })
  }

  pauseLive() {
    return request(this.requireSocket(), 'live:pause')
  }

  resumeLive() {
    return requestWithin(LIVE_ANSWER_MS, this.requireSocket(), 'live:join')
  }

  stopLive() {
    return request(this.requireSocket(), 'live:stop')
  }

  /** Hosts and co-hosts: the meeting log so far. */
  meetingLog() {
    return request(this.requireSocket(), 'meetingLog:get')
  }

  react(emoji: Reaction) {
    return request(this.requireSocket(), 'reaction:send', { emoji })
  }

  /** Breakout administration (hosts and co-hosts; the edge checks). */
  admin() {
    const socket = this.requireSocket()
    return {
      rooms: () => request(socket, 'room:admin:getActiveMeetingRooms'),
      create: (mainMeetingRoomId: string, name: string) =>
        request(socket, 'room:admin:createBreakoutMeetingRoom', { mainMeetingRoomId, name }),
      rename: (meetingRoomId: string, name: string) =>
        request(socket, 'room:admin:renameBreakoutMeetingRoom', { meetingRoomId, name }),
      setMove: (meetingPeerId: string, moveToMeetingRoomId: string) =>
        request(socket, 'room:admin:setMeetingPeerMoveToMeetingRoom', { meetingPeerId, moveToMeetingRoomId }),
      clearMove: (meetingPeerId: string) =>
        request(socket, 'room:admin:clearMeetingPeerMoveToMeetingRoom', { meetingPeerId }),
      cancelMoves: (meetingRoomId: string) =>
        request(socket, 'room:admin:cancelMeetingPeerMoveToMeetingRoom', { meetingRoomId }),
      applyMoves: (meetingRoomId: string) => request(socket, 'room:admin:applyMoveToMeetingRoom', { meetingRoomId }),
      end: (mainMeetingRoomId: string) => request(socket, 'room:admin:endBreakouts', { mainMeetingRoomId }),
    }
  }

  mute(peerId: string) {
    return request(this.requireSocket(), 'mutePeerAudio', { peerId })
  }

  disableShare(peerId: string) {
    return request(this.requireSocket(), 'disableShare', { peerId })
  }

  startSharedVideo(url: string) {
    return request(this.requireSocket(), 'room:sharedVideo:start', { url })
  }

  /** The owner's controls (the edge refuses anyone else's); play and pause say where my player is. */
  controlSharedVideo(
    control: { action: 'play' | 'pause' | 'seek'; positionMs: number } | { action: 'mute' | 'unmute' },
  ) {
    const socket = this.requireSocket()
    switch (control.action) {
      case 'play':
      case 'pause':
      case 'seek':
        return request(socket, `room:sharedVideo:${control.action}`, {
          positionMs: Math.max(0, Math.round(control.positionMs)),
        })
      case 'mute':
      case 'unmute':
        return request(socket, `room:sharedVideo:${control.action}`)
    }
  }

  endSharedVideo() {
    return request(this.requireSocket(), 'room:sharedVideo:end')
  }

  /** From the waiting room: ring the room's hosts (a guest under the name they typed). */
  callHost(name: string | undefined): Promise<Call> {
    return request(this.requireSocket(), 'call:setCalling', { roomId: this.options.roomId, name })
  }

  cancelCall(callId: string): Promise<Call> {
    return request(this.requireSocket(), 'call:clearCalling', { callId })
  }

  /** A host answered my call: join the room as any newcomer does (the edge now lets me in). */
  async admitted(): Promise<void> {
    await this.joinRoom()
    if (this.waitingRoom) throw new Error(EDGE_ERRORS.waitingRoom)
  }

  answerCall(callId: string): Promise<Call> {
    return request(this.requireSocket(), 'call:answer', { callId })
  }

  /** A host's lock on the room (the room's pages, this one included, re-read it on room.updated). */
  setLocked(locked: boolean): Promise<{ locked: boolean }> {
    return request(this.requireSocket(), 'room:setLocked', { locked })
  }

  declineCall(callId: string, message: string): Promise<Call> {
    return request(this.requireSocket(), 'call:decline', {
      callId,
      ...(message.trim() ? { message: message.trim() } : {}),
    })
  }

  async leave() {
    if (this.socket?.connected) await request(this.socket, 'leave').catch(() => undefined)
    this.close()
  }

  /** Transport and per-stream figures for the peer stats dialog (and the end-to-end tests). */
  async stats() {
    const consumers = await Promise.all(
      [...this.consumers.values()].map(async ({ consumer, peerId, source }) => ({
        peerId,
        source,
        kind: consumer.kind,
        ...pick(await consumer.getStats(), 'inbound-rtp'),
      })),
    )
    const producers = await Promise.all(
      [...this.producers.entries()].map(async ([source, producer]) => ({
        source,
        kind: producer.kind,
        ...pick(await producer.getStats(), 'outbound-rtp'),
      })),
    )
    const transports = await Promise.all(
      [this.sendTransport, this.recvTransport]
        .filter((transport): transport is ms.Transport => Boolean(transport && !transport.closed))
        .map(async (transport) => ({
          direction: transport.direction,
          state: transport.connectionState,
          ...pick(await transport.getStats(), 'candidate-pair'),
        })),
    )
    return { consumers, producers, transports }
  }

  /** True when the pass is for another edge (the meeting moved) and this session is leaving for it. */
  private leavingFor(pass: EdgePass): boolean {
    if (this.closed) return true
    if (pass.edgeUrl === this.pass.edgeUrl) return false
    this.moveAway()
    return true
  }

  private moveAway() {
    if (this.closed) return
    this.close()
    this.options.events.edgeMoved()
  }

  /** After a reconnect: a new socket means a new peer on the edge; join again and, if I was in, re-enter. */
  private async rejoin() {
    try {
      this.dropMedia()
      // Prepared anew like the first time: nothing is resumed before I am back in. That I was in outlasts a
      // rejoin cut short by another drop.
      this.reenterOnRejoin ||= this.entered
      this.entered = false
      await this.serially(() => this.joinRoom())
      if (!this.reenterOnRejoin) return
      const { sending } = await this.enter()
      this.reenterOnRejoin = false
      await sending
    } catch (error) {
      // Left meanwhile, or dropped again while rejoining: Socket.IO then reconnects and its next connect rejoins
      // (or, out of attempts, says the connection is lost).
      if (this.closed || !this.socket?.connected) return
      console.warn('rejoin failed', error)
      this.options.events.connectionLost()
    }
  }

  /** Closes transports, producers and consumers (the tracks themselves belong to the caller). */
  private dropMedia() {
    for (const entry of this.iceRestarts.values()) if (entry.timer) clearTimeout(entry.timer)
    this.iceRestarts.clear()
    this.sendTransport?.close()
    this.recvTransport?.close()
    this.sendTransport = null
    this.recvTransport = null
    this.producers.clear()
    this.consumers.clear()
    this.pendingOffers = []
    this.remote.clear()
  }

  close() {
    if (this.closed) return
    this.closed = true
    this.dropMedia()
    this.socket?.disconnect()
    this.options.events.connection('closed')
  }

  private requireSocket(): MeetingSocket {
    if (!this.socket) throw new Error('socket disconnected!')
    return this.socket
  }
}

const FIGURES = [
  'framesDecoded',
  'framesPerSecond',
  'frameWidth',
  'frameHeight',
  'bytesReceived',
  'bytesSent',
  'packetsLost',
  'jitter',
  'currentRoundTripTime',
  'availableOutgoingBitrate',
] as const
export type StatFigures = Partial<Record<(typeof FIGURES)[number], number>>

/** The numbers of the first stat of a type (an RTCStatsReport is a map of dictionaries). */
function pick(report: RTCStatsReport, type: string): StatFigures {
  const figures: StatFigures = {}
  let found = false
  report.forEach((stat: Record<string, unknown>) => {
    if (found || stat.type !== type) return
    if (type === 'candidate-pair' && stat.state !== 'succeeded') return
    found = true
    for (const key of FIGURES) {
      const value = stat[key]
      if (typeof value === 'number') figures[key] = value
    }
  })
  return figures
}
