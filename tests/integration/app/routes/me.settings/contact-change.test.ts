// Changing the email address or mobile phone in /me/settings, through the route's loader and action
// on a real database: the new address must differ from the current one and belong to no other
// account, gets a 6-digit code (read here from the dev outbox), and replaces the old one only when
// that code comes back. Each "browser" carries its session cookie from request to request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OutboxMessage, RateLimit, User } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { LIMITS, hit } from '#app/lib/platform/rate-limit.server'
import { sessionStorage } from '#app/lib/http/session.server'
import { pendingSignups } from '#app/lib/identity/signup-session.server'
import { action, loader } from '#app/routes/me.settings/route'
import { TestBrowser, type Outcome } from '#tests/support/browser'

const original = { smtpUrl: env.SMTP_URL, sms: env.sms }
const SETTINGS = '/me/settings'
const INVALID_CODE = 'auth:errors.invalidCode'

beforeEach(async () => {
  // Codes stay in the dev outbox; limits count in the database, from zero for each test.
  env.SMTP_URL = undefined
  env.sms = null
  await RateLimit.destroy({ where: {} })
})

afterAll(() => {
  Object.assign(env, { SMTP_URL: original.smtpUrl, sms: original.sms })
})

/** A browser signed in as some users (the first current), on the settings page. */
class Browser extends TestBrowser {
  load() {
    return this.run(loader, SETTINGS)
  }

  post(fields: Record<string, string>) {
    return this.run(action, SETTINGS, { fields })
  }
}

const seen = new Set<string>()

/** The code in the one message `to` received since the last look. */
async function newCode(to: string, channel: 'mail' | 'sms'): Promise<string> {
  const rows = (await OutboxMessage.findAll({ where: { recipient: to } })).filter((row) => !seen.has(row.id))
  expect(rows, `new messages to ${to}`).toHaveLength(1)
  const row = rows[0]!
  seen.add(row.id)
  expect(row.channel).toBe(channel)
  expect(row.meta.code).toMatch(/^\d{6}$/)
  return row.meta.code!
}

const unseen = async (to: string) =>
  (await OutboxMessage.findAll({ where: { recipient: to } })).filter((row) => !seen.has(row.id)).length
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

function expectRedirect(outcome: Outcome) {
  expect(outcome.status).toBe(302)
  expect(outcome.location).toBe(SETTINGS)
}

/** A refused address: the status, the message on its field, and what was typed kept. */
function expectFieldError(outcome: Outcome, intent: 'email' | 'phone', message: string, status = 400) {
  const field = intent === 'email' ? 'emailAddress' : 'phoneNumber'
  expect(outcome.status).toBe(status)
  expect(outcome.data.intent).toBe(intent)
  expect(outcome.data.result.error[field]).toEqual([message])
}

let counter = 0
/** A fresh account with an email address (and a phone when given). */
function newUser(phoneNumber: string | null = null) {
  counter += 1
  return User.create({ name: `Casey Contact${counter}`, emailAddress: `casey${counter}@example.test`, phoneNumber })
}

let taken: User

beforeAll(async () => {
  taken = await User.create({ name: 'Tina Taken', emailAddress: 'taken@example.test', phoneNumber: '+447400654321' })
})

describe('the settings page shows the addresses', () => {
  it('lists the email and phone (international form), no change pending, and the country picker', async () => {
    const user = await newUser('+14155550132')
    const page = await (await Browser.signedIn(user.id)).load()
    expect(page.status).toBe(200)
    expect(page.data.contact).toMatchObject({
      emailAddress: user.emailAddress,
      phoneNumber: '+1 415 555 0132',
      pending: null,
      defaultCountry: 'US',
    })
    expect(page.data.contact.countries.slice(0, 2).map((country: { code: string }) => country.code)).toEqual([
      'US',
      'CA',
    ])
    expect(page.data.contact.constraints.email.emailAddress).toMatchObject({ required: true })
    expect(page.data.contact.constraints.code.code).toMatchObject({ required: true })
  })

  it('sends a signed-out post to sign in and changes nothing', async () => {
    const outcome = await new Browser(null).post({ intent: 'email', emailAddress: 'nobody@example.test' })
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/sign-in?redirectTo=%2Fme%2Fsettings')
    expect(await unseen('nobody@example.test')).toBe(0)
  })
})

describe('changing the email address', () => {
  it('sends a code to the new address, keeps the old one until the code comes back, then replaces it', async () => {
    const user = await newUser()
    const old = user.emailAddress!
    const browser = await Browser.signedIn(user.id)

    expectRedirect(await browser.post({ intent: 'email', emailAddress: '  New.Casey@Example.TEST ' }))
    const code = await newCode('new.casey@example.test', 'mail')
    // Nothing goes to the old address; the account still signs in with it.
    expect(await unseen(old)).toBe(0)
    await user.reload()
    expect(user.emailAddress).toBe(old)

    const page = await browser.load()
    expect(page.data.contact.pending).toEqual({ kind: 'email', identifier: 'new.casey@example.test' })
    expect(page.data.contact.countries).toEqual([])

    // A wrong code: the product's message on the code field, still pending, nothing changed.
    const refused = await browser.post({ intent: 'contact-verify', code: wrong(code) })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error.code).toEqual([INVALID_CODE])
    await user.reload()
    expect(user.emailAddress).toBe(old)

    const changed = await browser.post({ intent: 'contact-verify', code: ` ${code} ` })
    expectRedirect(changed)
    expect(changed.flash).toEqual({ kind: 'success', message: 'account:settings.contact.emailChanged' })
    await user.reload()
    expect(user.emailAddress).toBe('new.casey@example.test')
    const after = await browser.load()
    expect(after.data.contact).toMatchObject({ emailAddress: 'new.casey@example.test', pending: null })
    // The strategy's keys are gone, so nothing is left for sign-up to pick up.
    const session = await browser.session()
    for (const key of ['verify:email', 'verify:otp', 'verify:identifier', 'contact:change'] as const)
      expect(session.has(key as never)).toBe(false)
  })

  it('refuses an empty or malformed address', async () => {
    const browser = await Browser.signedIn((await newUser()).id)
    expectFieldError(
      await browser.post({ intent: 'email', emailAddress: '   ' }),
      'email',
      'account:errors.emailInvalid',
    )
    expectFieldError(await browser.post({ intent: 'email' }), 'email', 'account:errors.emailRequired')
    const malformed = await browser.post({ intent: 'email', emailAddress: 'casey@' })
    expectFieldError(malformed, 'email', 'account:errors.emailInvalid')
    expect(malformed.data.result.initialValue.emailAddress).toBe('casey@')
    expect((await browser.load()).data.contact.pending).toBeNull()
  })

  it('refuses the current address, whatever its case and spaces: "This is already your email address."', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectFieldError(
      await browser.post({ intent: 'email', emailAddress: ` ${user.emailAddress!.toUpperCase()} ` }),
      'email',
      'account:errors.emailSame',
    )
    expect(await unseen(user.emailAddress!)).toBe(0)
  })

  it("refuses another account's address (409) and sends it nothing", async () => {
    const browser = await Browser.signedIn((await newUser()).id)
    expectFieldError(
      await browser.post({ intent: 'email', emailAddress: 'TAKEN@example.test' }),
      'email',
      'account:errors.emailTaken',
      409,
    )
    expect(await unseen('taken@example.test')).toBe(0)
  })

  it('gives up when another account takes the address before the code comes back', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'contested@example.test' }))
    const code = await newCode('contested@example.test', 'mail')
    await User.create({ name: 'Quick Person', emailAddress: 'contested@example.test' })
    const outcome = await browser.post({ intent: 'contact-verify', code })
    expectFieldError(outcome, 'email', 'account:errors.emailTaken', 409)
    await user.reload()
    expect(user.emailAddress).not.toBe('contested@example.test')
    expect((await browser.load()).data.contact.pending).toBeNull()
  })

  it('drops a half-finished sign-up in the same browser, which shares the code keys', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    const session = await browser.session()
    pendingSignups.registration.set(session, { fullName: 'Other Person', communityName: 'Other Circle' })
    session.set('verify:email', 'other@example.test')
    await sessionStorage.commitSession(session)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'mine@example.test' }))
    await newCode('mine@example.test', 'mail')
    const after = await browser.session()
    expect(pendingSignups.registration.get(after)).toBeUndefined()
    expect(after.get('verify:email')).toBe('mine@example.test')
  })
})

describe('changing the phone number', () => {
  it('reads the number in the chosen country, texts the code to it, and stores it in E.164 with its country', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    // The input rules: letters and other characters are stripped, a national number is read in
    // the chosen country.
    expectRedirect(await browser.post({ intent: 'phone', phoneNumber: '07400 123(456)x', country: 'gb' }))
    const code = await newCode('+447400123456', 'sms')
    expect((await browser.load()).data.contact.pending).toEqual({ kind: 'phone', identifier: '+44 7400 123456' })
    const changed = await browser.post({ intent: 'contact-verify', code })
    expectRedirect(changed)
    expect(changed.flash?.message).toBe('account:settings.contact.phoneChanged')
    await user.reload()
    expect(user.phoneNumber).toBe('+447400123456')
    expect(user.countryCode).toBe('GB')
    expect(user.emailAddress).toMatch(/@example\.test$/)
    const page = await browser.load()
    expect(page.data.contact.phoneNumber).toBe('+44 7400 123456')
  })

  it('takes an international number whatever country is picked', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectRedirect(await browser.post({ intent: 'phone', phoneNumber: '+1 (415) 555-0199', country: 'BR' }))
    expect(await newCode('+14155550199', 'sms')).toMatch(/^\d{6}$/)
  })

  it('refuses an empty number, one that is not a valid mobile, the current one, and one another account has', async () => {
    const user = await newUser('+14155550177')
    const browser = await Browser.signedIn(user.id)
    expectFieldError(
      await browser.post({ intent: 'phone', phoneNumber: '', country: 'US' }),
      'phone',
      'account:errors.phoneRequired',
    )
    expectFieldError(
      await browser.post({ intent: 'phone', phoneNumber: '12345', country: 'US' }),
      'phone',
      'account:errors.phoneInvalid',
    )
    expectFieldError(
      await browser.post({ intent: 'phone', phoneNumber: 'call me', country: 'US' }),
      'phone',
      'account:errors.phoneInvalid',
    )
    // A UK landline cannot receive the code.
    expectFieldError(
      await browser.post({ intent: 'phone', phoneNumber: '020 7946 0018', country: 'GB' }),
      'phone',
      'account:errors.phoneInvalid',
    )
    // The same number typed another way.
    expectFieldError(
      await browser.post({ intent: 'phone', phoneNumber: '(415) 555-0177', country: 'US' }),
      'phone',
      'account:errors.phoneSame',
    )
    expectFieldError(
      await browser.post({ intent: 'phone', phoneNumber: '+44 7400 654321', country: 'US' }),
      'phone',
      'account:errors.phoneTaken',
      409,
    )
    const kept = await browser.post({ intent: 'phone', phoneNumber: '12345', country: 'GB' })
    expect(kept.data.result.initialValue).toMatchObject({ phoneNumber: '12345', country: 'GB' })
    expect(await unseen(taken.phoneNumber!)).toBe(0)
  })
})

describe('the code step', () => {
  it('resends a new code (the old one dies) and confirms it once', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'resend@example.test' }))
    const first = await newCode('resend@example.test', 'mail')
    const resent = await browser.post({ intent: 'contact-resend' })
    expectRedirect(resent)
    expect(resent.flash?.message).toBe('account:settings.contact.resent')
    const second = await newCode('resend@example.test', 'mail')
    const stale = await browser.post({ intent: 'contact-verify', code: first })
    if (first !== second) {
      expect(stale.status).toBe(400)
      expect(stale.data.result.error.code).toEqual([INVALID_CODE])
    }
    expectRedirect(await browser.post({ intent: 'contact-verify', code: second }))
    await user.reload()
    expect(user.emailAddress).toBe('resend@example.test')
  })

  it('cancel forgets the change; a code posted afterwards changes nothing', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'cancelled@example.test' }))
    const code = await newCode('cancelled@example.test', 'mail')
    expectRedirect(await browser.post({ intent: 'contact-cancel' }))
    expect((await browser.load()).data.contact.pending).toBeNull()
    expectRedirect(await browser.post({ intent: 'contact-verify', code }))
    await user.reload()
    expect(user.emailAddress).not.toBe('cancelled@example.test')
  })

  it('5 wrong codes kill the code: the right one then fails too', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'guessed@example.test' }))
    const code = await newCode('guessed@example.test', 'mail')
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await browser.post({ intent: 'contact-verify', code: wrong(code) })).data.result.error.code).toEqual([
        INVALID_CODE,
      ])
    }
    const late = await browser.post({ intent: 'contact-verify', code })
    expect(late.status).toBe(400)
    expect(late.data.result.error.code).toEqual([INVALID_CODE])
    await user.reload()
    expect(user.emailAddress).not.toBe('guessed@example.test')
  })

  it('refuses a code of the wrong length before checking it', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'short@example.test' }))
    await newCode('short@example.test', 'mail')
    const outcome = await browser.post({ intent: 'contact-verify', code: '123' })
    expect(outcome.status).toBe(400)
    expect(outcome.data.result.error.code).toEqual(['auth:errors.codeLength'])
  })

  it("belongs to the account that started it: after switching accounts, the other one's page shows none and a code changes nothing", async () => {
    const first = await newUser()
    const second = await newUser()
    const browser = await Browser.signedIn(first.id, second.id)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'switch@example.test' }))
    const code = await newCode('switch@example.test', 'mail')
    const session = await browser.session()
    session.set('currentUserId', second.id)
    await sessionStorage.commitSession(session)
    expect((await browser.load()).data.contact.pending).toBeNull()
    expectRedirect(await browser.post({ intent: 'contact-verify', code }))
    await Promise.all([first.reload(), second.reload()])
    expect([first.emailAddress, second.emailAddress]).not.toContain('switch@example.test')
  })
})

describe('rate limits', () => {
  it('codes to one new address: 5 in 15 minutes, then "Too many attempts" (429) and nothing sent', async () => {
    const browser = await Browser.signedIn((await newUser()).id)
    for (let send = 1; send <= LIMITS.codesPerIdentifier.max; send++) {
      expectRedirect(await browser.post({ intent: 'email', emailAddress: 'limited@example.test' }))
      await newCode('limited@example.test', 'mail')
    }
    const refused = await browser.post({ intent: 'email', emailAddress: 'limited@example.test' })
    expect(refused.status).toBe(429)
    expect(refused.data.error).toEqual({ message: 'auth:errors.tooMany', minutes: 15 })
    expect(refused.data.result.initialValue.emailAddress).toBe('limited@example.test')
    expect(await unseen('limited@example.test')).toBe(0)
    // A resend counts against the same limit.
    const resend = await browser.post({ intent: 'contact-resend' })
    expect(resend.status).toBe(429)
    expect(await unseen('limited@example.test')).toBe(0)
  })

  it('code checks per client address (CODE_CHECKS_PER_ADDRESS_PER_15_MIN): past the limit, even the right code is refused (429)', async () => {
    const user = await newUser()
    const browser = await Browser.signedIn(user.id)
    expectRedirect(await browser.post({ intent: 'email', emailAddress: 'checks@example.test' }))
    const code = await newCode('checks@example.test', 'mail')
    for (let check = 0; check < LIMITS.verificationsPerAddress.max; check++)
      await hit(LIMITS.verificationsPerAddress, browser.address)
    const refused = await browser.post({ intent: 'contact-verify', code })
    expect(refused.status).toBe(429)
    expect(refused.data.error.message).toBe('auth:errors.tooMany')
    await user.reload()
    expect(user.emailAddress).not.toBe('checks@example.test')
  })
})
