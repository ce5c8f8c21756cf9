// The breakout part of the meeting's state (views breakoutPreview, joiningBreakout and
// leavingBreakout; "Moving from {room}", status joined in a breakout): where I am, the move I
// am making, and for hosts the meeting's rooms. Pure, as the rest of the reducer.
import type { BreakoutMove, MeetingRoomView } from '#edge/contract/breakouts'
import type { JoinResult } from '#edge/contract/peers'
import type { MeetingState } from './state'

export interface BreakoutMoving {
  /** Into a breakout, or back to the main room. */
  kind: 'join' | 'leave'
  move: BreakoutMove
  /** The preview with its timer first, then the move itself. */
  phase: 'preview' | 'moving'
}

export interface BreakoutState {
  /** The main meeting room's id: where a plain join (or a reconnect) lands. */
  mainMeetingRoomId: string | null
  /** The breakout room I am in, or null in the main room. */
  roomName: string | null
  moving: BreakoutMoving | null
  /** Hosts and co-hosts: the meeting's rooms and who is in each, as the edge last sent them. */
  rooms: MeetingRoomView[]
}

export type BreakoutAction =
  | { type: 'breakoutMoveAnnounced'; kind: 'join' | 'leave'; move: BreakoutMove }
  | { type: 'breakoutMoveStarted' }
  | { type: 'breakoutMoveDone' }
  | { type: 'breakoutMoveFailed' }
  | { type: 'meetingRooms'; rooms: MeetingRoomView[] }

export const initialBreakoutState = (): BreakoutState => ({
  mainMeetingRoomId: null,
  roomName: null,
  moving: null,
  rooms: [],
})

const BREAKOUT_ACTIONS: ReadonlySet<string> = new Set<BreakoutAction['type']>([
  'breakoutMoveAnnounced',
  'breakoutMoveStarted',
  'breakoutMoveDone',
  'breakoutMoveFailed',
  'meetingRooms',
])

export function isBreakoutAction(action: { type: string }): action is BreakoutAction {
  return BREAKOUT_ACTIONS.has(action.type)
}

/** A join answer: a plain join or reconnect puts me in the main room; a move into the room moved to. */
export function breakoutsJoined(state: BreakoutState, result: JoinResult): BreakoutState {
  if (state.moving) return state
  return { ...state, mainMeetingRoomId: result.meetingRoomId, roomName: null }
}

/** The view a move shows, for someone in the meeting; someone still at the device check keeps theirs. */
function moveView(state: MeetingState, moving: BreakoutMoving | null): MeetingState['view'] {
  if (!state.me.visible) return state.view
  if (!moving) return 'meeting'
  if (moving.phase === 'preview') return 'breakoutPreview'
  return moving.kind === 'join' ? 'joiningBreakout' : 'leavingBreakout'
}

export function breakoutReducer(state: MeetingState, action: BreakoutAction): MeetingState {
  const breakouts = state.breakouts
  switch (action.type) {
    case 'breakoutMoveAnnounced': {
      const moving: BreakoutMoving = { kind: action.kind, move: action.move, phase: 'preview' }
      return { ...state, view: moveView(state, moving), breakouts: { ...breakouts, moving } }
    }
    case 'breakoutMoveStarted': {
      if (!breakouts.moving) return state
      const moving: BreakoutMoving = { ...breakouts.moving, phase: 'moving' }
      return { ...state, view: moveView(state, moving), breakouts: { ...breakouts, moving } }
    }
    case 'breakoutMoveDone': {
      const { moving } = breakouts
      if (!moving) return state
      const roomName = moving.kind === 'join' ? moving.move.name : null
      // After the breakout has started a peer is joined; back in the main room, participating.
      const status = !state.me.visible ? state.me.status : moving.kind === 'join' ? 'joined' : 'participating'
      return {
        ...state,
        view: moveView(state, null),
        me: { ...state.me, status },
        breakouts: { ...breakouts, moving: null, roomName },
      }
    }
    case 'breakoutMoveFailed':
      return { ...state, view: moveView(state, null), breakouts: { ...breakouts, moving: null } }
    case 'meetingRooms':
      return { ...state, breakouts: { ...breakouts, rooms: action.rooms } }
  }
}
