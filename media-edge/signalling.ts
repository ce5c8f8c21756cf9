// The meeting socket: every client event of protocol.ts answered with an Ack { ok, error, data }.
// The handshake must carry a valid edge token; everything but joining and the room/user channels
// needs a joined meeting first ("meeting not joined", spec §4 Meeting socket). Each event first
// takes a token from the socket's bucket for it (rate-buckets.ts): past its rate it is refused
// before anything else is looked at.
import { z } from 'zod'
import { EdgeError } from './edge-error'
import type { Edge } from './edge'
import { IceRestartLimitError } from './ice-restart'
import type { Logger } from './logger'
import type { Meeting } from './meeting'
import type { EdgePeer } from './peer'
import {
  CALL_LIMITS,
  CAPTION_LANGUAGES,
  EDGE_ERRORS,
  SHARED_VIDEO_MAX_POSITION_MS,
  channels,
  type Ack,
  type ClientToServerEvents,
} from './contract/protocol'
import { VIDEO_LINK_MAX_LENGTH } from './contract/video-link'
import { controlSharedVideo, endSharedVideo, startSharedVideo } from './shared-video'
import { EVENT_RATES, RateBuckets, type EventRates } from './rate-buckets'
import type { EdgeIo, EdgeSocket } from './socket-types'
import { verifyEdgeToken } from './contract/token'
import { ROOM_KICK_ALL, RoomKickAllSchema } from './contract/room-commands'
import type { types } from 'mediasoup'

const id = () => z.string().min(1).max(64)
const videoPosition = () => z.number().int().min(0).max(SHARED_VIDEO_MAX_POSITION_MS)
const json = () => z.record(z.unknown())
const peerData = z
  .object({
    name: z.string().max(100).optional(),
    avatar: z.string().max(2048).nullable().optional(),
    device: z.object({ flag: z.string().max(32), name: z.string().max(64), version: z.string().max(32) }).optional(),
    audioMuted: z.boolean().optional(),
    videoMuted: z.boolean().optional(),
    audioOnly: z.boolean().optional(),
    away: z.boolean().optional(),
    // Sent by clients but derived by the server from what the peer really produces.
    screenSharing: z.boolean().optional(),
  })
  .transform(({ screenSharing: _ignored, ...data }) => data)

const schemas = {
  join: z.object({ roomId: id(), peerData: peerData.optional().default({}) }),
  rtpCapabilities: z.object({ rtpCapabilities: json() }),
  prepare: z.object({ rtpCapabilities: json() }),
  createTransport: z.object({
    direction: z.enum(['send', 'recv']),
    producing: z.boolean().optional(),
    consuming: z.boolean().optional(),
  }),
  connect: z.object({ transportId: id(), dtlsParameters: json() }),
  transport: z.object({ transportId: id() }),
  produce: z.object({
    transportId: id(),
    kind: z.enum(['audio', 'video']),
    rtpParameters: json(),
    appData: z.object({ source: z.enum(['mic', 'webcam', 'screen']) }),
  }),
  producer: z.object({ producerId: id() }),
  consumer: z.object({ consumerId: id() }),
  layers: z.object({
    consumerId: id(),
    spatialLayer: z.number().int().min(0).max(3),
    temporalLayer: z.number().int().min(0).max(3).optional(),
  }),
  updatePeer: z.object({ peerData }),
  chat: z.object({ text: z.string().max(20_000) }),
  room: z.object({ roomId: id() }),
  reaction: z.object({ emoji: z.string().max(16) }),
  pollCreate: z.object({ question: z.string().max(2000), options: z.array(z.string().max(1000)).max(20) }),
  pollAnswer: z.object({ pollId: id(), option: z.number().int().min(0).max(20) }),
  pollClose: z.object({ pollId: id() }),
  videoStart: z.object({ url: z.string().max(VIDEO_LINK_MAX_LENGTH) }),
  videoSeek: z.object({ positionMs: videoPosition() }),
  // Play and pause may come without a payload: the edge's own position is used then.
  videoPlay: z.object({ positionMs: videoPosition().optional() }).optional(),
  mainMeetingRoom: z.object({ mainMeetingRoomId: id() }),
  createBreakout: z.object({ mainMeetingRoomId: id(), name: z.string().max(1000).optional() }),
  renameBreakout: z.object({ meetingRoomId: id(), name: z.string().max(1000) }),
  meetingRoom: z.object({ meetingRoomId: id() }),
  setMove: z.object({ meetingPeerId: id(), moveToMeetingRoomId: id() }),
  meetingPeer: z.object({ meetingPeerId: id() }),
  joinBreakout: z.object({ meetingRoomId: id(), peerData: peerData.optional().default({}) }),
  leaveBreakout: z
    .object({ peerData: peerData.optional().default({}) })
    .optional()
    .default({}),
  eventStart: z.object({ rehearsal: z.boolean().optional() }).optional(),
  eventSlot: z.object({ slotIndex: z.number().int().min(0).max(1000) }),
  eventSeek: z.object({
    positionMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000),
  }),
  eventEnd: z.object({ force: z.boolean().optional() }).optional(),
  captions: z.object({ language: z.enum(CAPTION_LANGUAGES), transcript: z.boolean() }),
  callStart: z.object({ roomId: id(), name: z.string().max(CALL_LIMITS.callerName).optional() }),
  call: z.object({ callId: id() }),
  callDecline: z.object({ callId: id(), message: z.string().max(CALL_LIMITS.message).optional() }),
  liveInitialize: z.object({
    url: z.string().max(2048),
    streamKey: z.string().max(512).optional(),
    channel: z.string().max(100).optional(),
  }),
  // Pause and resume carry nothing: resume always goes to the kept target, so a payload that names
  // anything (another address, say) is refused rather than silently ignored.
  liveControl: z.object({}).strict().optional(),
  leftMeeting: z.object({ roomId: id().optional(), view: z.string().max(64).optional() }).optional(),
}

function parse<T extends z.ZodTypeAny>(schema: T, payload: unknown): z.infer<T> {
  const result = schema.safeParse(payload)
  if (!result.success) throw new EdgeError(EDGE_ERRORS.invalidRequest)
  return result.data
}

/** The peer id of a kick or mute, required before anything else is looked at (spec §8). */
function targetPeerId(payload: unknown) {
  const peerId = (payload as { peerId?: unknown } | undefined)?.peerId
  if (typeof peerId !== 'string' || peerId.length === 0) throw new EdgeError(EDGE_ERRORS.peerIdRequired)
  return peerId
}

export function attachSignalling(
  io: EdgeIo,
  edge: Edge,
  options: { secret: string; logger: Logger; eventRates?: EventRates },
) {
  const { logger } = options

  io.use(async (socket, next) => {
    if (edge.draining) return next(new Error(EDGE_ERRORS.shuttingDown))
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token
    const verified = typeof token === 'string' ? await verifyEdgeToken(token, options.secret) : null
    if (!verified) return next(new Error(EDGE_ERRORS.badToken))
    socket.data = { claims: verified.claims, tokenId: verified.tokenId, peer: null, meeting: null }
    next()
  })

  // The web app's commands (contract/room-commands.ts), heard by every edge through the adapter;
  // a payload that does not parse is dropped (anyone with Redis access could publish one).
  io.on(ROOM_KICK_ALL, (payload: unknown) => {
    const command = RoomKickAllSchema.safeParse(payload)
    if (!command.success) return logger.warn({ payload }, 'room:kickAll refused: invalid payload')
    edge
      .kickAll(command.data.roomId, command.data.reason)
      .catch((error: unknown) => logger.error({ err: error, roomId: command.data.roomId }, 'room:kickAll failed'))
  })

  io.on('connection', (socket) => {
    const buckets = new RateBuckets(options.eventRates ?? EVENT_RATES)
    const answer = <E extends keyof ClientToServerEvents>(event: E, handler: (payload: unknown) => Promise<unknown>) =>
      (socket.on as unknown as (event: string, listener: (...args: unknown[]) => void) => void)(event, (...args) => {
        const ack = typeof args.at(-1) === 'function' ? (args.pop() as (ack: Ack<unknown>) => void) : undefined
        if (!buckets.take(event)) {
          ack?.({ ok: false, error: EDGE_ERRORS.rateLimited })
          return
        }
        handler(args[0]).then(
          (data) => ack?.({ ok: true, data: data ?? undefined }),
          (error: unknown) => ack?.({ ok: false, error: errorText(error, event, socket, logger) }),
        )
      })

    /** The socket's meeting and peer, or "meeting not joined". */
    const joined = (): { meeting: Meeting; peer: EdgePeer } => {
      const { meeting, peer } = socket.data
      if (!meeting || !peer || meeting.closed) throw new EdgeError(EDGE_ERRORS.notJoined)
      return { meeting, peer }
    }

    answer('meetingRoom:join', async (payload) => {
      const { roomId, peerData } = parse(schemas.join, payload)
      return edge.join(socket, roomId, peerData)
    })
    answer('prepare', async (payload) => {
      const { meeting, peer } = joined()
      return meeting.prepare(peer, parse(schemas.prepare, payload).rtpCapabilities as types.RtpCapabilities)
    })
    answer('getRouterRtpCapabilities', async () => joined().meeting.rtpCapabilities)
    answer('setPeerRtpCapabilities', async (payload) => {
      const { peer } = joined()
      peer.rtpCapabilities = parse(schemas.rtpCapabilities, payload).rtpCapabilities as types.RtpCapabilities
    })
    answer('createWebRtcTransport', async (payload) => {
      const { meeting, peer } = joined()
      return meeting.createTransport(peer, parse(schemas.createTransport, payload).direction)
    })
    answer('connectWebRtcTransport', async (payload) => {
      const { meeting, peer } = joined()
      const { transportId, dtlsParameters } = parse(schemas.connect, payload)
      await meeting
        .transportOf(peer, transportId)
        .transport.connect({ dtlsParameters: dtlsParameters as types.DtlsParameters })
    })
    answer('restartIce', async (payload) => {
      const { meeting, peer } = joined()
      const { transport, iceRestarts } = meeting.transportOf(peer, parse(schemas.transport, payload).transportId)
      const iceParameters = await iceRestarts.run(() => transport.restartIce())
      return { iceParameters: { ...iceParameters } }
    })
    answer('produce', async (payload) => {
      const { meeting, peer } = joined()
      const { transportId, kind, rtpParameters, appData } = parse(schemas.produce, payload)
      const producer = await meeting.produce(
        peer,
        transportId,
        kind,
        rtpParameters as types.RtpParameters,
        appData.source,
      )
      return { id: producer.id }
    })
    answer('closeProducer', async (payload) => {
      const { meeting, peer } = joined()
      meeting.producerOf(peer, parse(schemas.producer, payload).producerId).close()
    })
    answer('pauseProducer', async (payload) => {
      const { meeting, peer } = joined()
      await meeting.producerOf(peer, parse(schemas.producer, payload).producerId).pause()
    })
    answer('resumeProducer', async (payload) => {
      const { meeting, peer } = joined()
      await meeting.producerOf(peer, parse(schemas.producer, payload).producerId).resume()
    })
    answer('pauseConsumer', async (payload) => {
      const { meeting, peer } = joined()
      await meeting.consumerOf(peer, parse(schemas.consumer, payload).consumerId).pause()
    })
    answer('resumeConsumer', async (payload) => {
      const { meeting, peer } = joined()
      await meeting.resumeConsumer(peer, parse(schemas.consumer, payload).consumerId)
    })
    answer('setConsumerPreferredLayers', async (payload) => {
      const { meeting, peer } = joined()
      const { consumerId, spatialLayer, temporalLayer } = parse(schemas.layers, payload)
      await meeting.setPreferredLayers(peer, consumerId, { spatialLayer, temporalLayer })
    })
    answer('enter', async () => {
      const { meeting, peer } = joined()
      await edge.enter(meeting, peer)
    })
    const sfuEnter = async () => {
      const { meeting, peer } = joined()
      await meeting.sfuEnter(peer)
    }
    answer('sfuEnter', sfuEnter)
    answer('enterSfu', sfuEnter)
    answer('updateMyPeer', async (payload) => {
      const { meeting, peer } = joined()
      return edge.updatePeer(meeting, peer, parse(schemas.updatePeer, payload).peerData)
    })
    answer('kickPeer', async (payload) => {
      const { meeting, peer } = joined()
      await edge.kick(meeting, peer, targetPeerId(payload))
    })
    answer('mutePeerAudio', async (payload) => {
      const { meeting, peer } = joined()
      await edge.mute(meeting, peer, targetPeerId(payload))
    })
    answer('leave', async () => {
      const { meeting, peer } = joined()
      await edge.leave(socket, meeting, peer, 'left')
    })
    // The client went back to another view (spec §7: roomId, view); not an error when already out.
    answer('peerLeftMeeting', async (payload) => {
      const { view } = parse(schemas.leftMeeting, payload) ?? {}
      const { meeting, peer } = socket.data
      if (meeting && peer) await edge.leave(socket, meeting, peer, `left to ${view ?? 'another view'}`)
    })
    answer('chat:send', async (payload) => {
      const { meeting, peer } = joined()
      return edge.chat(meeting, peer, parse(schemas.chat, payload).text)
    })
    answer('hand:raise', async () => {
      const { meeting, peer } = joined()
      edge.raiseHand(meeting, peer, true)
    })
    answer('hand:lower', async () => {
      const { meeting, peer } = joined()
      edge.raiseHand(meeting, peer, false)
    })
    answer('hand:lowerFor', async (payload) => {
      const { meeting, peer } = joined()
      edge.lowerHandFor(meeting, peer, targetPeerId(payload))
    })
    answer('reaction:send', async (payload) => {
      const { meeting, peer } = joined()
      edge.react(meeting, peer, parse(schemas.reaction, payload).emoji)
    })
    answer('poll:create', async (payload) => {
      const { meeting, peer } = joined()
      const { question, options } = parse(schemas.pollCreate, payload)
      return edge.createPoll(meeting, peer, question, options)
    })
    answer('poll:answer', async (payload) => {
      const { meeting, peer } = joined()
      const { pollId, option } = parse(schemas.pollAnswer, payload)
      edge.answerPoll(meeting, peer, pollId, option)
    })
    answer('poll:close', async (payload) => {
      const { meeting, peer } = joined()
      edge.closePoll(meeting, peer, parse(schemas.pollClose, payload).pollId)
    })
    answer('room:sharedVideo:start', async (payload) => {
      const { meeting, peer } = joined()
      return startSharedVideo(meeting, peer, parse(schemas.videoStart, payload).url, edge.now())
    })
    answer('room:sharedVideo:seek', async (payload) => {
      const { meeting, peer } = joined()
      return controlSharedVideo(
        meeting,
        peer,
        { action: 'seek', positionMs: parse(schemas.videoSeek, payload).positionMs },
        edge.now(),
      )
    })
    for (const action of ['play', 'pause'] as const) {
      answer(`room:sharedVideo:${action}`, async (payload) => {
        const { meeting, peer } = joined()
        return controlSharedVideo(
          meeting,
          peer,
          { action, positionMs: parse(schemas.videoPlay, payload)?.positionMs },
          edge.now(),
        )
      })
    }
    for (const action of ['mute', 'unmute'] as const) {
      answer(`room:sharedVideo:${action}`, async () => {
        const { meeting, peer } = joined()
        return controlSharedVideo(meeting, peer, { action }, edge.now())
      })
    }
    answer('room:sharedVideo:end', async () => {
      const { meeting, peer } = joined()
      endSharedVideo(meeting, peer)
    })
    // Breakout rooms (breakouts.ts): the admin events check the token's host and co-host claims.
    answer('room:admin:getActiveMeetingRooms', async () => {
      const { meeting, peer } = joined()
      return edge.breakouts.activeMeetingRooms(peer, meeting)
    })
    answer('room:admin:createBreakoutMeetingRoom', async (payload) => {
      const { meeting, peer } = joined()
      const { mainMeetingRoomId, name } = parse(schemas.createBreakout, payload)
      return edge.breakouts.create(peer, meeting, mainMeetingRoomId, name)
    })
    answer('room:admin:renameBreakoutMeetingRoom', async (payload) => {
      const { meeting, peer } = joined()
      const { meetingRoomId, name } = parse(schemas.renameBreakout, payload)
      return edge.breakouts.rename(peer, meeting, meetingRoomId, name)
    })
    answer('room:admin:setMeetingPeerMoveToMeetingRoom', async (payload) => {
      const { meeting, peer } = joined()
      const { meetingPeerId, moveToMeetingRoomId } = parse(schemas.setMove, payload)
      await edge.breakouts.setMove(peer, meeting, meetingPeerId, moveToMeetingRoomId)
    })
    answer('room:admin:clearMeetingPeerMoveToMeetingRoom', async (payload) => {
      const { meeting, peer } = joined()
      await edge.breakouts.clearMove(peer, meeting, parse(schemas.meetingPeer, payload).meetingPeerId)
    })
    answer('room:admin:cancelMeetingPeerMoveToMeetingRoom', async (payload) => {
      const { meeting, peer } = joined()
      await edge.breakouts.cancelMoves(peer, meeting, parse(schemas.meetingRoom, payload).meetingRoomId)
    })
    answer('room:admin:applyMoveToMeetingRoom', async (payload) => {
      const { meeting, peer } = joined()
      return edge.breakouts.applyMoves(peer, meeting, parse(schemas.meetingRoom, payload).meetingRoomId)
    })
    answer('room:admin:endBreakouts', async (payload) => {
      const { meeting, peer } = joined()
      return edge.breakouts.end(peer, meeting, parse(schemas.mainMeetingRoom, payload).mainMeetingRoomId)
    })
    answer('joinBreakout', async (payload) => {
      const { meeting, peer } = joined()
      const { meetingRoomId, peerData } = parse(schemas.joinBreakout, payload)
      return edge.moveTo(
        socket,
        meeting,
        peer,
        edge.breakouts.summonedTo(meeting, peer, 'breakout', meetingRoomId),
        peerData,
      )
    })
    answer('leaveBreakout', async (payload) => {
      const { meeting, peer } = joined()
      const { peerData } = parse(schemas.leaveBreakout, payload)
      return edge.moveTo(socket, meeting, peer, edge.breakouts.summonedTo(meeting, peer, 'main'), peerData)
    })
    // The event slot engine: host and co-hosts only (Edge.hostEvent); the slot index for anyone.
    answer('room:event:start', async (payload) => {
      const { rehearsal } = parse(schemas.eventStart, payload) ?? {}
      const { meeting, peer } = joined()
      return edge.hostEvent(meeting, peer).start(rehearsal === true)
    })
    answer('room:event:changeSlot', async (payload) => {
      const { slotIndex } = parse(schemas.eventSlot, payload)
      const { meeting, peer } = joined()
      return edge.hostEvent(meeting, peer).changeSlot(slotIndex)
    })
    answer('room:event:seekSlot', async (payload) => {
      const { positionMs } = parse(schemas.eventSeek, payload)
      const { meeting, peer } = joined()
      return edge.hostEvent(meeting, peer).control((engine) => engine.seek(positionMs))
    })
    answer('room:event:play', async () => {
      const { meeting, peer } = joined()
      return edge.hostEvent(meeting, peer).control((engine) => engine.play())
    })
    answer('room:event:pause', async () => {
      const { meeting, peer } = joined()
      return edge.hostEvent(meeting, peer).control((engine) => engine.pause())
    })
    answer('room:event:end', async (payload) => {
      const { force } = parse(schemas.eventEnd, payload) ?? {}
      const { meeting, peer } = joined()
      return edge.hostEvent(meeting, peer).control((engine) => engine.end(force === true))
    })
    answer('room:event:reset', async () => {
      const { meeting, peer } = joined()
      return edge.hostEvent(meeting, peer).reset()
    })
    // My own part in the event, for anyone (spec §7 joinEvent, leaveEvent).
    answer('joinEvent', async () => {
      const { meeting, peer } = joined()
      return edge.eventOf(meeting).takePart(peer.userId, true)
    })
    answer('leaveEvent', async () => {
      const { meeting, peer } = joined()
      return edge.eventOf(meeting).takePart(peer.userId, false)
    })
    answer('room:getEventSlotIndex', async () => {
      const state = joined().meeting.event?.view()
      return { slotIndex: state?.slotIndex ?? null, remainingMs: state?.remainingMs ?? null }
    })
    answer('transcribe:start', async (payload) => {
      const { meeting, peer } = joined()
      return edge.startCaptions(meeting, peer, parse(schemas.captions, payload))
    })
    answer('transcribe:stop', async () => {
      const { meeting, peer } = joined()
      await edge.stopCaptions(meeting, peer)
    })
    // The waiting room (lobby.ts). Calling and hanging up are for people the meeting refused, so
    // they have no joined-meeting check: the pass (its room, its user, whether it must wait) is the
    // check. Answering and declining are the meeting's hosts' and co-hosts' (from the pass).
    answer('call:setCalling', async (payload) => {
      const { roomId, name } = parse(schemas.callStart, payload)
      if (roomId !== socket.data.claims.roomId) throw new EdgeError(EDGE_ERRORS.wrongRoom)
      return edge.lobby.call(socket, name)
    })
    answer('call:clearCalling', async (payload) => edge.lobby.cancel(socket, parse(schemas.call, payload).callId))
    answer('call:answer', async (payload) => {
      const { meeting, peer } = joined()
      return edge.lobby.answer(meeting, peer, parse(schemas.call, payload).callId)
    })
    answer('call:decline', async (payload) => {
      const { meeting, peer } = joined()
      const { callId, message } = parse(schemas.callDecline, payload)
      return edge.lobby.decline(meeting, peer, callId, message)
    })
    answer('recorder:start', async () => {
      const { meeting, peer } = joined()
      await edge.startRecording(meeting, peer)
    })
    answer('recorder:stop', async () => {
      const { meeting, peer } = joined()
      return edge.stopRecording(meeting, peer)
    })
    answer('live:initialize', async (payload) => {
      const { meeting, peer } = joined()
      const { url, streamKey, channel } = parse(schemas.liveInitialize, payload)
      await edge.startLive(meeting, peer, url, streamKey, channel)
    })
    answer('live:getStreamByRoom', async () => edge.liveStatus(joined().meeting))
    answer('live:pause', async (payload) => {
      const { meeting, peer } = joined()
      parse(schemas.liveControl, payload)
      await edge.pauseLive(meeting, peer)
    })
    answer('live:join', async (payload) => {
      const { meeting, peer } = joined()
      parse(schemas.liveControl, payload)
      await edge.resumeLive(meeting, peer)
    })
    answer('live:stop', async () => {
      const { meeting, peer } = joined()
      await edge.stopLive(meeting, peer)
    })
    // Channels: the user channel is always the token's user; a room channel only the token's room.
    answer('room:join', async (payload) => {
      const { roomId } = parse(schemas.room, payload)
      if (roomId !== socket.data.claims.roomId) throw new EdgeError(EDGE_ERRORS.wrongRoom)
      await socket.join(channels.room(roomId))
    })
    answer('room:leave', async (payload) => {
      await socket.leave(channels.room(parse(schemas.room, payload).roomId))
    })
    answer('user:join', async () => {
      await socket.join(channels.user(socket.data.claims.userId))
    })
    answer('user:leave', async () => {
      await socket.leave(channels.user(socket.data.claims.userId))
    })

    socket.on('disconnect', () => {
      edge.lobby.socketGone(socket.id)
      const { meeting, peer } = socket.data
      if (!meeting || !peer) return
      edge
        .leave(socket, meeting, peer, 'disconnected')
        .catch((error: unknown) => logger.error({ err: error, peerId: peer.id }, 'leave after disconnect failed'))
    })
  })
}

/** What the client is told: refusals as they are, the rest hidden behind a generic text (and logged). */
function errorText(error: unknown, event: string, socket: EdgeSocket, logger: Logger) {
  if (error instanceof EdgeError) return error.message
  if (error instanceof IceRestartLimitError) return EDGE_ERRORS.iceRestartFailed
  // mediasoup rejects malformed parameters (RTP, DTLS, capabilities) with a TypeError.
  if (error instanceof TypeError) {
    logger.debug({ event, socketId: socket.id, err: error }, 'invalid media parameters')
    return EDGE_ERRORS.invalidRequest
  }
  logger.warn({ event, socketId: socket.id, err: error }, 'socket request failed')
  return EDGE_ERRORS.serverError
}
