// Breakout rooms (docs/meetings.md#breakout-rooms). A
// breakout is a meeting of its own (its own router: nobody outside it sees or hears its people)
// under the room's main meeting. Hosts and co-hosts (the token's claims, never the peer data)
// create and rename rooms, set where each peer should go, and apply the moves of a room: each
// moved peer is told (joinBreakout / leaveBreakout) and then asks to move, which only a peer the
// host moved there may do. Ending the breakouts sends everyone back; each breakout ends once empty.
import { EdgeError } from './edge-error'
import type { Meeting } from './meeting'
import type { MeetingRecords } from './meeting-records'
import { connectedPeers, type EdgePeer } from './peer'
import type { MeetingRoomView } from './contract/breakouts'
import { EDGE_ERRORS } from './contract/protocol'

interface BreakoutRoom {
  meeting: Meeting
  name: string
  startedAt: Date
  managerUserIds: string[]
  /** Everyone was sent back to the main room: it takes no one and ends once empty. */
  ending: boolean
}

/** One main meeting's breakouts and the moves its hosts set. */
class MeetingBreakouts {
  readonly rooms = new Map<string, BreakoutRoom>()
  /** Moves the hosts set and have not applied: meeting peer id → meeting room id. */
  readonly moves = new Map<string, string>()
  /** Moves applied and not yet made: meeting peer id → the meeting room id it may now join. */
  readonly summoned = new Map<string, string>()
  /** Who is in which breakout, by user: someone who reconnects (a new peer, in the main room) is sent back there. */
  readonly placed = new Map<string, string>()

  constructor(
    readonly main: Meeting,
    readonly mainName: string,
    readonly mainStartedAt: Date,
  ) {}

  /** The main meeting and its open breakouts, main first. */
  meetings(): Meeting[] {
    return [this.main, ...[...this.rooms.values()].map((room) => room.meeting)]
  }

  /** A room of this meeting peers may be moved to: the main one or an open breakout (not one whose worker died). */
  target(meetingRoomId: string): Meeting | undefined {
    if (meetingRoomId === this.main.id) return this.main
    const room = this.rooms.get(meetingRoomId)
    return room && !room.ending && !room.meeting.closed ? room.meeting : undefined
  }

  nameOf(meeting: Meeting) {
    return meeting === this.main ? this.mainName : (this.rooms.get(meeting.id)?.name ?? '')
  }

  findPeer(meetingPeerId: string): { meeting: Meeting; peer: EdgePeer } | undefined {
    for (const meeting of this.meetings()) {
      const peer = meeting.peers.get(meetingPeerId)
      if (peer) return { meeting, peer }
    }
    return undefined
  }

  view(): MeetingRoomView[] {
    const peersOf = (meeting: Meeting) =>
      connectedPeers(meeting.peers.values()).map((peer) => ({
        id: peer.id,
        userId: peer.userId,
        name: peer.name,
        moveToMeetingRoomId: this.moves.get(peer.id) ?? null,
      }))
    const main: MeetingRoomView = {
      id: this.main.id,
      type: 'main',
      parentId: null,
      name: this.mainName,
      startedAt: this.mainStartedAt.toISOString(),
      managed: false,
      managerUserIds: [],
      peers: peersOf(this.main),
    }
    const breakouts = [...this.rooms.values()]
      .filter((room) => this.target(room.meeting.id))
      .map((room): MeetingRoomView => ({
        id: room.meeting.id,
        type: 'breakout',
        parentId: this.main.id,
        name: room.name,
        startedAt: room.startedAt.toISOString(),
        managed: true,
        managerUserIds: room.managerUserIds,
        peers: peersOf(room.meeting),
      }))
    return [main, ...breakouts]
  }
}

export interface BreakoutDeps {
  records: MeetingRecords
  /** Opens a meeting (its own router) for a meeting room row of the room. */
  openMeeting: (meetingRoomId: string, roomId: string) => Promise<Meeting>
}

/** Breakout rooms and moves, for every main meeting on this edge. */
export class Breakouts {
  private readonly byMain = new Map<string, Promise<MeetingBreakouts>>()
  /** Settled states, by the id of the main meeting and of each breakout, for the synchronous lookups. */
  private readonly byMeeting = new Map<string, MeetingBreakouts>()

  constructor(private readonly deps: BreakoutDeps) {}

  /** The main meeting of a meeting: its parent when it is a breakout, else itself. */
  mainOf(meeting: Meeting): Meeting {
    return this.byMeeting.get(meeting.id)?.main ?? meeting
  }

  isBreakout(meeting: Meeting) {
    const state = this.byMeeting.get(meeting.id)
    return state !== undefined && state.main !== meeting
  }

  /** The people of the main meeting and its breakouts: the meeting ends when there are none. */
  peopleIn(main: Meeting) {
    const state = this.byMeeting.get(main.id)
    const meetings = state ? state.meetings() : [main]
    return meetings.reduce((count, meeting) => count + connectedPeers(meeting.peers.values()).length, 0)
  }

  /** The breakout meetings under a main one (to evacuate with it). */
  breakoutsOf(main: Meeting): Meeting[] {
    const state = this.byMeeting.get(main.id)
    return state && state.main === main ? state.meetings().slice(1) : []
  }

  // ── admin events, each for the host and co-hosts only ──────────────────────────────────────────

  async activeMeetingRooms(caller: EdgePeer, meeting: Meeting): Promise<MeetingRoomView[]> {
    requireAdmin(caller)
    return (await this.stateOf(meeting)).view()
  }

  async create(
    caller: EdgePeer,
    meeting: Meeting,
    mainMeetingRoomId: string,
    name: string | undefined,
  ): Promise<MeetingRoomView> {
    requireAdmin(caller)
    const state = await this.stateOf(meeting)
    if (state.main.id !== mainMeetingRoomId) throw new EdgeError(EDGE_ERRORS.notFound)
    const chosen = name ?? firstFreeNumber(state)
    assertUnique(state, chosen, null)
    const row = await this.deps.records.openBreakout({ id: state.main.id, roomId: state.main.roomId }, chosen, [
      caller.userId,
    ])
    const breakout = await this.deps.openMeeting(row.id, state.main.roomId)
    state.rooms.set(row.id, {
      meeting: breakout,
      name: chosen,
      startedAt: row.startedAt,
      managerUserIds: [caller.userId],
      ending: false,
    })
    this.byMeeting.set(row.id, state)
    this.changed(state)
    return state.view().find((room) => room.id === row.id)!
  }

  /**
   * The name is required and unique within the meeting (the main room's included). It comes
   * trimmed and present (the payload's schema, contract/breakouts.ts); unique is checked here.
   */
  async rename(caller: EdgePeer, meeting: Meeting, meetingRoomId: string, name: string): Promise<MeetingRoomView> {
    requireAdmin(caller)
    const state = await this.stateOf(meeting)
    const room = state.rooms.get(meetingRoomId)
    if (!room || room.ending) throw new EdgeError(EDGE_ERRORS.notFound)
    assertUnique(state, name, meetingRoomId)
    await this.deps.records.renameMeetingRoom(meetingRoomId, name)
    room.name = name
    this.changed(state)
    return state.view().find((view) => view.id === meetingRoomId)!
  }

  /** Where a peer should go when its room's moves are applied; its own room clears the move. */
  async setMove(caller: EdgePeer, meeting: Meeting, meetingPeerId: string, moveToMeetingRoomId: string) {
    requireAdmin(caller)
    const state = await this.stateOf(meeting)
    const found = state.findPeer(meetingPeerId)
    const target = state.target(moveToMeetingRoomId)
    if (!found || !target) throw new EdgeError(EDGE_ERRORS.notFound)
    if (target === found.meeting) state.moves.delete(meetingPeerId)
    else state.moves.set(meetingPeerId, target.id)
    await this.deps.records.setPeerMove([meetingPeerId], target === found.meeting ? null : target.id)
    this.changed(state)
  }

  async clearMove(caller: EdgePeer, meeting: Meeting, meetingPeerId: string) {
    requireAdmin(caller)
    const state = await this.stateOf(meeting)
    if (!state.findPeer(meetingPeerId)) throw new EdgeError(EDGE_ERRORS.notFound)
    state.moves.delete(meetingPeerId)
    await this.deps.records.setPeerMove([meetingPeerId], null)
    this.changed(state)
  }

  /** Clears the moves of everyone in a meeting room. */
  async cancelMoves(caller: EdgePeer, meeting: Meeting, meetingRoomId: string) {
    requireAdmin(caller)
    const state = await this.stateOf(meeting)
    const room = state.meetings().find((candidate) => candidate.id === meetingRoomId)
    if (!room) throw new EdgeError(EDGE_ERRORS.notFound)
    const peerIds = [...room.peers.keys()].filter((peerId) => state.moves.delete(peerId))
    await this.deps.records.setPeerMove(peerIds, null)
    this.changed(state)
  }

  /** Everyone in the meeting room with a move is told where to go (and may then go there). */
  async applyMoves(caller: EdgePeer, meeting: Meeting, meetingRoomId: string) {
    requireAdmin(caller)
    const state = await this.stateOf(meeting)
    const room = state.meetings().find((candidate) => candidate.id === meetingRoomId)
    if (!room) throw new EdgeError(EDGE_ERRORS.notFound)
    let moved = 0
    for (const peer of [...room.peers.values()]) {
      const target = state.target(state.moves.get(peer.id) ?? '')
      state.moves.delete(peer.id)
      if (!target) continue
      summon(state, room, peer, target)
      moved++
    }
    void this.deps.records.log(state.main, {
      event: 'breakoutMoved',
      actor: caller,
      detail: state.nameOf(room),
      operatorNote: `${moved} moved`,
    })
    this.changed(state)
    return { moved }
  }

  /** Ours: everyone back to the main room; a breakout ends once its last peer has left it. */
  async end(caller: EdgePeer, meeting: Meeting, mainMeetingRoomId: string) {
    requireAdmin(caller)
    const state = await this.stateOf(meeting)
    if (state.main.id !== mainMeetingRoomId) throw new EdgeError(EDGE_ERRORS.notFound)
    let moved = 0
    for (const [peerId, target] of state.moves) if (target !== state.main.id) state.moves.delete(peerId)
    for (const room of [...state.rooms.values()]) {
      if (room.ending) continue
      room.ending = true
      for (const peer of connectedPeers(room.meeting.peers.values())) {
        state.moves.delete(peer.id)
        summon(state, room.meeting, peer, state.main)
        moved++
      }
      if (connectedPeers(room.meeting.peers.values()).length === 0) await this.closeRoom(state, room)
    }
    void this.deps.records.log(state.main, { event: 'breakoutsEnded', actor: caller })
    this.changed(state)
    return { moved }
  }

  // ── moves made by the moved peers, and the meeting's changes ─────────────────────────────────

  /** The meeting a peer was sent to (joinBreakout: a breakout; leaveBreakout: the main room), or "not moved". */
  summonedTo(meeting: Meeting, peer: EdgePeer, kind: 'breakout' | 'main', meetingRoomId?: string): Meeting {
    const state = this.byMeeting.get(meeting.id)
    const to = state?.summoned.get(peer.id)
    const target = state && to !== undefined ? state.target(to) : undefined
    const fits =
      kind === 'main'
        ? target === state?.main
        : target !== undefined && target !== state?.main && target.id === meetingRoomId
    if (!state || !target || !fits) throw new EdgeError(EDGE_ERRORS.notMoved)
    state.summoned.delete(peer.id)
    // Sent back by the host: a reconnect now belongs in the main room.
    if (target === state.main) state.placed.delete(peer.userId)
    return target
  }

  /** A peer left a room of the meeting (gone, or moved on): its moves go, an ending breakout left empty ends. */
  async peerLeft(meeting: Meeting, peer: EdgePeer) {
    const state = this.byMeeting.get(meeting.id)
    if (!state) return
    state.moves.delete(peer.id)
    state.summoned.delete(peer.id)
    const room = state.rooms.get(meeting.id)
    if (room?.ending && connectedPeers(meeting.peers.values()).length === 0) await this.closeRoom(state, room)
    this.changed(state)
  }

  /**
   * Someone joined a room of the meeting: the hosts' room list shows them. Whoever comes into the
   * main room while their breakout goes on (a reconnect, a reload) is sent back to it at once.
   */
  peerJoined(meeting: Meeting, peer: EdgePeer) {
    const state = this.byMeeting.get(meeting.id)
    if (!state) return
    if (meeting !== state.main) state.placed.set(peer.userId, meeting.id)
    else {
      const breakout = state.target(state.placed.get(peer.userId) ?? '')
      if (breakout && breakout !== state.main) summon(state, state.main, peer, breakout)
      else state.placed.delete(peer.userId)
    }
    this.changed(state)
  }

  /** The main meeting ended: its breakouts end with it. */
  async mainEnded(main: Meeting) {
    const state = this.byMeeting.get(main.id)
    if (!state || state.main !== main) return
    for (const room of [...state.rooms.values()]) await this.closeRoom(state, room)
    this.byMeeting.delete(main.id)
    this.byMain.delete(main.id)
  }

  private async closeRoom(state: MeetingBreakouts, room: BreakoutRoom) {
    state.rooms.delete(room.meeting.id)
    this.byMeeting.delete(room.meeting.id)
    room.meeting.close()
    await this.deps.records.endMeeting(room.meeting)
  }

  /** The hosts and co-hosts in any room of the meeting get the rooms as they are now. */
  private changed(state: MeetingBreakouts) {
    const rooms = state.view()
    for (const meeting of state.meetings()) {
      for (const peer of meeting.peers.values())
        if (isAdmin(peer)) meeting.toPeer(peer, 'room:admin:meetingRooms', { rooms })
    }
  }

  /** The breakout state of the meeting's main meeting, made on first use (once, however many ask at once). */
  private async stateOf(meeting: Meeting): Promise<MeetingBreakouts> {
    const known = this.byMeeting.get(meeting.id)
    if (known) return known
    let pending = this.byMain.get(meeting.id)
    if (!pending) {
      pending = this.deps.records.meetingRoom(meeting.id).then((row) => {
        const state = new MeetingBreakouts(meeting, row?.name ?? '', row?.startedAt ?? new Date())
        this.byMeeting.set(meeting.id, state)
        return state
      })
      this.byMain.set(meeting.id, pending)
      pending.catch(() => this.byMain.delete(meeting.id))
    }
    return pending
  }
}

const isAdmin = (peer: EdgePeer) => peer.isHost || peer.isCoHost

function requireAdmin(peer: EdgePeer) {
  if (!isAdmin(peer)) throw new EdgeError(EDGE_ERRORS.forbidden)
}

/** The peer is told where to go and may then ask to go there. */
function summon(state: MeetingBreakouts, from: Meeting, peer: EdgePeer, target: Meeting) {
  state.summoned.set(peer.id, target.id)
  const move = { meetingRoomId: target.id, name: state.nameOf(target), from: state.nameOf(from) }
  from.toPeer(peer, target === state.main ? 'leaveBreakout' : 'joinBreakout', move)
}

function assertUnique(state: MeetingBreakouts, name: string, except: string | null) {
  const key = name.toLocaleLowerCase()
  const taken =
    state.mainName.toLocaleLowerCase() === key ||
    [...state.rooms].some(([id, room]) => id !== except && !room.ending && room.name.toLocaleLowerCase() === key)
  if (taken) throw new EdgeError(EDGE_ERRORS.breakoutNameTaken)
}

/** A room made without a name is numbered: the smallest number no room of the meeting is called. */
function firstFreeNumber(state: MeetingBreakouts) {
  const names = new Set([...state.rooms.values()].filter((room) => !room.ending).map((room) => room.name))
  let number = 1
  while (names.has(String(number))) number++
  return String(number)
}
