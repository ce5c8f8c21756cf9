// Sign-in by one-time code, end to end through the route's loader and action on a real database:
// each "browser" below carries its session cookie from one request to the next, as a real one does.
// Without SMTP_URL (and with no SMS provider) every message stays in the outbox as status `dev`
// with its code in meta.code, which is where these tests read the codes; one test goes through a
// real SMTP server on loopback instead.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { AuthCode, OutboxMessage, RateLimit, Session, User } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { LIMITS } from '#app/lib/platform/rate-limit.server'
import {
  afterSignIn,
  endIdentity,
  getSession,
  sessionCookie,
  sessionStorage,
  viewer,
} from '#app/lib/http/session.server'
import { action as accountAction } from '#app/routes/resources.account'
import { action, loader } from '#app/routes/sign-in/route'
import { seedDemo } from '#models/seed'
import { TestBrowser, type Outcome } from '#tests/support/browser'
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server'

const OWNER = 'owner@demo.hearth.test'
const ADMIN = 'admin@demo.hearth.test'
const MIA = 'mia@demo.hearth.test'
const INVALID_CODE = 'auth:errors.invalidCode'

const original = { smtpUrl: env.SMTP_URL, sms: env.sms }
let smtp: TestSmtpServer
let owner: User
let admin: User

beforeAll(async () => {
  await seedDemo()
  owner = await User.findOne({ where: { emailAddress: OWNER }, rejectOnEmpty: true })
  admin = await User.findOne({ where: { emailAddress: ADMIN }, rejectOnEmpty: true })
  smtp = await startSmtpServer()
})

beforeEach(async () => {
  // The dev outbox keeps the codes; the rate limits count in the database under test, and each
  // test starts with none counted (the same demo accounts ask for many codes in this file).
  env.SMTP_URL = undefined
  env.sms = null
  await RateLimit.destroy({ where: {} })
  // A message an earlier test left unread is no business of this one.
  for (const row of await OutboxMessage.findAll({ attributes: ['id'] })) seen.add(row.id)
})

afterAll(async () => {
  Object.assign(env, { SMTP_URL: original.smtpUrl, sms: original.sms })
  await smtp.close()
})

// ---------------------------------------------------------------------------------------------
// The sign-in page, its actions and the account switcher, through one browser's cookie.

class Browser extends TestBrowser {
  load(path = '/sign-in') {
    return this.run(loader, path)
  }

  post(fields: Record<string, string>, path = '/sign-in') {
    return this.run(action, path, { fields })
  }

  account(fields: Record<string, string>) {
    return this.run(accountAction, '/resources/account', { fields })
  }
}

const seen = new Set<string>()

/** The code of the one message `to` received since the last look; fails on none or several. */
async function newCode(to: string, channel: 'mail' | 'sms' = 'mail'): Promise<string> {
  const rows = (await OutboxMessage.findAll({ where: { recipient: to } })).filter((row) => !seen.has(row.id))
  expect(rows, `new messages to ${to}`).toHaveLength(1)
  const row = rows[0]!
  seen.add(row.id)
  expect(row.channel).toBe(channel)
  expect(row.status).toBe('dev')
  expect(row.meta.code).toMatch(/^\d{6}$/)
  return row.meta.code!
}

/** Messages to `to` nobody has looked at yet. */
async function unseen(to: string) {
  return (await OutboxMessage.findAll({ where: { recipient: to } })).filter((row) => !seen.has(row.id)).length
}

/** A code that is not `code` (any other six digits). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

function expectRedirect(outcome: Outcome, location: string) {
  expect(outcome.status).toBe(302)
  expect(outcome.location).toBe(location)
}

function expectInvalidCode(outcome: Outcome) {
  expect(outcome.status).toBe(400)
  expect(outcome.data.intent).toBe('verify')
  expect(outcome.data.error).toEqual({ message: INVALID_CODE, accountNotFound: false })
}

/** Asks for a code for `identifier` and returns it, from the outbox. */
async function sendCode(
  browser: Browser,
  identifier: string,
  redirectTo = '/demo',
  extra: Record<string, string> = {},
) {
  const sent = await browser.post({ intent: 'send', identifier, redirectTo, ...extra })
  expectRedirect(sent, `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`)
  expect(browser.cookie).toMatch(/^__session=/)
}

/** The full sign-in: code, verify, and the loader turning the verified user into an identity. */
async function signIn(browser: Browser, identifier: string, redirectTo = '/demo') {
  await sendCode(browser, identifier, redirectTo)
  const code = await newCode(identifier)
  expectRedirect(
    await browser.post({ intent: 'verify', code, redirectTo }),
    `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`,
  )
  return browser.load(`/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`)
}

// ---------------------------------------------------------------------------------------------

describe('the identifier step', () => {
  it('shows the form with the countries and no pending sign-in', async () => {
    const page = await new Browser().load('/sign-in?redirectTo=%2Fdemo')
    expect(page.status).toBe(200)
    expect(page.data.pending).toBeNull()
    expect(page.data.redirectTo).toBe('/demo')
    expect(page.data.countries.length).toBeGreaterThan(200)
    expect(page.data.countries.slice(0, 2).map((country: { code: string }) => country.code)).toEqual(['US', 'CA'])
  })

  it('drops a redirect to another origin', async () => {
    const page = await new Browser().load('/sign-in?redirectTo=https%3A%2F%2Fevil.example%2F')
    expect(page.data.redirectTo).toBe('')
  })

  it('sends a code by mail and comes back to the code step', async () => {
    const browser = new Browser()
    await sendCode(browser, OWNER)
    const code = await newCode(OWNER)
    expect(code).toMatch(/^\d{6}$/)
    const page = await browser.load('/sign-in?redirectTo=%2Fdemo')
    expect(page.data.pending).toBe(OWNER)
    // The code step shows no country picker, so none is built for it.
    expect(page.data.countries).toEqual([])
    // The code lives only in the outbox: the auth_codes row is keyed by a hash of the encrypted code.
    const rows = await AuthCode.findAll()
    expect(rows.some((row) => row.id.includes(code))).toBe(false)
  })

  it('reads email addresses whatever their case and surrounding spaces', async () => {
    const browser = new Browser()
    await sendCode(browser, '  Owner@Demo.HEARTH.test ')
    const code = await newCode(OWNER)
    expect((await browser.load()).data.pending).toBe(OWNER)
    expectRedirect(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    expectRedirect(await browser.load('/sign-in?redirectTo=%2Fdemo'), '/demo')
    expect((await browser.session()).get('currentUserId')).toBe(owner.id)
  })

  it('answers an unknown account with 404 and "Account not found!", sending nothing', async () => {
    const browser = new Browser()
    const outcome = await browser.post({ intent: 'send', identifier: 'nobody@demo.hearth.test', redirectTo: '/demo' })
    expect(outcome.status).toBe(404)
    expect(outcome.data.intent).toBe('send')
    expect(outcome.data.error).toEqual({ message: 'auth:errors.accountNotFound', accountNotFound: true })
    expect(await unseen('nobody@demo.hearth.test')).toBe(0)
    expect((await browser.load()).data.pending).toBeNull()
  })

  it('answers an unknown phone number with 404 too', async () => {
    const outcome = await new Browser().post({ intent: 'send', identifier: '(415) 555-0199', country: 'US' })
    expect(outcome.status).toBe(404)
    expect(outcome.data.error.accountNotFound).toBe(true)
    expect(await unseen('+14155550199')).toBe(0)
  })

  it.each([
    ['empty', '', 'auth:errors.identifierRequired'],
    ['blank', '   ', 'auth:errors.identifierRequired'],
    ['a broken email address', 'owner@demo', 'auth:errors.identifierInvalid'],
    ['neither email nor phone', 'owner', 'auth:errors.identifierInvalid'],
    ['a landline-length number that is no phone', '12345', 'auth:errors.identifierInvalid'],
    ['too long', `${'a'.repeat(320)}@example.test`, 'auth:errors.identifierInvalid'],
  ])(
    'refuses an identifier that is %s with 400 and a field error, sending nothing',
    async (_case, identifier, message) => {
      const browser = new Browser()
      const before = await OutboxMessage.count()
      const outcome = await browser.post({ intent: 'send', identifier, redirectTo: '/demo' })
      expect(outcome.status).toBe(400)
      expect(outcome.data.intent).toBe('send')
      expect(outcome.data.error).toBeNull()
      expect(outcome.data.result.error).toEqual({ identifier: [message] })
      // What was typed comes back for the form (conform leaves an empty field out).
      if (identifier) expect(outcome.data.result.initialValue.identifier).toBe(identifier)
      expect(await OutboxMessage.count()).toBe(before)
      expect(await RateLimit.count({ where: { key: `rl:${LIMITS.codesPerAddress.name}:${browser.address}` } })).toBe(0)
      expect((await browser.load()).data.pending).toBeNull()
    },
  )
})

describe('the code step', () => {
  it('refuses a wrong code with 400, accepts the right one, and starts a new session', async () => {
    const browser = new Browser()
    await sendCode(browser, OWNER)
    const code = await newCode(OWNER)
    const pendingId = await browser.sessionId()

    expectInvalidCode(await browser.post({ intent: 'verify', code: wrong(code), redirectTo: '/demo' }))
    expect((await browser.load()).data.pending).toBe(OWNER)

    const verified = await browser.post({ intent: 'verify', code, redirectTo: '/demo' })
    expectRedirect(verified, '/sign-in?redirectTo=%2Fdemo')

    const landed = await browser.load('/sign-in?redirectTo=%2Fdemo')
    expectRedirect(landed, '/demo')
    expect(landed.setCookie).toMatch(/^__session=[^;]+;/)
    const signedInId = await browser.sessionId()
    expect(signedInId).toBeTruthy()
    // A new session id: whoever knew the one before sign-in (session fixation) has nothing.
    expect(signedInId).not.toBe(pendingId)
    expect(await Session.findByPk(pendingId!)).toBeNull()
    const row = await Session.findByPk(signedInId!, { rejectOnEmpty: true })
    expect(row.data.currentUserId).toBe(owner.id)
    expect(row.data.identities).toEqual([
      { userId: owner.id, signedInAt: expect.any(String), expiresAt: expect.any(String) },
    ])
    // Nothing of the sign-in in progress is carried into the new session.
    for (const key of ['auth:email', 'auth:otp', 'user']) expect(row.data).not.toHaveProperty(key)

    // And the rest of the site sees the user.
    const seenBy = await viewer(new Request('http://localhost/demo', { headers: { Cookie: browser.cookie! } }), {
      cache: new Map(),
    } as never)
    expect(seenBy.user?.id).toBe(owner.id)
    expect(seenBy.accounts.map((account) => account.name)).toEqual(['Olivia Owner'])
  })

  it('accepts the code with surrounding spaces', async () => {
    const browser = new Browser()
    await sendCode(browser, MIA)
    const code = await newCode(MIA)
    expectRedirect(
      await browser.post({ intent: 'verify', code: ` ${code} `, redirectTo: '/demo' }),
      '/sign-in?redirectTo=%2Fdemo',
    )
  })

  it.each([
    ['empty', '', 'auth:errors.codeRequired'],
    ['short', '123', 'auth:errors.codeLength'],
    ['long', '1234567', 'auth:errors.codeLength'],
  ])('refuses an %s code with 400 and a field error, without using up a try', async (_case, typed, message) => {
    const browser = new Browser()
    await sendCode(browser, MIA)
    const code = await newCode(MIA)
    for (let i = 0; i < 6; i++) {
      const outcome = await browser.post({ intent: 'verify', code: typed, redirectTo: '/demo' })
      expect(outcome.status).toBe(400)
      expect(outcome.data.error).toBeNull()
      // zod's "required" message is for a missing field; an empty one fails the length check.
      expect(outcome.data.result.error.code).toEqual([
        typed === '' ? expect.stringMatching(/^auth:errors\.code(Required|Length)$/) : message,
      ])
    }
    expectRedirect(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
  })

  it('refuses a code with no sign-in in progress', async () => {
    expectInvalidCode(await new Browser().post({ intent: 'verify', code: '123456', redirectTo: '/demo' }))
  })

  it('uses a code once: after signing in it no longer works, even from a copy of the old session', async () => {
    const browser = new Browser()
    await sendCode(browser, ADMIN)
    const code = await newCode(ADMIN)
    const before = await Session.findByPk((await browser.sessionId())!, { rejectOnEmpty: true })
    const oldCookie = browser.cookie

    expectRedirect(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    expectRedirect(await browser.load('/sign-in?redirectTo=%2Fdemo'), '/demo')
    // The auth_codes row (keyed by a hash of the encrypted code) is spent.
    const rowId = createHash('sha256').update(String(before.data['auth:otp'])).digest('hex')
    expect(await AuthCode.findByPk(rowId, { rejectOnEmpty: true })).toMatchObject({ active: false })

    // The cookie from before sign-in names a session that no longer exists.
    const stale = new Browser()
    stale.cookie = oldCookie
    expectInvalidCode(await stale.post({ intent: 'verify', code, redirectTo: '/demo' }))

    // A copy of that session (what someone who had read it would hold) meets a dead code.
    const copy = await Session.create({ data: before.data, expiresAt: new Date(Date.now() + 3600_000) })
    const replay = new Browser()
    replay.cookie = (await sessionCookie.serialize(copy.id)).split(';')[0]!
    expectInvalidCode(await replay.post({ intent: 'verify', code, redirectTo: '/demo' }))
    expect(
      (await getSession(new Request('http://localhost/', { headers: { Cookie: replay.cookie } }))).get('user'),
    ).toBeUndefined()
  })

  it('lets 4 wrong codes pass but the 5th kills the code: the right one then fails too', async () => {
    const lucky = new Browser()
    await sendCode(lucky, MIA)
    const luckyCode = await newCode(MIA)
    for (let i = 0; i < 4; i++)
      expectInvalidCode(await lucky.post({ intent: 'verify', code: wrong(luckyCode), redirectTo: '/demo' }))
    expectRedirect(
      await lucky.post({ intent: 'verify', code: luckyCode, redirectTo: '/demo' }),
      '/sign-in?redirectTo=%2Fdemo',
    )

    const unlucky = new Browser()
    await sendCode(unlucky, MIA)
    const code = await newCode(MIA)
    for (let i = 0; i < 5; i++)
      expectInvalidCode(await unlucky.post({ intent: 'verify', code: wrong(code), redirectTo: '/demo' }))
    expectInvalidCode(await unlucky.post({ intent: 'verify', code, redirectTo: '/demo' }))
    expectInvalidCode(await unlucky.post({ intent: 'verify', code, redirectTo: '/demo' }))
    expect(await unlucky.load()).toMatchObject({ status: 200, data: { pending: MIA } })

    // A new code is the way out.
    expectRedirect(await unlucky.post({ intent: 'resend', redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    const fresh = await newCode(MIA)
    expectRedirect(
      await unlucky.post({ intent: 'verify', code: fresh, redirectTo: '/demo' }),
      '/sign-in?redirectTo=%2Fdemo',
    )
  })

  it('refuses an expired code', async () => {
    const browser = new Browser()
    await sendCode(browser, ADMIN)
    const code = await newCode(ADMIN)
    await AuthCode.update({ expiresAt: new Date(Date.now() - 1000) }, { where: {} })
    expectInvalidCode(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }))
  })

  it('resends a new code, and the old one stops working', async () => {
    const browser = new Browser()
    await sendCode(browser, ADMIN)
    const first = await newCode(ADMIN)
    expectRedirect(await browser.post({ intent: 'resend', redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    const second = await newCode(ADMIN)
    expect((await browser.load()).data.pending).toBe(ADMIN)
    if (first !== second) expectInvalidCode(await browser.post({ intent: 'verify', code: first, redirectTo: '/demo' }))
    expectRedirect(
      await browser.post({ intent: 'verify', code: second, redirectTo: '/demo' }),
      '/sign-in?redirectTo=%2Fdemo',
    )
    expectRedirect(await browser.load('/sign-in?redirectTo=%2Fdemo'), '/demo')
  })

  it('sends nothing on resend when no sign-in is in progress', async () => {
    const browser = new Browser()
    const before = await OutboxMessage.count()
    expectRedirect(await browser.post({ intent: 'resend', redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    expect(await OutboxMessage.count()).toBe(before)
  })

  it('cancels: the pending identifier is gone and its code no longer works', async () => {
    const browser = new Browser()
    await sendCode(browser, ADMIN)
    const code = await newCode(ADMIN)
    expectRedirect(await browser.post({ intent: 'cancel', redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    expect((await browser.load()).data.pending).toBeNull()
    expectInvalidCode(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }))
  })

  it('cancel without a redirect goes back to the bare sign-in page', async () => {
    expectRedirect(await new Browser().post({ intent: 'cancel' }), '/sign-in')
  })

  it('after cancel, another identifier gets its own code', async () => {
    const browser = new Browser()
    await sendCode(browser, ADMIN)
    await newCode(ADMIN)
    await browser.post({ intent: 'cancel', redirectTo: '/demo' })
    await sendCode(browser, MIA)
    expect(await unseen(ADMIN)).toBe(0)
    const code = await newCode(MIA)
    expect((await browser.load()).data.pending).toBe(MIA)
    expectRedirect(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    expectRedirect(await browser.load('/sign-in?redirectTo=%2Fdemo'), '/demo')
    expect((await browser.session()).get('currentUserId')).not.toBe(admin.id)
  })

  it('a new send while a code is pending goes to the identifier just typed', async () => {
    // The code step hides the identifier form, but a page kept in history (or another tab) can
    // still post it: the code must go to what was typed, not to the identifier pending before.
    const browser = new Browser()
    await sendCode(browser, ADMIN)
    const adminCode = await newCode(ADMIN)
    await sendCode(browser, MIA)
    expect(await unseen(ADMIN)).toBe(0)
    const miaCode = await newCode(MIA)
    expect((await browser.load()).data.pending).toBe(MIA)
    if (adminCode !== miaCode)
      expectInvalidCode(await browser.post({ intent: 'verify', code: adminCode, redirectTo: '/demo' }))
    expectRedirect(
      await browser.post({ intent: 'verify', code: miaCode, redirectTo: '/demo' }),
      '/sign-in?redirectTo=%2Fdemo',
    )
  })
})

describe('sign-in by phone', () => {
  let pat: User

  beforeAll(async () => {
    pat = await User.create({ name: 'Pat Phone', phoneNumber: '+14155550132', countryCode: 'US' })
  })

  it('sends the code by SMS to the E.164 number, from a national number and its country', async () => {
    const browser = new Browser()
    await sendCode(browser, '(415) 555-0132', '/demo', { country: 'US' })
    const code = await newCode('+14155550132', 'sms')
    expect((await browser.load()).data.pending).toBe('+14155550132')
    expectRedirect(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    expectRedirect(await browser.load('/sign-in?redirectTo=%2Fdemo'), '/demo')
    expect((await browser.session()).get('currentUserId')).toBe(pat.id)
  })

  it('reads the same number typed internationally, whatever country is chosen', async () => {
    const browser = new Browser()
    await sendCode(browser, '+1 415-555-0132', '/demo', { country: 'GB' })
    await newCode('+14155550132', 'sms')
  })

  it('reads a national number in the country chosen, not another', async () => {
    const user = await User.create({ name: 'Gemma GB', phoneNumber: '+447400123456', countryCode: 'GB' })
    const browser = new Browser()
    await sendCode(browser, '07400 123456', '/demo', { country: 'gb' })
    const code = await newCode('+447400123456', 'sms')
    expectRedirect(await browser.post({ intent: 'verify', code, redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    expectRedirect(await browser.load('/sign-in?redirectTo=%2Fdemo'), '/demo')
    expect((await browser.session()).get('currentUserId')).toBe(user.id)
    // In the US the same digits are no mobile number.
    expect((await new Browser().post({ intent: 'send', identifier: '07400 123456', country: 'US' })).status).toBe(400)
  })
})

describe('sign-in mail through SMTP', () => {
  it('delivers the code to a real SMTP server, and the outbox keeps no copy of it', async () => {
    env.SMTP_URL = smtp.url
    const browser = new Browser()
    await sendCode(browser, MIA)
    const mail = await smtp.waitForMessage(MIA)
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(mail.subject).toContain(code)

    const rows = (await OutboxMessage.findAll({ where: { recipient: MIA } })).filter((row) => !seen.has(row.id))
    expect(rows).toHaveLength(1)
    rows.forEach((row) => seen.add(row.id))
    expect(rows[0]!.status).toBe('sent')
    expect(rows[0]!.meta.code).toBeUndefined()
    expect(`${rows[0]!.subject} ${rows[0]!.text} ${rows[0]!.html}`).not.toContain(code)

    expectRedirect(
      await browser.post({ intent: 'verify', code: code!, redirectTo: '/demo' }),
      '/sign-in?redirectTo=%2Fdemo',
    )
    expectRedirect(await browser.load('/sign-in?redirectTo=%2Fdemo'), '/demo')
  })
})

describe('rate limits', () => {
  it('refuses the 6th code for one identifier within the window with 429', async () => {
    const user = await User.create({ name: 'Rita Rate', emailAddress: 'rita@example.test' })
    // From five different addresses, so only the per-identifier limit can bite.
    for (let i = 0; i < LIMITS.codesPerIdentifier.max; i++) await sendCode(new Browser(), 'rita@example.test')
    const sixth = await new Browser().post({ intent: 'send', identifier: 'Rita@Example.test', redirectTo: '/demo' })
    expect(sixth.status).toBe(429)
    expect(sixth.data.error).toEqual({ message: 'auth:errors.tooMany', minutes: 15, accountNotFound: false })
    expect(await unseen('rita@example.test')).toBe(LIMITS.codesPerIdentifier.max)
    expect(user.id).toBeTruthy()
  })

  it('counts resends against the identifier too', async () => {
    await User.create({ name: 'Rex Resend', emailAddress: 'rex@example.test' })
    const browser = new Browser()
    await sendCode(browser, 'rex@example.test')
    for (let i = 1; i < LIMITS.codesPerIdentifier.max; i++) {
      expectRedirect(await browser.post({ intent: 'resend', redirectTo: '/demo' }), '/sign-in?redirectTo=%2Fdemo')
    }
    const limited = await browser.post({ intent: 'resend', redirectTo: '/demo' })
    expect(limited.status).toBe(429)
    expect(limited.data.error.message).toBe('auth:errors.tooMany')
    expect(await unseen('rex@example.test')).toBe(LIMITS.codesPerIdentifier.max)
  })

  it('refuses the 21st code from one address within the hour, whoever it is for', async () => {
    const browser = new Browser()
    for (let i = 0; i < LIMITS.codesPerAddress.max; i++) {
      expect((await browser.post({ intent: 'send', identifier: `stranger-${i}@example.test` })).status).toBe(404)
    }
    const limited = await browser.post({ intent: 'send', identifier: 'stranger-last@example.test' })
    expect(limited.status).toBe(429)
    expect(limited.data.error).toEqual({ message: 'auth:errors.tooMany', minutes: 60, accountNotFound: false })
  })

  it('refuses the 31st code check from one address within the window', async () => {
    const browser = new Browser()
    await sendCode(browser, ADMIN)
    const code = await newCode(ADMIN)
    for (let i = 0; i < LIMITS.verificationsPerAddress.max; i++) {
      expect((await browser.post({ intent: 'verify', code: wrong(code), redirectTo: '/demo' })).status).toBe(400)
    }
    const limited = await browser.post({ intent: 'verify', code, redirectTo: '/demo' })
    expect(limited.status).toBe(429)
    expect(limited.data.error.message).toBe('auth:errors.tooMany')
  })
})

describe('where sign-in lands', () => {
  it.each([
    [undefined, '/me'],
    [null, '/me'],
    ['', '/me'],
    ['/sign-in', '/me'],
    ['/sign-in/', '/me'],
    ['/sign-in?redirectTo=%2Fdemo', '/me'],
    ['/demo/sign-in', '/me'],
    ['/demo', '/demo'],
    ['/demo/members?tab=all#top', '/demo/members?tab=all#top'],
    ['/sign-in-help', '/sign-in-help'],
  ])('afterSignIn(%j) is %s', (stored, expected) => {
    expect(afterSignIn(stored)).toBe(expected)
  })

  it('goes to /me without a redirect, or when the redirect is the sign-in page itself', async () => {
    const bare = new Browser()
    await bare.post({ intent: 'send', identifier: MIA })
    const code = await newCode(MIA)
    expectRedirect(await bare.post({ intent: 'verify', code }), '/sign-in')
    expectRedirect(await bare.load('/sign-in'), '/me')

    const loop = await signIn(new Browser(), ADMIN, '/sign-in')
    expectRedirect(loop, '/me')
  })

  it('never leaves the site', async () => {
    const browser = new Browser()
    await browser.post({ intent: 'send', identifier: OWNER, redirectTo: '//evil.example/' })
    const code = await newCode(OWNER)
    expectRedirect(await browser.post({ intent: 'verify', code, redirectTo: '//evil.example/' }), '/sign-in')
    expectRedirect(await browser.load('/sign-in?redirectTo=%2F%2Fevil.example%2F'), '/me')
  })
})

describe('several accounts in one browser', () => {
  it('adds a second identity, switches between them, and signs out one at a time', async () => {
    const browser = new Browser()
    expectRedirect(await signIn(browser, OWNER), '/demo')
    const firstId = await browser.sessionId()
    expectRedirect(await signIn(browser, ADMIN), '/demo')
    const secondId = await browser.sessionId()
    // Every sign-in rotates the session id, and the old row goes.
    expect(secondId).not.toBe(firstId)
    expect(await Session.findByPk(firstId!)).toBeNull()

    let session = await browser.session()
    expect(session.get('currentUserId')).toBe(admin.id)
    expect(session.get('identities')!.map((identity) => identity.userId)).toEqual([admin.id, owner.id])

    // Signing in again as someone already here does not list them twice.
    expectRedirect(await signIn(browser, OWNER), '/demo')
    session = await browser.session()
    expect(session.get('currentUserId')).toBe(owner.id)
    expect(session.get('identities')!.map((identity) => identity.userId)).toEqual([owner.id, admin.id])

    const sameRow = await browser.sessionId()
    expectRedirect(
      await browser.account({ intent: 'switch', userId: admin.id, redirectTo: '/demo/members' }),
      '/demo/members',
    )
    // Switching is no sign-in: the session keeps its id.
    expect(await browser.sessionId()).toBe(sameRow)
    expect((await browser.session()).get('currentUserId')).toBe(admin.id)
    const seenBy = await viewer(new Request('http://localhost/demo', { headers: { Cookie: browser.cookie! } }), {
      cache: new Map(),
    } as never)
    expect(seenBy.user?.id).toBe(admin.id)
    expect(seenBy.accounts.map((account) => account.name)).toEqual(['Adam Admin', 'Olivia Owner'])

    // Nobody can switch to an account this browser has not signed in.
    const stranger = await User.findOne({ where: { emailAddress: MIA }, rejectOnEmpty: true })
    expect((await browser.account({ intent: 'switch', userId: stranger.id, redirectTo: '/demo' })).status).toBe(400)
    expect((await browser.session()).get('currentUserId')).toBe(admin.id)

    // Sign out the current account: the next one takes over, the session row stays.
    expectRedirect(await browser.account({ intent: 'sign-out', redirectTo: '/demo' }), '/demo')
    session = await browser.session()
    expect(session.get('currentUserId')).toBe(owner.id)
    expect(session.get('identities')!.map((identity) => identity.userId)).toEqual([owner.id])
    expect(await Session.findByPk(sameRow!)).not.toBeNull()

    // The last one out destroys the session.
    const last = await browser.account({ intent: 'sign-out', redirectTo: '/demo' })
    expectRedirect(last, '/demo')
    expect(last.setCookie).toMatch(/^__session=;/)
    expect(browser.cookie).toBeNull()
    expect(await Session.findByPk(sameRow!)).toBeNull()
  })

  it('"use a different account" signs out the current one and opens sign-in coming back here', async () => {
    const browser = new Browser()
    await signIn(browser, OWNER)
    await signIn(browser, ADMIN)
    const outcome = await browser.account({ intent: 'use-different', redirectTo: '/demo/members' })
    expectRedirect(outcome, '/sign-in?redirectTo=%2Fdemo%2Fmembers')
    const session = await browser.session()
    expect(session.get('identities')!.map((identity) => identity.userId)).toEqual([owner.id])
    expect(session.get('currentUserId')).toBe(owner.id)
  })

  it('signing out a background identity keeps the current one', async () => {
    const browser = new Browser()
    await signIn(browser, OWNER)
    await signIn(browser, ADMIN)
    const session = await browser.session()
    const response = await endIdentity(session, '/demo', owner.id)
    expect(response.status).toBe(302)
    const after = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(after.get('currentUserId')).toBe(admin.id)
    expect(after.get('identities')!.map((identity) => identity.userId)).toEqual([admin.id])
  })

  it('signing out the current identity goes back to the last-used one, not merely the next in the list', async () => {
    const mia = await User.findOne({ where: { emailAddress: MIA }, rejectOnEmpty: true })
    const browser = new Browser()
    await signIn(browser, OWNER)
    await signIn(browser, ADMIN)
    await signIn(browser, MIA)
    // Listed newest first (Mia, Adam, Olivia); the admin, then the owner, become current in turn.
    await browser.account({ intent: 'switch', userId: admin.id, redirectTo: '/demo' })
    await browser.account({ intent: 'switch', userId: owner.id, redirectTo: '/demo' })
    expect((await browser.session()).get('lastUsedUserId')).toBe(admin.id)
    await browser.account({ intent: 'sign-out', redirectTo: '/demo' })
    const session = await browser.session()
    expect(session.get('currentUserId')).toBe(admin.id)
    expect(session.get('identities')!.map((identity) => identity.userId)).toEqual([mia.id, admin.id])
    // The one last used is current now: nobody is "last used" until the next switch.
    expect(session.get('lastUsedUserId')).toBeUndefined()
  })

  it('drops expired identities when switching or signing out', async () => {
    const browser = new Browser()
    await signIn(browser, OWNER)
    await signIn(browser, ADMIN)
    const id = (await browser.sessionId())!
    const row = await Session.findByPk(id, { rejectOnEmpty: true })
    const identities = (row.data.identities as Array<{ userId: string; expiresAt: string }>).map((identity) =>
      identity.userId === owner.id ? { ...identity, expiresAt: new Date(Date.now() - 1000).toISOString() } : identity,
    )
    await Session.update({ data: { ...row.data, identities } }, { where: { id } })
    expect((await browser.account({ intent: 'switch', userId: owner.id, redirectTo: '/demo' })).status).toBe(400)
    // With the owner expired, signing the admin out leaves nobody: the session goes.
    await browser.account({ intent: 'sign-out', redirectTo: '/demo' })
    expect(await Session.findByPk(id)).toBeNull()
  })

  it('refuses a malformed account action with 400', async () => {
    const browser = new Browser()
    await signIn(browser, OWNER)
    expect((await browser.account({ intent: 'switch', userId: 'short', redirectTo: '/demo' })).status).toBe(400)
    expect((await browser.account({ intent: 'explode' })).status).toBe(400)
  })

  it('sends an account action to a same-site page only', async () => {
    const browser = new Browser()
    await signIn(browser, OWNER)
    expectRedirect(await browser.account({ intent: 'sign-out', redirectTo: 'https://evil.example/' }), '/')
  })
})
