// Shared helpers for the end-to-end suite: the locale files as the source of expected text, an axe
// check, the footer's language switch, the list of pages every language must reach, the mail the
// web server sent through the run's SMTP server, and the run's data, made and read through the
// app's models (database.ts) and the integration tests' factories, never SQL.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test'
import {
  col,
  fn,
  where,
  type Attributes,
  type CreationAttributes,
  type Model,
  type ModelStatic,
  type WhereOptions,
} from 'sequelize'
import { Brand, Membership, Room, User } from '#models/index'
import { newId } from '#models/ids'
import { grantRole, makeUser } from '../support/factories'
import { SESSION_COOKIE, sessionRowCookie } from './session-row'
// The models reach the run's database (database.ts binds them when this module loads).
export { bindModels } from './database'

import { LANGUAGES, NAMESPACES, t, type Language } from './text'

export { LANGUAGES, t, type Language }

/**
 * Runs axe on the page as it is now and fails with every serious or critical violation, one a line.
 *
 * axe cannot run in a page whose JavaScript is off (its checks wait on timers that never fire), so
 * in the no-js project it runs on a copy: the same DOM, served at the same address with the same
 * styles and viewport, in a page where scripts are allowed for axe but the page's own are blocked.
 */
export async function expectAccessible(page: Page) {
  await expectTranslated(page)
  const results = hasJavaScript(test.info()) ? await new AxeBuilder({ page }).analyze() : await analyzeCopy(page)
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  const report = blocking.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}`,
    ),
  )
  expect(report, `axe: serious or critical violations on ${page.url()}`).toEqual([])
}

/**
 * No text on the page is a bare translation key ("auth:signIn.title"): the translator shows the key
 * when a route's loader did not send the namespace its texts come from.
 */
async function expectTranslated(page: Page) {
  const keys = new RegExp(`\\b(?:${NAMESPACES.join('|')}):[a-z][\\w]*(?:\\.[\\w]+)+`, 'g')
  const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`)
  expect(text.match(keys) ?? [], `untranslated keys on ${page.url()}`).toEqual([])
}

async function analyzeCopy(page: Page) {
  const address = new URL(page.url())
  address.hash = ''
  const html = await page.content()
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true })
  try {
    const copy = await context.newPage()
    await copy.route(
      (url) => url.href === address.href,
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          headers: { 'Content-Security-Policy': "script-src 'none'" },
          body: html,
        }),
    )
    await copy.goto(address.href)
    return await new AxeBuilder({ page: copy }).analyze()
  } finally {
    await context.close()
  }
}

/** The page's current language, from <html lang>. */
export async function pageLanguage(page: Page): Promise<Language> {
  const lang = await page.locator('html').getAttribute('lang')
  if (!LANGUAGES.includes(lang as Language)) throw new Error(`Unexpected html lang ${lang}`)
  return lang as Language
}

/**
 * Changes the language through the header's form (a real POST to /resources/language, so it works
 * with and without JavaScript), found by the accessible names it has in the page's current language.
 */
export async function switchLanguage(page: Page, language: Language) {
  const current = await pageLanguage(page)
  const form = page.getByRole('contentinfo').locator('form[action="/resources/language"]')
  const choice = form.getByRole('combobox', { name: t(current, 'common:language.label') })
  const send = form.getByRole('button', { name: t(current, 'common:language.change') })
  if (hasJavaScript(test.info())) {
    // Hydrated once the button is gone: from then on choosing sends the form.
    await expect(send).toHaveCount(0)
    await choice.selectOption(language)
  } else {
    await choice.selectOption(language)
    await send.click()
  }
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

/** Whether this run has JavaScript (the `js` project) or shows the server's HTML only (`no-js`). */
export const hasJavaScript = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false

export { MEDIA_LAUNCH_OPTIONS, voiceLaunchOptions } from './media-browser'

/** Fails the test if the page logs a console error or throws; call before the first navigation. */
export function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return errors
}

export const SHOTS_DIR = '/tmp/e2e-shots'
/** CI (.ci/run) sets E2E_SCREENSHOTS=off: nobody looks at its pictures, and each costs a busy machine a second or more. */
const SHOOTING = process.env.E2E_SCREENSHOTS !== 'off'

/**
 * A full-page screenshot outside the repository, named by project, page and width, for people to
 * look at. It asserts nothing, so Chromium failing to capture one (it sometimes answers "Unable to
 * capture screenshot" on a busy machine, just after a resize) is tried again, then noted, never a
 * failed test.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!SHOOTING) return
  mkdirSync(SHOTS_DIR, { recursive: true })
  const width = page.viewportSize()?.width ?? 0
  const path = `${SHOTS_DIR}/${testInfo.project.name}-${name}-${width}.png`
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, fullPage: true })
      return
    } catch (error) {
      if (!/Unable to capture screenshot/.test(String(error))) throw error
      if (attempt === 3) return void console.warn(`screenshot ${path} not taken: ${String(error)}`)
      await page.waitForTimeout(500)
    }
  }
}

/** The page at both widths we look at (desktop 1280, phone 390), then back to desktop. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  if (!SHOOTING) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, testInfo, name)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** The seeded demo community (models/seed.ts). */
export const DEMO = {
  slug: 'demo',
  name: 'Hearth Demo',
  hubName: 'Community Hub',
  group: 'Book Club',
  event: 'Welcome Call',
  accounts: [
    { name: 'Olivia Owner', emailAddress: 'owner@demo.hearth.test', role: 'community-owner' },
    { name: 'Adam Admin', emailAddress: 'admin@demo.hearth.test', role: 'community-admin' },
    { name: 'Mia Member', emailAddress: 'mia@demo.hearth.test', role: 'community-member' },
    { name: 'Noah Member', emailAddress: 'noah@demo.hearth.test', role: 'community-member' },
    { name: 'Lucía Miembro', emailAddress: 'lucia@demo.hearth.test', role: 'community-member' },
  ],
} as const

/**
 * Every page the suite visits, with the status it answers and its main heading in a language.
 * `path` is what the test opens; `landsOn` is where it ends up when that differs (a redirect).
 */
export const PAGES: ReadonlyArray<{
  name: string
  path: string
  landsOn?: string
  status: number
  heading: (language: Language) => string
}> = [
  { name: 'landing', path: '/', status: 200, heading: (l) => t(l, 'pages:home.tagline') },
  {
    name: 'community home',
    path: '/demo',
    status: 200,
    heading: (l) => t(l, 'pages:community.welcome', { name: DEMO.name }),
  },
  {
    name: 'community not found',
    path: '/community-not-found',
    status: 404,
    heading: (l) => t(l, 'pages:communityNotFound.title'),
  },
  { name: 'private', path: '/private', status: 200, heading: (l) => t(l, 'pages:private.title') },
  { name: 'thanks', path: '/thanks', status: 200, heading: (l) => t(l, 'pages:thanks.title') },
  { name: 'thank you', path: '/thank-you', status: 200, heading: (l) => t(l, 'pages:thankYou.title') },
  {
    name: 'room thank you',
    path: '/hub/thank-you?community=demo',
    status: 200,
    heading: (l) => t(l, 'pages:roomThankYou.title', { room: DEMO.hubName }),
  },
  { name: 'kicked', path: '/kicked', status: 200, heading: (l) => t(l, 'pages:kicked.title') },
  {
    name: 'connection error',
    path: '/connection-error',
    status: 200,
    heading: (l) => t(l, 'pages:connectionError.title'),
  },
  {
    name: 'unsupported device',
    path: '/unsupported-device',
    status: 200,
    heading: (l) => t(l, 'pages:unsupportedDevice.title'),
  },
  {
    name: 'extension uninstalled',
    path: '/extension-uninstalled',
    status: 200,
    heading: (l) => t(l, 'pages:extensionUninstalled.title'),
  },
  { name: 'sign-up error', path: '/signup-error', status: 200, heading: (l) => t(l, 'pages:signupError.title') },
  {
    name: 'access denied',
    path: '/demo/access-denied',
    status: 403,
    heading: (l) => t(l, 'pages:accessPages.accessDenied.title'),
  },
  {
    name: 'post not found',
    path: '/demo/post-not-found',
    status: 404,
    heading: (l) => t(l, 'pages:accessPages.postNotFound.title'),
  },
  {
    name: 'group not found',
    path: '/demo/group-not-found',
    status: 404,
    heading: (l) => t(l, 'pages:accessPages.groupNotFound.title'),
  },
  {
    name: 'event not found',
    path: '/demo/event-not-found',
    status: 404,
    heading: (l) => t(l, 'pages:accessPages.eventNotFound.title'),
  },
  { name: 'developer console', path: '/dev', status: 200, heading: (l) => t(l, 'dev:title') },
  { name: 'unknown path', path: '/a/b/c', status: 404, heading: (l) => t(l, 'common:errors.notFound.title') },
  {
    name: 'unknown community',
    path: '/no-such-community',
    landsOn: '/community-not-found',
    status: 404,
    heading: (l) => t(l, 'pages:communityNotFound.title'),
  },
]

// ---------------------------------------------------------------------------------------------
// Mail. The run's SMTP server (global-setup.ts) writes each message it receives into E2E_MAIL_DIR
// as {seq}.json; these read them back.

type StoredMail = {
  seq: number
  receivedAt: string
  to: string[]
  subject: string
  text: string | null
  html: string | null
  raw: string
}

function mailDirectory(): string {
  const directory = process.env.E2E_MAIL_DIR
  if (!directory) throw new Error('E2E_MAIL_DIR is not set: run the suite through playwright.config.ts')
  return directory
}

/** Every message received so far to `to`, oldest first. */
export function mailsTo(to: string): StoredMail[] {
  const wanted = to.toLowerCase()
  return readdirSync(mailDirectory())
    .filter((name) => /^\d+\.json$/.test(name))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(mailDirectory(), name), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.includes(wanted))
}

/** The sign-in code in a mail's text: the 6 digits on a line of their own. */
function codeIn(mail: StoredMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text ?? '')?.[1]
  if (!code) throw new Error(`No sign-in code in the mail to ${mail.to.join(', ')} "${mail.subject}"`)
  return code
}

/**
 * The code in the newest mail to `to`, waiting for one to arrive if need be. `after` (a `seq` from
 * lastMailSeq) ignores what had arrived before: the mail a test asked for, not an older one.
 */
export async function readCodeFromMail(to: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const newest = mailsTo(to)
      .filter((mail) => mail.seq > after)
      .at(-1)
    if (newest) return codeIn(newest)
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The arrival number of the newest mail to `to`, 0 when there is none. */
export function lastMailSeq(to: string): number {
  return mailsTo(to).at(-1)?.seq ?? 0
}

/**
 * Holds a lock named `name` across both projects' workers (a directory in E2E_MAIL_DIR) until the
 * function it returns is called. A lock left behind by a test that was killed is taken over after
 * `staleMs`.
 */
export async function holdLock(name: string, { waitMs = 120_000, staleMs = 120_000 } = {}): Promise<() => void> {
  const lock = join(mailDirectory(), `${name.replace(/[^\w@.-]/g, '_')}.lock`)
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      mkdirSync(lock)
      return () => rmSync(lock, { recursive: true, force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const held = statSync(lock, { throwIfNoEntry: false })
      if (held && Date.now() - held.mtimeMs > staleMs) rmSync(lock, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`The lock ${name} stayed busy for ${waitMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/**
 * Runs `send` (which makes the web server mail a code to `to`) and returns the code that mail
 * carries. The mailbox is held while the code is on its way, so a test running at the same time
 * in the other project cannot have its code taken for this one.
 */
export async function codeFromMail(to: string, send: () => Promise<unknown>): Promise<string> {
  const release = await holdLock(`mailbox-${to.toLowerCase()}`, { waitMs: 60_000, staleMs: 30_000 })
  try {
    const before = lastMailSeq(to)
    await send()
    return await readCodeFromMail(to, { after: before })
  } finally {
    release()
  }
}

/** The codes texted to `recipient`, newest first, as the developer console's outbox lists them. */
export async function outboxCodes(page: Page, recipient: string): Promise<string[]> {
  const dev = await page.context().newPage()
  try {
    await dev.goto('/dev')
    const outbox = dev.getByRole('region', { name: t('en', 'dev:outbox') })
    const rows = outbox.getByRole('row').filter({ has: dev.getByRole('cell', { name: recipient, exact: true }) })
    return (await rows.locator('code').allTextContents()).map((code) => code.trim())
  } finally {
    await dev.close()
  }
}

/** Runs `send` and returns the code of the text it made the server send to `recipient`. */
export async function codeFromOutbox(page: Page, recipient: string, send: () => Promise<unknown>): Promise<string> {
  const before = (await outboxCodes(page, recipient)).length
  await send()
  let codes: string[] = []
  await expect
    .poll(async () => (codes = await outboxCodes(page, recipient)).length, { message: `a new text to ${recipient}` })
    .toBe(before + 1)
  expect(codes[0]).toMatch(/^\d{6}$/)
  return codes[0]!
}

/**
 * Signs in through the UI as an existing account: /sign-in?redirectTo=…, the identifier, then the
 * code. The code comes from the run's mail (codeFromMail) when the server mails it for real, and
 * otherwise from the developer console's outbox (/dev: the newest row to this address). Each call
 * spends one of the address's sign-in codes (5 per 15 minutes, 20 an hour per client address).
 */
export async function signInAs(page: Page, emailAddress: string, redirectTo = '/me') {
  await page.goto(`/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel(t('en', 'auth:signIn.identifier')).fill(emailAddress)
  const send = async () => {
    await page.getByRole('button', { name: t('en', 'auth:signIn.send') }).click()
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'auth:signIn.codeTitle') })).toBeVisible()
  }
  let code: string | null
  if (process.env.E2E_MAIL_DIR) {
    code = await codeFromMail(emailAddress, send)
  } else {
    await send()
    code = (await outboxCodes(page, emailAddress))[0] ?? null
  }
  if (!code) throw new Error(`No sign-in code found for ${emailAddress}`)
  await page.getByLabel(t('en', 'auth:signIn.code')).fill(code)
  await page
    .getByRole('main')
    .getByRole('button', { name: t('en', 'auth:signIn.verify'), exact: true })
    .click()
  await expect(page).toHaveURL(redirectTo)
}

/** The account with this address, compared without case as the app's sign-in does, or null. */
export function findUser(emailAddress: string): Promise<User | null> {
  return User.findOne({ where: where(fn('lower', col('emailAddress')), emailAddress.toLowerCase()) })
}

/** The seeded demo community's row (models/seed.ts). */
export function demoCommunity(): Promise<Brand> {
  return Brand.findOne({ where: { slug: DEMO.slug }, rejectOnEmpty: true })
}

/**
 * Signs a browser in as an existing account without spending a sign-in code (session-row.ts), with
 * the server's SESSION_SECRET (E2E_SESSION_SECRET, set in playwright.config.ts and handed to the
 * server by start-server.mjs). Returns the user's id. The row goes to the database the models are
 * bound to (database.ts): a spec running servers of its own binds theirs and names their `baseURL`.
 */
export async function signInWithSession(
  target: Page | BrowserContext,
  emailAddress: string,
  { baseURL = test.info().project.use.baseURL } = {},
): Promise<string> {
  const context = 'context' in target ? target.context() : target
  const secret = process.env.E2E_SESSION_SECRET
  if (!secret) throw new Error('E2E_SESSION_SECRET is not set: run the suite through playwright.config.ts')
  const user = await findUser(emailAddress)
  if (!user) throw new Error(`No account ${emailAddress} in the run's database`)
  if (!baseURL) throw new Error('signInWithSession needs the baseURL of playwright.config.ts')
  const value = await sessionRowCookie(user.id, secret)
  await context.addCookies([{ name: SESSION_COOKIE, value, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
  return user.id
}

/**
 * Someone in a browser context of their own, signed in by a session row: the meeting specs' people.
 * Their verified account is made first unless the address already has one. `routes` answers
 * addresses this network lacks (a video provider's embed) with a page of the test's, before any
 * page loads.
 */
export async function personInBrowser(
  browser: Browser,
  { name, emailAddress }: { name: string; emailAddress: string },
  {
    viewport = { width: 1280, height: 720 },
    javaScriptEnabled = true,
    routes = {},
  }: {
    viewport?: { width: number; height: number }
    javaScriptEnabled?: boolean
    routes?: Record<string, string>
  } = {},
) {
  if (!(await findUser(emailAddress))) await makeUser({ name, emailAddress, verified: true })
  const context = await browser.newContext({ viewport, javaScriptEnabled })
  for (const [url, body] of Object.entries(routes))
    await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }))
  const page = await context.newPage()
  const errors = collectErrors(page)
  const userId = await signInWithSession(context, emailAddress)
  return { name, emailAddress, userId, page, errors, close: () => context.close() }
}

/** Claims a personal room at /me/{slug} (the sign-up's room step); returns its address. */
export async function claimRoom(page: Page, slug: string) {
  await page.goto('/register/room')
  await page.getByLabel(t('en', 'signup:claim.roomLink')).fill(slug)
  await page.getByRole('button', { name: t('en', 'signup:claim.claim') }).click()
  await expect(page).toHaveURL('/welcome-aboard')
  return `/me/${slug}`
}

/** Into a room's meeting: Join on its home view, Join at the device check, then the toolbar shows. */
export async function joinMeeting(page: Page, room: string) {
  await page.goto(room)
  await page.getByRole('button', { name: t('en', 'meeting:home.join'), exact: true }).click()
  await page.getByRole('button', { name: t('en', 'meeting:mirror.join') }).click()
  // Joining sets up the media edge's transports: slow on a busy machine.
  await expect(page.getByRole('toolbar', { name: t('en', 'meeting:controls.toolbar') })).toBeVisible({
    timeout: 30_000,
  })
}

/** The header's account area (an English page), where the account menu and the sign-in link live. */
export const accountArea = (page: Page) => page.getByRole('navigation', { name: t('en', 'common:header.account') })
/** The account menu's summary: it shows the current account's name. */
export const accountMenuButton = (page: Page) => accountArea(page).locator('details.account-menu > summary')

/** Opens the account menu (a <details>: a click opens it with or without JavaScript). */
export async function openAccountMenu(page: Page) {
  const details = accountArea(page).locator('details.account-menu')
  if ((await details.getAttribute('open')) === null) await accountMenuButton(page).click()
  await expect(details).toHaveAttribute('open', '')
  return accountArea(page)
}

/**
 * A copy of one of the demo's rooms under a slug of its own, with some fields changed (slug and
 * name at least), so a spec's meeting or room is nobody else's: specs run side by side, and two
 * meetings in one room would see each other's people. Kept afterwards (each run has a fresh
 * database), so the demo's home may list it.
 */
export async function copyOfDemoRoom(
  source: string,
  fields: { slug: string; name: string } & Partial<CreationAttributes<Room>>,
) {
  const demo = await demoCommunity()
  await copyRow(Room, { slug: source, brandId: demo.id }, { id: newId(), ...fields }, { orIgnore: true })
}

/**
 * One row copied through its model with some attributes replaced: the rest, defaults included, as
 * the source row has them (its timestamps aside: the copy is made now), so a spec's data stays valid
 * as migrations add columns. With `orIgnore`, a copy whose unique key is taken (the other project's,
 * or a retry's) is left out.
 */
export async function copyRow<M extends Model>(
  model: ModelStatic<M>,
  from: WhereOptions<Attributes<M>>,
  replaced: Partial<CreationAttributes<M>>,
  { orIgnore = false } = {},
): Promise<void> {
  const source = await model.findOne({ where: from, rejectOnEmpty: true })
  const {
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...values
  } = source.get({ plain: true }) as Record<string, unknown>
  await model.bulkCreate([{ ...values, ...replaced } as CreationAttributes<M>], { ignoreDuplicates: orIgnore })
}

/**
 * A community of a spec's own, so what the spec changes never reaches the demo that other specs
 * read: the demo's row (its settings) under another slug and name, with `fields` replaced, and no
 * rooms or people yet (see addPerson). Returns its id.
 */
export async function makeCommunity(
  slug: string,
  name: string,
  fields: Partial<CreationAttributes<Brand>> = {},
): Promise<string> {
  const id = newId()
  await copyRow(
    Brand,
    { slug: DEMO.slug },
    {
      id,
      slug,
      name,
      topLevelRoomId: null,
      announcementsRoomId: null,
      selfSignupHash: null,
      ...fields,
    },
  )
  return id
}

/**
 * A community of a spec's own (makeCommunity, with `fields`) whose home has a feed: its hub is a copy
 * of the demo's hub that is nobody's room (no host, co-hosts or members), with `hub`'s fields.
 */
export async function makeCommunityWithHub(
  slug: string,
  name: string,
  hub: { slug: string; name: string } & Partial<CreationAttributes<Room>>,
  fields: Partial<CreationAttributes<Brand>> = {},
): Promise<{ brandId: string; hubId: string }> {
  const hubId = newId()
  const brandId = await makeCommunity(slug, name, { topLevelRoomId: hubId, ...fields })
  await copyRow(
    Room,
    { id: (await demoCommunity()).topLevelRoomId! },
    { id: hubId, brandId, hostId: null, coHosts: [], members: [], ...hub },
  )
  return { brandId, hubId }
}

/**
 * Someone in a community: an account with this address (made when there is none), a membership in
 * `status` and a community-wide `role`. Returns the account's id.
 */
export async function addPerson(
  brandId: string,
  {
    name,
    emailAddress,
    role = 'community-member',
    status = 'active',
  }: { name: string; emailAddress: string; role?: string; status?: Membership['status'] },
): Promise<string> {
  const user = (await findUser(emailAddress)) ?? (await makeUser({ name, emailAddress, verified: true }))
  await Membership.findOrCreate({
    where: { brandId, userId: user.id },
    defaults: { brandId, userId: user.id, status, source: 'invitation' },
  })
  await grantRole(user, { id: brandId }, role)
  return user.id
}

/** Waits until React has hydrated the element (its props are on it): a click then runs the app's handler. */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s)
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactProps'))
  }, selector)
}
