import { describe, expect, it } from 'vitest'
import { isRefusal, refusalPath } from '#app/lib/access-refusal'

describe('refusalPath', () => {
  it('asks a guest to sign in and shows a signed-in person the access-denied page, both keeping the address', () => {
    expect(refusalPath('demo', false, '/demo/book-club')).toBe('/private?redirectTo=%2Fdemo%2Fbook-club')
    expect(refusalPath('demo', true, '/demo/book-club')).toBe('/demo/access-denied?redirectTo=%2Fdemo%2Fbook-club')
  })
})

describe('isRefusal', () => {
  it('recognises both refusals and nothing else', () => {
    expect(isRefusal(refusalPath('demo', false, '/demo/x'))).toBe(true)
    expect(isRefusal(refusalPath('demo', true, '/demo/x'))).toBe(true)
    expect(isRefusal('/demo/room-not-found')).toBe(false)
    expect(isRefusal('/community-not-found')).toBe(false)
    expect(isRefusal('/private-room')).toBe(false)
  })
})
