// The breakout part of the meeting reducer: a move shows the preview, then "Moving from {room}",
// then the meeting in the new room (status joined in a breakout, participating back in the main
// room); someone still at the device check moves without a screen; a reconnect lands in the main room.
import { describe, expect, it } from 'vitest'
import type { BreakoutMove } from '#edge/contract/breakouts'
import { fresh, inMeeting, joinResult, peer, run } from './fixtures'

const intoBlue: BreakoutMove = { meetingRoomId: 'blue', name: 'Blue', from: 'Book club' }
const backHome: BreakoutMove = { meetingRoomId: 'meeting-1', name: 'Book club', from: 'Blue' }

describe('breakout moves', () => {
  it('goes preview → joining → meeting in the breakout, then leaving → meeting in the main room', () => {
    let state = inMeeting([peer('a')])
    expect(state.breakouts).toMatchObject({ mainMeetingRoomId: 'meeting-1', roomName: null, moving: null })

    state = run(state, { type: 'breakoutMoveAnnounced', kind: 'join', move: intoBlue })
    expect(state.view).toBe('breakoutPreview')
    state = run(state, { type: 'breakoutMoveStarted' })
    expect(state.view).toBe('joiningBreakout')
    expect(state.breakouts.moving).toEqual({ kind: 'join', move: intoBlue, phase: 'moving' })
    // The breakout's join answer replaces the people; the main room stays known.
    state = run(state, {
      type: 'roomJoined',
      result: joinResult([peer('b')], { meetingRoomId: 'blue', peerId: 'me-2', peers: [peer('me-2'), peer('b')] }),
    })
    expect(Object.keys(state.peers)).toEqual(['b'])
    expect(state.breakouts.mainMeetingRoomId).toBe('meeting-1')
    state = run(state, { type: 'breakoutMoveDone' })
    expect(state.view).toBe('meeting')
    expect(state.me.status).toBe('joined')
    expect(state.breakouts).toMatchObject({ roomName: 'Blue', moving: null })

    state = run(
      state,
      { type: 'breakoutMoveAnnounced', kind: 'leave', move: backHome },
      { type: 'breakoutMoveStarted' },
    )
    expect(state.view).toBe('leavingBreakout')
    state = run(state, { type: 'breakoutMoveDone' })
    expect(state.view).toBe('meeting')
    expect(state.me.status).toBe('participating')
    expect(state.breakouts.roomName).toBeNull()
  })

  it('moves someone at the device check without leaving it', () => {
    let state = run(fresh(), { type: 'showView', view: 'mirrorCheck' }, { type: 'roomJoined', result: joinResult([]) })
    state = run(state, { type: 'breakoutMoveAnnounced', kind: 'join', move: intoBlue }, { type: 'breakoutMoveStarted' })
    expect(state.view).toBe('mirrorCheck')
    state = run(state, { type: 'breakoutMoveDone' })
    expect(state.view).toBe('mirrorCheck')
    expect(state.me.status).toBe('browsing')
    expect(state.breakouts.roomName).toBe('Blue')
  })

  it('after a failed move shows the meeting again; a later plain join is the main room', () => {
    let state = inMeeting([])
    state = run(
      state,
      { type: 'breakoutMoveAnnounced', kind: 'join', move: intoBlue },
      { type: 'breakoutMoveStarted' },
      { type: 'breakoutMoveFailed' },
    )
    expect(state.view).toBe('meeting')
    expect(state.breakouts.moving).toBeNull()
    state = run(state, { type: 'breakoutMoveAnnounced', kind: 'join', move: intoBlue }, { type: 'breakoutMoveStarted' })
    state = run(
      state,
      { type: 'roomJoined', result: joinResult([], { meetingRoomId: 'blue' }) },
      { type: 'breakoutMoveDone' },
    )
    expect(state.breakouts.roomName).toBe('Blue')
    // A reconnect joins the room again: that is its main meeting.
    state = run(state, { type: 'roomJoined', result: joinResult([], { meetingRoomId: 'meeting-1' }) })
    expect(state.breakouts).toMatchObject({ mainMeetingRoomId: 'meeting-1', roomName: null })
  })

  it('keeps the rooms the edge sends hosts', () => {
    const rooms = [
      {
        id: 'meeting-1',
        type: 'main' as const,
        parentId: null,
        name: 'Book club',
        startedAt: '2026-01-01T00:00:00.000Z',
        managed: false,
        managerUserIds: [],
        peers: [],
      },
    ]
    expect(run(fresh(), { type: 'meetingRooms', rooms }).breakouts.rooms).toEqual(rooms)
  })
})
