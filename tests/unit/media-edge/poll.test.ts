import { describe, expect, it } from 'vitest'
import { MeetingPoll, cleanPoll } from '#edge/poll'

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

  it('cleans the question and options and refuses what breaks the limits', () => {
    expect(cleanPoll(' Q? ', [' a ', '', 'b'])).toEqual({ question: 'Q?', options: ['a', 'b'] })
    expect(cleanPoll('', ['a', 'b'])).toBeNull()
    expect(cleanPoll('Q', ['a'])).toBeNull()
    expect(cleanPoll('Q', ['a', 'x'.repeat(81)])).toBeNull()
    expect(cleanPoll('x'.repeat(201), ['a', 'b'])).toBeNull()
  })
})
