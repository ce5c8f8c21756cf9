// The events' pure rules: the cutoff window at its edges, which tab an
// event is on, and an event's link from its name.
import { describe, expect, it } from 'vitest'
import { cutoffProblem, eventListTab, eventSlugFromName, slotTimeMs } from '#app/lib/events/event-rules'

const start = new Date('2099-06-01T12:00:00Z')
const minutes = (n: number) => new Date(start.getTime() + n * 60_000)

describe('cutoffProblem', () => {
  it('allows 3 days before the start to 1 hour after it, both ends included', () => {
    expect(cutoffProblem(start, minutes(-3 * 24 * 60 - 1))).toBe('tooEarly')
    expect(cutoffProblem(start, minutes(-3 * 24 * 60))).toBeNull()
    expect(cutoffProblem(start, minutes(0))).toBeNull()
    expect(cutoffProblem(start, minutes(60))).toBeNull()
    expect(cutoffProblem(start, minutes(61))).toBe('tooLate')
  })
})

describe('eventListTab', () => {
  const now = new Date('2099-06-01T12:30:00Z')
  it('keeps an event upcoming until it ends, then past; archived wins', () => {
    expect(eventListTab({ status: 'active', startsAt: start, endsAt: minutes(60) }, now)).toBe('upcoming')
    expect(eventListTab({ status: 'active', startsAt: minutes(-120), endsAt: minutes(-60) }, now)).toBe('past')
    expect(eventListTab({ status: 'active', startsAt: minutes(-120), endsAt: null }, now)).toBe('past')
    expect(eventListTab({ status: 'active', startsAt: null, endsAt: null }, now)).toBe('upcoming')
    expect(eventListTab({ status: 'archived', startsAt: minutes(-120), endsAt: minutes(-60) }, now)).toBe('archived')
  })
})

describe('eventSlugFromName', () => {
  it('makes a room link from a name, accents dropped', () => {
    expect(eventSlugFromName('Café Society: Welcome Call!')).toBe('cafe-society-welcome-call')
    expect(eventSlugFromName('Ñandú 2026')).toBe('nandu-2026')
    expect(eventSlugFromName('AB')).toBe('ab')
  })
  it('falls back to "event" when the name leaves too little', () => {
    expect(eventSlugFromName('🎉🎉')).toBe('event')
    expect(eventSlugFromName('X!')).toBe('event-x')
  })
  it('stays within the link length', () => {
    expect(eventSlugFromName('a'.repeat(200)).length).toBeLessThanOrEqual(48)
  })
})

describe('slotTimeMs', () => {
  it('is minutes × 60 plus seconds, in milliseconds', () => {
    expect(slotTimeMs({ minutes: 2, seconds: 30 })).toBe(150_000)
  })
})
