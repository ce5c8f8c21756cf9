import { describe, expect, it } from 'vitest'
import { NextPass, edgeMayBeGone } from '#app/meeting/reconnect'

describe('a lost edge', () => {
  it('is a broken or silent connection, not one that either side closed on purpose', () => {
    for (const reason of ['transport close', 'transport error', 'ping timeout'])
      expect(edgeMayBeGone(reason), reason).toBe(true)
    for (const reason of ['io client disconnect', 'io server disconnect', 'parse error'])
      expect(edgeMayBeGone(reason), reason).toBe(false)
  })
})

describe('the pass after losing the edge', () => {
  function counting() {
    const asked: string[] = []
    const next = new NextPass((unreachable: string) => {
      asked.push(unreachable)
      return Promise.resolve({ n: asked.length, unreachable })
    })
    return { asked, next }
  }

  it('is asked for at once, naming the edge lost, and the first attempt uses it instead of asking again', async () => {
    const { asked, next } = counting()
    const early = next.ask('http://edge-1')
    expect(asked).toEqual(['http://edge-1'])
    expect(await next.take('http://edge-1')).toBe(await early)
    expect(asked).toHaveLength(1)
  })

  it('is asked for afresh by every later attempt, which still names the edge it could not reach', async () => {
    const { asked, next } = counting()
    await next.ask('http://edge-1')
    await next.take('http://edge-1')
    expect(await next.take('http://edge-1')).toEqual({ n: 2, unreachable: 'http://edge-1' })
    expect(await next.take('http://edge-1')).toEqual({ n: 3, unreachable: 'http://edge-1' })
    expect(asked).toEqual(['http://edge-1', 'http://edge-1', 'http://edge-1'])
  })

  it('hands a refusal to the attempt that takes it, and an untaken refusal is no unhandled rejection', async () => {
    const next = new NextPass(() => Promise.reject(new Error('edge pass refused (429)')))
    next.ask('http://edge-1')
    await expect(next.take('http://edge-1')).rejects.toThrow('429')
    next.ask('http://edge-1')
    // Left pending: vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 10))
  })
})
