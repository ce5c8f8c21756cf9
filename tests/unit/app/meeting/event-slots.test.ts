// The meeting client's view of the event: the reducer (late-joiner message, toasts) and the time
// left counted down on the client's clock from what the edge said, whatever the two clocks read.
import { describe, expect, it } from 'vitest'
import type { EventState } from '#edge/contract/event-slots'
import { clock, eventSlotsReducer, initialEventSlots, startsEarly, timeLeft } from '#app/meeting/event-slots'

const running = (patch: Partial<EventState> = {}): EventState => ({
  started: true,
  paused: false,
  rehearsal: false,
  slots: [
    { name: 'Welcome', durationMs: 90_000 },
    { name: 'Talk', durationMs: 0 },
  ],
  slotIndex: 0,
  remainingMs: 60_000,
  countdown: null,
  startsAt: null,
  ...patch,
})

describe('the event slots reducer', () => {
  it('shows the late-joiner message to someone who joins a running event, until dismissed or the event stops', () => {
    const joined = eventSlotsReducer(initialEventSlots, { type: 'joined', event: running(), talkTimer: null, at: 1000 })
    expect(joined).toMatchObject({ lateJoiner: true, receivedAt: 1000 })
    expect(eventSlotsReducer(joined, { type: 'lateJoinerDismissed' }).lateJoiner).toBe(false)
    expect(eventSlotsReducer(joined, { type: 'updated', event: running({ slotIndex: 1 }), at: 2000 }).lateJoiner).toBe(
      true,
    )
    expect(
      eventSlotsReducer(joined, { type: 'updated', event: running({ started: false, slotIndex: null }), at: 2000 })
        .lateJoiner,
    ).toBe(false)
    // On time: no message, and none when the event starts later.
    const onTime = eventSlotsReducer(initialEventSlots, { type: 'joined', event: null, talkTimer: null, at: 0 })
    expect(eventSlotsReducer(onTime, { type: 'updated', event: running(), at: 1 }).lateJoiner).toBe(false)
  })

  it('keeps the newest talk-timer toast and lets only its own timer end it', () => {
    const first = eventSlotsReducer(initialEventSlots, {
      type: 'notice',
      notice: { kind: 'encouragement', message: null, id: 1 },
    })
    const second = eventSlotsReducer(first, {
      type: 'notice',
      notice: { kind: 'enforcement', message: 'Time!', id: 2 },
    })
    expect(eventSlotsReducer(second, { type: 'noticeEnded', id: 1 }).notice?.id).toBe(2)
    expect(eventSlotsReducer(second, { type: 'noticeEnded', id: 2 }).notice).toBeNull()
  })
})

describe('the time left', () => {
  it('counts down from what the edge said, and stands still while paused', () => {
    expect(timeLeft(running(), 10_000, 25_000)).toEqual({ slotMs: 45_000, countdownMs: null })
    expect(timeLeft(running({ paused: true }), 10_000, 25_000)).toEqual({ slotMs: 60_000, countdownMs: null })
    expect(timeLeft(running({ remainingMs: 0, countdown: { kind: 'next', remainingMs: 5000 } }), 0, 1500)).toEqual({
      slotMs: 0,
      countdownMs: 3500,
    })
    expect(timeLeft(running({ remainingMs: null }), 0, 1500)).toEqual({ slotMs: null, countdownMs: null })
    expect(timeLeft(running(), 0, 600_000).slotMs).toBe(0)
  })

  it('reads as m:ss, rounded up, and h:mm:ss past an hour', () => {
    expect(clock(0)).toBe('0:00')
    expect(clock(4001)).toBe('0:05')
    expect(clock(600_000)).toBe('10:00')
    expect(clock(3_723_000)).toBe('1:02:03')
  })

  it('warns about an early start only before the scheduled time', () => {
    const at = Date.parse('2026-11-25T18:00:00Z')
    expect(startsEarly('2026-11-25T18:30:00.000Z', at)).toBe(true)
    expect(startsEarly('2026-11-25T17:30:00.000Z', at)).toBe(false)
    expect(startsEarly(null, at)).toBe(false)
  })
})
