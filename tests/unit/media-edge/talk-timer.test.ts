// The talk timer (peerTimerDistributionMap): talk time per person, turns, the per-turn
// limit (enforcement, mute on expiry), encouragement once per person after half of the slot, and
// the inactive speakers; driven with fake timers as the edge drives it (a tick every second).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NO_TALK_TIMER, TalkTimer, type TalkTimerSettings } from '#edge/talk-timer'

let encouraged: Array<[string, string | null]>
let expired: Array<[string, { message: string | null } | null, boolean]>
const out = {
  encourage: (userId: string, message: string | null) => encouraged.push([userId, message]),
  expire: (userId: string, enforcement: { message: string | null } | null, mute: boolean) =>
    expired.push([userId, enforcement, mute]),
}
const now = () => Date.now()

/** The edge's tick, every second for `seconds`, with the slot's progress at each. */
function run(timer: TalkTimer, seconds: number, progress: (at: number) => number | null, present: string[]) {
  for (let second = 0; second < seconds; second++) {
    vi.advanceTimersByTime(1000)
    timer.tick(now(), progress(now()), present)
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
  encouraged = []
  expired = []
})
afterEach(() => vi.useRealTimers())

const settings = (patch: Partial<TalkTimerSettings>): TalkTimerSettings => ({ ...NO_TALK_TIMER, ...patch })

describe('the talk timer', () => {
  it("adds up each speaker's time while the event plays, not while it is paused", () => {
    const timer = new TalkTimer(NO_TALK_TIMER, out)
    timer.setCounting(true, now())
    timer.setSpeaker('ana', now())
    vi.advanceTimersByTime(3000)
    timer.setSpeaker('bo', now())
    vi.advanceTimersByTime(2000)
    timer.setCounting(false, now())
    vi.advanceTimersByTime(60_000)
    timer.setCounting(true, now())
    vi.advanceTimersByTime(1000)
    timer.setSpeaker('ana', now())
    expect(timer.view(now(), ['ana', 'bo', 'cy'])).toEqual({
      distribution: { ana: 3000, bo: 3000 },
      inactiveUserIds: ['cy'],
      watchingUserIds: [],
      limitMs: 0,
    })
  })

  it('encourages each quiet person once, and only after the slot is more than half through', () => {
    const timer = new TalkTimer(settings({ encouragement: true, encouragementMessage: 'Say hello!' }), out)
    timer.setCounting(true, now())
    timer.setSpeaker('ana', now())
    // A 20 s slot: nothing at 50 %, then bo and cy (no turn yet) once each, ana never.
    run(timer, 10, (at) => at / 20_000, ['ana', 'bo', 'cy'])
    expect(encouraged).toEqual([])
    run(timer, 1, (at) => at / 20_000, ['ana', 'bo', 'cy'])
    expect(encouraged).toEqual([
      ['bo', 'Say hello!'],
      ['cy', 'Say hello!'],
    ])
    run(timer, 9, (at) => at / 20_000, ['ana', 'bo', 'cy'])
    expect(encouraged).toHaveLength(2)
    // A newcomer who has not spoken is encouraged too, once.
    run(timer, 3, () => 0.9, ['ana', 'bo', 'cy', 'di'])
    expect(encouraged.at(-1)).toEqual(['di', 'Say hello!'])
    expect(encouraged).toHaveLength(3)
  })

  it('sends no encouragement when the event does not ask for it, or between slots', () => {
    const off = new TalkTimer(NO_TALK_TIMER, out)
    off.setCounting(true, now())
    run(off, 5, () => 0.9, ['bo'])
    const on = new TalkTimer(settings({ encouragement: true }), out)
    on.setCounting(true, now())
    run(on, 5, () => null, ['bo'])
    expect(encouraged).toEqual([])
  })

  it('tells the speaker when the turn runs out and mutes them, once per turn', () => {
    const timer = new TalkTimer(
      settings({ limitMs: 5000, enforcement: true, enforcementMessage: 'Time is up', muteOnExpiry: true }),
      out,
    )
    timer.setCounting(true, now())
    timer.setSpeaker('ana', now())
    run(timer, 4, () => 0.1, ['ana'])
    expect(expired).toEqual([])
    run(timer, 1, () => 0.1, ['ana'])
    expect(expired).toEqual([['ana', { message: 'Time is up' }, true]])
    run(timer, 10, () => 0.2, ['ana'])
    expect(expired).toHaveLength(1)
    // A new turn has its own limit.
    timer.setSpeaker('bo', now())
    timer.setSpeaker('ana', now())
    run(timer, 5, () => 0.3, ['ana'])
    expect(expired).toHaveLength(2)
  })

  it('mutes without a message when the length is not enforced, and does nothing without a limit', () => {
    const muting = new TalkTimer(settings({ limitMs: 2000, muteOnExpiry: true }), out)
    muting.setCounting(true, now())
    muting.setSpeaker('ana', now())
    run(muting, 2, () => 0.1, ['ana'])
    expect(expired).toEqual([['ana', null, true]])

    const unlimited = new TalkTimer(settings({ enforcement: true, muteOnExpiry: true }), out)
    unlimited.setCounting(true, now())
    unlimited.setSpeaker('bo', now())
    run(unlimited, 60, () => 0.1, ['bo'])
    expect(expired).toHaveLength(1)
  })
})
