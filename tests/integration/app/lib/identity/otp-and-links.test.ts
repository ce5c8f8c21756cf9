// Codes and links: a daily cap of codes per account whatever the address and the
// flow; earlier links die when a code is used or a new one is sent; a return address too long for
// the database answers a clear 400; links that are not a code's twin live 24 hours.
// Codes are read from the dev outbox; each browser carries its cookie and has a client address of
// its own, so only the per-account cap can stop them. A page's ?refreshme={token} signs in through the callback, and
// /wait goes on to a path of this site.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAGIC_LINK_LIFETIME_MS, CODE_LIFETIME_MS, createMagicLink } from '#app/lib/identity/auth.server'
import { MagicLink, OutboxMessage, RateLimit, User } from '#models/index'
import { env, parseEnv } from '#app/lib/platform/env.server'
import { LIMITS } from '#app/lib/platform/rate-limit.server'
import { MAX_REDIRECT_LENGTH } from '#app/lib/http/safe-redirect'
import { loader as callbackLoader } from '#app/routes/callback'
import { loader as rootLoader } from '#app/root'
import { loader as waitLoader } from '#app/routes/wait'
import { viewer } from '#app/lib/http/session.server'
import { action as settingsAction } from '#app/routes/me.settings/route'
import { action as signInAction, loader as signInLoader } from '#app/routes/sign-in/route'
import { loader as privateLoader } from '#app/routes/private'
import { action as languageAction } from '#app/routes/resources.language'
import { action as accountAction } from '#app/routes/resources.account'
import { TestBrowser } from '#tests/support/browser'

const original = { smtpUrl: env.SMTP_URL, sms: env.sms, cap: LIMITS.codesPerAccountPerDay.max }

beforeEach(async () => {
  env.SMTP_URL = undefined
  env.sms = null
  await RateLimit.destroy({ where: {} })
})
afterEach(() => {
  LIMITS.codesPerAccountPerDay.max = original.cap
})
afterAll(() => {
  Object.assign(env, { SMTP_URL: original.smtpUrl, sms: original.sms })
})

let counter = 0
function newUser(phoneNumber: string | null = null) {
  counter += 1
  return User.create({
    name: `Otto Links${counter}`,
    emailAddress: `otto${counter}@example.test`,
    phoneNumber,
    countryCode: phoneNumber ? 'US' : null,
  })
}

/** Asks for a sign-in code from a browser of its own (its own client address). */
async function askForCode(identifier: string, browser = new TestBrowser()) {
  return browser.run(signInAction, '/sign-in', { fields: { intent: 'send', identifier, redirectTo: '/demo' } })
}

const linksOf = (userId: string) => MagicLink.findAll({ where: { userId }, order: [['createdAt', 'ASC']] })
const liveLinks = async (userId: string) =>
  (await linksOf(userId)).filter((link) => link.usedAt === null && link.expiresAt > new Date())

describe('the daily cap of codes per account', () => {
  it('reads CODES_PER_ACCOUNT_PER_DAY, 20 when unset, and refuses a value that is not a positive whole number', () => {
    expect(parseEnv({ NODE_ENV: 'development' }).CODES_PER_ACCOUNT_PER_DAY).toBe(20)
    expect(parseEnv({ NODE_ENV: 'development', CODES_PER_ACCOUNT_PER_DAY: '50' }).CODES_PER_ACCOUNT_PER_DAY).toBe(50)
    expect(parseEnv({ NODE_ENV: 'development', CODES_PER_ACCOUNT_PER_DAY: '' }).CODES_PER_ACCOUNT_PER_DAY).toBe(20)
    for (const bad of ['0', '-1', '1.5', 'lots']) {
      expect(() => parseEnv({ NODE_ENV: 'development', CODES_PER_ACCOUNT_PER_DAY: bad })).toThrow(
        /CODES_PER_ACCOUNT_PER_DAY/,
      )
    }
    expect(LIMITS.codesPerAccountPerDay).toMatchObject({ max: env.CODES_PER_ACCOUNT_PER_DAY, windowSeconds: 24 * 3600 })
  })

  it('counts sign-in codes to the email and the phone of one account together, from any client address', async () => {
    LIMITS.codesPerAccountPerDay.max = 3
    const user = await newUser('+14155550177')
    for (const identifier of [user.emailAddress!, '+14155550177', user.emailAddress!]) {
      expect((await askForCode(identifier)).status).toBe(302)
    }
    const before = await OutboxMessage.count()
    for (const identifier of ['+14155550177', user.emailAddress!]) {
      const refused = await askForCode(identifier)
      expect(refused.status).toBe(429)
      expect(refused.data.error).toMatchObject({ message: 'auth:otpAndLinks.dailyCap', accountNotFound: false })
      expect(refused.data.result.initialValue).toMatchObject({ identifier })
    }
    expect(await OutboxMessage.count()).toBe(before)
    // Another account is not affected.
    expect((await askForCode((await newUser()).emailAddress!)).status).toBe(302)
  })

  it('counts the address-change codes of a signed-in account too', async () => {
    LIMITS.codesPerAccountPerDay.max = 2
    const user = await newUser()
    expect((await askForCode(user.emailAddress!)).status).toBe(302)
    const browser = await TestBrowser.signedIn(user.id)
    expect(
      (
        await browser.run(settingsAction, '/me/settings', {
          fields: { intent: 'email', emailAddress: `new-${user.emailAddress}` },
        })
      ).status,
    ).toBe(302)
    const refused = await (
      await TestBrowser.signedIn(user.id)
    ).run(settingsAction, '/me/settings', { fields: { intent: 'email', emailAddress: `other-${user.emailAddress}` } })
    expect(refused.status).toBe(429)
    expect(refused.data.error).toMatchObject({ message: 'auth:otpAndLinks.dailyCap' })
    expect((await askForCode(user.emailAddress!)).status).toBe(429)
  })
})

describe('outstanding magic links', () => {
  it('die when a new code is sent: only the newest mail signs in', async () => {
    const user = await newUser()
    const older = await createMagicLink(user.id, '/demo')
    expect((await askForCode(user.emailAddress!)).status).toBe(302)
    const live = await liveLinks(user.id)
    expect(live).toHaveLength(1)
    expect(older).not.toContain(live[0]!.id)
    expect((await askForCode(user.emailAddress!)).status).toBe(302)
    const newest = await liveLinks(user.id)
    expect(newest).toHaveLength(1)
    expect(newest[0]!.id).not.toBe(live[0]!.id)
  })

  it('die when the code is used', async () => {
    const user = await newUser()
    const browser = new TestBrowser()
    expect((await askForCode(user.emailAddress!, browser)).status).toBe(302)
    const [mail] = await OutboxMessage.findAll({
      where: { recipient: user.emailAddress! },
      order: [['createdAt', 'DESC']],
      limit: 1,
    })
    const linkId = mail!.meta.link!.split('/ml/')[1]!
    expect(
      (
        await browser.run(signInAction, '/sign-in', {
          fields: { intent: 'verify', code: mail!.meta.code!, redirectTo: '/demo' },
        })
      ).status,
    ).toBe(302)
    expect((await browser.run(signInLoader, '/sign-in?redirectTo=%2Fdemo')).location).toBe('/demo')
    expect(await liveLinks(user.id)).toEqual([])
    // The mailed link, used after its code, signs nobody in.
    const late = await new TestBrowser().run(callbackLoader, `/callback?a=${linkId}`)
    expect(late.status).toBe(410)
  })
})

describe('link expiry', () => {
  it('is 24 hours for a link that is not a code twin, and the code lifetime for the one mailed with a code', async () => {
    const user = await newUser()
    const started = Date.now()
    const url = await createMagicLink(user.id, '/demo/hub')
    const link = await MagicLink.findByPk(url.split('/ml/')[1]!)
    expect(MAGIC_LINK_LIFETIME_MS).toBe(24 * 3600 * 1000)
    expect(link!.expiresAt.getTime() - started).toBeGreaterThanOrEqual(MAGIC_LINK_LIFETIME_MS - 5_000)
    expect(link!.expiresAt.getTime() - started).toBeLessThanOrEqual(MAGIC_LINK_LIFETIME_MS + 5_000)

    expect((await askForCode(user.emailAddress!)).status).toBe(302)
    const [twin] = await liveLinks(user.id)
    expect(Math.abs(twin!.expiresAt.getTime() - Date.now() - CODE_LIFETIME_MS)).toBeLessThan(5_000)
  })
})

describe('a return address longer than the database holds', () => {
  const long = `/demo?${'x'.repeat(MAX_REDIRECT_LENGTH)}`

  it('answers a clear 400 wherever it is accepted, never a 500', async () => {
    const user = await newUser()
    const cases = [
      () => new TestBrowser().run(signInLoader, `/sign-in?redirectTo=${encodeURIComponent(long)}`),
      () =>
        new TestBrowser().run(signInAction, '/sign-in', {
          fields: { intent: 'send', identifier: user.emailAddress!, redirectTo: long },
        }),
      () =>
        new TestBrowser().run(signInAction, `/sign-in?redirectTo=${encodeURIComponent(long)}`, {
          fields: { intent: 'send', identifier: user.emailAddress!, redirectTo: '/demo' },
        }),
      () => new TestBrowser().run(callbackLoader, `/callback?r=${encodeURIComponent(long)}`),
      () => new TestBrowser().run(privateLoader, `/private?redirectTo=${encodeURIComponent(long)}`),
      () =>
        new TestBrowser().run(languageAction, '/resources/language', { fields: { language: 'es', redirectTo: long } }),
      async () =>
        (await TestBrowser.signedIn(user.id)).run(accountAction, '/resources/account', {
          fields: { intent: 'sign-out', redirectTo: long },
        }),
    ]
    for (const [index, attempt] of cases.entries()) {
      // A plain (non-async) loader throws its Response before there is a promise to settle.
      const outcome = await Promise.resolve()
        .then(attempt)
        .catch((error: unknown) => (error instanceof Response ? { status: error.status } : Promise.reject(error)))
      expect(outcome.status, `case ${index}`).toBe(400)
    }
    // Nothing was sent or stored for the refused sign-in.
    expect(await linksOf(user.id)).toEqual([])
  })

  it('is accepted up to the limit, and the mailed link keeps it', async () => {
    const user = await newUser()
    const longest = `/demo?${'y'.repeat(MAX_REDIRECT_LENGTH - '/demo?'.length)}`
    expect(longest).toHaveLength(MAX_REDIRECT_LENGTH)
    const sent = await new TestBrowser().run(signInAction, `/sign-in?redirectTo=${encodeURIComponent(longest)}`, {
      fields: { intent: 'send', identifier: user.emailAddress!, redirectTo: longest },
    })
    expect(sent.status).toBe(302)
    const [link] = await linksOf(user.id)
    expect(link!.destinationUrl).toBe(longest)
  })
})

describe('links into Hearth', () => {
  it('?refreshme={token} on a page signs in through the callback and comes back without it', async () => {
    const user = await newUser()
    const token = (await createMagicLink(user.id, '/me')).split('/ml/')[1]!
    const browser = new TestBrowser()
    const page = await browser.run(rootLoader, `/demo/events?tab=past&refreshme=${token}`)
    expect(page).toMatchObject({ status: 302, location: `/callback?r=%2Fdemo%2Fevents%3Ftab%3Dpast&a=${token}` })
    expect(await browser.run(callbackLoader, page.location!)).toMatchObject({
      status: 302,
      location: '/demo/events?tab=past',
    })
    const { request, context } = browser.args('/demo')
    const seen = await viewer(request, context)
    expect(seen.user?.id).toBe(user.id)
    // Spent, or empty: the callback says the link no longer works, and signs nobody in.
    const again = await new TestBrowser().run(rootLoader, `/demo?refreshme=${token}`)
    expect((await new TestBrowser().run(callbackLoader, again.location!)).status).toBe(410)
    expect((await new TestBrowser().run(rootLoader, '/demo?refreshme=')).location).toBe('/callback?r=%2Fdemo')
  })

  it('/wait goes on to a path of this site, never elsewhere', async () => {
    expect((await new TestBrowser().run(waitLoader, '/wait?redirectTo=%2Fdemo%2Fevents')).data).toEqual({
      target: '/demo/events',
    })
    expect((await new TestBrowser().run(waitLoader, '/wait?redirectTo=https%3A%2F%2Fevil.example')).data).toEqual({
      target: '/',
    })
    expect((await new TestBrowser().run(waitLoader, '/wait')).data).toEqual({ target: '/' })
  })
})
