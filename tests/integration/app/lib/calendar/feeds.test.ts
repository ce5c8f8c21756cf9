// The calendar feeds on a real database, read as a calendar reads them: every answer is parsed by
// ical.js (which throws on what RFC 5545 does not allow) and checked line by line (75 octets at most,
// CRLF). What a person's feed lists and leaves out, that an entry keeps its UID, that a called-off event
// stays as CANCELLED, that leaving a community takes its events away; and 404s, as plain text, for the rest.
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityEvent, EventRegistration, Membership, type Brand, type Room, type User } from '#models/index'
import { makeFeed, turnOffFeed } from '#app/lib/calendar/calendar-feeds.server'
import { personalCalendar } from '#app/lib/calendar/feeds.server'
import { env } from '#app/lib/platform/env.server'
import { loader as personalLoader } from '#app/routes/me.calendar.$file'
import { grantRole, makeCommunity, makeEventRoom, makeUser } from '#tests/support/factories'
import { TestBrowser } from '#tests/support/browser'

const DAY = 24 * 3600 * 1000
const now = new Date()
const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * 3600 * 1000)

type Entry = { uid: string; summary: string; status: string; url?: string; start: string; end: string }

/** The file as a strict calendar reads it, after checking its lines: CRLF, at most 75 octets each. */
function parse(text: string): { name: string; entries: Entry[] } {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
  for (const line of text.slice(0, -2).split('\r\n')) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75)
    expect(line).not.toMatch(/[\r\n]/)
  }
  const calendar = new ICAL.Component(ICAL.parse(text))
  const entries = calendar.getAllSubcomponents('vevent').map((event) => {
    const value = (name: string) => {
      const property = event.getFirstProperty(name)
      return property ? String(property.getFirstValue()) : undefined
    }
    return {
      uid: value('uid')!,
      summary: value('summary')!,
      status: value('status')!,
      url: value('url'),
      start: value('dtstart')!,
      end: value('dtend')!,
    }
  })
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), entries }
}

async function register(room: Room, user: User, status: 'approved' | 'pending' = 'approved') {
  await CommunityEvent.findOrCreate({ where: { roomId: room.id }, defaults: { roomId: room.id } })
  return EventRegistration.create({ roomId: room.id, userId: user.id, status })
}

/** An event the person holds an approved place at, listed among the room's members as the app does. */
async function registeredEvent(brand: Brand, user: User, fields: Parameters<typeof makeEventRoom>[1] = {}) {
  const room = await makeEventRoom(brand, { members: [user.id], ...fields })
  const registration = await register(room, user)
  return { room, registration }
}

const titles = (entries: Entry[]) => entries.map((entry) => entry.summary).sort()

let brand: Brand
let member: User
beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
})

describe('a person’s feed', () => {
  it('lists their approved events from 30 days back, with page, times in UTC and their registration’s UID', async () => {
    const person = await makeUser({ preferredLanguage: 'es' })
    await grantRole(person, brand)
    const soon = await registeredEvent(brand, person, {
      name: 'Welcome call',
      description: 'Say hello; bring a friend, or two.\nSecond line.',
      startsAt: new Date('2099-06-01T12:00:00Z'),
      endsAt: new Date('2099-06-01T13:30:00Z'),
    })
    await registeredEvent(brand, person, { name: 'Last week', startsAt: at(-7), endsAt: at(-7, 1) })
    await registeredEvent(brand, person, { name: 'Long ago', startsAt: at(-40), endsAt: at(-40, 1) })
    await registeredEvent(brand, person, { name: 'No date', startsAt: null })
    const pending = await makeEventRoom(brand, { name: 'Waiting' })
    await register(pending, person, 'pending')
    await makeEventRoom(brand, { name: 'Not registered' })

    const feed = parse(await personalCalendar(person))
    expect(feed.name).toBe('Hearth: tus eventos')
    expect(titles(feed.entries)).toEqual(['Last week', 'Welcome call'])
    const welcome = feed.entries.find((entry) => entry.summary === 'Welcome call')!
    expect(welcome).toMatchObject({
      uid: `${soon.registration.id}@${new URL(env.PUBLIC_URL).host}`,
      status: 'CONFIRMED',
      url: `${env.PUBLIC_URL}/${brand.slug}/events/${soon.room.slug}`,
      start: '2099-06-01T12:00:00Z',
      end: '2099-06-01T13:30:00Z',
    })
  })

  it('keeps each entry’s UID from one read to the next, and shows an edited event under it', async () => {
    const person = await makeUser()
    await grantRole(person, brand)
    const { room, registration } = await registeredEvent(brand, person, { name: 'Before' })
    const first = parse(await personalCalendar(person)).entries
    await room.update({ name: 'After', startsAt: at(2) })
    const second = parse(await personalCalendar(person)).entries
    expect(first.map((entry) => entry.uid)).toEqual(second.map((entry) => entry.uid))
    expect(second).toEqual([expect.objectContaining({ uid: expect.stringMatching(`^${registration.id}@`) })])
    expect(second[0]!.summary).toBe('After')
  })

  it('keeps an archived or removed event in the window as CANCELLED, without its page', async () => {
    const person = await makeUser()
    await grantRole(person, brand)
    const archived = await registeredEvent(brand, person, { name: 'Archived', status: 'archived' })
    await registeredEvent(brand, person, { name: 'Removed session', status: 'deleted' })
    await registeredEvent(brand, person, { name: 'Archived long ago', status: 'archived', startsAt: at(-45) })
    const entries = parse(await personalCalendar(person)).entries
    expect(titles(entries)).toEqual(['Archived', 'Removed session'])
    for (const entry of entries) {
      expect(entry.status).toBe('CANCELLED')
      expect(entry.url).toBeUndefined()
    }
    await archived.room.update({ status: 'active' })
    const restored = parse(await personalCalendar(person)).entries.find((entry) => entry.summary === 'Archived')!
    expect(restored).toMatchObject({ status: 'CONFIRMED', url: expect.stringContaining(archived.room.slug) })
  })

  it('drops a community’s events when the person is taken out of it, or the community closes', async () => {
    const person = await makeUser()
    const { brand: elsewhere } = await makeCommunity()
    const { brand: closing } = await makeCommunity()
    await grantRole(person, brand)
    await grantRole(person, elsewhere)
    await grantRole(person, closing)
    await registeredEvent(brand, person, { name: 'Here' })
    await registeredEvent(elsewhere, person, { name: 'Elsewhere' })
    await registeredEvent(closing, person, { name: 'Closing' })
    expect(titles(parse(await personalCalendar(person)).entries)).toEqual(['Closing', 'Elsewhere', 'Here'])

    // Archived (the members page's Archive: status deleted).
    await Membership.update({ status: 'deleted' }, { where: { brandId: elsewhere.id, userId: person.id } })
    await closing.update({ status: 'deleted' })
    expect(titles(parse(await personalCalendar(person)).entries)).toEqual(['Here'])
  })

  it('keeps a private event only while the room rule admits the person', async () => {
    const person = await makeUser()
    await grantRole(person, brand)
    const { room } = await registeredEvent(brand, person, { name: 'Private', roomType: 'private' })
    expect(titles(parse(await personalCalendar(person)).entries)).toEqual(['Private'])
    await room.update({ members: [] })
    expect(parse(await personalCalendar(person)).entries).toEqual([])
  })

  it('lists a registrant from outside the community, whom the event admits as its member', async () => {
    const outsider = await makeUser()
    await registeredEvent(brand, outsider, { name: 'Open day' })
    expect(titles(parse(await personalCalendar(outsider)).entries)).toEqual(['Open day'])
  })

  it('folds long titles by octets, never inside a character, and escapes text', async () => {
    const person = await makeUser()
    await grantRole(person, brand)
    const name = 'Café ☕ São Paulo 🎉 — reunião de comunidade, árvores e ações; '.repeat(3).trim()
    await registeredEvent(brand, person, { name, description: 'a, b; c\nd' })
    const text = await personalCalendar(person)
    expect(parse(text).entries[0]!.summary).toBe(name)
    expect(text).toContain('DESCRIPTION:a\\, b\\; c\\nd\r\n')
  })

  it('is an empty calendar for someone with no events', async () => {
    const feed = parse(await personalCalendar(await makeUser()))
    expect(feed.entries).toEqual([])
    expect(feed.name).toBe('Hearth: your events')
  })
})

describe('/me/calendar/{secret}.ics', () => {
  const read = (file: string) => {
    const args = new TestBrowser().args(`/me/calendar/${file}`, { params: { file } })
    return personalLoader(args as never) as Promise<Response>
  }

  it('answers the owner’s events, with no cookie, cached privately for five minutes', async () => {
    await registeredEvent(brand, member, { name: 'Member meetup' })
    const { secret } = await makeFeed(member.id)
    const answer = await read(`${secret}.ics`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    expect(answer.headers.get('Cache-Control')).toBe('private, max-age=300')
    expect(titles(parse(await answer.text()).entries)).toContain('Member meetup')
  })

  it('answers 404 in plain text for an unknown, replaced or turned-off address, and for junk', async () => {
    const person = await makeUser()
    const { secret: old } = await makeFeed(person.id)
    const { secret } = await makeFeed(person.id)
    expect((await read(`${secret}.ics`)).status).toBe(200)
    const files = [
      `${old}.ics`,
      secret,
      `${secret}.ical`,
      `hcal_${'A'.repeat(32)}.ics`,
      '.ics',
      `${"' OR 1=1 --".padEnd(37, 'x')}.ics`,
      `${'x'.repeat(300)}.ics`,
    ]
    for (const file of files) {
      const answer = await read(file)
      expect(answer.status, file).toBe(404)
      expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
      expect(await answer.text()).toBe('Not found')
    }
    await turnOffFeed(person.id)
    expect((await read(`${secret}.ics`)).status).toBe(404)
  })
})
