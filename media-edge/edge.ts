// The edge's meetings and the rules of taking part: who may join, enter, leave, kick and mute.
// Identity and powers come from the verified token on the socket; what a client says about
// itself (peer data) never grants anything.
import type { types } from 'mediasoup'
import { newId } from '#models/ids'
import { Breakouts } from './breakouts'
import { EdgeError } from './edge-error'
import type { EdgeEnv } from './env'
import type { KickedPeers } from './kicked-peers'
import type { Logger } from './logger'
import { refusalAtDoor, type Lobby } from './lobby'
import { Meeting } from './meeting'
import type { MeetingRecords } from './meeting-records'
import { EdgePeer } from './peer'
import { MeetingPoll } from './poll'
import type { EventRecords } from './event-records'
import type { Clock } from './clock'
import { MeetingEvent } from './meeting-event'
import { MeetingCaptions } from './captions'
import { controlSharedVideo, endSharedVideo, startSharedVideo, type SharedVideoControl } from './shared-video'
import type { SpeechProvider } from './speech-provider'
import type { LiveStreamer } from './live-streamer'
import { rtmpTarget } from './live-target'
import { CHANNEL_PATTERN } from './viewer-count'
import type { Recorder } from './recorder'
import { EDGE_ERRORS, channels } from './contract/protocol'
import type { Reaction } from './contract/reactions'
import type { CaptionLanguage, CaptionsState } from './contract/captions'
import type { Poll } from './contract/polls'
import type { SharedVideo } from './contract/shared-video'
import type { ChatMessage } from './contract/chat'
import { isOwnAvatarUpload, type JoinResult, type PeerData } from './contract/peers'
import type { LeaveReason, MeetingLogEntry } from './contract/meeting-log'
import type { EdgeIo, EdgeSocket } from './socket-types'
import { iceServersFor } from './turn'
import type { WorkerPool } from './worker-pool'

/** The part of the edge registry (media-edge/shared/room-assignment.ts) the meetings need: room ownership. */
export interface RoomClaims {
  claimRoom(roomId: string): Promise<boolean>
  releaseRoom(roomId: string): Promise<void>
}

/** Why a peer leaves the meeting (its log line): who made them, if someone did, and a note for operators. */
export interface Departure {
  why: LeaveReason
  by?: EdgePeer
  note?: string
}

export interface EdgeDeps {
  env: EdgeEnv
  io: EdgeIo
  pool: WorkerPool
  records: MeetingRecords
  /** The events' running orders and talk timers. */
  events: EventRecords
  /** The wall clock and its timers (shared video positions, event slots, the talk timer); tests pass their own. */
  clock: Clock
  kicked: KickedPeers
  /** The waiting room's calls (lobby.ts). */
  lobby: Lobby
  /** Set when REDIS_URL is: each meeting room is owned by one edge. */
  registry: RoomClaims | null
  /** Records meetings into the media library (recorder.ts). */
  recorder: Recorder
  /** Streams meetings to RTMP servers (live-streamer.ts). */
  liveStreamer: LiveStreamer
  logger: Logger
  listenInfos: types.TransportListenInfo[]
  /** The speech service captions stream to; null when none is configured (captions are refused). */
  speech: SpeechProvider | null
}

export class Edge {
  /** Live meetings by room id. */
  readonly meetings = new Map<string, Meeting>()
  draining = false
  /** Breakout rooms under the main meetings (breakouts.ts). */
  readonly breakouts: Breakouts
  private readonly locks = new Map<string, Promise<unknown>>()

  constructor(private readonly deps: EdgeDeps) {
    this.breakouts = new Breakouts({
      records: deps.records,
      openMeeting: (meetingRoomId, roomId) => this.startMeeting(meetingRoomId, roomId),
    })
  }

  /** The edge's wall clock (ms). */
  now() {
    return this.deps.clock.now()
  }

  /** The waiting room's calls: made by people not in the meeting, answered by its hosts. */
  get lobby() {
    return this.deps.lobby
  }

  /**
   * Joins the socket's peer to the meeting of the token's room, opening the meeting on first join.
   * Refusals carry the server's text: another room, wrong edge, kicked, or the room's door (its
   * waiting room, until a host answers this person's call in this meeting, or its lock: lobby.ts).
   */
  async join(socket: EdgeSocket, roomId: string, peerData: PeerData): Promise<JoinResult> {
    const { claims, page } = socket.data
    if (this.draining) throw new EdgeError(EDGE_ERRORS.shuttingDown)
    if (roomId !== claims.roomId) throw new EdgeError(EDGE_ERRORS.wrongRoom)
    if (socket.data.peer && socket.data.meeting) return this.joinResult(socket.data.meeting, socket.data.peer)
    if (this.deps.registry && !(await this.deps.registry.claimRoom(roomId))) throw new EdgeError(EDGE_ERRORS.wrongEdge)

    return this.serially(roomId, async () => {
      const live = this.meetings.get(roomId)
      const meetingRoomId = live?.id ?? (await this.deps.records.openMeetingId(roomId))
      if (meetingRoomId && (await this.deps.kicked.has(meetingRoomId, claims.userId)))
        throw new EdgeError(EDGE_ERRORS.kicked)
      // Before the meeting opens: someone waiting (or locked out) never starts one.
      const refusal = await refusalAtDoor(claims, meetingRoomId)
      if (refusal) throw new EdgeError(refusal)
      const meeting = live ?? (await this.openMeeting(roomId))
      if (socket.disconnected) throw new EdgeError(EDGE_ERRORS.socketDisconnected)
      meeting.event?.admit(claims)

      // The same page reconnecting (with a fresh pass, before the edge noticed its old connection
      // drop) replaces its earlier self rather than leaving a ghost tile beside it.
      for (const earlier of meeting.peers.values()) {
        if (earlier.page !== page) continue
        await this.removeFromMeeting(meeting, earlier, { why: 'reconnected' }, false)
        this.deps.io.sockets.sockets.get(earlier.socketId)?.disconnect(true)
      }

      const peer = new EdgePeer(newId(), socket.id, page, claims)
      applyPeerData(peer, peerData)
      if (!peer.name) peer.name = 'Guest'
      return this.admit(socket, meeting, peer)
    })
  }

  /**
   * The socket's peer moves to another meeting of its room (a breakout, or back to the main one):
   * out of the one it is in, its media closing there, and in as a new peer of the other, which
   * prepares and enters as on joining. Nobody in one room sees or hears the other's people.
   */
  async moveTo(
    socket: EdgeSocket,
    from: Meeting,
    peer: EdgePeer,
    target: Meeting,
    peerData: PeerData,
  ): Promise<JoinResult> {
    return this.serially(from.roomId, async () => {
      if (socket.data.peer !== peer) throw new EdgeError(EDGE_ERRORS.notJoined)
      socket.data.peer = null
      socket.data.meeting = null
      await socket.leave(from.channel)
      await this.removeFromMeeting(from, peer, { why: 'moved' }, false)
      if (target.closed) throw new EdgeError(EDGE_ERRORS.notFound)
      if (socket.disconnected) throw new EdgeError(EDGE_ERRORS.socketDisconnected)
      const moved = new EdgePeer(newId(), socket.id, peer.page, peer.claims)
      moved.name = peer.name
      moved.avatar = peer.avatar
      applyPeerData(moved, peerData)
      return this.admit(socket, target, moved)
    })
  }

  /** A new peer into a meeting: its row, the socket's channel, and the others told. */
  private async admit(socket: EdgeSocket, meeting: Meeting, peer: EdgePeer): Promise<JoinResult> {
    await this.deps.records.addPeer({
      id: peer.id,
      meetingRoomId: meeting.id,
      socketId: socket.id,
      userId: peer.userId,
      name: peer.name,
      avatar: peer.avatar,
    })
    meeting.addPeer(peer)
    socket.data.peer = peer
    socket.data.meeting = meeting
    await socket.join(meeting.channel)
    // Hosts hear the waiting room's calls wherever they are in the meeting (a breakout too).
    if (peer.isHost || peer.isCoHost) await socket.join(channels.roomHosts(meeting.roomId))
    meeting.toOthers(peer, 'peerJoined', peer.toPeer())
    this.breakouts.peerJoined(meeting, peer)
    void this.deps.records.log(meeting, { event: 'joined', subject: peer })
    return this.joinResult(meeting, peer)
  }

  private async joinResult(meeting: Meeting, peer: EdgePeer): Promise<JoinResult> {
    const { env } = this.deps
    const [chat, calls] = await Promise.all([
      this.deps.records.chat(meeting.id),
      this.deps.lobby.waitingFor(peer, meeting.roomId),
    ])
    // The newcomer is in the meeting's channel already, so what others do while the chat is read
    // (someone entering) reaches it before this answer. Its client replaces its peer list with the
    // answer's: the list is read here, after the last await, so that it already holds those changes
    // instead of undoing them (an entered peer shown as still joining gets no tile).
    return {
      peerId: peer.id,
      meetingRoomId: meeting.id,
      peers: [...meeting.peers.values()].map((other) => other.toPeer()),
      chat,
      room: meeting.mediaState(),
      hands: meeting.hands.list(),
      poll: meeting.poll?.view() ?? null,
      pollAnswer: meeting.poll?.answerOf(peer.userId) ?? null,
      sharedVideo: meeting.sharedVideo?.view(this.now()) ?? null,
      event: meeting.event?.view() ?? null,
      talkTimer: meeting.event?.talkView() ?? null,
      captions: meeting.captions?.state ?? { on: false },
      calls,
      live: this.deps.liveStreamer.status(meeting),
      viewerCount: this.deps.liveStreamer.viewerCount(meeting),
      iceServers: iceServersFor(peer.userId, { urls: env.turnUrls, secret: env.TURN_SECRET }),
      routerRtpCapabilities: { ...meeting.rtpCapabilities },
    }
  }

  private async openMeeting(roomId: string) {
    const room = await this.deps.records.findRoom(roomId)
    if (!room) throw new EdgeError(EDGE_ERRORS.notFound)
    const row = await this.deps.records.openMeeting(room)
    const meeting = await this.startMeeting(row.id, roomId)
    this.meetings.set(roomId, meeting)
    return meeting
  }

  /** A meeting (its own router) for a meeting room row: the room's main one or a breakout. */
  private startMeeting(meetingRoomId: string, roomId: string) {
    return Meeting.open(meetingRoomId, roomId, {
      io: this.deps.io,
      pool: this.deps.pool,
      logger: this.deps.logger,
      listenInfos: this.deps.listenInfos,
      onBroken: (broken) => void this.evacuate(broken, 'worker died'),
    })
  }

  /**
   * Visible in the meeting (status participating); the others get peerEntered, and what the
   * peer prepared at its device check starts flowing (Meeting.resumePrepared). Set before the first
   * await: the client sends its producers right behind enter, and they find it visible.
   */
  async enter(meeting: Meeting, peer: EdgePeer) {
    peer.visible = true
    peer.joining = false
    // In a breakout room (the breakout has started) a peer is joined.
    peer.status = this.breakouts.isBreakout(meeting) ? 'joined' : 'participating'
    await Promise.all([this.deps.records.setPeerStatus(peer.id, peer.status), meeting.resumePrepared(peer)])
    if (meeting.has(peer)) meeting.toOthers(peer, 'peerEntered', peer.toPeer())
  }

  async updatePeer(meeting: Meeting, peer: EdgePeer, data: PeerData) {
    const before = `${peer.name}\n${peer.avatar}`
    applyPeerData(peer, data)
    if (`${peer.name}\n${peer.avatar}` !== before)
      await this.deps.records.updatePeerMeta(peer.id, { name: peer.name, avatar: peer.avatar })
    const view = peer.toPeer()
    if (meeting.has(peer)) meeting.toOthers(peer, 'peerUpdated', view)
    return view
  }

  /** The peer leaves (leave, peerLeftMeeting, disconnect, kick); the last connected peer ends the meeting. */
  async leave(socket: EdgeSocket | undefined, meeting: Meeting, peer: EdgePeer, reason: Departure) {
    if (socket && socket.data.peer === peer) {
      socket.data.peer = null
      socket.data.meeting = null
      await socket.leave(meeting.channel)
      await socket.leave(channels.roomHosts(meeting.roomId))
    }
    await this.serially(meeting.roomId, () => this.removeFromMeeting(meeting, peer, reason))
  }

  /** Kick: the host, a co-host or a role with kick-peer only. The target's user (a guest's is
   *  the browser's) is refused for the rest of the meeting (kicked-peers.ts). */
  async kick(meeting: Meeting, caller: EdgePeer, targetId: string) {
    const target = this.target(meeting, caller, targetId, 'kick-peer')
    // Kicked from a breakout is kicked from the meeting: joins are checked against the main one.
    await this.deps.kicked.add(this.breakouts.mainOf(meeting).id, target.userId)
    meeting.toPeer(target, 'kick', { peerId: target.id })
    const socket = this.deps.io.sockets.sockets.get(target.socketId)
    await this.leave(socket, meeting, target, { why: 'kicked', by: caller })
    // After the kick event, on the same connection: the client reads it before the disconnect.
    socket?.disconnect(true)
  }

  /**
   * Everyone out of the room's meeting, on the web app's word (its link changed): each peer in the
   * meeting gets `kick` and its socket closes; the meeting ends with the last one. Nobody is barred
   * from coming back: the room is the same, only its address changed. Someone not in yet (at the
   * device check, or waiting) stays: their page moves to the new address (`room.updated` with `url`).
   * An edge not hosting the room has nothing to do.
   */
  async kickAll(roomId: string, reason: string) {
    const meeting = this.meetings.get(roomId)
    if (!meeting) return
    for (const peer of [...meeting.peers.values()].filter((each) => each.visible)) {
      meeting.toPeer(peer, 'kick', { peerId: peer.id })
      const socket = this.deps.io.sockets.sockets.get(peer.socketId)
      await this.leave(socket, meeting, peer, { why: 'removed', note: reason })
      socket?.disconnect(true)
    }
  }

  /** Mute: the host, a co-host or a role with mute-peer only; the target's microphone is paused on the server. */
  async mute(meeting: Meeting, caller: EdgePeer, targetId: string) {
    const target = this.target(meeting, caller, targetId, 'mute-peer')
    await meeting.muteAudio(target)
    void this.deps.records.log(meeting, { event: 'muted', subject: target, actor: caller })
  }

  /**
   * Stops someone's screen share: whoever may mute them (a moderation of the same weight). Their
   * screen producer closes here, so nobody receives it any longer whatever their page does; their
   * page hears `disableShare` first and stops capturing.
   */
  disableShare(meeting: Meeting, caller: EdgePeer, targetId: string) {
    const target = this.target(meeting, caller, targetId, 'mute-peer')
    const screen = target.producerOf('screen')
    if (!screen) return
    meeting.toPeer(target, 'disableShare', { peerId: target.id })
    screen.close()
    void this.deps.records.log(meeting, { event: 'shareStopped', subject: target, actor: caller })
  }

  /** My own hand, up or down; nothing is broadcast when nothing changed. */
  raiseHand(meeting: Meeting, peer: EdgePeer, up: boolean) {
    const changed = up ? meeting.hands.raise(peer.id, Date.now()) : meeting.hands.lower(peer.id)
    if (changed) meeting.sendHands()
  }

  /** Someone else's hand: the host and co-hosts only (they call on people). */
  lowerHandFor(meeting: Meeting, caller: EdgePeer, targetId: string) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    if (!meeting.peers.has(targetId)) throw new EdgeError(EDGE_ERRORS.notFound)
    if (meeting.hands.lower(targetId)) meeting.sendHands()
  }

  /** A reaction of the fixed set, to everyone (the sender's own client shows it from the same event). */
  react(meeting: Meeting, peer: EdgePeer, emoji: Reaction) {
    meeting.toAll('reaction', { peerId: peer.id, emoji })
  }

  /** A quick poll: asked by the host or a co-host, replacing the last one (trimmed and within its limits). */
  createPoll(meeting: Meeting, caller: EdgePeer, question: string, options: string[]): Poll {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    meeting.poll = new MeetingPoll(newId(), question, options)
    const view = meeting.poll.view()
    meeting.toAll('poll:updated', view)
    return view
  }

  answerPoll(meeting: Meeting, peer: EdgePeer, pollId: string, option: number) {
    const poll = meeting.poll
    if (!poll || poll.id !== pollId) throw new EdgeError(EDGE_ERRORS.notFound)
    if (!poll.answer(peer.userId, option)) throw new EdgeError(EDGE_ERRORS.pollAnswered)
    meeting.toAll('poll:updated', poll.view())
  }

  closePoll(meeting: Meeting, caller: EdgePeer, pollId: string) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    const poll = meeting.poll
    if (!poll || poll.id !== pollId) throw new EdgeError(EDGE_ERRORS.notFound)
    poll.closed = true
    meeting.toAll('poll:updated', poll.view())
  }

  /** Shares a video link with everyone (shared-video.ts says who may do what). */
  startSharedVideo(meeting: Meeting, peer: EdgePeer, url: string): SharedVideo {
    return startSharedVideo(meeting, peer, url, this.now())
  }

  controlSharedVideo(meeting: Meeting, peer: EdgePeer, control: SharedVideoControl): SharedVideo {
    return controlSharedVideo(meeting, peer, control, this.now())
  }

  endSharedVideo(meeting: Meeting, peer: EdgePeer) {
    endSharedVideo(meeting, peer)
  }

  /** The meeting's event, for its host and co-hosts only (hosts start or stop events). */
  hostEvent(meeting: Meeting, caller: EdgePeer): MeetingEvent {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    return this.eventOf(meeting)
  }

  /** The meeting's event, made on first use (one meeting, one event). */
  eventOf(meeting: Meeting): MeetingEvent {
    meeting.event ??= new MeetingEvent(meeting, {
      records: this.deps.events,
      timers: this.deps.clock,
      logger: this.deps.logger,
    })
    return meeting.event
  }

  /**
   * Captions on (hosts start transcription): the host or a co-host, when the community's
   * toolbar offers them (and transcripts, to keep one) and the edge has a speech service. Starting
   * again switches the language or the transcript; everyone hears the new state.
   */
  async startCaptions(
    meeting: Meeting,
    caller: EdgePeer,
    request: { language: CaptionLanguage; transcript: boolean },
  ): Promise<CaptionsState> {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    if (!caller.claims.controls.closedCaption) throw new EdgeError(EDGE_ERRORS.captionsOff)
    if (request.transcript && !caller.claims.controls.transcribe) throw new EdgeError(EDGE_ERRORS.transcriptOff)
    const { speech, env, logger, records } = this.deps
    if (!speech) throw new EdgeError(EDGE_ERRORS.captionsUnavailable)
    await meeting.captions?.stop()
    const state = { on: true as const, ...request }
    const captions = new MeetingCaptions(meeting.producerRouter, state, {
      provider: speech,
      ffmpegPath: env.FFMPEG_PATH,
      logger: logger.child({ meetingRoomId: meeting.id }),
      speakerOf: (peerId) => {
        const speaker = meeting.peers.get(peerId)
        return speaker ? { name: speaker.name, userId: speaker.userId } : null
      },
      onCaption: (caption) => meeting.toAll('newTranscription', caption),
      saveLine: (line) => records.addTranscriptLine({ meetingRoomId: meeting.id, ...line }),
    })
    meeting.captions = captions
    for (const peer of meeting.peers.values())
      for (const producer of peer.producers.values()) void captions.listen(producer)
    meeting.toAll('transcription', state)
    void records.log(meeting, {
      event: 'captionsOn',
      actor: caller,
      detail: state.language,
      operatorNote: state.transcript ? 'with a transcript' : undefined,
    })
    return state
  }

  async stopCaptions(meeting: Meeting, caller: EdgePeer) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    const captions = meeting.captions
    if (!captions) return
    meeting.captions = null
    meeting.toAll('transcription', { on: false })
    await captions.stop()
    void this.deps.records.log(meeting, { event: 'captionsOff', actor: caller })
  }

  /** Recording: started by the host or a co-host, when the community's toolbar offers it (see EdgeControls). */
  async startRecording(meeting: Meeting, caller: EdgePeer) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    if (!caller.claims.controls.recording) throw new EdgeError(EDGE_ERRORS.recordingOff)
    if (this.deps.recorder.isRecording(meeting)) return
    await this.deps.recorder.start(meeting, caller)
    void this.deps.records.log(meeting, { event: 'recordingStarted', actor: caller })
  }

  /** Stopped by the host or a co-host (also after the community turned recording off: nothing keeps running unseen). */
  async stopRecording(meeting: Meeting, caller: EdgePeer) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    const mediaId = await this.deps.recorder.stop(meeting)
    if (mediaId)
      void this.deps.records.log(meeting, {
        event: 'recordingStopped',
        actor: caller,
        operatorNote: `kept as media ${mediaId}`,
      })
    return { mediaId }
  }

  /** Live streaming: started by the host or a co-host, when the community's toolbar offers it (see EdgeControls). */
  async startLive(meeting: Meeting, caller: EdgePeer, url: string, streamKey: string | undefined, channel?: string) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    if (!caller.claims.controls.live) throw new EdgeError(EDGE_ERRORS.liveOff)
    const target = rtmpTarget(url, streamKey)
    const channelName = channel?.trim() || null
    if (channelName !== null && !CHANNEL_PATTERN.test(channelName)) throw new EdgeError(EDGE_ERRORS.liveChannelInvalid)
    if (this.deps.liveStreamer.status(meeting).state !== 'idle') return
    await this.deps.liveStreamer.start(meeting, caller, target, channelName)
    // The address is not logged: its stream key is a secret.
    void this.deps.records.log(meeting, { event: 'liveStarted', actor: caller })
  }

  liveStatus(meeting: Meeting) {
    return this.deps.liveStreamer.status(meeting)
  }

  /** Paused by the host or a co-host (whatever the community's switch says: pausing only ever sends less out). */
  async pauseLive(meeting: Meeting, caller: EdgePeer) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    const wasLive = this.deps.liveStreamer.status(meeting).state === 'joined'
    await this.deps.liveStreamer.pause(meeting)
    if (wasLive) void this.deps.records.log(meeting, { event: 'livePaused', actor: caller })
  }

  /**
   * Resumed by the host or a co-host (co-hosts may resume broadcasts), when the community's toolbar still offers
   * live.
   */
  async resumeLive(meeting: Meeting, caller: EdgePeer) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    if (!caller.claims.controls.live) throw new EdgeError(EDGE_ERRORS.liveOff)
    const wasPaused = this.deps.liveStreamer.status(meeting).state === 'pausing'
    await this.deps.liveStreamer.resume(meeting, caller)
    if (wasPaused) void this.deps.records.log(meeting, { event: 'liveResumed', actor: caller })
  }

  /** Stopped by the host or a co-host (also after the community turned live off: nothing keeps running unseen). */
  async stopLive(meeting: Meeting, caller: EdgePeer) {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    if (this.deps.liveStreamer.status(meeting).state === 'idle') return
    await this.deps.liveStreamer.stop(meeting)
    void this.deps.records.log(meeting, { event: 'liveStopped', actor: caller })
  }

  /** The log so far of the meeting (its main room and breakouts), for its hosts and co-hosts. */
  async meetingLog(meeting: Meeting, caller: EdgePeer): Promise<MeetingLogEntry[]> {
    if (!caller.isHost && !caller.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    return this.deps.records.logOf(this.breakouts.mainOf(meeting).id)
  }

  /** A message, trimmed and within its length already. */
  async chat(meeting: Meeting, peer: EdgePeer, text: string): Promise<ChatMessage> {
    if (!peer.claims.controls.chat) throw new EdgeError(EDGE_ERRORS.chatOff)
    const message = await this.deps.records.addChat({
      meetingRoomId: meeting.id,
      peerId: peer.id,
      userId: peer.userId,
      name: peer.name,
      text,
    })
    meeting.toOthers(peer, 'chat:message', message)
    return message
  }

  /**
   * A meeting that cannot go on here (its worker died, or another edge took the room): its peers
   * get `shutdown` and reconnect; the meeting row stays open so the next join resumes it.
   */
  async evacuate(meeting: Meeting, reason: string) {
    // A main meeting's breakouts cannot be resumed without it: their people come back to the main one.
    for (const breakout of this.breakouts.breakoutsOf(meeting)) await this.evacuate(breakout, reason)
    await this.breakouts.mainEnded(meeting)
    if (this.meetings.get(meeting.roomId) === meeting) this.meetings.delete(meeting.roomId)
    this.deps.logger.warn({ meetingRoomId: meeting.id, roomId: meeting.roomId, reason }, 'meeting evacuated')
    // What was recorded so far is kept; the host starts again where the meeting resumes.
    await Promise.all([this.deps.recorder.stop(meeting), this.deps.liveStreamer.stop(meeting)])
    const peers = [...meeting.peers.values()]
    meeting.toAll('shutdown')
    meeting.close()
    for (const peer of peers) this.deps.io.sockets.sockets.get(peer.socketId)?.disconnect(true)
    await this.deps.records.peersLeft(peers.map((peer) => peer.id)).catch(() => undefined)
    await this.deps.records.log(meeting, {
      event: 'meetingMoved',
      level: 'warn',
      operatorNote: `off ${this.deps.env.EDGE_PUBLIC_URL}: ${reason}`,
    })
  }

  /**
   * SIGTERM, once the rooms are handed back (server.ts): every client is told to move (reload and
   * rejoin on the edge its page is given now); meetings stay open to be resumed there.
   */
  async drain() {
    this.draining = true
    // Only this edge's clients: with the Redis adapter a plain emit would reach every edge's.
    this.deps.io.local.emit('edge:move', { reason: 'draining' })
    // Their meetings' `shutdown` (evacuate) is then for pages too old to know 'edge:move'.
    for (const meeting of [...this.meetings.values()]) await this.evacuate(meeting, 'edge shutting down')
  }

  private target(meeting: Meeting, caller: EdgePeer, targetId: string, permission: 'kick-peer' | 'mute-peer') {
    if (!mayModerate(caller, permission)) throw new EdgeError(EDGE_ERRORS.forbidden)
    const target = meeting.peers.get(targetId)
    if (!target) throw new EdgeError(EDGE_ERRORS.notFound)
    // Nobody moderates themselves, only the host may act on the host, and the edge's bots are
    // stopped by their own controls (a recording by recorder:stop, so its file is kept; a live stream
    // by live:stop, so ffmpeg ends it cleanly).
    if (target === caller || (target.isHost && !caller.isHost) || !target.connected)
      throw new EdgeError(EDGE_ERRORS.forbidden)
    return target
  }

  private async removeFromMeeting(meeting: Meeting, peer: EdgePeer, reason: Departure, endIfEmpty = true) {
    if (!meeting.peers.has(peer.id)) return
    meeting.removePeer(peer)
    await this.deps.records.peersLeft([peer.id])
    void this.deps.records.log(meeting, {
      event: 'left',
      subject: peer,
      actor: reason.by,
      detail: reason.why,
      operatorNote: reason.note,
    })
    await this.breakouts.peerLeft(meeting, peer)
    // The meeting goes on while anyone is in its main room or one of its breakouts.
    const main = this.breakouts.mainOf(meeting)
    if (!endIfEmpty || this.breakouts.peopleIn(main) > 0 || main.closed) return
    // The last person left: bots (recorder, live) go with the meeting, and so do its breakouts; a recording is kept.
    if (this.meetings.get(main.roomId) === main) this.meetings.delete(main.roomId)
    await this.breakouts.mainEnded(main)
    await Promise.all([this.deps.recorder.stop(main), this.deps.liveStreamer.stop(main)])
    main.close()
    await this.deps.records.endMeeting(main)
    await this.deps.registry?.releaseRoom(main.roomId)
  }

  /** Joins and leaves of one room run one at a time, so a meeting never ends under a join. */
  private serially<T>(roomId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(roomId) ?? Promise.resolve()
    const next = previous.then(work, work)
    const settled = next.catch(() => undefined)
    this.locks.set(roomId, settled)
    void settled.then(() => {
      if (this.locks.get(roomId) === settled) this.locks.delete(roomId)
    })
    return next
  }
}

/** Kick and mute: the host, a co-host, or a member whose role grants the permission (decided by the web app, carried in the token). */
export function mayModerate(peer: EdgePeer, permission: 'kick-peer' | 'mute-peer') {
  return peer.isHost || peer.isCoHost || peer.claims.permissions.includes(permission)
}

/**
 * Peer data already validated; the avatar may only be hidden, the token's own or one the web app
 * stored for this peer's user (no arbitrary URLs shown to others).
 */
function applyPeerData(peer: EdgePeer, data: PeerData) {
  const shown = (url: string) => url === peer.claims.avatar || isOwnAvatarUpload(url, peer.userId)
  const avatar = data.avatar === undefined || data.avatar === null || shown(data.avatar) ? data.avatar : undefined
  peer.apply({ ...data, avatar, name: data.name?.trim() || undefined })
}
