// The series' recurrence ("The frequency between sessions must exceed the event duration"; correct
// across daylight-saving changes, capped).
import { describe, expect, it } from 'vitest'
import {
  partsOfRule,
  recurrenceProblem,
  ruleString,
  sessionStarts,
  shortestGapMinutes,
} from '#app/lib/event-series/recurrence'
import { SESSIONS_MAX } from '#app/lib/event-series/series-rules'
import { seriesSchema } from '#app/lib/event-series/series.schema'
import { dateToZonedTime } from '#app/lib/i18n/zoned-time'

const local = (dates: Date[], zone: string) => dates.map((date) => dateToZonedTime(date, zone))

describe('sessions keep their wall-clock time across daylight-saving changes', () => {
  it('New York, weekly over the March change: 10:00 local every week (15:00 UTC, then 14:00)', () => {
    // 2026-03-08 is the US change: EST (−5) before, EDT (−4) after.
    const starts = sessionStarts({
      firstStart: '2026-03-02T10:00',
      timeZone: 'America/New_York',
      rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=3',
    })
    expect(local(starts, 'America/New_York')).toEqual(['2026-03-02T10:00', '2026-03-09T10:00', '2026-03-16T10:00'])
    expect(starts.map((date) => date.toISOString())).toEqual([
      '2026-03-02T15:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
      '2026-03-16T14:00:00.000Z',
    ])
  })

  it('New York over the November change, daily: the gap shrinks/grows by an hour in UTC, never in local time', () => {
    const starts = sessionStarts({
      firstStart: '2026-10-31T18:30',
      timeZone: 'America/New_York',
      rule: 'FREQ=DAILY;INTERVAL=1;COUNT=3',
    })
    expect(local(starts, 'America/New_York')).toEqual(['2026-10-31T18:30', '2026-11-01T18:30', '2026-11-02T18:30'])
    // 1 November 2026 is 25 hours long there.
    expect((starts[1]!.getTime() - starts[0]!.getTime()) / 3_600_000).toBe(25)
  })

  it('Lisbon over the March change (WET → WEST), weekly on two days', () => {
    // Portugal changes on 2026-03-29.
    const starts = sessionStarts({
      firstStart: '2026-03-24T19:00',
      timeZone: 'Europe/Lisbon',
      rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;COUNT=4',
    })
    expect(local(starts, 'Europe/Lisbon')).toEqual([
      '2026-03-24T19:00',
      '2026-03-26T19:00',
      '2026-03-31T19:00',
      '2026-04-02T19:00',
    ])
    expect(starts.map((date) => date.toISOString().slice(11, 16))).toEqual(['19:00', '19:00', '18:00', '18:00'])
  })

  it('a wall time the change skips moves on by the jump (02:30 on the US March change is 03:30)', () => {
    const starts = sessionStarts({
      firstStart: '2026-03-07T02:30',
      timeZone: 'America/New_York',
      rule: 'FREQ=DAILY;INTERVAL=1;COUNT=3',
    })
    expect(local(starts, 'America/New_York')).toEqual(['2026-03-07T02:30', '2026-03-08T03:30', '2026-03-09T02:30'])
  })

  it('monthly keeps the day of the month, interval counts months', () => {
    const starts = sessionStarts({
      firstStart: '2026-01-15T09:00',
      timeZone: 'Europe/Lisbon',
      rule: 'FREQ=MONTHLY;INTERVAL=2;COUNT=3',
    })
    expect(local(starts, 'Europe/Lisbon')).toEqual(['2026-01-15T09:00', '2026-03-15T09:00', '2026-05-15T09:00'])
  })

  it('until is a local date, inclusive', () => {
    const starts = sessionStarts({
      firstStart: '2026-03-02T23:30',
      timeZone: 'America/New_York',
      rule: ruleString({ frequency: 'weekly', interval: 1, weekdays: [], count: null, untilDate: '2026-03-16' }),
    })
    expect(local(starts, 'America/New_York')).toEqual(['2026-03-02T23:30', '2026-03-09T23:30', '2026-03-16T23:30'])
  })
})

describe('the rule as a string and back', () => {
  it('writes and reads the parts', () => {
    const parts = {
      frequency: 'weekly' as const,
      interval: 2,
      weekdays: ['WE' as const, 'MO' as const],
      count: 10,
      untilDate: null,
    }
    const rule = ruleString(parts)
    expect(rule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10')
    expect(partsOfRule(rule)).toEqual({ ...parts, weekdays: ['MO', 'WE'] })
    expect(
      partsOfRule(ruleString({ frequency: 'daily', interval: 1, weekdays: [], count: null, untilDate: '2026-05-01' })),
    ).toEqual({
      frequency: 'daily',
      interval: 1,
      weekdays: [],
      count: null,
      untilDate: '2026-05-01',
    })
    expect(partsOfRule('FREQ=YEARLY')).toBeNull()
  })
})

describe('the frequency rule and the cap', () => {
  const daily = (count: number) =>
    sessionStarts({ firstStart: '2026-06-01T10:00', timeZone: 'UTC', rule: `FREQ=DAILY;INTERVAL=1;COUNT=${count}` })

  it('the time between sessions must exceed the duration: a day apart, 1439 minutes pass, 1440 do not', () => {
    expect(shortestGapMinutes(daily(3))).toBe(1440)
    expect(recurrenceProblem(daily(3), 1439)).toBeNull()
    expect(recurrenceProblem(daily(3), 1440)).toBe('frequencyTooShort')
  })

  it('a day shortened by daylight saving (23 hours) counts as 23 hours', () => {
    const starts = sessionStarts({
      firstStart: '2026-03-07T12:00',
      timeZone: 'America/New_York',
      rule: 'FREQ=DAILY;INTERVAL=1;COUNT=3',
    })
    expect(shortestGapMinutes(starts)).toBe(23 * 60)
    expect(recurrenceProblem(starts, 23 * 60 - 1)).toBeNull()
    expect(recurrenceProblem(starts, 23 * 60)).toBe('frequencyTooShort')
  })

  it('one session has no gap to check', () => {
    expect(recurrenceProblem(daily(1), 10_000)).toBeNull()
  })

  it(`at most ${SESSIONS_MAX} sessions; none is refused too`, () => {
    expect(recurrenceProblem(daily(SESSIONS_MAX), 60)).toBeNull()
    expect(daily(200)).toHaveLength(SESSIONS_MAX + 1)
    expect(recurrenceProblem(daily(SESSIONS_MAX + 1), 60)).toBe('tooManySessions')
    expect(recurrenceProblem([], 60)).toBe('noSessions')
  })
})

describe('the series form schema', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  const base = {
    name: 'Weekly chat',
    summary: 'We chat.',
    date: '2026-03-02',
    time: '10:00',
    timeZone: 'America/New_York',
    durationMinutes: 60,
    frequency: 'weekly',
    interval: 1,
    ends: 'count',
    count: 3,
  }
  const errors = (fields: Record<string, unknown>, context = { now }) => {
    const parsed = seriesSchema(context).safeParse({ ...base, ...fields })
    return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)
  }

  it('name: at least 2 characters; summary: required, at most 280', () => {
    expect(errors({ name: 'ab', summary: 'x'.repeat(280) })).toBeNull()
    expect(errors({ name: ' a ' })).toEqual(['name:series:errors.nameTooShort'])
    expect(errors({ summary: '' })).toEqual(['summary:series:errors.summaryRequired'])
    expect(errors({ summary: 'x'.repeat(281) })).toEqual(['summary:series:errors.summaryTooLong'])
  })

  it('the frequency between sessions must exceed the duration (weekly over the March change: 10020 real minutes)', () => {
    expect(errors({ durationMinutes: 10_019 })).toBeNull()
    expect(errors({ durationMinutes: 10_020 })).toEqual(['durationMinutes:series:errors.frequencyTooShort'])
  })

  it('caps and ends', () => {
    expect(errors({ count: 53 })).toEqual(['count:series:errors.countInvalid'])
    expect(errors({ ends: 'until', untilDate: '2027-12-31', count: undefined })).toEqual([
      'untilDate:series:errors.tooManySessions',
    ])
    expect(errors({ ends: 'until', untilDate: '2026-03-01', count: undefined })).toEqual([
      'untilDate:series:errors.untilBeforeStart',
    ])
    expect(errors({ ends: 'until', count: undefined })).toEqual(['untilDate:series:errors.untilRequired'])
  })

  it('a new series starts in the future; an edit may keep a past start', () => {
    expect(errors({}, { now: new Date('2026-03-02T15:00:00Z') })).toEqual(['date:series:errors.startInPast'])
    expect(
      seriesSchema({ now: new Date('2026-03-02T15:00:00Z'), requireFutureStart: false }).safeParse(base).success,
    ).toBe(true)
  })

  it('makes the rule and the starts', () => {
    const parsed = seriesSchema({ now }).parse({ ...base, weekdays: ['MO', 'TH'] })
    expect(parsed.rule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH;COUNT=3')
    expect(parsed.starts).toHaveLength(3)
    expect(parsed.firstStartsAt.toISOString()).toBe('2026-03-02T15:00:00.000Z')
  })
})
