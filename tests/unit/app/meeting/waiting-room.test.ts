// The waiting room in the meeting's state: the newcomer held at the door and their
// call, and the hosts' list of ringing calls.
import { describe, expect, it } from 'vitest'
import type { Call } from '#edge/contract/calls'
import { fresh, joinResult, run } from './fixtures'

const call = (id: string, status: Call['status'] = 'calling', message: string | null = null): Call => ({
  id,
  roomId: 'room-1',
  callerId: `guest:${id}`,
  callerName: `Caller ${id}`,
  status,
  message,
  createdAt: '2026-01-01T10:00:00.000Z',
  endedAt: status === 'calling' ? null : '2026-01-01T10:01:00.000Z',
})

describe('the newcomer', () => {
  it('is held in the waiting room view, no longer joining', () => {
    const state = run(fresh(), { type: 'showView', view: 'mirrorCheck' }, { type: 'joinStarted' }, { type: 'waiting' })
    expect(state.view).toBe('waitingRoom')
    expect(state.me).toMatchObject({ joining: false, visible: false, status: 'browsing' })
  })

  it('follows its own call to its end, and ignores calls that are not its own', () => {
    let state = run(fresh(), { type: 'waiting' }, { type: 'myCall', call: call('a') })
    state = run(state, { type: 'callUpdated', call: call('b', 'answered') })
    expect(state.myCall?.status).toBe('calling')
    state = run(state, { type: 'callUpdated', call: call('a', 'declined', 'Not today') })
    expect(state.myCall).toMatchObject({ id: 'a', status: 'declined', message: 'Not today' })
    // Not a host: nothing lands in the hosts' list.
    expect(run(state, { type: 'callUpdated', call: call('c') }).calls).toEqual([])
  })
})

describe('the hosts', () => {
  it('get the ringing calls on joining, add new ones once, in order, and drop ended ones', () => {
    let state = run(fresh({ isHost: true }), { type: 'roomJoined', result: joinResult([], { calls: [call('a')] }) })
    state = run(state, { type: 'callUpdated', call: call('b') }, { type: 'callUpdated', call: call('a') })
    expect(state.calls.map((ringing) => ringing.id)).toEqual(['a', 'b'])
    state = run(state, { type: 'callUpdated', call: call('a', 'missed') })
    expect(state.calls.map((ringing) => ringing.id)).toEqual(['b'])
    state = run(state, { type: 'callUpdated', call: call('b', 'cancelled') })
    expect(state.calls).toEqual([])
  })
})
