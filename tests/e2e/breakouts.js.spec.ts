// Breakout rooms, three browsers: the host makes two rooms (the rename refuses
// an empty or taken name), moves one participant and herself into the first and the other into
// the second; each then sees and hears only their room's people; ending the breakouts brings
// everyone back to the main room. Then, for an event, the host fills the rooms from its groups and
// from its registration answers. JavaScript only (the meeting runs in the browser).
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { CommunityEvent, EventRegistration, FormDefinition, FormSubmission, Room } from '#models/index'
import { claimRoom, joinMeeting, MEDIA_LAUNCH_OPTIONS, personInBrowser, screenshots, t } from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

const signedIn = (browser: Browser, name: string) =>
  personInBrowser(browser, { name, emailAddress: `${name.toLowerCase()}-${run}@breakouts.example` })

const tile = (page: Page, name: string) => page.locator(`.meeting-tile[aria-label="${name}"]`)

/** The host's room made an event, with a one-question registration form, answers and groups. */
async function makeEvent(slug: string, answers: Array<{ userId: string; team: string }>, groups: string[][]) {
  const room = await Room.findOne({ where: { slug }, rejectOnEmpty: true })
  const form = await FormDefinition.create({
    brandId: room.brandId,
    steps: [[{ name: 'team', type: 'shortText', label: 'Team', required: true }]] as never,
  })
  await CommunityEvent.create({
    roomId: room.id,
    eventType: 'live',
    feedVisible: true,
    publicPosting: true,
    timerMuteOnExpiry: false,
    timerEnforcement: false,
    timerEncouragement: false,
    registrationEnabled: true,
    registrationModeration: false,
    breakoutSize: 2,
    registrationFormId: form.id,
    matchPrimaryField: 'team',
    predefinedGroups: groups,
  })
  for (const { userId, team } of answers) {
    const submission = await FormSubmission.create({ formDefinitionId: form.id, userId, values: { team } })
    await EventRegistration.create({
      roomId: room.id,
      userId,
      status: 'approved',
      coHost: false,
      source: 'form',
      submissionId: submission.id,
    })
  }
}

/** The person's camera reaches this page: its tile shows decoded video. */
async function seesVideoOf(page: Page, name: string) {
  await expect(tile(page, name)).toBeVisible({ timeout: 30_000 })
  await expect
    .poll(
      () =>
        tile(page, name)
          .locator('video')
          .first()
          .evaluate((video: HTMLVideoElement) => video.videoWidth),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0)
}

/**
 * Starts recording whether each text ever shows on the page, for a view that lasts only a second
 * (the move's preview): a check made after the click could come when it is gone already.
 */
async function watchForTexts(page: Page, texts: string[]) {
  await page.evaluate((wanted) => {
    const seen = new Set<string>()
    ;(window as unknown as { seenTexts: Set<string> }).seenTexts = seen
    const look = () => {
      const text = document.body.textContent ?? ''
      for (const one of wanted) if (text.includes(one)) seen.add(one)
      if (seen.size === wanted.length) observer.disconnect()
    }
    const observer = new MutationObserver(look)
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  }, texts)
  return () =>
    expect
      .poll(() => page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts].sort()), {
        timeout: 10_000,
      })
      .toEqual([...texts].sort())
}

async function openBreakouts(page: Page) {
  await page.getByText(m('controls.more'), { exact: true }).click()
  await page.getByRole('button', { name: m('breakouts.open') }).click()
  const panel = page.getByRole('complementary', { name: m('breakouts.title') })
  await expect(panel).toBeVisible()
  return panel
}

test.describe('breakout rooms', () => {
  test.describe.configure({ timeout: 240_000 })

  test('the host splits the meeting into two rooms, each hears only its own, and ends them', async ({
    browser,
  }, testInfo) => {
    const host = await signedIn(browser, 'Hana')
    const ana = await signedIn(browser, 'Ana')
    const bo = await signedIn(browser, 'Bo')
    try {
      const slug = `hana-${run}`
      const room = await claimRoom(host.page, slug)
      // The room previews each move for 3 s (its host sets it on the room's settings page: own-room.spec.ts).
      await Room.update({ breakoutPreview: true, breakoutPreviewTimer: 3 }, { where: { slug } })
      for (const person of [host, ana, bo]) await joinMeeting(person.page, room)
      await seesVideoOf(host.page, ana.name)
      await seesVideoOf(host.page, bo.name)
      // Plain participants have no breakout controls.
      await ana.page.getByText(m('controls.more'), { exact: true }).click()
      await expect(ana.page.getByRole('button', { name: m('breakouts.open') })).toHaveCount(0)
      await ana.page.getByText(m('controls.more'), { exact: true }).click()

      const panel = await openBreakouts(host.page)
      const mainRoom = panel.getByRole('region', { name: m('breakouts.mainRoom') })
      await expect(mainRoom.getByText(m('breakouts.people_other', { count: 3 }))).toBeVisible()
      // Each room is the edge's answer, which takes seconds while three browsers decode on two busy cores.
      await panel.getByRole('button', { name: m('breakouts.add') }).click()
      await expect(panel.getByRole('region', { name: m('breakouts.defaultName', { number: 1 }) })).toBeVisible({
        timeout: 15_000,
      })
      await panel.getByRole('button', { name: m('breakouts.add') }).click()
      const second = panel.getByRole('region', { name: m('breakouts.defaultName', { number: 2 }) })
      await expect(second).toBeVisible({ timeout: 15_000 })

      // Spec §5: a new name is required and unique.
      const rename = second.getByLabel(m('breakouts.renameLabel', { name: m('breakouts.defaultName', { number: 2 }) }))
      await rename.fill('  ')
      await second.getByRole('button', { name: m('breakouts.rename') }).click()
      await expect(second.getByRole('alert')).toHaveText(m('breakouts.nameRequired'))
      await rename.fill(m('breakouts.defaultName', { number: 1 }).toLowerCase())
      await second.getByRole('button', { name: m('breakouts.rename') }).click()
      await expect(second.getByRole('alert')).toHaveText(m('breakouts.nameTaken'))
      await rename.fill('Garden')
      await second.getByRole('button', { name: m('breakouts.rename') }).click()
      const garden = panel.getByRole('region', { name: 'Garden' })
      await expect(garden).toBeVisible()
      await expect(garden.getByRole('alert')).toHaveCount(0)

      const first = m('breakouts.defaultName', { number: 1 })
      await mainRoom.getByLabel(m('breakouts.moveTo', { name: ana.name })).selectOption({ label: first })
      await mainRoom.getByLabel(m('breakouts.moveTo', { name: bo.name })).selectOption({ label: 'Garden' })
      await mainRoom.getByLabel(m('breakouts.moveTo', { name: host.name })).selectOption({ label: first })
      await expect(mainRoom.getByLabel(m('breakouts.moveTo', { name: host.name }))).toHaveValue(/.+/)
      await expect(panel.getByRole('button', { name: m('breakouts.apply') })).toBeEnabled()
      await screenshots(host.page, testInfo, 'breakouts-panel')
      const previewShown = await watchForTexts(bo.page, [
        m('breakouts.previewTitle'),
        m('breakouts.previewJoin', { room: 'Garden' }),
        m('breakouts.countdown_other', { count: '3' }),
      ])
      await panel.getByRole('button', { name: m('breakouts.apply') }).click()

      // Each is told where to, counting down the room's 3 s, then moves ("Moving from {room}") by itself.
      await previewShown()

      for (const [person, name] of [
        [ana, first],
        [host, first],
        [bo, 'Garden'],
      ] as const) {
        await expect(person.page.getByText(m('breakouts.youAreIn', { room: name }))).toBeVisible({ timeout: 30_000 })
      }
      // Ana and Hana see each other, and only each other; Bo is alone in Garden.
      await seesVideoOf(ana.page, host.name)
      await seesVideoOf(host.page, ana.name)
      await expect(tile(ana.page, bo.name)).toHaveCount(0)
      await expect(tile(host.page, bo.name)).toHaveCount(0)
      await expect(bo.page.getByText(m('peer.alone'))).toBeVisible()
      await expect(tile(bo.page, host.name)).toHaveCount(0)
      await expect(tile(bo.page, ana.name)).toHaveCount(0)
      // Nobody hears another room: the only remote microphones playing are the room's own.
      await expect.poll(() => bo.page.locator('audio[data-peer-id]').count()).toBe(0)
      await screenshots(ana.page, testInfo, 'breakouts-in-room')

      // The host, in a breakout herself, still runs them: everyone back to the main room.
      const again = await openBreakouts(host.page)
      await expect(again.getByRole('region', { name: 'Garden' }).getByText(bo.name)).toBeVisible()
      await again.getByRole('button', { name: m('breakouts.end') }).click()
      await expect(bo.page.getByRole('heading', { name: m('breakouts.endedTitle') })).toBeVisible({ timeout: 10_000 })
      for (const person of [host, ana, bo]) {
        await expect(person.page.getByText(m('breakouts.youAreIn', { room: first }))).toHaveCount(0, {
          timeout: 30_000,
        })
        await expect(person.page.getByText(m('breakouts.youAreIn', { room: 'Garden' }))).toHaveCount(0)
      }
      await seesVideoOf(host.page, ana.name)
      await seesVideoOf(host.page, bo.name)
      await seesVideoOf(bo.page, ana.name)
      await screenshots(host.page, testInfo, 'breakouts-back-in-main')

      for (const { errors } of [host, ana, bo])
        expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await host.close()
      await ana.close()
      await bo.close()
    }
  })

  test('an event’s host fills the rooms from its predefined groups, then by its registration answers', async ({
    browser,
  }, testInfo) => {
    const host = await signedIn(browser, 'Hedda')
    const ana = await signedIn(browser, 'Anouk')
    const bo = await signedIn(browser, 'Boris')
    try {
      const slug = `hedda-${run}`
      await claimRoom(host.page, slug)
      // Different teams; the groups put Anouk (and someone absent) in one, Boris in the other.
      await makeEvent(
        slug,
        [
          { userId: ana.userId, team: 'Red' },
          { userId: bo.userId, team: ' red ' },
        ],
        [
          [ana.emailAddress, 'absent@breakouts.example'],
          [bo.emailAddress, 'gone@breakouts.example'],
        ],
      )
      const room = `/me/${slug}`
      for (const person of [host, ana, bo]) await joinMeeting(person.page, room)
      await seesVideoOf(host.page, ana.name)
      await seesVideoOf(host.page, bo.name)

      const panel = await openBreakouts(host.page)
      const mainRoom = panel.getByRole('region', { name: m('breakouts.mainRoom') })
      const goesTo = (person: { name: string }) => mainRoom.getByLabel(m('breakouts.moveTo', { name: person.name }))
      const option = (person: { name: string }) => goesTo(person).locator('option:checked')
      // The panel lists who is in the main room once the edge has answered; filling needs that.
      for (const person of [ana, bo]) await expect(goesTo(person)).toBeVisible({ timeout: 15_000 })
      await panel.getByRole('button', { name: m('breakouts.useGroups') }).click()
      // Two rooms made and two moves set, one request after another: slow on a busy machine (a whole-suite run once
      // took over 15 s here, with six browsers decoding video on two cores).
      await expect(panel.getByRole('status')).toHaveText(m('breakouts.filled'), { timeout: 30_000 })
      await expect(option(ana)).toHaveText(m('breakouts.defaultName', { number: 1 }))
      await expect(option(bo)).toHaveText(m('breakouts.defaultName', { number: 2 }))
      // The host stays to run the meeting.
      await expect(option(host)).toHaveText(m('breakouts.stay'))

      // Sorting by answers: the same team (whatever the case and spaces) together, in the first room.
      await panel.getByRole('button', { name: m('breakouts.sortByAnswers') }).click()
      // Filling again sets each move on the edge, one request after another, as the first fill did.
      await expect(option(bo)).toHaveText(m('breakouts.defaultName', { number: 1 }), { timeout: 30_000 })
      await expect(option(ana)).toHaveText(m('breakouts.defaultName', { number: 1 }))
      await screenshots(host.page, testInfo, 'breakouts-from-event')
      await panel.getByRole('button', { name: m('breakouts.apply') }).click()
      for (const person of [ana, bo])
        await expect(
          person.page.getByText(m('breakouts.youAreIn', { room: m('breakouts.defaultName', { number: 1 }) })),
        ).toBeVisible({ timeout: 30_000 })
      await seesVideoOf(ana.page, bo.name)
      await expect(tile(ana.page, host.name)).toHaveCount(0)

      for (const { errors } of [host, ana, bo])
        expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await host.close()
      await ana.close()
      await bo.close()
    }
  })
})
