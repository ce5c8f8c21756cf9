// Events (/{brand}/events): an admin creates an event past its bad input, finds it under Upcoming,
// opens its page, and a member joins its meeting from there; the demo home's "Welcome Call" link
// opens its event. Every step is a plain link or form, so it runs with JavaScript off as well as on.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import {
  addPerson,
  collectErrors,
  DEMO,
  expectAccessible,
  makeCommunity,
  screenshot,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const DAY = 24 * 3600 * 1000
/** A date input's value `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

async function eventsCommunity(suffix: string) {
  const slug = `events-${suffix}`
  const brandId = await makeCommunity(slug, `Events Test ${suffix}`)
  const person = async (name: string, role: string) => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@events.hearth.test`
    await addPerson(brandId, { name, emailAddress, role })
    return emailAddress
  }
  return {
    slug,
    admin: await person('Eve Admin', 'community-admin'),
    member: await person('Max Member', 'community-member'),
  }
}

const tab = (page: Page, key: string) =>
  page
    .getByRole('navigation', { name: text('events:tabs.label') })
    .getByRole('link', { name: new RegExp(`^${text(key)}`) })

test('an admin creates an event, finds it under Upcoming and opens it; a member joins from its page', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const community = await eventsCommunity(suffix)
  const errors = collectErrors(page)
  await signInWithSession(page, community.admin)

  await page.goto(`/${community.slug}/events`)
  await expect(page.getByRole('heading', { level: 1, name: text('events:title') })).toBeVisible()
  await expect(page.getByText(text('events:list.empty.upcoming'))).toBeVisible()
  await page.getByRole('link', { name: text('events:actions.new') }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('events:new.title') })).toBeVisible()

  // Bad input first: a one-letter name and a start in the past. Both are refused, and what was typed stays.
  await page.getByLabel(text('events:fields.name')).fill('Q')
  await page.getByLabel(text('events:fields.description')).fill('A monthly conversation about the garden.')
  await page.getByLabel(text('events:fields.date'), { exact: true }).fill('2020-05-01')
  await page.getByLabel(text('events:fields.time'), { exact: true }).fill('18:30')
  await page.getByLabel(text('events:fields.timeZone')).selectOption('Europe/Lisbon')
  await page.getByRole('button', { name: text('events:new.create') }).click()
  await expect(page.getByText(text('events:errors.nameTooShort'))).toBeVisible()
  await expect(page.getByText(text('events:errors.startInPast'))).toBeVisible()
  await expect(page.getByLabel(text('events:fields.description'))).toHaveValue(
    'A monthly conversation about the garden.',
  )
  await expect(page.getByLabel(text('events:fields.timeZone'))).toHaveValue('Europe/Lisbon')
  await screenshots(page, testInfo, 'new-event-errors')

  const name = `Garden talk ${suffix}`
  await page.getByLabel(text('events:fields.name')).fill(name)
  await page.getByLabel(text('events:fields.date'), { exact: true }).fill(dayFromNow(30))
  await page.getByRole('button', { name: text('events:new.create') }).click()

  await expect(page).toHaveURL(`/${community.slug}/events`)
  await expect(page.getByText(text('events:flash.created', { name }))).toBeVisible()
  await expect(tab(page, 'events:tabs.upcoming')).toHaveAttribute('aria-current', 'page')
  await expect(tab(page, 'events:tabs.upcoming')).toContainText('1')
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText(text('events:privacy.public'))
  await screenshots(page, testInfo, 'events-list')

  await row.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText(text('events:page.plannedIn', { zone: 'Europe/Lisbon' }))).toBeVisible()
  await expect(page.getByRole('link', { name: text('events:page.join') })).toHaveAttribute(
    'href',
    new RegExp(`^/${community.slug}/garden-talk-`),
  )
  await expectAccessible(page)
  await screenshots(page, testInfo, 'event-page')
  // The bad input above was answered 400 on purpose; nothing else may fail.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])

  // The editor's composition tab: a scripted event without slots is refused, then one slot is added.
  await page.getByRole('link', { name: text('events:page.edit') }).click()
  await page
    .getByRole('navigation', { name: text('events:editor.tabs.label') })
    .getByRole('link', { name: text('events:editor.tabs.composition') })
    .click()
  await page.getByLabel(text('events:fields.eventType')).selectOption('scripted')
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('events:errors.slotsRequired'))).toBeVisible()
  await page.getByRole('button', { name: text('events:slots.add') }).click()
  await page.getByLabel(text('events:slots.name', { number: 1 })).fill('Seed swap')
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  await screenshots(page, testInfo, 'event-composition')
  // The other tabs, as they look.
  for (const tabName of ['schedule', 'access'] as const) {
    await page
      .getByRole('navigation', { name: text('events:editor.tabs.label') })
      .getByRole('link', { name: text(`events:editor.tabs.${tabName}`) })
      .click()
    await expect(page.getByRole('button', { name: text('events:editor.save') })).toBeVisible()
    await expectAccessible(page)
    await screenshots(page, testInfo, `event-${tabName}`)
  }

  // A member opens the event's page and joins its meeting from it.
  const memberContext = await browser.newContext({
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
  })
  const memberPage = await memberContext.newPage()
  await signInWithSession(memberPage, community.member)
  await memberPage.goto(`/${community.slug}/events`)
  await memberPage.getByRole('row').filter({ hasText: name }).getByRole('link', { name, exact: true }).click()
  await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(memberPage.getByText('Seed swap')).toBeVisible()
  await expect(memberPage.getByRole('link', { name: text('events:page.edit') })).toHaveCount(0)
  await memberPage.setViewportSize({ width: 390, height: 844 })
  await screenshot(memberPage, testInfo, 'event-page-member')
  await memberPage.getByRole('link', { name: text('events:page.join') }).click()
  await expect(memberPage).toHaveURL(new RegExp(`/${community.slug}/garden-talk-[^/]+$`))
  await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible()
  await memberContext.close()
})

test('a member is told they may not create events', async ({ page }, testInfo) => {
  const community = await eventsCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  await signInWithSession(page, community.member)
  await page.goto(`/${community.slug}/events`)
  await expect(page.getByRole('link', { name: text('events:actions.new') })).toHaveCount(0)
  const response = await page.goto(`/${community.slug}/events/new`)
  expect(response?.status()).toBe(403)
  await expect(page.getByText(text('events:errors.noPermission'))).toBeVisible()
})

test("the demo home's Welcome Call link opens its event", async ({ page }, testInfo) => {
  await signInWithSession(page, DEMO.accounts[2].emailAddress)
  await page.goto(`/${DEMO.slug}`)
  await page.getByRole('link', { name: DEMO.event }).first().click()
  await expect(page).toHaveURL(`/${DEMO.slug}/events/welcome-call`)
  await expect(page.getByRole('heading', { level: 1, name: DEMO.event })).toBeVisible()
  await expect(page.getByText('Introductions in small groups')).toBeVisible()
  await expect(page.getByRole('link', { name: text('events:page.join') })).toHaveAttribute(
    'href',
    `/${DEMO.slug}/welcome-call`,
  )
  await screenshot(page, testInfo, 'welcome-call')
})

test("the event page speaks the member's language", async ({ page }) => {
  const lucia = DEMO.accounts[4]
  await signInWithSession(page, lucia.emailAddress)
  await page.goto(`/${DEMO.slug}/events/welcome-call`)
  await expect(page.getByRole('heading', { level: 1, name: DEMO.event })).toBeVisible()
  await expect(page.getByRole('link', { name: t('es', 'events:page.back') })).toBeVisible()
  await expect(page.getByRole('link', { name: t('es', 'events:page.join') })).toBeVisible()
  await expect(page.getByText(t('es', 'events:page.plannedIn', { zone: 'UTC' }))).toBeVisible()
})
