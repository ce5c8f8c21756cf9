import { describe, expect, it } from 'vitest'
import { MEETING_LOG_EVENTS, type MeetingLogEntry } from '#edge/contract/meeting-log'
import { createTranslator } from '#app/lib/i18n/i18n'
import { logLine } from '#app/meeting/meeting-log-line'
import english from '#locales/en/meeting.json'
import es from '#locales/es/meeting.json'
import pt from '#locales/pt/meeting.json'

const entry = (fields: Partial<MeetingLogEntry>): MeetingLogEntry => ({
  id: 'line',
  at: '2026-11-28T20:00:00.000Z',
  level: 'info',
  event: 'joined',
  actor: null,
  subject: null,
  detail: null,
  ...fields,
})

describe('a meeting log line in words', () => {
  const en = createTranslator('en', { meeting: english })

  it('names who did it and to whom, a departure by its reason, captions by their language', () => {
    expect(logLine(en, entry({ event: 'joined', subject: 'Mia' }))).toBe('Mia joined')
    expect(logLine(en, entry({ event: 'left', subject: 'Mia', detail: 'left' }))).toBe('Mia left')
    expect(logLine(en, entry({ event: 'left', subject: 'Mia', actor: 'Olivia', detail: 'kicked' }))).toBe(
      'Olivia removed Mia',
    )
    expect(logLine(en, entry({ event: 'left', subject: 'Mia', detail: 'disconnected' }))).toBe(
      'Mia lost their connection',
    )
    // A reason this page does not know (a newer edge) reads as plainly leaving.
    expect(logLine(en, entry({ event: 'left', subject: 'Mia', detail: 'teleported' }))).toBe('Mia left')
    expect(logLine(en, entry({ event: 'captionsOn', actor: 'Olivia', detail: 'es' }))).toBe(
      'Olivia turned captions on (Spanish)',
    )
    expect(logLine(en, entry({ event: 'muted', actor: 'Olivia', subject: 'Noah' }))).toBe('Olivia muted Noah')
  })

  it('has words for every event in every language, with no placeholder left over', () => {
    for (const [language, messages] of [
      ['en', english],
      ['es', es],
      ['pt', pt],
    ] as const) {
      const t = createTranslator(language, { meeting: messages })
      for (const event of MEETING_LOG_EVENTS) {
        const text = logLine(t, entry({ event, actor: 'A', subject: 'B', detail: 'Room 1' }))
        expect(text, `${language} ${event}`).not.toMatch(/meeting:|\{\{/)
      }
    }
    const t = createTranslator('es', { meeting: es })
    expect(logLine(t, entry({ event: 'left', subject: 'Mia', actor: 'Olivia', detail: 'kicked' }))).toBe(
      'Olivia expulsó a Mia',
    )
  })
})
