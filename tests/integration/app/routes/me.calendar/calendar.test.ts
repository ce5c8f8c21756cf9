// /me/calendar through its loader and action on a real database: the address is made from the form (the
// whole of it in that answer only, its SHA-256 stored), made anew (the old one stops working at once)
// and turned off; a request the form never sends is refused with 400 and changes nothing; each person
// touches only their own address.
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { CalendarFeed, type User } from '#models/index'
import { feedOwner } from '#app/lib/calendar/calendar-feeds.server'
import { env } from '#app/lib/platform/env.server'
import { action, loader } from '#app/routes/me.calendar/route'
import { TestBrowser } from '#tests/support/browser'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'

const PAGE = '/me/calendar'
let member: User
beforeAll(async () => {
  const { brand } = await makeCommunity()
  member = await makeUser()
  await grantRole(member, brand)
})

const post = (browser: TestBrowser, fields: Record<string, string>) => browser.run(action, PAGE, { fields })
/** The secret part of an address the page showed: `{secret}.ics`, as the feed's route reads it. */
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)

describe('/me/calendar', () => {
  it('asks the signed out to sign in, and changes nothing for them', async () => {
    const browser = new TestBrowser()
    expect((await browser.run(loader, PAGE)).location).toMatch(/^\/sign-in\?redirectTo=%2Fme%2Fcalendar/)
    expect((await post(browser, { intent: 'make' })).location).toMatch(/^\/sign-in/)
  })

  it('makes an address shown once, makes a new one that replaces it, and turns it off', async () => {
    const browser = await TestBrowser.signedIn(member.id)
    expect((await browser.run(loader, PAGE)).data.feed).toBeNull()

    const made = await post(browser, { intent: 'make' })
    expect(made.status).toBe(200)
    expect(made.headers.get('Cache-Control')).toBe('private, no-store')
    expect(made.data.url).toMatch(new RegExp(`^${env.PUBLIC_URL}/me/calendar/hcal_[A-Za-z0-9_-]{32}\\.ics$`))
    const secret = fileOf(made.data.url).slice(0, -'.ics'.length)
    const row = await CalendarFeed.findOne({ where: { userId: member.id }, rejectOnEmpty: true })
    // Only the hash and a short prefix are kept.
    expect(row.secretHash).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(row.prefix).toBe(secret.slice(0, 11))
    expect(JSON.stringify(row.get({ plain: true }))).not.toContain(secret)
    expect((await feedOwner(fileOf(made.data.url)))?.id).toBe(member.id)

    const page = await browser.run(loader, PAGE)
    expect(page.data.feed).toMatchObject({
      prefix: row.prefix,
      start: `/me/calendar/${row.prefix}`,
      lastReadAt: expect.any(String),
    })
    // The page never carries the whole address again.
    expect(JSON.stringify(page.data)).not.toContain(secret)

    const renewed = await post(browser, { intent: 'make' })
    expect(renewed.status).toBe(200)
    expect(renewed.data.url).not.toBe(made.data.url)
    expect(await CalendarFeed.count({ where: { userId: member.id } })).toBe(1)
    expect(await feedOwner(fileOf(made.data.url))).toBeNull()
    expect((await feedOwner(fileOf(renewed.data.url)))?.id).toBe(member.id)

    const off = await post(browser, { intent: 'turnOff' })
    expect(off.location).toBe(PAGE)
    expect(off.flash).toMatchObject({ kind: 'success', message: 'account:calendar.turnedOff' })
    expect(await feedOwner(fileOf(renewed.data.url))).toBeNull()
    expect((await browser.run(loader, PAGE)).data.feed).toBeNull()
  })

  it('refuses a request the form never sends with 400, and changes nothing', async () => {
    const browser = await TestBrowser.signedIn(member.id)
    const { data } = await post(browser, { intent: 'make' })
    const before = (await CalendarFeed.findOne({ where: { userId: member.id }, rejectOnEmpty: true })).get({
      plain: true,
    })
    const requests: Record<string, string>[] = [
      {},
      { intent: 'delete' },
      { intent: '' },
      { intent: 'MAKE' },
      { intent: 'x'.repeat(5000) },
    ]
    for (const fields of requests) {
      const refused = await post(browser, fields)
      expect(refused.status, JSON.stringify(fields).slice(0, 40)).toBe(400)
      expect(refused.data.result.error['']).toEqual(['account:calendar.errors.badRequest'])
      expect(refused.data.url).toBeUndefined()
    }
    const after = await CalendarFeed.findOne({ where: { userId: member.id }, rejectOnEmpty: true })
    expect(after.get({ plain: true })).toEqual(before)
    expect((await feedOwner(fileOf(data.url)))?.id).toBe(member.id)
  })

  it('says so when there is no address to turn off', async () => {
    const browser = await TestBrowser.signedIn((await makeUser()).id)
    const refused = await post(browser, { intent: 'turnOff' })
    expect(refused.status).toBe(404)
    expect(refused.data.error).toBe('account:calendar.errors.notFound')
  })

  it('lets each person touch only their own address', async () => {
    const owner = await TestBrowser.signedIn(member.id)
    const { data } = await post(owner, { intent: 'make' })
    const other = await makeUser()
    const stranger = await TestBrowser.signedIn(other.id)
    expect((await stranger.run(loader, PAGE)).data.feed).toBeNull()
    expect((await post(stranger, { intent: 'turnOff' })).status).toBe(404)
    await post(stranger, { intent: 'make' })
    expect((await feedOwner(fileOf(data.url)))?.id).toBe(member.id)
    expect(await CalendarFeed.count({ where: { userId: [member.id, other.id] } })).toBe(2)
  })
})
