// The event slot engine: slot time, the 5 s countdowns to the next slot and to
// the end, next at once, pause and resume, seek, stop and reset, with fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { EventState } from '#edge/contract/event-slots'
import { EventSlotEngine, slotDurationMs, type SlotPlan } from '#edge/event-slots'

const SLOTS: SlotPlan[] = [
  { name: 'Welcome', minutes: 1, seconds: 30 },
  { name: 'Talk', minutes: 2, seconds: 0 },
]

let states: EventState[]
let ended: number
let engine: EventSlotEngine
const last = () => states.at(-1)!

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-25T18:00:00Z') })
  states = []
  ended = 0
  engine = new EventSlotEngine(
    (state) => states.push(state),
    () => (ended += 1),
  )
})
afterEach(() => {
  engine.close()
  vi.useRealTimers()
})

describe('slot time', () => {
  it('is minutes × 60 + seconds in ms, and with the rehearsal flag twice the minutes read as seconds', () => {
    expect(slotDurationMs({ minutes: 1, seconds: 30 }, false)).toBe(90_000)
    expect(slotDurationMs({ minutes: 10, seconds: 30 }, true)).toBe(20_000)
    expect(slotDurationMs({ minutes: 0, seconds: 45 }, true)).toBe(0)
  })
})

describe('the event slot engine', () => {
  it('plays a slot, counts down 5 s to the next one, then counts down 5 s to the end', () => {
    engine.load(SLOTS, new Date('2026-11-25T18:30:00Z'), false)
    engine.start()
    expect(last()).toMatchObject({
      started: true,
      paused: false,
      slotIndex: 0,
      remainingMs: 90_000,
      countdown: null,
      startsAt: '2026-11-25T18:30:00.000Z',
    })

    vi.advanceTimersByTime(60_000)
    expect(engine.view().remainingMs).toBe(30_000)
    expect(engine.slotProgress()).toBeCloseTo(2 / 3)

    vi.advanceTimersByTime(30_000)
    expect(last()).toMatchObject({ slotIndex: 0, remainingMs: 0, countdown: { kind: 'next', remainingMs: 5000 } })
    vi.advanceTimersByTime(4999)
    expect(last().slotIndex).toBe(0)
    vi.advanceTimersByTime(1)
    expect(last()).toMatchObject({ slotIndex: 1, remainingMs: 120_000, countdown: null })

    vi.advanceTimersByTime(120_000)
    expect(last()).toMatchObject({ slotIndex: 1, countdown: { kind: 'end', remainingMs: 5000 } })
    expect(ended).toBe(0)
    vi.advanceTimersByTime(5000)
    expect(last()).toMatchObject({ started: false, slotIndex: null, countdown: null })
    expect(ended).toBe(1)
  })

  it('moves to the next slot at once, cancelling the slot timer', () => {
    engine.load(SLOTS, null, false)
    engine.start()
    vi.advanceTimersByTime(10_000)
    engine.setSlot(1)
    expect(last()).toMatchObject({ slotIndex: 1, remainingMs: 120_000, countdown: null })
    // The first slot's timer no longer fires.
    vi.advanceTimersByTime(85_000)
    expect(last()).toMatchObject({ slotIndex: 1, countdown: null })
    expect(engine.view().remainingMs).toBe(35_000)
  })

  it('setting a slot marks the event started; a missing slot is refused', () => {
    engine.load(SLOTS, null, false)
    expect(engine.isStarted).toBe(false)
    expect(() => engine.setSlot(2)).toThrow(EDGE_ERRORS.eventNoSuchSlot)
    expect(() => engine.setSlot(-1)).toThrow(EDGE_ERRORS.eventNoSuchSlot)
    engine.setSlot(1)
    expect(engine.isStarted).toBe(true)
  })

  it('pauses the clock and resumes from where it stopped', () => {
    engine.load(SLOTS, null, false)
    engine.start()
    vi.advanceTimersByTime(20_000)
    engine.pause()
    expect(last()).toMatchObject({ paused: true, remainingMs: 70_000 })
    vi.advanceTimersByTime(600_000)
    expect(last()).toMatchObject({ paused: true, slotIndex: 0, remainingMs: 70_000 })
    engine.play()
    expect(last()).toMatchObject({ paused: false, remainingMs: 70_000 })
    vi.advanceTimersByTime(70_000)
    expect(last().countdown).toEqual({ kind: 'next', remainingMs: 5000 })
  })

  it('seeks within the slot, and back into it from a countdown', () => {
    engine.load(SLOTS, null, false)
    engine.start()
    engine.seek(80_000)
    expect(last().remainingMs).toBe(10_000)
    vi.advanceTimersByTime(10_000)
    expect(last().countdown?.kind).toBe('next')
    engine.seek(30_000)
    expect(last()).toMatchObject({ slotIndex: 0, remainingMs: 60_000, countdown: null })
  })

  it('ends after a 5 s countdown, or at once when forced', () => {
    engine.load(SLOTS, null, false)
    engine.start()
    engine.end(false)
    expect(last()).toMatchObject({ started: true, countdown: { kind: 'end', remainingMs: 5000 } })
    vi.advanceTimersByTime(5000)
    expect(last()).toMatchObject({ started: false, slotIndex: null })
    expect(ended).toBe(1)

    engine.start()
    engine.end(true)
    expect(last()).toMatchObject({ started: false, slotIndex: null, countdown: null })
    expect(last().slots).toHaveLength(2)
    expect(ended).toBe(2)
  })

  it('refuses controls before the event starts, and reset clears the running order', () => {
    expect(() => engine.load([], null, false)).toThrow(EDGE_ERRORS.eventNoSlots)
    engine.load(SLOTS, null, true)
    for (const control of [() => engine.pause(), () => engine.play(), () => engine.seek(0), () => engine.end(false)]) {
      expect(control).toThrow(EDGE_ERRORS.eventNotStarted)
    }
    engine.start()
    expect(last()).toMatchObject({ rehearsal: true, remainingMs: 2000 })
    engine.reset()
    expect(last()).toMatchObject({ started: false, rehearsal: false, slots: [], slotIndex: null, startsAt: null })
  })

  it('waits for the host on an untimed slot', () => {
    engine.load([{ name: 'Open floor', minutes: 0, seconds: 0 }], null, false)
    engine.start()
    vi.advanceTimersByTime(3_600_000)
    expect(last()).toMatchObject({ started: true, slotIndex: 0, remainingMs: null, countdown: null })
    expect(engine.slotProgress()).toBeNull()
  })
})
