// Signing in from an app (docs/api.md#signing-in-from-an-app): a code asked for and checked through the JSON calls
// (the sign-in page's strategy, its limits and messages), and a sign-in link sent and spent; each success answers a
// token that then works as Bearer and shows on /me/tokens; a new email or phone proven by code from an app (never by
// a token short of everything). Codes are read from the dev outbox (no SMTP here).
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiToken, MagicLink, OutboxMessage, RateLimit, Session, User } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { LIMITS } from '#app/lib/platform/rate-limit.server'
import * as issue from '#app/routes/api.auth-otps.issue'
import * as resend from '#app/routes/api.auth-otps.resend'
import * as verify from '#app/routes/api.auth-otps.verify'
import * as providers from '#app/routes/api.users-permissions.providers.enabled'
import * as linkSend from '#app/routes/api.vl.send'
import * as link from '#app/routes/api.vl.$id'
import * as usersMe from '#app/routes/api.users.me'
import * as contactIssue from '#app/routes/api.verify-otps.issue'
import * as contactResend from '#app/routes/api.verify-otps.resend'
import * as contactVerify from '#app/routes/api.verify-otps.verify'
import { createToken } from '#app/lib/api-tokens/api-tokens.server'
import { apiCall } from '#tests/support/api-call'
import { makeCommunity, makeUser, unique } from '#tests/support/factories'

beforeEach(async () => {
  env.SMTP_URL = undefined
  env.sms = null
  await RateLimit.destroy({ where: {} })
})

const post = (route: { action: any }, path: string, body: unknown) => apiCall(route.action, path, { body })

/** Messages already read: MariaDB keeps whole seconds, so "newest" is the one not read yet. */
const seen = new Set<string>()

/** The one message to an address not read yet: its code and link (the dev outbox keeps them in meta). */
async function lastMessage(to: string) {
  const rows = (await OutboxMessage.findAll({ where: { recipient: to } })).filter((row) => !seen.has(row.id))
  expect(rows).toHaveLength(1)
  seen.add(rows[0]!.id)
  return rows[0]!.meta as { code?: string; link?: string }
}

async function person(): Promise<User> {
  return makeUser({
    emailAddress: `app-${unique()}@example.test`,
    phoneNumber: `+1415555${String(unique()).padStart(4, '0')}`,
  })
}

const bearer = (jwt: string) => ({ headers: { Authorization: `Bearer ${jwt}` } })

describe('a code asked for and checked from an app', () => {
  it('sends a code, and the right code answers the account and a working token', async () => {
    const ann = await person()
    const issued = await post(issue, '/api/auth-otps/issue', {
      type: 'signIn',
      emailAddress: ann.emailAddress!.toUpperCase(),
    })
    expect(issued).toMatchObject({ status: 200, body: { ok: true, sendOk: { emailOk: true, phoneOk: false } } })
    const { id } = issued.body
    const { code } = (await lastMessage(ann.emailAddress!))!

    const checked = await post(verify, '/api/auth-otps/verify', { id, passcode: code!.toLowerCase() })
    expect(checked).toMatchObject({
      status: 200,
      body: { ok: true, user: { id: ann.id, emailAddress: ann.emailAddress } },
    })
    const { jwt } = checked.body
    expect(jwt).toMatch(/^hearth_/)
    expect(await apiCall(usersMe.loader, '/api/users/me', bearer(jwt))).toMatchObject({
      status: 200,
      body: { user: { id: ann.id } },
    })
    // Listed among the person's tokens, where it can be revoked; the code session is gone.
    expect(await ApiToken.findAll({ where: { userId: ann.id } })).toMatchObject([
      { name: 'Signed in from an app', scope: 'admin', brandId: null },
    ])
    expect(await Session.findByPk(id)).toBeNull()
    // Spent: the same code again finds nothing.
    expect(await post(verify, '/api/auth-otps/verify', { id, passcode: code })).toMatchObject({
      status: 400,
      body: { ok: false, reason: 'authOtp.notFound', error: 'invalidCode' },
    })
  })

  it('sends by SMS to a number typed in the national form, with its country', async () => {
    const bea = await person()
    const national = bea.phoneNumber!.replace('+1', '')
    const issued = await post(issue, '/api/auth-otps/issue', { phoneNumber: national, country: 'US' })
    expect(issued).toMatchObject({ status: 200, body: { sendOk: { emailOk: false, phoneOk: true } } })
    expect((await lastMessage(bea.phoneNumber!))?.code).toMatch(/^\d{6}$/)
  })

  it('refuses a wrong code, five wrong codes kill it, and a resend sends a new one that works', async () => {
    const cy = await person()
    const { id } = (await post(issue, '/api/auth-otps/issue', { emailAddress: cy.emailAddress })).body
    const first = (await lastMessage(cy.emailAddress!))!.code!
    const wrong = first === '000000' ? '111111' : '000000'
    expect(await post(verify, '/api/auth-otps/verify', { id, passcode: wrong })).toMatchObject({
      status: 400,
      body: { ok: false, reason: 'authOtp.notFound', message: 'This code is either invalid or has expired.' },
    })
    for (let attempt = 0; attempt < 5; attempt += 1)
      await post(verify, '/api/auth-otps/verify', { id, passcode: wrong })
    expect((await post(verify, '/api/auth-otps/verify', { id, passcode: first })).status).toBe(400)

    expect(await post(resend, '/api/auth-otps/resend', { id })).toMatchObject({ status: 200, body: { ok: true } })
    const second = (await lastMessage(cy.emailAddress!))!.code!
    expect((await post(verify, '/api/auth-otps/verify', { id, passcode: second })).status).toBe(200)
  })

  it('says which account is unknown, which input is bad, in the caller’s language, and stores nothing', async () => {
    const sessions = await Session.count()
    expect(await post(issue, '/api/auth-otps/issue', { emailAddress: 'nobody-here@example.test' })).toMatchObject({
      status: 404,
      body: { ok: false, reason: 'user.notFound', error: 'accountNotFound' },
    })
    for (const body of [
      {},
      { emailAddress: 'not an address' },
      { emailAddress: 'a@example.test', phoneNumber: '+14155550100' },
      { type: 'signUp', emailAddress: 'a@example.test' },
      { emailAddress: 42 },
    ])
      expect((await post(issue, '/api/auth-otps/issue', body)).status, JSON.stringify(body)).toBe(400)
    for (const body of [{}, { id: 'x' }, { id: 'x', passcode: '12' }, { id: ['x'], passcode: '123456' }])
      expect((await post(verify, '/api/auth-otps/verify', body)).status, JSON.stringify(body)).toBe(400)
    expect((await post(resend, '/api/auth-otps/resend', { id: 'no-such-sign-in' })).status).toBe(400)
    expect(await Session.count()).toBe(sessions)

    const spanish = await apiCall(issue.action, '/api/auth-otps/issue', {
      body: { emailAddress: 'nadie@example.test' },
      headers: { 'Accept-Language': 'es' },
    })
    expect(spanish.body.message).toBe('¡No se encontró la cuenta!')
  })

  it('never takes a browser’s session for a sign-in in progress', async () => {
    const dee = await person()
    const browser = await Session.create({
      data: { 'auth:email': dee.emailAddress },
      expiresAt: new Date(Date.now() + 60_000),
    })
    expect((await post(verify, '/api/auth-otps/verify', { id: browser.id, passcode: '123456' })).status).toBe(400)
    expect((await post(resend, '/api/auth-otps/resend', { id: browser.id })).status).toBe(400)
    expect(await Session.findByPk(browser.id)).not.toBeNull()
  })

  it('limits codes as the sign-in page does: per address, then 429', async () => {
    const eve = await person()
    for (let sent = 0; sent < LIMITS.codesPerIdentifier.max; sent += 1)
      expect((await post(issue, '/api/auth-otps/issue', { emailAddress: eve.emailAddress })).status).toBe(200)
    const limited = await apiCall(issue.action, '/api/auth-otps/issue', { body: { emailAddress: eve.emailAddress } })
    expect(limited).toMatchObject({ status: 429, body: { error: 'tooMany' } })
  })
})

describe('a sign-in link sent to an app’s person', () => {
  it('mails a link to a path of this site; spending it answers a token, once', async () => {
    const fay = await person()
    expect(
      await post(linkSend, '/api/vl/send', {
        type: 'emailAddress',
        value: fay.emailAddress,
        destinationUrl: '/demo/events',
      }),
    ).toMatchObject({ status: 200, body: { ok: true } })
    const mailed = (await lastMessage(fay.emailAddress!))!.link!
    const id = mailed.split('/ml/')[1]!
    expect(mailed.startsWith(`${env.PUBLIC_URL}/ml/`)).toBe(true)

    const spent = await apiCall(link.loader, `/api/vl/${id}`, { params: { id } })
    expect(spent).toMatchObject({
      status: 200,
      body: { ok: true, destinationUrl: '/demo/events', user: { id: fay.id } },
    })
    expect((await apiCall(usersMe.loader, '/api/users/me', bearer(spent.body.jwt))).status).toBe(200)
    expect(await apiCall(link.loader, `/api/vl/${id}`, { params: { id } })).toMatchObject({
      status: 404,
      body: { ok: false, reason: 'link.notFound', error: 'linkExpired' },
    })
  })

  it('keeps the destination on this site, sends by SMS for a phone, and refuses what does not fit', async () => {
    const gil = await person()
    await post(linkSend, '/api/vl/send', {
      type: 'emailAddress',
      value: gil.emailAddress,
      destinationUrl: 'https://evil.example/',
    })
    const id = (await lastMessage(gil.emailAddress!))!.link!.split('/ml/')[1]!
    expect((await MagicLink.findByPk(id))?.destinationUrl).toBe('/me')

    expect((await post(linkSend, '/api/vl/send', { type: 'mobilePhone', value: gil.phoneNumber })).status).toBe(200)
    expect((await lastMessage(gil.phoneNumber!))?.link).toContain('/ml/')

    for (const body of [
      { type: 'mobilePhone', value: gil.emailAddress },
      { type: 'fax', value: gil.emailAddress },
      { type: 'emailAddress', value: gil.emailAddress, destinationUrl: `/${'x'.repeat(3000)}` },
    ])
      expect((await post(linkSend, '/api/vl/send', body)).status, JSON.stringify(body)).toBe(400)
    expect(
      (await post(linkSend, '/api/vl/send', { type: 'emailAddress', value: 'nobody-else@example.test' })).status,
    ).toBe(404)
  })
})

describe('the social sign-ins', () => {
  it('lists the providers the sign-in page offers, names and labels only', async () => {
    const answer = await apiCall(providers.loader, '/api/users-permissions/providers/enabled')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(env.oauthProviders.map(({ name, label }) => ({ name, label })))
  })
})

describe('a new email address or phone proven from an app', () => {
  const as = (user: User) => ({ as: user })
  const call = (route: { action: any }, path: string, user: User, body: unknown, headers?: Record<string, string>) =>
    apiCall(route.action, path, { ...as(user), body, headers })

  it('sends a code to the new address, and the right code makes it the account’s', async () => {
    const hal = await person()
    const next = `hal-new-${unique()}@example.test`
    const issued = await call(contactIssue, '/api/verify-otps/issue', hal, {
      type: 'emailAddress',
      identifier: next.toUpperCase(),
    })
    expect(issued).toMatchObject({ status: 200, body: { ok: true } })
    const { id } = issued.body
    await lastMessage(next)
    expect(await post(contactVerify, '/api/verify-otps/verify', { id, passcode: '000000' })).toMatchObject({
      status: 401,
    })
    // The old address still signs in until the code comes back.
    expect((await User.findByPk(hal.id))?.emailAddress).toBe(hal.emailAddress)

    expect(await call(contactResend, '/api/verify-otps/resend', hal, { id })).toMatchObject({ status: 200 })
    const { code } = (await lastMessage(next))!
    const verified = await call(contactVerify, '/api/verify-otps/verify', hal, { id, passcode: code })
    expect(verified).toMatchObject({ status: 200, body: { ok: true, user: { id: hal.id, emailAddress: next } } })
    expect((await User.findByPk(hal.id))?.emailAddress).toBe(next)
    expect(await Session.findByPk(id)).toBeNull()
  })

  it('proves a phone number the same way', async () => {
    const ivy = await person()
    const number = `+1415556${String(unique()).padStart(4, '0')}`
    const { id } = (
      await call(contactIssue, '/api/verify-otps/issue', ivy, { type: 'mobilePhone', identifier: number })
    ).body
    const { code } = (await lastMessage(number))!
    expect((await call(contactVerify, '/api/verify-otps/verify', ivy, { id, passcode: code })).status).toBe(200)
    expect((await User.findByPk(ivy.id))?.phoneNumber).toBe(number)
  })

  it('refuses the current address, another account’s, bad input, another’s change, and narrow tokens; changes nothing', async () => {
    const jo = await person()
    const other = await person()
    const refused = async (body: unknown, status: number, error?: string) => {
      const answer = await call(contactIssue, '/api/verify-otps/issue', jo, body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      if (error) expect(answer.body.error).toBe(error)
    }
    await refused({ type: 'emailAddress', identifier: jo.emailAddress }, 400, 'emailSame')
    await refused({ type: 'emailAddress', identifier: other.emailAddress }, 409, 'emailTaken')
    await refused({ type: 'mobilePhone', identifier: other.phoneNumber }, 409, 'phoneTaken')
    await refused({ type: 'emailAddress', identifier: 'not-an-address' }, 400, 'emailInvalid')
    await refused({ type: 'mobilePhone', identifier: '12' }, 400, 'phoneInvalid')
    await refused({ type: 'fax', identifier: 'x@example.test' }, 400)
    await refused({ identifier: 'x@example.test' }, 400)

    // Someone else's change in progress is no code of theirs.
    const { id } = (
      await call(contactIssue, '/api/verify-otps/issue', other, {
        type: 'emailAddress',
        identifier: `o-${unique()}@example.test`,
      })
    ).body
    expect((await call(contactVerify, '/api/verify-otps/verify', jo, { id, passcode: '123456' })).status).toBe(400)
    expect((await call(contactResend, '/api/verify-otps/resend', jo, { id })).status).toBe(400)

    // A token short of everything cannot move the account to an address its holder controls; a whole one can.
    const { brand } = await makeCommunity()
    const viaToken = async (scope: 'write' | 'admin', brandId: string | null) => {
      const { secret } = await createToken({ userId: jo.id, name: scope, scope, brandId, lifetimeDays: 1 })
      return apiCall(contactIssue.action, '/api/verify-otps/issue', {
        body: { type: 'emailAddress', identifier: `thief-${unique()}@example.test` },
        headers: { Authorization: `Bearer ${secret}` },
      })
    }
    expect(await viaToken('write', null)).toMatchObject({ status: 403, body: { error: 'tokenTooNarrow' } })
    expect(await viaToken('admin', brand.id)).toMatchObject({ status: 403, body: { error: 'tokenTooNarrow' } })
    expect((await viaToken('admin', null)).status).toBe(200)
    expect(await User.findByPk(jo.id)).toMatchObject({ emailAddress: jo.emailAddress, phoneNumber: jo.phoneNumber })
  })
})
