// POST /api/ml/send (docs/api.md#sign-in-links-for-members): those who manage a community's members send them
// sign-in links with their own words; each goes only to the member's own address, by mail or else by SMS, in the
// community's name, for as long as asked. Not to non-members, never by a member or a narrower token; bad input 400.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MagicLink, OutboxMessage, RateLimit, type Brand, type User } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { createToken } from '#app/lib/api-tokens/api-tokens.server'
import * as send from '#app/routes/api.ml.send'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makeUser, unique } from '#tests/support/factories'

let brand: Brand
let owner: User
let member: User
let texter: User
let outsider: User

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity({ name: 'Link Garden' }))
  member = await makeUser({ emailAddress: `lm-${unique()}@example.test` })
  texter = await makeUser({ emailAddress: null, phoneNumber: `+1415557${String(unique()).padStart(4, '0')}` })
  outsider = await makeUser()
  await grantRole(member, brand)
  await grantRole(texter, brand)
})

beforeEach(async () => {
  env.SMTP_URL = undefined
  env.sms = null
  await RateLimit.destroy({ where: {} })
})

const sendAs = (as: User | null, body: Record<string, unknown>, headers?: Record<string, string>) =>
  apiCall(send.action, '/api/ml/send', { as, body: { brandId: brand.id, ...body }, headers })

const newest = async (to: string) =>
  OutboxMessage.findOne({ where: { recipient: to }, order: [['createdAt', 'DESC']], rejectOnEmpty: true })

describe('sign-in links for members', () => {
  it('mails a member, texts a member with only a phone, and tells apart those it cannot reach', async () => {
    const answer = await sendAs(owner, {
      users: [member.id, texter.id, outsider.id, 'x'.repeat(36)],
      subject: 'Tonight’s circle',
      message: 'Here is your way in.',
      destinationUrl: `/${brand.slug}/events`,
      expiresIn: 2 * 3600,
    })
    expect(answer).toMatchObject({
      status: 200,
      body: {
        users: [
          { id: member.id, ok: true, channel: 'mail' },
          { id: texter.id, ok: true, channel: 'sms' },
          { id: outsider.id, ok: false, reason: 'notMember' },
          { id: 'x'.repeat(36), ok: false, reason: 'notMember' },
        ],
      },
    })
    // The caller never sees a link: it is only in the member's own message.
    expect(JSON.stringify(answer.body)).not.toContain('/ml/')

    const mail = await newest(member.emailAddress!)
    expect(mail.subject).toBe('Tonight’s circle')
    expect(mail.text).toContain('Here is your way in.')
    expect(mail.text).toContain('2 hours')
    const id = (mail.meta as { link: string }).link.split('/ml/')[1]!
    const link = await MagicLink.findByPk(id, { rejectOnEmpty: true })
    expect(link).toMatchObject({ userId: member.id, destinationUrl: `/${brand.slug}/events` })
    expect(Math.abs(link.expiresAt.getTime() - Date.now() - 2 * 3600 * 1000)).toBeLessThan(5_000)

    const sms = await newest(texter.phoneNumber!)
    expect(sms.text).toContain('Here is your way in.')
  })

  it('lands on the community’s home unless the page is on this site', async () => {
    const newcomer = await makeUser({ emailAddress: `ln-${unique()}@example.test` })
    await grantRole(newcomer, brand)
    await sendAs(owner, { users: [newcomer.id], destinationUrl: 'https://evil.example/' })
    const id = ((await newest(newcomer.emailAddress!)).meta as { link: string }).link.split('/ml/')[1]!
    expect((await MagicLink.findByPk(id))?.destinationUrl).toBe(`/${brand.slug}`)
  })

  it('is for those who manage members, with their session or an admin token; bad input is 400', async () => {
    expect((await sendAs(member, { users: [texter.id] })).status).toBe(403)
    expect((await sendAs(null, { users: [texter.id] })).status).toBe(401)
    const token = async (scope: 'write' | 'admin') =>
      (await createToken({ userId: owner.id, name: scope, scope, brandId: null, lifetimeDays: 1 })).secret
    expect(
      (await sendAs(null, { users: [member.id] }, { Authorization: `Bearer ${await token('write')}` })).status,
    ).toBe(403)
    expect(
      (await sendAs(null, { users: [member.id] }, { Authorization: `Bearer ${await token('admin')}` })).status,
    ).toBe(200)

    for (const [body, error] of [
      [{ users: [] }, 'usersRequired'],
      [{}, 'usersRequired'],
      [{ users: ['nope'] }, 'badRequest'],
      [{ users: [member.id], subject: 'x'.repeat(201) }, 'subjectTooLong'],
      [{ users: [member.id], message: 'x'.repeat(2001) }, 'messageTooLong'],
      [{ users: [member.id], expiresIn: 60 }, 'badExpiry'],
      [{ users: [member.id], expiresIn: '24h' }, 'badExpiry'],
      [{ users: Array.from({ length: 101 }, () => member.id) }, 'tooManyUsers'],
    ] as const)
      expect(await sendAs(owner, body), JSON.stringify(body).slice(0, 80)).toMatchObject({
        status: 400,
        body: { error },
      })
    expect((await sendAs(owner, { brandId: 'y'.repeat(36), users: [member.id] })).status).toBe(404)
  })
})
