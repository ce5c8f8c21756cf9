// Mail and SMS to people outside the app are capped, whatever path they take.
// Every message that reaches an outsider counts, replies as much as a new conversation, answers
// through a reply link too (keyed by the link's participant), per sender and per outside address,
// SMS far tighter than mail; over a cap the form comes back 429 with what was typed, and nothing is
// saved or sent. Install instructions and registration-import confirmations are capped per admin
// account and for the whole installation, not only per community (communities cost nothing).
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { Op } from 'sequelize'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  Conversation,
  ConversationParticipant,
  EventRegistration,
  Message,
  OutboxMessage,
  RateLimit,
  type Brand,
  type Room,
  type User,
} from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { INSTALLATION, LIMITS, hit, hitEach } from '#app/lib/platform/rate-limit.server'
import { mintReplyLink } from '#app/lib/messages/reply-links.server'
import * as newMessage from '#app/routes/$brand._community.messages.new/route'
import * as conversationRoute from '#app/routes/$brand._community.messages.$conversationId/route'
import * as replyRoute from '#app/routes/$brand.messages.reply.$token/route'
import { action as installAction } from '#app/routes/$brand._community.settings.install/route'
import { action as importAction } from '#app/routes/$brand._community.events.$room.edit.members.import/route'
import type { ImportActionData } from '#app/lib/events/event-members-routes.server'
import { grantRole, makeCommunity, makeEventRoom, makeUser, unique } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

beforeEach(async () => {
  env.SMTP_URL = undefined
  // Each test starts with every count at zero (the counts live in the file's database).
  await RateLimit.destroy({ where: {} })
})

/** What a route answered: its status, the form's errors and kept values; or where a thrown redirect went. */
async function run(work: Promise<unknown>) {
  try {
    const result = await work
    if (result instanceof Response) return { status: result.status, errors: {}, values: {}, headers: result.headers }
    const reply = (
      unwrap(result) as { result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } }
    ).result
    return {
      status: initOf(result).status,
      errors: reply?.error ?? {},
      values: reply?.initialValue ?? {},
      headers: initOf(result).headers,
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, errors: {}, values: {}, headers: thrown.headers }
  }
}

async function member(brand: Brand) {
  const user = await makeUser({ name: `Mel Member ${unique()}` })
  await grantRole(user, brand)
  return user
}

const post = async (
  user: User,
  brand: Brand,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string>,
) =>
  routeArgs(
    `/${brand.slug}/${path}`,
    { brand: brand.slug, ...params },
    { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: await signedInCookie(user.id) } },
  )

/** A new conversation with one outsider, by mail (`externalEmail`) or SMS (`externalPhone`). */
const writeOutside = async (
  user: User,
  brand: Brand,
  to: { externalEmail: string } | { externalPhone: string },
  body = 'Hello',
) =>
  run(newMessage.action(await post(user, brand, 'messages/new', {}, { externalName: 'Olive Outsider', ...to, body })))
const replyIn = async (user: User, brand: Brand, conversationId: string, body: string) =>
  run(conversationRoute.action(await post(user, brand, `messages/${conversationId}`, { conversationId }, { body })))
const conversationOf = (location: string | null) => location!.split('/').pop()!

const messageCount = () => Message.count()
const sentTo = (recipient: string) => OutboxMessage.count({ where: { recipient } })

describe('messages to outsiders', () => {
  it('counts every reply: one conversation and its replies reach the mail cap, and the next reply is refused whole (429, the text kept)', async () => {
    const { brand } = await makeCommunity()
    const writer = await member(brand)
    const address = `chain-${unique()}@outside.test`
    const opened = await writeOutside(writer, brand, { externalEmail: address })
    expect(opened.status).toBe(302)
    const id = conversationOf(opened.headers.get('Location'))
    for (let n = 2; n <= LIMITS.outsideMailsPerSender.max; n += 1)
      expect((await replyIn(writer, brand, id, `Reply ${n}`)).status).toBe(302)
    expect(await sentTo(address)).toBe(LIMITS.outsideMailsPerSender.max)

    const before = await messageCount()
    const refused = await replyIn(writer, brand, id, 'One too many')
    expect(refused.status).toBe(429)
    expect(refused.errors['']).toEqual(['messages:errors.outsideLimited'])
    expect(refused.values.body).toBe('One too many')
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Not half-saved: no message, nothing sent.
    expect(await messageCount()).toBe(before)
    expect(await sentTo(address)).toBe(LIMITS.outsideMailsPerSender.max)
    // A new conversation with someone else outside is the same count.
    expect((await writeOutside(writer, brand, { externalEmail: `other-${unique()}@outside.test` })).status).toBe(429)
    // Members are no outsiders: a reply that reaches none is not counted.
    const colleague = await member(brand)
    expect(
      (
        await run(
          newMessage.action(
            await post(writer, brand, 'messages/new', {}, { recipientIds: colleague.id, body: 'Still fine' }),
          ),
        )
      ).status,
    ).toBe(302)
  })

  it('counts answers through a reply link (no sign-in: per the link’s participant) when they reach another outsider', async () => {
    const { brand } = await makeCommunity()
    // Two people both outside the app, as the host and the caller of a personal room are.
    const conversation = await Conversation.create({
      brandId: brand.id,
      type: 'external',
      createdById: null,
      tagId: null,
      lastMessageAt: new Date(),
    })
    const writer = await ConversationParticipant.create({
      conversationId: conversation.id,
      name: 'Wes Writer',
      emailAddress: `wes-${unique()}@outside.test`,
      phoneNumber: null,
    })
    const reader = await ConversationParticipant.create({
      conversationId: conversation.id,
      name: 'Rhea Reader',
      emailAddress: `rhea-${unique()}@outside.test`,
      phoneNumber: null,
    })
    const token = (await mintReplyLink(brand, writer)).split('/').pop()!
    const answer = (body: string) =>
      run(
        replyRoute.action(
          routeArgs(
            `/${brand.slug}/messages/reply/${token}`,
            { brand: brand.slug, token },
            { method: 'POST', body: new URLSearchParams({ body }) },
          ),
        ),
      )

    for (let n = 1; n <= LIMITS.outsideMailsPerSender.max; n += 1)
      expect((await answer(`Answer ${n}`)).status).toBe(302)
    expect(await sentTo(reader.emailAddress!)).toBe(LIMITS.outsideMailsPerSender.max)
    const before = await messageCount()
    const refused = await answer('And another')
    expect(refused.status).toBe(429)
    expect(refused.errors['']).toEqual(['messages:errors.outsideLimited'])
    expect(refused.values.body).toBe('And another')
    expect(await messageCount()).toBe(before)
    expect(await sentTo(reader.emailAddress!)).toBe(LIMITS.outsideMailsPerSender.max)
  })

  it('caps SMS far tighter than mail, and a member at the SMS cap may still mail', async () => {
    expect(LIMITS.outsideSmsPerSender.max).toBeLessThan(LIMITS.outsideMailsPerSender.max)
    expect(LIMITS.outsideSmsPerAddress.max).toBeLessThan(LIMITS.outsideMailsPerAddress.max)
    const { brand } = await makeCommunity()
    const writer = await member(brand)
    const phone = `+447400${String(100000 + unique()).slice(-6)}`
    const opened = await writeOutside(writer, brand, { externalPhone: phone })
    expect(opened.status).toBe(302)
    const id = conversationOf(opened.headers.get('Location'))
    for (let n = 2; n <= LIMITS.outsideSmsPerSender.max; n += 1)
      expect((await replyIn(writer, brand, id, `Text ${n}`)).status).toBe(302)
    expect(await sentTo(phone)).toBe(LIMITS.outsideSmsPerSender.max)

    const refused = await replyIn(writer, brand, id, 'Text again')
    expect(refused.status).toBe(429)
    expect(refused.errors['']).toEqual(['messages:errors.outsideLimited'])
    expect(await sentTo(phone)).toBe(LIMITS.outsideSmsPerSender.max)
    // Another phone is refused too (the cap is the sender's); mail is counted apart.
    expect((await writeOutside(writer, brand, { externalPhone: '+447400999999' })).status).toBe(429)
    expect((await writeOutside(writer, brand, { externalEmail: `mail-${unique()}@outside.test` })).status).toBe(302)
  })

  it('caps what one outside address receives in a day, whoever sends it (members of different communities)', async () => {
    const address = `victim-${unique()}@outside.test`
    let sent = 0
    // Each sender stays under their own cap; together they reach the address's.
    while (sent < LIMITS.outsideMailsPerAddress.max) {
      const { brand } = await makeCommunity()
      const writer = await member(brand)
      const batch = Math.min(LIMITS.outsideMailsPerSender.max, LIMITS.outsideMailsPerAddress.max - sent)
      const opened = await writeOutside(writer, brand, { externalEmail: address })
      expect(opened.status).toBe(302)
      const id = conversationOf(opened.headers.get('Location'))
      for (let n = 2; n <= batch; n += 1) expect((await replyIn(writer, brand, id, `Hi ${n}`)).status).toBe(302)
      sent += batch
    }
    expect(await sentTo(address)).toBe(LIMITS.outsideMailsPerAddress.max)

    const { brand } = await makeCommunity()
    const fresh = await member(brand)
    const before = await Conversation.count()
    // The address as typed in capitals is the same address.
    const refused = await writeOutside(fresh, brand, { externalEmail: address.toUpperCase() }, 'Me too')
    expect(refused.status).toBe(429)
    expect(refused.errors['']).toEqual(['messages:errors.recipientLimited'])
    expect(refused.values).toMatchObject({ externalName: 'Olive Outsider', body: 'Me too' })
    expect(await Conversation.count()).toBe(before)
    expect(await sentTo(address)).toBe(LIMITS.outsideMailsPerAddress.max)
    // The refusal cost the new sender nothing: they may still write to someone else.
    expect((await writeOutside(fresh, brand, { externalEmail: `friend-${unique()}@outside.test` })).status).toBe(302)
  })
})

describe('install instructions', () => {
  async function admin(user?: User) {
    const { brand } = await makeCommunity()
    const someone = user ?? (await makeUser({ name: `Ada Admin ${unique()}` }))
    await grantRole(someone, brand, 'community-admin')
    return { brand, user: someone }
  }
  /** A send to `count` fresh addresses (at most 20 to and 20 cc). */
  async function sendInstructions(brand: Brand, user: User, count: number) {
    const addresses = Array.from({ length: count }, () => `site-${unique()}@team.test`)
    const fields = {
      intent: 'sendInstructions',
      toEmailAddresses: addresses.slice(0, 20).join('\n'),
      ccEmailAddresses: addresses.slice(20).join('\n'),
      domain: 'https://club.example.org',
    }
    const args = routeArgs(
      `/${brand.slug}/settings/install`,
      { brand: brand.slug },
      { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: await signedInCookie(user.id) } },
    )
    const outcome = await run(installAction(args))
    return { ...outcome, mailed: await OutboxMessage.count({ where: { recipient: { [Op.in]: addresses } } }) }
  }

  it('are capped per admin account across communities', async () => {
    const first = await admin()
    const second = await admin(first.user)
    let left = LIMITS.instructionMailsPerAccount.max
    for (let turn = 0; left > 0; turn += 1) {
      const count = Math.min(40, left)
      const { status, mailed } = await sendInstructions(turn % 2 ? second.brand : first.brand, first.user, count)
      expect(status).toBe(302)
      expect(mailed).toBe(count)
      left -= count
    }
    const refused = await sendInstructions(second.brand, first.user, 1)
    expect(refused.status).toBe(429)
    expect(refused.errors['']).toEqual(['directory:errors.accountMailLimit'])
    expect(refused.values.domain).toBe('https://club.example.org')
    expect(refused.mailed).toBe(0)
    // Another admin of the same community is not held by it.
    const other = await makeUser({ name: 'Otto Other' })
    await grantRole(other, second.brand, 'community-admin')
    expect((await sendInstructions(second.brand, other, 1)).status).toBe(302)
  })

  it('are capped for the whole installation, each admin in a community of their own', async () => {
    let mailed = 0
    let refused: Awaited<ReturnType<typeof sendInstructions>> | null = null
    // Without the installation's cap this would never be refused: stop a little past it.
    for (let round = 0; !refused && round < LIMITS.instructionMailsPerInstallation.max / 40 + 3; round += 1) {
      const { brand, user } = await admin()
      const outcome = await sendInstructions(brand, user, 40)
      if (outcome.status === 429) refused = outcome
      else mailed += outcome.mailed
    }
    expect(refused?.errors['']).toEqual(['directory:errors.installationMailLimit'])
    expect(refused?.mailed).toBe(0)
    expect(mailed).toBeLessThanOrEqual(LIMITS.instructionMailsPerInstallation.max)
  })
})

describe('registration-import confirmations', () => {
  const csv = (rows: number) =>
    new File(
      [
        [
          'fullName,emailAddress,status',
          ...Array.from({ length: rows }, (_, n) => `Ida Import ${n},ida-${unique()}@import.test,approved`),
        ].join('\n'),
      ],
      'people.csv',
      { type: 'text/csv' },
    )
  async function importInto(brand: Brand, room: Room, user: User, rows: number) {
    const body = new FormData()
    body.set('file', csv(rows))
    const args = routeArgs(
      `/${brand.slug}/events/${room.slug}/edit/members/import`,
      { brand: brand.slug, room: room.slug },
      { method: 'POST', body, headers: { Cookie: await signedInCookie(user.id) } },
    )
    const result = await importAction(args)
    return { status: initOf(result).status, data: unwrap(result) as ImportActionData }
  }
  async function eventOf(user: User) {
    const { brand } = await makeCommunity()
    await grantRole(user, brand, 'community-admin')
    return { brand, room: await makeEventRoom(brand) }
  }

  it('are capped per admin account across communities: an import over it is refused whole, nothing saved or mailed', async () => {
    const adminUser = await makeUser({ name: 'Imogen Importer' })
    const first = await eventOf(adminUser)
    const second = await eventOf(adminUser)
    // The account has imported (and so may have mailed) all but three people today.
    await hit(LIMITS.importConfirmationsPerAccount, adminUser.id, LIMITS.importConfirmationsPerAccount.max - 3)
    const fine = await importInto(first.brand, first.room, adminUser, 2)
    expect(fine.status).toBe(200)
    expect(fine.data.report?.imported).toBe(2)
    const mailsBefore = await OutboxMessage.count()
    const refused = await importInto(second.brand, second.room, adminUser, 2)
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ report: null, problem: 'eventMembers:import.errors.confirmationsAccount' })
    expect(await EventRegistration.count({ where: { roomId: second.room.id } })).toBe(0)
    expect(await OutboxMessage.count()).toBe(mailsBefore)
    // The refused import took nothing: the one person left still fits.
    expect((await importInto(second.brand, second.room, adminUser, 1)).status).toBe(200)
  })

  it('are capped for the whole installation', async () => {
    await hit(
      LIMITS.importConfirmationsPerInstallation,
      INSTALLATION,
      LIMITS.importConfirmationsPerInstallation.max - 1,
    )
    const someone = await makeUser({ name: 'Ivo Importer' })
    const { brand, room } = await eventOf(someone)
    const refused = await importInto(brand, room, someone, 2)
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({
      report: null,
      problem: 'eventMembers:import.errors.confirmationsInstallation',
    })
    expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(0)
  })
})

describe('counting several caps at once (hitEach)', () => {
  const limit = { name: 'test-each', max: 40, windowSeconds: 3600 }
  const other = { name: 'test-each-other', max: 100, windowSeconds: 3600 }

  async function weighs(count: (subject: string) => Promise<number>) {
    const subject = `each-${randomUUID()}`
    expect(
      await hitEach([
        { limit: other, subject },
        { limit, subject, amount: 30 },
      ]),
    ).toBeNull()
    // 20 more would pass 40: refused, and taken back from every count it raised.
    const refused = await hitEach([
      { limit: other, subject },
      { limit, subject, amount: 20 },
    ])
    expect(refused?.limit).toBe(limit)
    // The window's real end, not a second (the Redis TTL was read from the wrong answer).
    expect(refused!.retryAfterSeconds).toBeGreaterThan(3500)
    expect(await count(`rl:test-each:${subject}`)).toBe(30)
    expect(await count(`rl:test-each-other:${subject}`)).toBe(1)
    expect(await hitEach([{ limit, subject, amount: 10 }])).toBeNull()
    expect(await hitEach([{ limit, subject }])).not.toBeNull()
  }

  it('in the database: weighted, and a refused request counts nowhere', async () => {
    await weighs(async (key) => (await RateLimit.findByPk(key))!.count)
  })

  it('in Redis (REDIS_URL): the same', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
    env.REDIS_URL = url
    const redis = new Redis(url)
    try {
      await weighs(async (key) => Number(await redis.get(key)))
    } finally {
      env.REDIS_URL = undefined
      await redis.quit()
    }
  })
})
