import { afterEach, describe, expect, it, vi } from 'vitest'
import enCommon from '#locales/en/common.json'
import esCommon from '#locales/es/common.json'
import ptCommon from '#locales/pt/common.json'
import { formatDate, relativeTime } from '#app/lib/i18n/dates'
import type { Language } from '#app/lib/i18n/i18n'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const NOW = new Date('2024-06-15T12:00:00.000Z')

const JUST_NOW: Record<Language, string> = {
  en: enCommon.time.justNow,
  es: esCommon.time.justNow,
  pt: ptCommon.time.justNow,
}

function ago(distance: number, language: Language): string {
  return relativeTime(new Date(NOW.getTime() - distance), { language, justNow: JUST_NOW[language], now: NOW })
}

function ahead(distance: number, language: Language): string {
  return relativeTime(new Date(NOW.getTime() + distance), { language, justNow: JUST_NOW[language], now: NOW })
}

/**
 * Each row: a distance, then the exact text Node's ICU produces for it in the past and in the
 * future, in en, es and pt. The rows sit on either side of every unit boundary.
 */
type Row = {
  label: string
  distance: number
  en: [string, string]
  es: [string, string]
  pt: [string, string]
}

const ROWS: Row[] = [
  {
    label: '60 seconds',
    distance: 60 * SECOND,
    en: ['1 minute ago', 'in 1 minute'],
    es: ['hace 1 minuto', 'dentro de 1 minuto'],
    pt: ['há 1 minuto', 'em 1 minuto'],
  },
  {
    label: '119 seconds',
    distance: 119 * SECOND,
    en: ['1 minute ago', 'in 1 minute'],
    es: ['hace 1 minuto', 'dentro de 1 minuto'],
    pt: ['há 1 minuto', 'em 1 minuto'],
  },
  {
    label: '5 minutes',
    distance: 5 * MINUTE,
    en: ['5 minutes ago', 'in 5 minutes'],
    es: ['hace 5 minutos', 'dentro de 5 minutos'],
    pt: ['há 5 minutos', 'em 5 minutos'],
  },
  {
    label: '59 minutes',
    distance: 59 * MINUTE,
    en: ['59 minutes ago', 'in 59 minutes'],
    es: ['hace 59 minutos', 'dentro de 59 minutos'],
    pt: ['há 59 minutos', 'em 59 minutos'],
  },
  {
    label: '59 minutes 59.999 seconds',
    distance: HOUR - 1,
    en: ['59 minutes ago', 'in 59 minutes'],
    es: ['hace 59 minutos', 'dentro de 59 minutos'],
    pt: ['há 59 minutos', 'em 59 minutos'],
  },
  {
    label: '60 minutes',
    distance: 60 * MINUTE,
    en: ['1 hour ago', 'in 1 hour'],
    es: ['hace 1 hora', 'dentro de 1 hora'],
    pt: ['há 1 hora', 'em 1 hora'],
  },
  {
    label: '23 hours',
    distance: 23 * HOUR,
    en: ['23 hours ago', 'in 23 hours'],
    es: ['hace 23 horas', 'dentro de 23 horas'],
    pt: ['há 23 horas', 'em 23 horas'],
  },
  {
    label: '23 hours 59 minutes',
    distance: DAY - MINUTE,
    en: ['23 hours ago', 'in 23 hours'],
    es: ['hace 23 horas', 'dentro de 23 horas'],
    pt: ['há 23 horas', 'em 23 horas'],
  },
  {
    label: '24 hours',
    distance: 24 * HOUR,
    en: ['1 day ago', 'in 1 day'],
    es: ['hace 1 día', 'dentro de 1 día'],
    pt: ['há 1 dia', 'em 1 dia'],
  },
  {
    label: '3 days',
    distance: 3 * DAY,
    en: ['3 days ago', 'in 3 days'],
    es: ['hace 3 días', 'dentro de 3 días'],
    pt: ['há 3 dias', 'em 3 dias'],
  },
  {
    label: '29 days',
    distance: 29 * DAY,
    en: ['29 days ago', 'in 29 days'],
    es: ['hace 29 días', 'dentro de 29 días'],
    pt: ['há 29 dias', 'em 29 dias'],
  },
  {
    label: '30 days less 1 ms',
    distance: 30 * DAY - 1,
    en: ['29 days ago', 'in 29 days'],
    es: ['hace 29 días', 'dentro de 29 días'],
    pt: ['há 29 dias', 'em 29 dias'],
  },
  {
    label: '30 days',
    distance: 30 * DAY,
    en: ['1 month ago', 'in 1 month'],
    es: ['hace 1 mes', 'dentro de 1 mes'],
    pt: ['há 1 mês', 'em 1 mês'],
  },
  {
    label: '59 days',
    distance: 59 * DAY,
    en: ['1 month ago', 'in 1 month'],
    es: ['hace 1 mes', 'dentro de 1 mes'],
    pt: ['há 1 mês', 'em 1 mês'],
  },
  {
    label: '60 days',
    distance: 60 * DAY,
    en: ['2 months ago', 'in 2 months'],
    es: ['hace 2 meses', 'dentro de 2 meses'],
    pt: ['há 2 meses', 'em 2 meses'],
  },
  {
    label: '359 days (11 months)',
    distance: 359 * DAY,
    en: ['11 months ago', 'in 11 months'],
    es: ['hace 11 meses', 'dentro de 11 meses'],
    pt: ['há 11 meses', 'em 11 meses'],
  },
  {
    label: '360 days (12 months)',
    distance: 360 * DAY,
    en: ['1 year ago', 'in 1 year'],
    es: ['hace 1 año', 'dentro de 1 año'],
    pt: ['há 1 ano', 'em 1 ano'],
  },
  {
    label: '364 days',
    distance: 364 * DAY,
    en: ['1 year ago', 'in 1 year'],
    es: ['hace 1 año', 'dentro de 1 año'],
    pt: ['há 1 ano', 'em 1 ano'],
  },
  {
    label: '365 days',
    distance: 365 * DAY,
    en: ['1 year ago', 'in 1 year'],
    es: ['hace 1 año', 'dentro de 1 año'],
    pt: ['há 1 ano', 'em 1 ano'],
  },
  {
    label: '729 days',
    distance: 729 * DAY,
    en: ['1 year ago', 'in 1 year'],
    es: ['hace 1 año', 'dentro de 1 año'],
    pt: ['há 1 ano', 'em 1 ano'],
  },
  {
    label: '730 days',
    distance: 730 * DAY,
    en: ['2 years ago', 'in 2 years'],
    es: ['hace 2 años', 'dentro de 2 años'],
    pt: ['há 2 anos', 'em 2 anos'],
  },
  {
    label: '10 years',
    distance: 3650 * DAY,
    en: ['10 years ago', 'in 10 years'],
    es: ['hace 10 años', 'dentro de 10 años'],
    pt: ['há 10 anos', 'em 10 anos'],
  },
]

describe('relativeTime', () => {
  describe('under 60 seconds', () => {
    const languages: Language[] = ['en', 'es', 'pt']
    for (const language of languages) {
      it(`reads the locale's "just now" in ${language}, past and future`, () => {
        expect(ago(0, language)).toBe(JUST_NOW[language])
        expect(ago(1, language)).toBe(JUST_NOW[language])
        expect(ago(59 * SECOND, language)).toBe(JUST_NOW[language])
        expect(ago(MINUTE - 1, language)).toBe(JUST_NOW[language])
        expect(ahead(59 * SECOND, language)).toBe(JUST_NOW[language])
        expect(ahead(MINUTE - 1, language)).toBe(JUST_NOW[language])
      })
    }

    it('uses the translated "just now" strings from the locale files', () => {
      expect(JUST_NOW).toEqual({ en: 'just now', es: 'justo ahora', pt: 'agora mesmo' })
    })

    it('switches to minutes at exactly 60 seconds', () => {
      expect(ago(59 * SECOND, 'en')).toBe('just now')
      expect(ago(60 * SECOND, 'en')).toBe('1 minute ago')
      expect(ahead(60 * SECOND, 'en')).toBe('in 1 minute')
    })
  })

  for (const row of ROWS) {
    describe(`at ${row.label}`, () => {
      it('reads naturally in English', () => {
        expect(ago(row.distance, 'en')).toBe(row.en[0])
        expect(ahead(row.distance, 'en')).toBe(row.en[1])
      })
      it('reads naturally in Spanish', () => {
        expect(ago(row.distance, 'es')).toBe(row.es[0])
        expect(ahead(row.distance, 'es')).toBe(row.es[1])
      })
      it('reads naturally in Portuguese', () => {
        expect(ago(row.distance, 'pt')).toBe(row.pt[0])
        expect(ahead(row.distance, 'pt')).toBe(row.pt[1])
      })
    })
  }

  describe('without an explicit now', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('measures from the current time', () => {
      vi.useFakeTimers()
      vi.setSystemTime(NOW)
      expect(relativeTime(new Date(NOW.getTime() - 5 * MINUTE), { language: 'en', justNow: 'just now' })).toBe(
        '5 minutes ago',
      )
      expect(relativeTime(new Date(NOW.getTime() + 2 * HOUR), { language: 'en', justNow: 'just now' })).toBe(
        'in 2 hours',
      )
      expect(relativeTime(NOW, { language: 'en', justNow: 'just now' })).toBe('just now')
    })
  })

  it('returns whatever justNow string it is given', () => {
    expect(relativeTime(NOW, { language: 'en', justNow: 'a moment ago', now: NOW })).toBe('a moment ago')
  })
})

describe('formatDate', () => {
  const march = new Date('2024-03-05T14:07:00Z')

  it('formats in en-US with a time and a named zone, UTC by default', () => {
    expect(formatDate(march, { language: 'en' })).toBe('Mar 5, 2024, 2:07 PM UTC')
    expect(formatDate(new Date('2024-01-09T09:05:00Z'), { language: 'en' })).toBe('Jan 9, 2024, 9:05 AM UTC')
  })

  it('formats in Spanish (es-ES) with a 24-hour clock', () => {
    expect(formatDate(march, { language: 'es' })).toBe('5 mar 2024, 14:07 UTC')
  })

  it('formats in Brazilian Portuguese (pt-BR)', () => {
    expect(formatDate(march, { language: 'pt' })).toBe('5 de mar. de 2024, 14:07 UTC')
  })

  it('shows the date alone when dateOnly is set', () => {
    expect(formatDate(march, { language: 'en', dateOnly: true })).toBe('Mar 5, 2024')
    expect(formatDate(march, { language: 'es', dateOnly: true })).toBe('5 mar 2024')
    expect(formatDate(march, { language: 'pt', dateOnly: true })).toBe('5 de mar. de 2024')
  })

  it('converts to an explicit time zone and names it', () => {
    expect(formatDate(march, { language: 'en', timeZone: 'America/New_York' })).toBe('Mar 5, 2024, 9:07 AM EST')
    expect(formatDate(march, { language: 'es', timeZone: 'Europe/Madrid' })).toBe('5 mar 2024, 15:07 CET')
    expect(formatDate(march, { language: 'pt', timeZone: 'America/Sao_Paulo' })).toBe('5 de mar. de 2024, 11:07 BRT')
  })

  it('moves the calendar day when the zone crosses midnight', () => {
    expect(formatDate(march, { language: 'en', timeZone: 'Pacific/Auckland' })).toBe('Mar 6, 2024, 3:07 AM GMT+13')
    expect(formatDate(new Date('2024-12-31T23:30:00Z'), { language: 'en', timeZone: 'Asia/Tokyo' })).toBe(
      'Jan 1, 2025, 8:30 AM GMT+9',
    )
    expect(
      formatDate(new Date('2024-12-31T23:30:00Z'), { language: 'pt', timeZone: 'Asia/Tokyo', dateOnly: true }),
    ).toBe('1 de jan. de 2025')
  })

  it('uses the zone for the day even when dateOnly is set', () => {
    expect(
      formatDate(new Date('2024-03-05T02:00:00Z'), { language: 'en', timeZone: 'America/Los_Angeles', dateOnly: true }),
    ).toBe('Mar 4, 2024')
  })
})
