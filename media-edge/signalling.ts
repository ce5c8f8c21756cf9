// The meeting socket: every client event of the contract (contract/events.ts) answered with an Ack
// { ok, error, data }. The handshake must carry a valid edge token. Then each event goes the same
// way: it takes a token from the socket's bucket for it (rate-buckets.ts), so past its rate it is
// refused before anything else is looked at; its payload is read with the event's schema; and its
// handler below answers. Everything but joining, the waiting room's calls and the room and user
// channels needs a joined meeting first ("meeting not joined").
import type { types } from 'mediasoup'
import { EdgeError } from './edge-error'
import type { Edge } from './edge'
import { IceRestartLimitError } from './ice-restart'
import type { Logger } from './logger'
import type { Meeting } from './meeting'
import type { EdgePeer } from './peer'
import { EDGE_ERRORS, channels, type Ack } from './contract/protocol'
import { CLIENT_EVENTS, type ClientAnswer, type ClientEvent, type ClientPayload } from './contract/events'
import type { ClientEventDefinition } from './contract/event-parts'
import { EVENT_RATES, RateBuckets, type EventRates } from './rate-buckets'
import type { EdgeIo, EdgeSocket } from './socket-types'
import { verifyEdgeToken } from './contract/token'
import { ROOM_KICK_ALL, RoomKickAllSchema } from './contract/room-commands'

/** What a handler answers: the event's Ack data, or nothing when its Ack carries none. */
type Reply<T> = undefined extends T ? T | void : T
type Handler<E extends ClientEvent> = (payload: ClientPayload<E>, socket: EdgeSocket) => Promise<Reply<ClientAnswer<E>>>
/** One handler for every client event and none for another: a missing or extra one does not compile. */
type Handlers = { [E in ClientEvent]: Handler<E> }

const REFUSALS = new Set<string>(Object.values(EDGE_ERRORS))

/**
 * The payload as the event's schema reads it. A schema may name the refusal a broken rule gets (one
 * of EDGE_ERRORS, such as a poll past its limits); anything else malformed is an invalid request.
 */
function parse<E extends ClientEvent>(event: E, payload: unknown): ClientPayload<E> {
  const schema = (CLIENT_EVENTS[event] as ClientEventDefinition).payload
  if (!schema) return undefined as ClientPayload<E>
  const result = schema.safeParse(payload)
  if (result.success) return result.data as ClientPayload<E>
  const texts = result.error.issues.map((issue) => issue.message)
  throw new EdgeError(texts.every((text) => REFUSALS.has(text)) ? texts[0]! : EDGE_ERRORS.invalidRequest)
}

/** The socket's meeting and peer, or "meeting not joined". */
function joined(socket: EdgeSocket): { meeting: Meeting; peer: EdgePeer } {
  const { meeting, peer } = socket.data
  if (!meeting || !peer || meeting.closed) throw new EdgeError(EDGE_ERRORS.notJoined)
  return { meeting, peer }
}

function handlersFor(edge: Edge): Handlers {
  const sfuEnter = async (_: undefined, socket: EdgeSocket) => {
    const { meeting, peer } = joined(socket)
    await meeting.sfuEnter(peer)
  }
  // Play and pause take the same payload; mute and unmute none.
  const playback =
    (action: 'play' | 'pause') => async (payload: ClientPayload<'room:sharedVideo:play'>, socket: EdgeSocket) => {
      const { meeting, peer } = joined(socket)
      return edge.controlSharedVideo(meeting, peer, { action, positionMs: payload?.positionMs })
    }
  const sound = (action: 'mute' | 'unmute') => async (_: undefined, socket: EdgeSocket) => {
    const { meeting, peer } = joined(socket)
    return edge.controlSharedVideo(meeting, peer, { action })
  }

  return {
    'meetingRoom:join': async ({ roomId, peerData }, socket) => edge.join(socket, roomId, peerData),
    enter: async (_, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.enter(meeting, peer)
    },
    updateMyPeer: async ({ peerData }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.updatePeer(meeting, peer, peerData)
    },
    kickPeer: async ({ peerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.kick(meeting, peer, peerId)
    },
    mutePeerAudio: async ({ peerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.mute(meeting, peer, peerId)
    },
    disableShare: async ({ peerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.disableShare(meeting, peer, peerId)
    },
    leave: async (_, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.leave(socket, meeting, peer, { why: 'left' })
    },
    peerLeftMeeting: async (payload, socket) => {
      const { meeting, peer } = socket.data
      if (meeting && peer)
        await edge.leave(socket, meeting, peer, { why: 'left', note: `to ${payload?.view ?? 'another view'}` })
    },

    // Media: the meeting's transports, producers and consumers.
    prepare: async ({ rtpCapabilities }, socket) => {
      const { meeting, peer } = joined(socket)
      return meeting.prepare(peer, rtpCapabilities as types.RtpCapabilities)
    },
    getRouterRtpCapabilities: async (_, socket) => ({ ...joined(socket).meeting.rtpCapabilities }),
    setPeerRtpCapabilities: async ({ rtpCapabilities }, socket) => {
      joined(socket).peer.rtpCapabilities = rtpCapabilities as types.RtpCapabilities
    },
    createWebRtcTransport: async ({ direction }, socket) => {
      const { meeting, peer } = joined(socket)
      return meeting.createTransport(peer, direction)
    },
    connectWebRtcTransport: async ({ transportId, dtlsParameters }, socket) => {
      const { meeting, peer } = joined(socket)
      await meeting
        .transportOf(peer, transportId)
        .transport.connect({ dtlsParameters: dtlsParameters as types.DtlsParameters })
    },
    restartIce: async ({ transportId }, socket) => {
      const { meeting, peer } = joined(socket)
      const { transport, iceRestarts } = meeting.transportOf(peer, transportId)
      const iceParameters = await iceRestarts.run(() => transport.restartIce())
      return { iceParameters: { ...iceParameters } }
    },
    produce: async ({ transportId, kind, rtpParameters, appData }, socket) => {
      const { meeting, peer } = joined(socket)
      const producer = await meeting.produce(
        peer,
        transportId,
        kind,
        rtpParameters as types.RtpParameters,
        appData.source,
      )
      return { id: producer.id }
    },
    closeProducer: async ({ producerId }, socket) => {
      const { meeting, peer } = joined(socket)
      meeting.producerOf(peer, producerId).close()
    },
    pauseProducer: async ({ producerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await meeting.producerOf(peer, producerId).pause()
    },
    resumeProducer: async ({ producerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await meeting.producerOf(peer, producerId).resume()
    },
    pauseConsumer: async ({ consumerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await meeting.consumerOf(peer, consumerId).pause()
    },
    resumeConsumer: async ({ consumerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await meeting.resumeConsumer(peer, consumerId)
    },
    setConsumerPreferredLayers: async ({ consumerId, spatialLayer, temporalLayer }, socket) => {
      const { meeting, peer } = joined(socket)
      await meeting.setPreferredLayers(peer, consumerId, { spatialLayer, temporalLayer })
    },
    sfuEnter,
    enterSfu: sfuEnter,

    'chat:send': async ({ text }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.chat(meeting, peer, text)
    },
    'hand:raise': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      edge.raiseHand(meeting, peer, true)
    },
    'hand:lower': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      edge.raiseHand(meeting, peer, false)
    },
    'hand:lowerFor': async ({ peerId }, socket) => {
      const { meeting, peer } = joined(socket)
      edge.lowerHandFor(meeting, peer, peerId)
    },
    'reaction:send': async ({ emoji }, socket) => {
      const { meeting, peer } = joined(socket)
      edge.react(meeting, peer, emoji)
    },
    'poll:create': async ({ question, options }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.createPoll(meeting, peer, question, options)
    },
    'poll:answer': async ({ pollId, option }, socket) => {
      const { meeting, peer } = joined(socket)
      edge.answerPoll(meeting, peer, pollId, option)
    },
    'poll:close': async ({ pollId }, socket) => {
      const { meeting, peer } = joined(socket)
      edge.closePoll(meeting, peer, pollId)
    },

    'room:sharedVideo:start': async ({ url }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.startSharedVideo(meeting, peer, url)
    },
    'room:sharedVideo:seek': async ({ positionMs }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.controlSharedVideo(meeting, peer, { action: 'seek', positionMs })
    },
    'room:sharedVideo:play': playback('play'),
    'room:sharedVideo:pause': playback('pause'),
    'room:sharedVideo:mute': sound('mute'),
    'room:sharedVideo:unmute': sound('unmute'),
    'room:sharedVideo:end': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      edge.endSharedVideo(meeting, peer)
    },

    // The meeting log (meeting-log.ts), for hosts and co-hosts; new lines reach them on the room's hosts channel.
    'meetingLog:get': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.meetingLog(meeting, peer)
    },

    // Breakout rooms (breakouts.ts): the admin events check the token's host and co-host claims.
    'room:admin:getActiveMeetingRooms': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.breakouts.activeMeetingRooms(peer, meeting)
    },
    'room:admin:createBreakoutMeetingRoom': async ({ mainMeetingRoomId, name }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.breakouts.create(peer, meeting, mainMeetingRoomId, name)
    },
    'room:admin:renameBreakoutMeetingRoom': async ({ meetingRoomId, name }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.breakouts.rename(peer, meeting, meetingRoomId, name)
    },
    'room:admin:setMeetingPeerMoveToMeetingRoom': async ({ meetingPeerId, moveToMeetingRoomId }, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.breakouts.setMove(peer, meeting, meetingPeerId, moveToMeetingRoomId)
    },
    'room:admin:clearMeetingPeerMoveToMeetingRoom': async ({ meetingPeerId }, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.breakouts.clearMove(peer, meeting, meetingPeerId)
    },
    'room:admin:cancelMeetingPeerMoveToMeetingRoom': async ({ meetingRoomId }, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.breakouts.cancelMoves(peer, meeting, meetingRoomId)
    },
    'room:admin:applyMoveToMeetingRoom': async ({ meetingRoomId }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.breakouts.applyMoves(peer, meeting, meetingRoomId)
    },
    'room:admin:endBreakouts': async ({ mainMeetingRoomId }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.breakouts.end(peer, meeting, mainMeetingRoomId)
    },
    joinBreakout: async ({ meetingRoomId, peerData }, socket) => {
      const { meeting, peer } = joined(socket)
      const target = edge.breakouts.summonedTo(meeting, peer, 'breakout', meetingRoomId)
      return edge.moveTo(socket, meeting, peer, target, peerData)
    },
    leaveBreakout: async ({ peerData }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.moveTo(socket, meeting, peer, edge.breakouts.summonedTo(meeting, peer, 'main'), peerData)
    },

    // The event slot engine: host and co-hosts only (Edge.hostEvent); the slot index for anyone.
    'room:event:start': async (payload, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.hostEvent(meeting, peer).start(payload?.rehearsal === true)
    },
    'room:event:changeSlot': async ({ slotIndex }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.hostEvent(meeting, peer).changeSlot(slotIndex)
    },
    'room:event:seekSlot': async ({ positionMs }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.hostEvent(meeting, peer).control((engine) => engine.seek(positionMs))
    },
    'room:event:play': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.hostEvent(meeting, peer).control((engine) => engine.play())
    },
    'room:event:pause': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.hostEvent(meeting, peer).control((engine) => engine.pause())
    },
    'room:event:end': async (payload, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.hostEvent(meeting, peer).control((engine) => engine.end(payload?.force === true))
    },
    'room:event:reset': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.hostEvent(meeting, peer).reset()
    },
    // My own part in the event, for anyone (joinEvent, leaveEvent).
    joinEvent: async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.eventOf(meeting).takePart(peer.userId, true)
    },
    leaveEvent: async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.eventOf(meeting).takePart(peer.userId, false)
    },
    'room:getEventSlotIndex': async (_, socket) => {
      const state = joined(socket).meeting.event?.view()
      return { slotIndex: state?.slotIndex ?? null, remainingMs: state?.remainingMs ?? null }
    },

    'transcribe:start': async (request, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.startCaptions(meeting, peer, request)
    },
    'transcribe:stop': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.stopCaptions(meeting, peer)
    },

    // The waiting room (lobby.ts). Calling and hanging up are for people the meeting refused, so
    // they have no joined-meeting check: the pass (its room, its user, whether it must wait) is the
    // check. Answering and declining are the meeting's hosts' and co-hosts' (from the pass).
    'call:setCalling': async ({ roomId, name }, socket) => {
      if (roomId !== socket.data.claims.roomId) throw new EdgeError(EDGE_ERRORS.wrongRoom)
      return edge.lobby.call(socket, name)
    },
    'call:clearCalling': async ({ callId }, socket) => edge.lobby.cancel(socket, callId),
    'call:answer': async ({ callId }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.lobby.answer(meeting, peer, callId)
    },
    'call:decline': async ({ callId, message }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.lobby.decline(meeting, peer, callId, message)
    },
    'room:setLocked': async ({ locked }, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.lobby.setLocked(meeting, peer, locked)
    },

    'recorder:start': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.startRecording(meeting, peer)
    },
    'recorder:stop': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      return edge.stopRecording(meeting, peer)
    },
    'live:initialize': async ({ url, streamKey, channel }, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.startLive(meeting, peer, url, streamKey, channel)
    },
    'live:getStreamByRoom': async (_, socket) => edge.liveStatus(joined(socket).meeting),
    'live:pause': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.pauseLive(meeting, peer)
    },
    'live:join': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.resumeLive(meeting, peer)
    },
    'live:stop': async (_, socket) => {
      const { meeting, peer } = joined(socket)
      await edge.stopLive(meeting, peer)
    },

    // Channels: the user channel is always the token's user; a room channel only the token's room.
    'room:join': async ({ roomId }, socket) => {
      if (roomId !== socket.data.claims.roomId) throw new EdgeError(EDGE_ERRORS.wrongRoom)
      await socket.join(channels.room(roomId))
    },
    'room:leave': async ({ roomId }, socket) => {
      await socket.leave(channels.room(roomId))
    },
    'user:join': async (_, socket) => {
      await socket.join(channels.user(socket.data.claims.userId))
    },
    'user:leave': async (_, socket) => {
      await socket.leave(channels.user(socket.data.claims.userId))
    },
  }
}

/** A page's own id, as the meeting client makes it (a UUID); anything else counts as none. */
const PAGE_ID = /^[\w-]{8,64}$/

export function attachSignalling(
  io: EdgeIo,
  edge: Edge,
  options: { secret: string; logger: Logger; eventRates?: EventRates },
) {
  const { logger } = options
  const handlers = handlersFor(edge)
  const answer = async <E extends ClientEvent>(event: E, payload: unknown, socket: EdgeSocket) =>
    handlers[event](parse(event, payload), socket)

  io.use(async (socket, next) => {
    if (edge.draining) return next(new Error(EDGE_ERRORS.shuttingDown))
    const auth = socket.handshake.auth as { token?: unknown; page?: unknown } | undefined
    const verified = typeof auth?.token === 'string' ? await verifyEdgeToken(auth.token, options.secret) : null
    if (!verified) return next(new Error(EDGE_ERRORS.badToken))
    const page = typeof auth?.page === 'string' && PAGE_ID.test(auth.page) ? auth.page : `token:${verified.tokenId}`
    socket.data = {
      claims: verified.claims,
      page: `${verified.claims.userId} ${page}`,
      peer: null,
      meeting: null,
    }
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
    logger.debug(socketFields(socket), 'socket connected')
    const buckets = new RateBuckets(options.eventRates ?? EVENT_RATES)
    // Every event's listener has the same shape (payload, if any, then the Ack), which Socket.IO's
    // typed `on` cannot say of an event name taken from a loop.
    const on = socket.on.bind(socket) as unknown as (event: string, listener: (...args: unknown[]) => void) => void
    for (const event of Object.keys(CLIENT_EVENTS) as ClientEvent[]) {
      on(event, (...args) => {
        const ack = typeof args.at(-1) === 'function' ? (args.pop() as (ack: Ack<unknown>) => void) : undefined
        if (!buckets.take(event)) {
          ack?.({ ok: false, error: EDGE_ERRORS.rateLimited })
          return
        }
        answer(event, args[0], socket).then(
          (data) => ack?.({ ok: true, data: data ?? undefined }),
          (error: unknown) => ack?.({ ok: false, error: errorText(error, event, socket, logger) }),
        )
      })
    }

    socket.on('disconnect', () => {
      edge.lobby.socketGone(socket.id)
      const { meeting, peer } = socket.data
      if (!meeting || !peer) return
      edge
        .leave(socket, meeting, peer, { why: 'disconnected' })
        .catch((error: unknown) =>
          logger.error({ err: error, peerId: peer.id, ...socketFields(socket) }, 'leave after disconnect failed'),
        )
    })
  })
}

/** What the client is told: refusals as they are, the rest hidden behind a generic text (and logged). */
function errorText(error: unknown, event: string, socket: EdgeSocket, logger: Logger) {
  if (error instanceof EdgeError) return error.message
  if (error instanceof IceRestartLimitError) return EDGE_ERRORS.iceRestartFailed
  // mediasoup rejects malformed parameters (RTP, DTLS, capabilities) with a TypeError.
  if (error instanceof TypeError) {
    logger.debug({ event, ...socketFields(socket), err: error }, 'invalid media parameters')
    return EDGE_ERRORS.invalidRequest
  }
  logger.warn({ event, ...socketFields(socket), err: error }, 'socket request failed')
  return EDGE_ERRORS.serverError
}

/** What the edge's log lines say of a socket: the web request that issued its pass ties them to that page's log. */
const socketFields = (socket: EdgeSocket) => ({
  socketId: socket.id,
  roomId: socket.data.claims.roomId,
  reqId: socket.data.claims.requestId,
})
