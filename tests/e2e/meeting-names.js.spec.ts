// Meeting names: a signed-in person meets under their account's name, a guest
// under the name they type, marked "(guest)" on their tile and their chat messages for the others.
// JavaScript project only (the meeting runs in the browser).
import { expect, test } from '@playwright/test'
import { DEMO, MEDIA_LAUNCH_OPTIONS, collectErrors, copyOfDemoRoom, screenshot, signInWithSession, t } from './support'

const m = (key: string, values: Record<string, string> = {}) => t('en', `meeting:${key}`, values)
// A room of its own: meeting.js.spec.ts meets in the hub at the same time.
const NAMES_ROOM = { slug: 'names-room', name: 'Names Room' }
const ROOM = `/${DEMO.slug}/${NAMES_ROOM.slug}`
const [OWNER] = DEMO.accounts

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

test('a guest types a name and is marked as a guest; a signed-in name cannot be changed', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const ownerContext = await browser.newContext()
  const guestContext = await browser.newContext()
  try {
    const owner = await ownerContext.newPage()
    const guest = await guestContext.newPage()
    const errors = [collectErrors(owner), collectErrors(guest)]
    await copyOfDemoRoom('hub', NAMES_ROOM)
    await signInWithSession(owner, OWNER.emailAddress)
    await owner.goto(ROOM)
    await guest.goto(ROOM)

    await owner.getByRole('button', { name: m('home.join'), exact: true }).click()
    await expect(owner.getByLabel(m('mirror.name'))).toHaveValue(OWNER.name)
    await expect(owner.getByLabel(m('mirror.name'))).not.toBeEditable()
    await owner.getByRole('button', { name: m('mirror.join') }).click()

    await guest.getByRole('button', { name: m('home.join'), exact: true }).click()
    await guest.getByLabel(m('mirror.name')).fill('Lee')
    await guest.getByRole('button', { name: m('mirror.join') }).click()
    await expect(guest.getByRole('toolbar', { name: m('controls.toolbar') })).toBeVisible()

    const leeTile = owner.locator('.meeting-tile[aria-label="Lee"]')
    await expect(leeTile.locator('.meeting-nameplate')).toContainText(`Lee${m('edgeLimits.guest')}`)
    await expect(guest.locator(`.meeting-tile[aria-label="${OWNER.name}"] .meeting-nameplate`)).not.toContainText(
      m('edgeLimits.guest'),
    )

    await guest.getByRole('button', { name: m('controls.chat') }).click()
    await guest.getByLabel(m('chat.message')).fill('hello from a guest')
    await guest.getByRole('button', { name: m('chat.send') }).click()
    await owner.getByRole('button', { name: m('controls.chat') }).click()
    await expect(owner.locator('.meeting-chat-list li').filter({ hasText: 'hello from a guest' })).toContainText(
      `Lee ${m('edgeLimits.guest')}`,
    )
    await screenshot(owner, testInfo, 'meeting-guest-marked')

    for (const seen of errors) expect(seen.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
  } finally {
    await ownerContext.close()
    await guestContext.close()
  }
})
