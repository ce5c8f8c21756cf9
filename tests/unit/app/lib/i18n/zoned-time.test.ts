// Wall-clock times in a zone, across daylight-saving changes. Expected instants are written out by
// hand from the zones' rules, not computed.
import { describe, expect, it } from 'vitest'
import { dateToZonedTime, isTimeZone, zonedTimeToDate } from '#app/lib/i18n/zoned-time'

const at = (local: string, zone: string) => zonedTimeToDate(local, zone)?.toISOString()

describe('zonedTimeToDate', () => {
  it('reads plain times in zones east and west of UTC', () => {
    expect(at('2026-07-01T09:30', 'UTC')).toBe('2026-07-01T09:30:00.000Z')
    expect(at('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z') // EDT, UTC-4
    expect(at('2026-01-15T09:30', 'America/New_York')).toBe('2026-01-15T14:30:00.000Z') // EST, UTC-5
    expect(at('2026-07-01T09:30', 'Europe/Lisbon')).toBe('2026-07-01T08:30:00.000Z') // WEST, UTC+1
    expect(at('2026-01-15T09:30', 'Europe/Lisbon')).toBe('2026-01-15T09:30:00.000Z') // WET, UTC+0
    expect(at('2026-07-01T09:30', 'Asia/Tokyo')).toBe('2026-07-01T00:30:00.000Z')
  })

  describe('America/New_York (clocks forward 2026-03-08 02:00, back 2026-11-01 02:00)', () => {
    it('puts the minutes around the spring change on the right side of it', () => {
      expect(at('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z')
      expect(at('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z')
      expect(at('2026-03-08T03:01', 'America/New_York')).toBe('2026-03-08T07:01:00.000Z')
    })
    it('moves a time in the skipped hour on by the jump', () => {
      expect(at('2026-03-08T02:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z') // = 03:00 EDT
      expect(at('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z') // = 03:30 EDT
    })
    it('takes the earlier of the two readings of the repeated hour', () => {
      expect(at('2026-11-01T00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z')
      expect(at('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z') // 01:30 EDT, not EST
      expect(at('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z') // EST
    })
  })

  describe('Europe/Lisbon (clocks forward 2026-03-29 01:00, back 2026-10-25 02:00)', () => {
    it('handles the spring change, skipped hour included', () => {
      expect(at('2026-03-29T00:59', 'Europe/Lisbon')).toBe('2026-03-29T00:59:00.000Z')
      expect(at('2026-03-29T01:30', 'Europe/Lisbon')).toBe('2026-03-29T01:30:00.000Z') // skipped: = 02:30 WEST
      expect(at('2026-03-29T02:00', 'Europe/Lisbon')).toBe('2026-03-29T01:00:00.000Z')
    })
    it('handles the autumn change, repeated hour included', () => {
      expect(at('2026-10-25T00:30', 'Europe/Lisbon')).toBe('2026-10-24T23:30:00.000Z')
      expect(at('2026-10-25T01:30', 'Europe/Lisbon')).toBe('2026-10-25T00:30:00.000Z') // 01:30 WEST, the earlier
      expect(at('2026-10-25T02:30', 'Europe/Lisbon')).toBe('2026-10-25T02:30:00.000Z')
    })
  })

  describe('America/Sao_Paulo', () => {
    it('has no daylight saving since 2019: UTC-3 all year', () => {
      expect(at('2026-01-15T20:00', 'America/Sao_Paulo')).toBe('2026-01-15T23:00:00.000Z')
      expect(at('2026-07-15T20:00', 'America/Sao_Paulo')).toBe('2026-07-15T23:00:00.000Z')
    })
    it('followed its old rules: midnight skipped on 2018-11-04, 23:00 repeated on 2019-02-16', () => {
      expect(at('2018-11-03T23:30', 'America/Sao_Paulo')).toBe('2018-11-04T02:30:00.000Z')
      expect(at('2018-11-04T00:30', 'America/Sao_Paulo')).toBe('2018-11-04T03:30:00.000Z') // skipped: = 01:30 -02
      expect(at('2018-11-04T01:30', 'America/Sao_Paulo')).toBe('2018-11-04T03:30:00.000Z')
      expect(at('2019-02-16T23:30', 'America/Sao_Paulo')).toBe('2019-02-17T01:30:00.000Z') // -02, the earlier
      expect(at('2019-02-17T00:30', 'America/Sao_Paulo')).toBe('2019-02-17T03:30:00.000Z')
    })
  })

  it('refuses what is no time or no zone', () => {
    expect(at('2026-02-30T10:00', 'UTC')).toBeUndefined()
    expect(at('2026-02-10T24:00', 'UTC')).toBeUndefined()
    expect(at('2026-02-10 10:00', 'UTC')).toBeUndefined()
    expect(at('', 'UTC')).toBeUndefined()
    expect(at('2026-02-10T10:00', 'Mars/Olympus')).toBeUndefined()
    expect(isTimeZone('Europe/Lisbon')).toBe(true)
    expect(isTimeZone('')).toBe(false)
  })
})

describe('dateToZonedTime', () => {
  it('reads an instant back as the wall time it was given as', () => {
    for (const [local, zone] of [
      ['2026-03-08T03:30', 'America/New_York'],
      ['2026-11-01T01:30', 'America/New_York'],
      ['2026-10-25T02:30', 'Europe/Lisbon'],
      ['2026-06-01T18:45', 'America/Sao_Paulo'],
    ] as const) {
      expect(dateToZonedTime(zonedTimeToDate(local, zone)!, zone)).toBe(local)
    }
  })
})
