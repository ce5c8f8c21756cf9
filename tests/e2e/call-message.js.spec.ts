// Leaving a message for a host from the waiting room (docs/meetings.md#waiting-room-and-calls): a
// visitor or guest leaves a text or video message with their full name, company name and mobile
// phone. A guest calls a host whose room has its waiting
// room on; the host declines (a missed call takes CALL_RING_MS, a minute, which the e2e edge cannot
// shorten: a declined call is followed up the same way). The guest leaves a text message with name,
// company and mobile phone, then, after a second call, a video recorded with Chromium's fake camera.
// The host finds both in their messages, the company beside the guest's name, the video in a player.
// Without MediaRecorder the form says the spec's Safari warning and keeps its file input. In a
// personal room (/me/{link}) the message reaches the host by mail with a reply link, where the host
// reads it and answers without signing in, and the answer goes to the guest by SMS.
// JavaScript only (the meeting runs in the browser).
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { Brand, OutboxMessage, Room } from '#models/index'
import { newId } from '../../models/ids'
import {
  addPerson,
  claimRoom,
  collectErrors,
  copyRow,
  demoCommunity,
  joinMeeting,
  mailsTo,
  makeCommunity,
  MEDIA_LAUNCH_OPTIONS,
  personInBrowser,
  screenshots,
  t,
} from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)
const msg = (key: string, values: Record<string, string | number> = {}) => t('en', `messages:${key}`, values)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

/** A guest opens the room and, the waiting room being on, waits at its door. */
async function atTheDoor(guest: Page, room: string) {
  await guest.goto(room)
  await guest.getByRole('button', { name: m('home.join'), exact: true }).click()
  await expect(guest.getByText(m('waitingRoom.lead'))).toBeVisible({ timeout: 30_000 })
}

const GUEST_NAME = 'Gina Guest'

/** The guest at the door calls; the host, in the meeting, declines; the guest reads that they were declined. */
async function callAndBeDeclined(guest: Page, host: Page, again: boolean) {
  // A guest says who is calling (kept for a second call).
  const name = guest.getByLabel(m('mirror.name'))
  if (!(await name.inputValue())) await name.fill(GUEST_NAME)
  await guest.getByRole('button', { name: again ? m('waitingRoom.callAgain') : m('waitingRoom.call') }).click()
  await expect(guest.getByRole('button', { name: m('waitingRoom.cancel') })).toBeVisible()
  const callers = host.getByRole('complementary', { name: m('waitingRoom.waiting_one', { count: 1 }) })
  await expect(callers).toBeVisible({ timeout: 15_000 })
  await callers.getByRole('button', { name: m('waitingRoom.declineFor', { name: GUEST_NAME }) }).click()
  await expect(guest.getByText(m('waitingRoom.declined'))).toBeVisible({ timeout: 15_000 })
}

test('a declined guest leaves the host a text message with name, company and phone, then a recorded video; the host reads both', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  // A community of the test's own, the host a member of it, with a personal room whose waiting room is on.
  const community = `call-message-${run}`
  const brandId = await makeCommunity(community, `Call Message ${run}`)
  const hostAccount = { name: 'Mona Host', emailAddress: `mona-${run}@call-message.example` }
  const hostId = await addPerson(brandId, hostAccount)
  const room = `/${community}/mona`
  const demo = await demoCommunity()
  await copyRow(
    Room,
    { brandId: demo.id, context: 'personal' },
    {
      id: newId(),
      brandId,
      slug: 'mona',
      name: 'Mona Host',
      hostId,
      coHosts: [],
      members: [],
      waitingRoom: true,
      locked: false,
    },
  )
  const host = await personInBrowser(browser, hostAccount)
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const guest = await guestContext.newPage()
  const guestErrors = collectErrors(guest)
  try {
    await joinMeeting(host.page, room)

    // A guest (nobody signed in) at the door.
    await atTheDoor(guest, room)
    // No message before a call the host did not take.
    await expect(guest.getByRole('heading', { name: m('callMessage.title') })).toHaveCount(0)
    await callAndBeDeclined(guest, host.page, false)

    const form = guest.locator('form.meeting-waiting-message')
    await expect(form.getByRole('heading', { name: m('callMessage.title') })).toBeVisible()
    await screenshots(guest, testInfo, 'call-message-form')

    // The name given at the door is there already. Sent empty: each missing part said at its field, nothing sent.
    await expect(form.getByLabel(m('callMessage.fullName'))).toHaveValue(GUEST_NAME)
    await form.getByLabel(m('callMessage.fullName')).fill('')
    await form.getByRole('button', { name: m('callMessage.send') }).click()
    await expect(form.getByText(m('callMessage.errors.fullName'))).toBeVisible()
    await expect(form.getByText(m('callMessage.errors.phoneRequired'))).toBeVisible()
    await expect(form.getByText(m('callMessage.errors.textOrVideo'))).toBeVisible()
    await form.getByLabel(m('callMessage.fullName')).fill('Gina Guest')
    await form.getByLabel(m('callMessage.company')).fill('Acme Widgets')
    await form.getByLabel(m('callMessage.phone')).fill('12')
    await form
      .getByLabel(m('callMessage.body'), { exact: true })
      .fill('Sorry to miss you. Could we talk about the order?')
    await form.getByRole('button', { name: m('callMessage.send') }).click()
    await expect(form.getByText(msg('errors.phoneInvalid'))).toBeVisible()
    // What was typed is still there.
    await expect(form.getByLabel(m('callMessage.body'), { exact: true })).toHaveValue(
      'Sorry to miss you. Could we talk about the order?',
    )
    await screenshots(guest, testInfo, 'call-message-errors')
    await form.getByLabel(m('callMessage.phone')).fill('+44 7400 123456')
    await form.getByRole('button', { name: m('callMessage.send') }).click()
    await expect(guest.getByRole('status').filter({ hasText: m('callMessage.sent') })).toBeVisible({ timeout: 15_000 })

    // Again, this time on video: the recorder films the fake camera into the form.
    await callAndBeDeclined(guest, host.page, true)
    await form.getByLabel(m('callMessage.fullName')).fill('Gina Guest')
    await form.getByLabel(m('callMessage.phone')).fill('+44 7400 123456')
    await form.getByRole('button', { name: msg('recorder.record') }).click()
    await expect(form.getByText(msg('recorder.recording', { seconds: 90 }))).toBeVisible()
    await guest.waitForTimeout(2_000)
    await form.getByRole('button', { name: msg('recorder.stop') }).click()
    await expect(form.getByRole('button', { name: msg('recorder.again') })).toBeVisible()
    expect(
      await form
        .getByLabel(m('callMessage.video'), { exact: true })
        .evaluate((input: HTMLInputElement) => input.files?.[0]?.type),
    ).toBe('video/webm')
    await screenshots(guest, testInfo, 'call-message-recorded')
    await form.getByRole('button', { name: m('callMessage.send') }).click()
    await expect(guest.getByRole('status').filter({ hasText: m('callMessage.sent') })).toBeVisible({ timeout: 30_000 })

    // A browser without MediaRecorder (Safari, where it may be switched off) reads the spec's warning instead of the recorder.
    await guest.addInitScript(() => delete (window as { MediaRecorder?: unknown }).MediaRecorder)
    await guest.reload()
    await guest.getByRole('button', { name: m('home.join'), exact: true }).click()
    await expect(guest.getByText(m('waitingRoom.lead'))).toBeVisible({ timeout: 30_000 })
    await callAndBeDeclined(guest, host.page, false)
    await expect(form.getByRole('note').filter({ hasText: msg('recorder.unavailable') })).toBeVisible()
    await expect(form.getByRole('button', { name: msg('recorder.record') })).toHaveCount(0)
    await expect(form.getByLabel(m('callMessage.video'), { exact: true })).toHaveAttribute('type', 'file')

    // The host's messages: two conversations with Gina, her company beside her name.
    await host.page.goto(`/${community}/messages`)
    const withGina = msg('conversation.nameAtCompany', { name: 'Gina Guest', company: 'Acme Widgets' })
    const textItem = host.page
      .locator('.conversation-item')
      .filter({ hasText: 'Sorry to miss you. Could we talk about the order?' })
    await expect(textItem).toContainText(withGina)
    await expect(textItem).toContainText(msg('conversation.external'))
    await textItem.getByRole('link').click()
    await expect(host.page.locator('.message-meta strong').filter({ hasText: withGina })).toBeVisible()
    await screenshots(host.page, testInfo, 'call-message-host-conversation')

    await host.page.goto(`/${community}/messages`)
    // The video came with no company: the name alone.
    const videoItem = host.page.locator('.conversation-item').filter({ hasText: msg('list.videoOnly') })
    await expect(videoItem).toContainText('Gina Guest')
    await expect(videoItem).not.toContainText('Acme Widgets')
    await videoItem.getByRole('link').click()
    const player = host.page.locator('video.message-video')
    await expect(player).toHaveAttribute('src', new RegExp(`^/${community}/messages/files/[A-Za-z0-9_-]{36}$`))
    const served = await host.page.request.get((await player.getAttribute('src'))!, { headers: { Range: 'bytes=0-3' } })
    expect(served.status()).toBe(206)
    expect(served.headers()['content-type']).toBe('video/webm')
    await screenshots(host.page, testInfo, 'call-message-host-video')

    // The one 400 is the form's refusal of the bad input, answered as designed; a 404 is the
    // absent-host notice (/resources/call-host) arriving after the host already declined the call.
    expect(guestErrors.filter((error) => !/status of 40[04]/.test(error))).toEqual([])
    expect(host.errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
  } finally {
    await guestContext.close()
    await host.close()
  }
})

test('in a personal room, a declined guest’s message reaches the host by mail; the host answers on the reply page and the guest gets it by SMS', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const hostAccount = { name: 'Pia Personal', emailAddress: `pia-${run}@call-message.example` }
  const host = await personInBrowser(browser, hostAccount)
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const guest = await guestContext.newPage()
  const guestErrors = collectErrors(guest)
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const reader = await readerContext.newPage()
  const phone = `+4474009${String(parseInt(run, 16) % 100000).padStart(5, '0')}`
  try {
    const room = await claimRoom(host.page, `pia-${run}`)
    const main = await Brand.findOne({ where: { slug: 'me' }, rejectOnEmpty: true })
    await Room.update({ waitingRoom: true }, { where: { slug: `pia-${run}`, brandId: main.id } })
    await joinMeeting(host.page, room)

    await atTheDoor(guest, room)
    await callAndBeDeclined(guest, host.page, false)
    const form = guest.locator('form.meeting-waiting-message')
    await expect(form.getByText(m('callMessage.personalLead'))).toBeVisible()
    await form.getByLabel(m('callMessage.fullName')).fill('Gina Guest')
    await form.getByLabel(m('callMessage.company')).fill('Acme Widgets')
    await form.getByLabel(m('callMessage.phone')).fill(phone)
    await form.getByLabel(m('callMessage.body'), { exact: true }).fill('Could we talk about the order?')
    await form.getByRole('button', { name: m('callMessage.send') }).click()
    await expect(guest.getByRole('status').filter({ hasText: m('callMessage.personalSent') })).toBeVisible({
      timeout: 15_000,
    })

    // The mail: who left it, the text, and the reply link.
    await expect.poll(() => mailsTo(hostAccount.emailAddress).length, { timeout: 15_000 }).toBe(1)
    const mail = mailsTo(hostAccount.emailAddress)[0]!
    expect(mail.subject).toBe(t('en', 'mail:callMessage.subject', { caller: 'Gina Guest', room: 'Pia Personal' }))
    expect(mail.text).toContain('Could we talk about the order?')
    expect(mail.text).toContain(t('en', 'mail:callMessage.company', { company: 'Acme Widgets' }))
    const link = /https?:\/\/\S+\/me\/messages\/reply\/[A-Za-z0-9_-]{36}/.exec(mail.text ?? '')?.[0]
    expect(link).toBeTruthy()

    // The host opens it (no session needed: a browser of its own), reads and answers.
    await reader.goto(new URL(link!).pathname)
    await expect(reader.getByText('Could we talk about the order?')).toBeVisible()
    await expect(reader.getByText(msg('reply.personalIntro', { name: 'Pia Personal' }))).toBeVisible()
    // Nobody is a member of the main brand: nobody is marked as from outside it.
    await expect(reader.getByText(msg('conversation.external'))).toHaveCount(0)
    await screenshots(reader, testInfo, 'call-message-personal-reply')
    await reader.getByLabel(msg('form.reply')).fill('Of course, tomorrow at ten?')
    await reader.getByRole('button', { name: msg('form.send') }).click()
    await expect(reader.getByText('Of course, tomorrow at ten?')).toBeVisible({ timeout: 15_000 })

    // The guest's SMS, naming the host and never their address.
    await expect
      .poll(async () => await OutboxMessage.count({ where: { recipient: phone, channel: 'sms' } }), { timeout: 15_000 })
      .toBe(1)
    const sms = await OutboxMessage.findOne({ where: { recipient: phone, channel: 'sms' } })
    expect(sms!.text).toContain('Pia Personal')
    expect(sms!.text).not.toContain(hostAccount.emailAddress)

    // A 404 is the absent-host notice (/resources/call-host) arriving after the host already declined the call.
    expect(guestErrors.filter((error) => !/status of 404/.test(error))).toEqual([])
    expect(host.errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
  } finally {
    await readerContext.close()
    await guestContext.close()
    await host.close()
  }
})
