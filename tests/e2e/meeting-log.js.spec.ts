// The meeting log for hosts (docs/meetings.md#the-meeting-log): the room's own host reads what happened in the
// meeting, line by line with its time, and sees new lines arrive; a visitor has no log. JavaScript only (the meeting
// runs in the browser); both sign in with a session row.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import {
  claimRoom,
  expectAccessible,
  joinMeeting,
  MEDIA_LAUNCH_OPTIONS,
  personInBrowser,
  screenshots,
  t,
} from './support'

const m = (key: string, values: Record<string, string> = {}) => t('en', `meeting:${key}`, values)
/** A log line's text as a pattern (its time comes first). */
const line = (key: string, values: Record<string, string> = {}) =>
  new RegExp(`${m(`log.events.${key}`, values).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

test('a host reads the meeting log and sees who comes and goes; a visitor has none', async ({ browser }, testInfo) => {
  test.setTimeout(120_000)
  const run = randomBytes(3).toString('hex')
  const host = await personInBrowser(browser, { name: `Hale ${run}`, emailAddress: `hale-${run}@log.example` })
  const visitor = await personInBrowser(browser, { name: `Vera ${run}`, emailAddress: `vera-${run}@log.example` })
  try {
    const room = await claimRoom(host.page, `hale-${run}`)
    await joinMeeting(host.page, room)
    await joinMeeting(visitor.page, room)

    // Only hosts and co-hosts have the log.
    await visitor.page.getByText(m('controls.more'), { exact: true }).click()
    await expect(visitor.page.getByRole('button', { name: m('breakouts.open') })).toHaveCount(0)
    await expect(visitor.page.getByRole('button', { name: m('log.open') })).toHaveCount(0)

    await host.page.getByText(m('controls.more'), { exact: true }).click()
    await host.page.getByRole('button', { name: m('log.open') }).click()
    const log = host.page.getByRole('complementary', { name: m('log.title') })
    await expect(log.getByRole('listitem')).toHaveText([
      line('meetingStarted'),
      line('joined', { subject: host.name }),
      line('joined', { subject: visitor.name }),
    ])
    await expect(log.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
    await expectAccessible(host.page)
    await screenshots(host.page, testInfo, 'meeting-log')

    // A new line arrives while the log is open.
    await visitor.page.keyboard.press('Escape')
    await visitor.page.getByRole('button', { name: m('controls.leave'), exact: true }).click()
    await visitor.page
      .getByRole('dialog')
      .getByRole('button', { name: m('leave.confirm') })
      .click()
    await expect(log.getByRole('listitem').last()).toHaveText(line('left', { subject: visitor.name }), {
      timeout: 15_000,
    })

    await log.getByRole('button', { name: m('log.close') }).click()
    await expect(log).toHaveCount(0)
    expect(host.errors).toEqual([])
  } finally {
    await host.close()
    await visitor.close()
  }
})
