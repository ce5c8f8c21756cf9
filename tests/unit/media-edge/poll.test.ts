import { describe, expect, it } from 'vitest'
import { pollsClientEvents } from '#edge/contract/polls'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import { MeetingPoll } from '#edge/poll'

describe('MeetingPoll', () => {
  it('counts one answer per user, and none once closed', () => {
    const poll = new MeetingPoll('p', 'Q?', ['a', 'b'])
    expect(poll.answer('u1', 1)).toBe(true)
    expect(poll.answer('u1', 0)).toBe(false)
    expect(poll.answer('u2', 2)).toBe(false)
    expect(poll.answer('u2', 0.5)).toBe(false)
    poll.closed = true
    expect(poll.answer('u3', 0)).toBe(false)
    expect(poll.view()).toEqual({ id: 'p', question: 'Q?', options: ['a', 'b'], counts: [0, 1], closed: true })
    expect(poll.answerOf('u1')).toBe(1)
    expect(poll.answerOf('u3')).toBeNull()
  })

  it('reads poll:create trimmed, without blank options, and refuses what breaks the limits as an invalid poll', () => {
    const schema = pollsClientEvents['poll:create'].payload
    const refusals = (payload: unknown) => schema.safeParse(payload).error?.issues.map((issue) => issue.message)
    expect(schema.parse({ question: ' Q? ', options: [' a ', '', 'b'] })).toEqual({
      question: 'Q?',
      options: ['a', 'b'],
    })
    for (const bad of [
      { question: '', options: ['a', 'b'] },
      { question: 'Q', options: ['a', '  '] },
      { question: 'Q', options: ['a', 'x'.repeat(81)] },
      { question: 'x'.repeat(201), options: ['a', 'b'] },
      { question: 'Q', options: ['1', '2', '3', '4', '5', '6', '7'] },
    ]) {
      expect(new Set(refusals(bad)), JSON.stringify(bad)).toEqual(new Set([EDGE_ERRORS.pollInvalid]))
    }
    expect(refusals({ question: 'Q', options: 'a, b' })).not.toContain(EDGE_ERRORS.pollInvalid)
    expect(schema.safeParse({ question: ' '.repeat(10) + 'x'.repeat(200), options: ['a', 'b'] }).success).toBe(true)
  })
})
