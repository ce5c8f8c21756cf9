// Breakout rooms' admin events, each for the host and co-hosts only (the
// pass's claims). A move is set per meeting peer, then applied per meeting room: every peer in that
// room with a move is sent joinBreakout (or leaveBreakout for the main room) and moves itself.
import { z } from 'zod'
import { answers, id, type ClientEventDefinition } from './event-parts'
import { peerData, type JoinResult } from './peers'
import { EDGE_ERRORS } from './protocol'

/** Ours: the longest breakout room name, after trimming; the room name field allows no more. */
export const BREAKOUT_NAME_MAX = 80

/** Renaming a breakout room: the name is required and unique (the edge checks unique). */
const breakoutName = z.string().trim().min(1, EDGE_ERRORS.breakoutNameRequired).max(BREAKOUT_NAME_MAX)
const meetingRoom = z.object({ meetingRoomId: id })
const mainMeetingRoom = z.object({ mainMeetingRoomId: id })

export const breakoutsClientEvents = {
  'room:admin:getActiveMeetingRooms': { answer: answers<MeetingRoomView[]>() },
  /** Ours: `name` is optional (the client sends a translated default); without it the room is numbered. */
  'room:admin:createBreakoutMeetingRoom': {
    payload: z.object({ mainMeetingRoomId: id, name: breakoutName.optional() }),
    answer: answers<MeetingRoomView>(),
  },
  'room:admin:renameBreakoutMeetingRoom': {
    payload: z.object({ meetingRoomId: id, name: breakoutName }),
    answer: answers<MeetingRoomView>(),
  },
  'room:admin:setMeetingPeerMoveToMeetingRoom': {
    payload: z.object({ meetingPeerId: id, moveToMeetingRoomId: id }),
    answer: answers(),
  },
  'room:admin:clearMeetingPeerMoveToMeetingRoom': { payload: z.object({ meetingPeerId: id }), answer: answers() },
  /** Clears the moves of every peer in the meeting room. */
  'room:admin:cancelMeetingPeerMoveToMeetingRoom': { payload: meetingRoom, answer: answers() },
  /** Sends every peer in the meeting room that has a move to its room; answers how many were sent. */
  'room:admin:applyMoveToMeetingRoom': { payload: meetingRoom, answer: answers<{ moved: number }>() },
  /** Ours: everyone back to the main room; each breakout ends once empty. */
  'room:admin:endBreakouts': { payload: mainMeetingRoom, answer: answers<{ moved: number }>() },
  /**
   * Into the breakout the host moved me to (meetingRoomId, peerData): a new peer there, prepared and entered as on
   * joining.
   */
  joinBreakout: { payload: z.object({ meetingRoomId: id, peerData }), answer: answers<JoinResult>() },
  /** Back to the main room, once the host moved me there. */
  leaveBreakout: { payload: z.object({ peerData }).optional().default({}), answer: answers<JoinResult>() },
} satisfies Record<string, ClientEventDefinition>

export interface BreakoutsServerEvents {
  /** The host moved me to a breakout, or back to the main room. */
  joinBreakout: (payload: BreakoutMove) => void
  leaveBreakout: (payload: BreakoutMove) => void
  /** Ours: to the hosts and co-hosts in any room of the meeting, the rooms after every change. */
  'room:admin:meetingRooms': (payload: { rooms: MeetingRoomView[] }) => void
}

/** A meeting room as hosts manage it, with who is in it now. */
export interface MeetingRoomView {
  id: string
  type: 'main' | 'breakout'
  /** The main meeting room of a breakout; null for the main one. */
  parentId: string | null
  name: string
  /** ISO time. */
  startedAt: string
  managed: boolean
  managerUserIds: string[]
  peers: MeetingRoomPeer[]
}

/** A meeting peer as hosts see it in the room list: where the host wants them next, if anywhere. */
export interface MeetingRoomPeer {
  id: string
  userId: string
  name: string
  moveToMeetingRoomId: string | null
}

/** Sent to a peer the host moves (joinBreakout, or leaveBreakout back to the main room). */
export interface BreakoutMove {
  /** The room to join, which the client asks for next (joinBreakout / leaveBreakout). */
  meetingRoomId: string
  name: string
  /** The name of the room the peer is in now ("Moving from {room}"). */
  from: string
}
