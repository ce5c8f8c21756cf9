import { describe, expect, it } from 'vitest'
import { LIVE_STATE_DELAY_MS } from '#edge/contract/live'
import { liveStateDelay } from '#app/meeting/live-delay'

describe('the live state delay', () => {
  it('is 13 seconds', () => {
    expect(LIVE_STATE_DELAY_MS).toBe(13_000)
  })

  it('holds back going live, and a stop of a stream still being joined, for everyone but hosts and co-hosts', () => {
    expect(liveStateDelay('idle', 'joined', false)).toBe(LIVE_STATE_DELAY_MS)
    expect(liveStateDelay('joining', 'joined', false)).toBe(LIVE_STATE_DELAY_MS)
    expect(liveStateDelay('joining', 'stopping', false)).toBe(LIVE_STATE_DELAY_MS)
    for (const [shown, next] of [
      ['idle', 'joined'],
      ['joining', 'joined'],
      ['joining', 'stopping'],
      ['joined', 'stopping'],
      ['joining', 'pausing'],
      ['pausing', 'stopping'],
      ['joined', 'pausing'],
      ['pausing', 'joining'],
    ] as const) {
      expect(liveStateDelay(shown, next, true)).toBe(0)
    }
  })

  it('holds back pausing or stopping for someone shown joining or pausing', () => {
    expect(liveStateDelay('joining', 'pausing', false)).toBe(LIVE_STATE_DELAY_MS)
    expect(liveStateDelay('pausing', 'stopping', false)).toBe(LIVE_STATE_DELAY_MS)
  })

  it('shows every other change at once', () => {
    // A pause of a stream they see live, and a resume starting (it then goes live 13 s late, from joining).
    expect(liveStateDelay('joined', 'pausing', false)).toBe(0)
    expect(liveStateDelay('pausing', 'joining', false)).toBe(0)
    expect(liveStateDelay('pausing', 'idle', false)).toBe(0)
    expect(liveStateDelay('idle', 'pausing', false)).toBe(0)
    expect(liveStateDelay('idle', 'joining', false)).toBe(0)
    expect(liveStateDelay('joined', 'stopping', false)).toBe(0)
    expect(liveStateDelay('stopping', 'idle', false)).toBe(0)
    expect(liveStateDelay('joined', 'idle', false)).toBe(0)
  })
})
