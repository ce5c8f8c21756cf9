// The .ics invitation parsed back by a strict parser, and the registration rules at their boundaries.
import { describe, expect, it } from 'vitest'
import { calendarInvitation } from '#app/lib/events/registration-ics'
import { formDefaults, stepAnswers } from '#app/lib/events/registration-answers'
import {
  AUTO_JOIN_MARGIN_HOURS,
  autoJoinExpiry,
  needsApprovedRegistration,
  newRegistrationStatus,
  owesPostSurvey,
  registrationClosed,
} from '#app/lib/events/registration-rules'
import { answersSchema, type FormSteps } from '#app/lib/forms/form-definition'
import { parseInvitation } from '#tests/support/ics'

describe('calendarInvitation', () => {
  it('carries the start, end, UID, event URL and organizer (with an address) in UTC', () => {
    const ics = calendarInvitation({
      uid: 'reg-1@hearth.test',
      title: 'Welcome Call',
      description: 'Say hello',
      startsAt: new Date('2099-06-01T12:00:00Z'),
      endsAt: new Date('2099-06-01T13:30:00Z'),
      url: 'https://hearth.test/demo/events/welcome-call',
      organizer: { name: 'Hearth Demo', email: 'no-reply@hearth.test' },
    })
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(parseInvitation(ics)).toEqual({
      method: 'PUBLISH',
      uid: 'reg-1@hearth.test',
      summary: 'Welcome Call',
      url: 'https://hearth.test/demo/events/welcome-call',
      start: '2099-06-01T12:00:00Z',
      end: '2099-06-01T13:30:00Z',
      organizer: 'MAILTO:no-reply@hearth.test',
      organizerName: 'Hearth Demo',
    })
  })

  it('lasts an hour when the event has no end (or an end before its start)', () => {
    for (const endsAt of [null, new Date('2099-06-01T11:00:00Z')]) {
      const event = parseInvitation(
        calendarInvitation({
          uid: 'u@h',
          title: 'T',
          startsAt: new Date('2099-06-01T12:00:00Z'),
          endsAt,
          url: 'https://hearth.test/e',
        }),
      )
      expect(event.end).toBe('2099-06-01T13:00:00Z')
    }
  })
})

describe('registrationClosed', () => {
  const start = new Date('2099-06-01T12:00:00Z')
  const room = { startsAt: start, endsAt: new Date('2099-06-01T13:00:00Z') }
  const event = {
    registrationEnabled: true,
    registrationCutoffAt: null as Date | null,
    registrationLimit: null as number | null,
  }

  it('is open up to and including the cutoff, closed a millisecond after', () => {
    const cutoff = new Date('2099-05-31T12:00:00Z')
    const withCutoff = { ...event, registrationCutoffAt: cutoff }
    expect(registrationClosed({ event: withCutoff, room, taken: 0, alreadyRegistered: false, now: cutoff })).toBeNull()
    expect(
      registrationClosed({
        event: withCutoff,
        room,
        taken: 0,
        alreadyRegistered: false,
        now: new Date(cutoff.getTime() + 1),
      }),
    ).toBe('cutoff')
  })

  it('uses the start as the cutoff when none is set', () => {
    expect(registrationClosed({ event, room, taken: 0, alreadyRegistered: false, now: start })).toBeNull()
    expect(
      registrationClosed({ event, room, taken: 0, alreadyRegistered: true, now: new Date(start.getTime() + 1) }),
    ).toBe('cutoff')
  })

  it('is full at the limit, except for someone already registered', () => {
    const limited = { ...event, registrationLimit: 2 }
    const now = new Date('2099-01-01T00:00:00Z')
    expect(registrationClosed({ event: limited, room, taken: 1, alreadyRegistered: false, now })).toBeNull()
    expect(registrationClosed({ event: limited, room, taken: 2, alreadyRegistered: false, now })).toBe('full')
    expect(registrationClosed({ event: limited, room, taken: 2, alreadyRegistered: true, now })).toBeNull()
  })

  it('is closed when registration is off or the event is over', () => {
    const now = new Date('2099-01-01T00:00:00Z')
    expect(
      registrationClosed({
        event: { ...event, registrationEnabled: false },
        room,
        taken: 0,
        alreadyRegistered: false,
        now,
      }),
    ).toBe('notEnabled')
    expect(
      registrationClosed({
        event: { ...event, registrationCutoffAt: new Date('2099-06-01T13:00:00Z') },
        room,
        taken: 0,
        alreadyRegistered: false,
        now: new Date('2099-06-01T13:00:01Z'),
      }),
    ).toBe('ended')
  })
})

describe('the other rules', () => {
  it('makes a pending registration only when moderated', () => {
    expect(newRegistrationStatus({ registrationModeration: true })).toBe('pending')
    expect(newRegistrationStatus({ registrationModeration: false })).toBe('approved')
  })

  it('keeps an auto-join link until the end plus the margin', () => {
    const end = new Date('2099-06-01T13:00:00Z')
    expect(autoJoinExpiry({ startsAt: null, endsAt: end }).getTime()).toBe(
      end.getTime() + AUTO_JOIN_MARGIN_HOURS * 3600_000,
    )
    expect(autoJoinExpiry({ startsAt: end, endsAt: null }).getTime()).toBe(
      end.getTime() + AUTO_JOIN_MARGIN_HOURS * 3600_000,
    )
  })

  it('asks a registration of everyone but those who run the event', () => {
    const base = { registrationEnabled: true, managesEvents: false, isHost: false, isCoHost: false }
    expect(needsApprovedRegistration(base)).toBe(true)
    expect(needsApprovedRegistration({ ...base, registrationEnabled: false })).toBe(false)
    expect(needsApprovedRegistration({ ...base, managesEvents: true })).toBe(false)
    expect(needsApprovedRegistration({ ...base, isHost: true })).toBe(false)
    expect(needsApprovedRegistration({ ...base, isCoHost: true })).toBe(false)
    expect(needsApprovedRegistration({ ...base, isMeetingBot: true })).toBe(false)
  })

  it('sends only a plain participant who has not saved it to the post-survey', () => {
    const base = { postSurveyFormId: 'f', saved: false, managesEvents: false, isHost: false, isCoHost: false }
    expect(owesPostSurvey(base)).toBe(true)
    expect(owesPostSurvey({ ...base, saved: true })).toBe(false)
    expect(owesPostSurvey({ ...base, postSurveyFormId: null })).toBe(false)
    expect(owesPostSurvey({ ...base, isHost: true })).toBe(false)
    expect(owesPostSurvey({ ...base, isCoHost: true })).toBe(false)
    expect(owesPostSurvey({ ...base, managesEvents: true })).toBe(false)
  })
})

describe('carrying answers between steps', () => {
  const steps: FormSteps = [
    [
      { name: 'agree', type: 'toggle', label: 'Agree', required: false },
      { name: 'size', type: 'number', label: 'Size', required: false },
    ],
    [{ name: 'topics', type: 'multipleChoice', label: 'Topics', required: false, options: ['a', 'b'] }],
  ]
  it('shows stored answers as form values', () => {
    expect(formDefaults(steps.flat(), { agree: true, size: 3, topics: ['a'] })).toEqual({
      agree: 'on',
      size: '3',
      topics: ['a'],
    })
    expect(formDefaults(steps.flat(), { agree: false, size: '' })).toEqual({})
  })
  it('drops a step’s old answers when it is posted again', () => {
    expect(stepAnswers({ agree: true, size: 3, topics: ['a'] }, steps, 0)).toEqual({ topics: ['a'] })
  })
})

describe('a required rating', () => {
  const steps: FormSteps = [[{ name: 'r', type: 'rating', label: 'R', required: true, max: 5 }]]
  it('left unchosen is Required; out of the scale a wrong choice; a number as posted or stored reads the same', () => {
    expect(answersSchema(steps).safeParse({}).error?.issues[0]?.message).toBe('forms:errors.required')
    expect(answersSchema(steps).safeParse({ r: '6' }).error?.issues[0]?.message).toBe('forms:errors.choiceInvalid')
    expect(answersSchema(steps).parse({ r: '4' })).toEqual({ r: 4 })
    expect(answersSchema(steps).parse({ r: 4 })).toEqual({ r: 4 })
  })
})
