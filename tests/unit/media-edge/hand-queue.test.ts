import { describe, expect, it } from 'vitest'
import { HandQueue } from '#edge/hand-queue'

describe('HandQueue', () => {
  it('lists hands in the order they went up; raising again keeps the place', () => {
    const queue = new HandQueue()
    expect(queue.raise('b', 1000)).toBe(true)
    expect(queue.raise('a', 2000)).toBe(true)
    expect(queue.raise('b', 3000)).toBe(false)
    expect(queue.list()).toEqual([
      { peerId: 'b', raisedAt: new Date(1000).toISOString() },
      { peerId: 'a', raisedAt: new Date(2000).toISOString() },
    ])
  })

  it('lowers a hand, and a lowered hand raised again goes to the back', () => {
    const queue = new HandQueue()
    queue.raise('a', 1)
    queue.raise('b', 2)
    expect(queue.lower('a')).toBe(true)
    expect(queue.lower('a')).toBe(false)
    queue.raise('a', 3)
    expect(queue.list().map((hand) => hand.peerId)).toEqual(['b', 'a'])
    expect(queue.has('a')).toBe(true)
  })
})
