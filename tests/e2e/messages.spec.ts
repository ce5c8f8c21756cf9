// Direct messages (/{brand}/messages), with and without JavaScript: two members write to each other
// (two browsers, each signed in by session row), a bad form is refused with the typed text kept,
// and someone outside the community gets the message by mail and answers through its reply link.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  addPerson,
  collectErrors,
  expectAccessible,
  mailsTo,
  makeCommunity,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function makeMessagesCommunity(suffix: string) {
  const slug = `messages-${suffix}`
  const brandId = await makeCommunity(slug, `Messages Test ${suffix}`)
  const person = async (name: string) => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@messages.hearth.test`
    await addPerson(brandId, { name, emailAddress })
    return { name, emailAddress }
  }
  return { slug, ann: await person('Ann Author'), ben: await person('Ben Reader') }
}

async function browserAs(browser: Browser, emailAddress: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled })
  const page = await context.newPage()
  await signInWithSession(page, emailAddress)
  return page
}

const sendButton = (page: Page) => page.getByRole('button', { name: text('messages:form.send') })
const flashSent = (page: Page) => page.getByText(text('messages:flash.sent'))

test('two members write to each other; a bad form keeps what was typed', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000)
  const js = testInfo.project.use.javaScriptEnabled !== false
  const community = await makeMessagesCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)
  await signInWithSession(page, community.ann.emailAddress)

  await page.goto(`/${community.slug}/messages`)
  await expect(page).toHaveTitle(`${text('common:nav.messages')} · Hearth`)
  await expect(page.getByText(text('messages:list.empty'))).toBeVisible()
  await page.getByRole('link', { name: text('messages:list.new') }).click()
  await expect(page.getByRole('heading', { name: text('messages:title.new') })).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'messages-new')

  // Nobody chosen: refused, the text kept.
  await page.getByRole('textbox', { name: text('messages:form.body'), exact: true }).fill('Hello Ben, welcome!')
  await sendButton(page).click()
  await expect(page.getByText(text('messages:errors.recipientRequired'))).toBeVisible()
  await expect(page.getByRole('textbox', { name: text('messages:form.body'), exact: true })).toHaveValue(
    'Hello Ben, welcome!',
  )

  await page.getByLabel(community.ben.name).check()
  await sendButton(page).click()
  await expect(flashSent(page)).toBeVisible()
  await expect(page.getByRole('heading', { name: community.ben.name })).toBeVisible()
  await expect(page.getByText('Hello Ben, welcome!')).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'messages-conversation')

  // Ben, in a browser of his own, has one unread conversation; opening it reads it.
  const ben = await browserAs(browser, community.ben.emailAddress, js)
  await ben.goto(`/${community.slug}/messages`)
  await expect(ben.getByText(text('messages:list.unreadTotal_one', { count: 1 }))).toBeVisible()
  await expectAccessible(ben)
  await screenshots(ben, testInfo, 'messages-list')
  await ben.getByRole('link', { name: new RegExp(community.ann.name) }).click()
  await expect(ben.getByText('Hello Ben, welcome!')).toBeVisible()
  await ben.getByRole('textbox', { name: text('messages:form.reply'), exact: true }).fill('Thanks, Ann!')
  await sendButton(ben).click()
  await expect(flashSent(ben)).toBeVisible()
  await ben.goto(`/${community.slug}/messages`)
  await expect(ben.getByText(text('messages:list.unreadTotal_one', { count: 1 }))).toHaveCount(0)
  await ben.context().close()

  await page.reload()
  await expect(page.getByText('Thanks, Ann!')).toBeVisible()
  // The refused form answered 400 on purpose; nothing else may fail.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})

test('someone outside the community gets the message by mail and answers through its link', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const js = testInfo.project.use.javaScriptEnabled !== false
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const community = await makeMessagesCommunity(suffix)
  const outsider = `eve.${suffix}@outside.hearth.test`
  await signInWithSession(page, community.ann.emailAddress)

  await page.goto(`/${community.slug}/messages/new`)
  await page.getByLabel(text('messages:form.externalName')).fill('Eve Outside')
  // Her own address is refused, with everything kept.
  await page.getByLabel(text('messages:form.externalEmail')).fill(community.ann.emailAddress)
  await page.getByRole('textbox', { name: text('messages:form.body'), exact: true }).fill('Would you join our meetup?')
  await sendButton(page).click()
  await expect(page.getByText(text('messages:errors.ownAddress'))).toBeVisible()
  await expect(page.getByRole('textbox', { name: text('messages:form.body'), exact: true })).toHaveValue(
    'Would you join our meetup?',
  )
  await page.getByLabel(text('messages:form.externalEmail')).fill(outsider)
  await sendButton(page).click()
  await expect(flashSent(page)).toBeVisible()
  const conversation = page.url()

  await expect.poll(() => mailsTo(outsider).length, { timeout: 10_000 }).toBe(1)
  const mail = mailsTo(outsider)[0]!
  expect(mail.subject).toBe(
    text('messages:mail.subject', { sender: community.ann.name, community: `Messages Test ${suffix}` }),
  )
  expect(mail.text).toContain('Would you join our meetup?')
  const link = /https?:\/\/\S+\/messages\/reply\/[A-Za-z0-9_-]{36}/.exec(mail.text ?? '')?.[0]
  expect(link).toBeTruthy()

  // Eve has no account and no session: the link is her key to this one conversation.
  const eveContext = await browser.newContext({ javaScriptEnabled: js })
  const eve = await eveContext.newPage()
  await eve.goto(link!)
  await expect(eve.getByText('Would you join our meetup?')).toBeVisible()
  await expectAccessible(eve)
  await screenshots(eve, testInfo, 'messages-reply-link')
  await eve.getByRole('textbox', { name: text('messages:form.reply'), exact: true }).fill('Count me in!')
  await sendButton(eve).click()
  await expect(flashSent(eve)).toBeVisible()
  await expect(eve.getByText('Count me in!')).toBeVisible()
  await eveContext.close()

  await page.goto(conversation)
  await expect(page.getByText('Count me in!')).toBeVisible()
})

test('a Message link on the members page starts a message to that member; the sidebar counts what they have not read', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const js = testInfo.project.use.javaScriptEnabled !== false
  const community = await makeMessagesCommunity(`link-${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  await signInWithSession(page, community.ann.emailAddress)

  await page.goto(`/${community.slug}/members`)
  await page.getByRole('link', { name: `${text('members:list.message')} (${community.ben.name})` }).click()
  await expect(page.getByRole('heading', { name: text('messages:title.new') })).toBeVisible()
  await expect(page.getByLabel(community.ben.name)).toBeChecked()
  await page.getByRole('textbox', { name: text('messages:form.body'), exact: true }).fill('From the members page')
  await sendButton(page).click()
  await expect(flashSent(page)).toBeVisible()

  const ben = await browserAs(browser, community.ben.emailAddress, js)
  const sidebar = ben.getByRole('navigation', { name: text('common:nav.label') })
  await ben.goto(`/${community.slug}/members`)
  await expect(
    sidebar.getByRole('link', { name: new RegExp(text('common:nav.unread_one', { count: 1 })) }),
  ).toBeVisible()
  await expectAccessible(ben)
  await screenshots(ben, testInfo, 'messages-unread-badge')
  await sidebar.getByRole('link', { name: new RegExp(text('common:nav.messages')) }).click()
  await expect(ben).toHaveURL(new RegExp(`/${community.slug}/messages$`))
  // The conversation in the drawer's list (the page behind it may name Ann too, until it is replaced).
  await ben
    .locator('.left-drawer')
    .getByRole('link', { name: new RegExp(community.ann.name) })
    .click()
  await expect(ben.getByText('From the members page')).toBeVisible()
  // Opening the conversation read it: no count any more.
  await expect(sidebar.getByText(text('common:nav.unread_one', { count: 1 }))).toHaveCount(0)
  await ben.context().close()
})
