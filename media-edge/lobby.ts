// The door of a room's meeting, and the waiting room: who waits, their calls to the room's hosts,
// and the end of each call. A room with its waiting room on holds back every newcomer but its hosts
// and co-hosts: the edge refuses their join (EDGE_ERRORS.waitingRoom) until a host answers one of their
// calls. A locked room without it admits nobody new at all (EDGE_ERRORS.roomLocked). Either way whoever
// was in the meeting already comes back (a reload, a reconnect). The door is read from the room's row
// at each join, so a host's lock counts at once; the answer to a call is stored with the meeting it
// admits to (calls table, models/call.ts), and the join looks it up there: admission is never the
// client's word, a fresh pass or a reload finds the same answer, and every edge sharing the database agrees.
import { MeetingPeer, Room } from '#models/index'
import { RoomCall, admittedTo, callView, doorFor, endCall, ringHosts, ringingCalls, type CallEnd } from '#models/call'
import { EdgeError } from './edge-error'
import type { Clock } from './clock'
import type { Logger } from './logger'
import type { Meeting } from './meeting'
import type { EdgePeer } from './peer'
import { EDGE_ERRORS, channels, isGuestId, type EdgeClaims } from './contract/protocol'
import type { Call } from './contract/calls'
import type { EdgeIo, EdgeSocket } from './socket-types'

export interface LobbyDeps {
  io: EdgeIo
  logger: Logger
  /** How long a call rings before it is missed (CALL_RING_MS). */
  ringMs: number
  /** Rings out missed calls; passed in so tests can fire it at will. */
  clock: Clock
}

/** The room as its door needs it, as it is now (a host may have locked it since the pass was signed). */
function roomAtDoor(roomId: string) {
  return Room.findOne({
    where: { id: roomId, deleted: false },
    attributes: ['id', 'brandId', 'hostId', 'locked', 'waitingRoom'],
  })
}

/** Whether the door let the person into this meeting before (its row of them), or a host answered their call in it. */
async function letInBefore(meetingRoomId: string, userId: string) {
  const [rows, admitted] = await Promise.all([
    MeetingPeer.count({ where: { meetingRoomId, userId } }),
    admittedTo(meetingRoomId, userId),
  ])
  return rows > 0 || admitted
}

/**
 * Why the pass's holder may not join this meeting now (the refusal's text), or null when they may.
 * `meetingRoomId` is the room's open meeting, if one is open.
 */
export async function refusalAtDoor(claims: EdgeClaims, meetingRoomId: string | null): Promise<string | null> {
  if (claims.isHost || claims.isCoHost) return null
  const room = await roomAtDoor(claims.roomId)
  if (!room) return EDGE_ERRORS.notFound
  const door = doorFor(room, claims)
  if (door === 'open' || (meetingRoomId && (await letInBefore(meetingRoomId, claims.userId)))) return null
  if (door === 'locked') return EDGE_ERRORS.roomLocked
  return room.locked ? EDGE_ERRORS.lockedWaitingRoom : EDGE_ERRORS.waitingRoom
}

export class Lobby {
  /** The calls ringing from this edge's sockets: their missed timer and the caller's socket. */
  private readonly ringing = new Map<string, { socketId: string; timer: unknown }>()

  constructor(private readonly deps: LobbyDeps) {}

  /**
   * A waiting person calls the room's hosts. One ringing call per person and room: calling again
   * (a second tab, a reload) returns the ringing one instead of ringing twice. The caller's socket
   * joins its user channel, where the call's end reaches it.
   */
  async call(socket: EdgeSocket, name: string | undefined): Promise<Call> {
    const { claims } = socket.data
    if (socket.data.peer) throw new EdgeError(EDGE_ERRORS.notWaiting)
    const room = await roomAtDoor(claims.roomId)
    if (!room) throw new EdgeError(EDGE_ERRORS.notFound)
    // Only a waiting room has someone to answer; a locked room without one takes no calls.
    const door = doorFor(room, claims)
    if (door !== 'knock') throw new EdgeError(door === 'locked' ? EDGE_ERRORS.roomLocked : EDGE_ERRORS.notWaiting)
    await socket.join(channels.user(claims.userId))
    // A guest's name is the one they typed; a member's is their account's (nobody calls as someone else).
    const callerName = (isGuestId(claims.userId) && name?.trim()) || claims.name || 'Guest'
    const { row, created } = await ringHosts(room, claims.userId, callerName)
    this.ring(row.id, socket.id)
    const view = callView(row)
    if (created) this.announce(view)
    return view
  }

  /** The caller hangs up: only their own call, only while it rings. */
  async cancel(socket: EdgeSocket, callId: string): Promise<Call> {
    const { claims } = socket.data
    const row = await RoomCall.findByPk(callId)
    if (!row || row.callerId !== claims.userId || row.roomId !== claims.roomId)
      throw new EdgeError(EDGE_ERRORS.notFound)
    return this.end(callId, 'cancelled')
  }

  /** A host or co-host in the meeting lets the caller in: the answer names this meeting. */
  async answer(meeting: Meeting, host: EdgePeer, callId: string): Promise<Call> {
    await this.hostsCall(meeting, host, callId)
    return this.end(callId, 'answered', { answeredBy: host.userId, meetingRoomId: meeting.id })
  }

  /** A host or co-host turns the caller away, with a message the caller reads (optional). */
  async decline(meeting: Meeting, host: EdgePeer, callId: string, message: string | undefined): Promise<Call> {
    await this.hostsCall(meeting, host, callId)
    return this.end(callId, 'declined', { answeredBy: host.userId, message: message?.trim() || null })
  }

  /**
   * A host or co-host locks or opens the room, in its row as the room's settings write it: the next
   * join reads it there. Every page and meeting of the room hears `room.updated` and re-reads it.
   */
  async setLocked(meeting: Meeting, host: EdgePeer, locked: boolean): Promise<{ locked: boolean }> {
    if (!host.isHost && !host.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    await Room.update({ locked }, { where: { id: meeting.roomId } })
    this.deps.io.to(channels.room(meeting.roomId)).emit('room.updated', { roomId: meeting.roomId })
    return { locked }
  }

  /** The ringing calls of the room, for its hosts and co-hosts when they join (others see none). */
  async waitingFor(peer: EdgePeer, roomId: string): Promise<Call[]> {
    if (!peer.isHost && !peer.isCoHost) return []
    return (await ringingCalls(roomId)).map(callView)
  }

  /** A caller's socket went away (closed tab, lost network): the call it made ends as cancelled. */
  socketGone(socketId: string) {
    for (const [callId, entry] of this.ringing) {
      if (entry.socketId !== socketId) continue
      this.end(callId, 'cancelled').catch((error: unknown) => this.settleFailed(error, callId))
    }
  }

  /** Every timer stopped (the edge is closing; the calls stay ringing in the database for the next edge). */
  close() {
    for (const { timer } of this.ringing.values()) this.deps.clock.clearTimeout(timer)
    this.ringing.clear()
  }

  private async hostsCall(meeting: Meeting, host: EdgePeer, callId: string) {
    if (!host.isHost && !host.isCoHost) throw new EdgeError(EDGE_ERRORS.forbidden)
    const row = await RoomCall.findByPk(callId)
    if (!row || row.roomId !== meeting.roomId) throw new EdgeError(EDGE_ERRORS.notFound)
  }

  /** Rings (again) from this socket, missed after ringMs unless it ends first. */
  private ring(callId: string, socketId: string) {
    const earlier = this.ringing.get(callId)
    if (earlier) this.deps.clock.clearTimeout(earlier.timer)
    const timer = this.deps.clock.setTimeout(() => {
      this.end(callId, 'missed').catch((error: unknown) => this.settleFailed(error, callId))
    }, this.deps.ringMs)
    this.ringing.set(callId, { socketId, timer })
  }

  private async end(callId: string, status: CallEnd, details: Parameters<typeof endCall>[2] = {}): Promise<Call> {
    const entry = this.ringing.get(callId)
    if (entry) this.deps.clock.clearTimeout(entry.timer)
    this.ringing.delete(callId)
    const ended = await endCall(callId, status, details)
    if (!ended) throw new EdgeError(EDGE_ERRORS.callEnded)
    const view = callView(ended)
    this.announce(view)
    return view
  }

  /** The caller and the room's hosts and co-hosts, on whichever edge their sockets are. */
  private announce(call: Call) {
    this.deps.io.to(channels.user(call.callerId)).to(channels.roomHosts(call.roomId)).emit('call:updated', call)
  }

  private settleFailed(error: unknown, callId: string) {
    // An already-ended call (answered as the timer fired) is the expected loser of the race.
    if (error instanceof EdgeError) return
    this.deps.logger.error({ err: error, callId }, 'could not end a call')
  }
}
