// Direct messages (the New message form; "Sorry... we were unable to send your message right
// now."): every rule of the new message form at its boundary, external
// recipients and their reply links, attachments typed by content, unread counts and the last-read
// event, live events, and a conversation closed to everyone but its participants.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

const { env } = await import('#app/lib/platform/env.server')
const { BrandTag, Conversation, ConversationParticipant, MemberTag, Message, MessageAttachment, OutboxMessage } =
  await import('#models/index')
const newMessage = await import('#app/routes/$brand._community.messages.new/route')
const list = await import('#app/routes/$brand._community.messages._index/route')
const conversationRoute = await import('#app/routes/$brand._community.messages.$conversationId/route')
const replyRoute = await import('#app/routes/$brand.messages.reply.$token/route')
const memberFile = await import('#app/routes/$brand.messages.files.$attachmentId')
const { listenForMessages } = await import('#app/lib/messages/message-events.server')
const { unreadCount } = await import('#app/lib/messages/conversations.server')
const { ATTACHMENT_MAX_BYTES, MESSAGE_MAX_LENGTH } = await import('#app/lib/messages/message-rules')
const { grantRole, makeCommunity, makeUser } = await import('#tests/support/factories')
const { routeArgs, thrownResponse } = await import('#tests/support/route-args')
const { initOf, signedInCookie, unwrap } = await import('#tests/support/session')
type Brand = import('#models/index').Brand
type User = import('#models/index').User

let brand: Brand
let sender: User
let reader: User
let third: User

beforeAll(async () => {
  ;({ brand, owner: sender } = await makeCommunity())
  await sender.update({ name: 'Sam Sender', phoneNumber: '+12025550143' })
  reader = await makeUser({ name: 'Rita Reader' })
  third = await makeUser({ name: 'Theo Third' })
  await grantRole(reader, brand)
  await grantRole(third, brand)
})

beforeEach(() => {
  env.SMTP_URL = undefined
})

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const PDF = new TextEncoder().encode('%PDF-1.7\n%hearth\n')
/** A file of `size` bytes that starts like a PNG (the type is read from the first bytes). */
const png = (name: string, size = PNG.length) => {
  const bytes = new Uint8Array(size)
  bytes.set(PNG)
  return new File([bytes], name, { type: 'image/png' })
}

type Fields = Record<string, string | string[] | File[]>
function multipart(fields: Fields) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields))
    for (const item of ([] as Array<string | File>).concat(value)) form.append(name, item)
  return form
}

async function as(user: User | null, path: string, params: Record<string, string> = {}, fields?: Fields) {
  const headers: Record<string, string> = user ? { Cookie: await signedInCookie(user.id) } : {}
  return routeArgs(
    `/${brand.slug}/${path}`,
    { brand: brand.slug, ...params },
    fields ? { method: 'POST', body: multipart(fields), headers } : { headers },
  )
}

/** Sends a new message; returns the status, the form's reply and where a success went. */
async function send(fields: Fields, user: User = sender) {
  try {
    const result = await newMessage.action(await as(user, 'messages/new', {}, fields))
    const reply = unwrap(result) as {
      result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
    }
    return {
      status: initOf(result).status,
      errors: reply.result.error ?? {},
      values: reply.result.initialValue ?? {},
      location: null as string | null,
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, errors: {}, values: {}, location: thrown.headers.get('Location') }
  }
}

const counts = async () => ({
  conversations: await Conversation.count(),
  messages: await Message.count(),
  attachments: await MessageAttachment.count(),
})
const conversationId = (location: string | null) => location!.split('/').pop()!

describe('a message between members', () => {
  it('starts a conversation, raises the reader’s unread count, and reading clears it (the last-read event)', async () => {
    const sent = await send({ recipientIds: [reader.id], body: 'Hello Rita' })
    expect(sent.status).toBe(302)
    expect(sent.location).toMatch(new RegExp(`^/${brand.slug}/messages/[A-Za-z0-9_-]{36}$`))
    const id = conversationId(sent.location)
    expect(await unreadCount(brand.id, reader.id)).toBe(1)
    expect(await unreadCount(brand.id, sender.id)).toBe(0)

    const listing = await list.loader(await as(reader, 'messages'))
    expect(listing.unread).toBe(1)
    expect(listing.listing.conversations).toEqual([
      expect.objectContaining({
        id,
        unread: 1,
        others: [expect.objectContaining({ name: 'Sam Sender', external: false })],
        lastMessage: expect.objectContaining({ body: 'Hello Rita' }),
      }),
    ])

    const page = await conversationRoute.loader(await as(reader, `messages/${id}`, { conversationId: id }))
    expect(page.view.messages.map((message) => [message.from?.name, message.body])).toEqual([
      ['Sam Sender', 'Hello Rita'],
    ])
    expect(await unreadCount(brand.id, reader.id)).toBe(0)
    const lastMessage = await Message.findOne({ where: { conversationId: id } })
    const mine = await ConversationParticipant.findOne({
      where: { conversationId: id, userId: reader.id },
      rejectOnEmpty: true,
    })
    expect(mine.lastReadMessageId).toBe(lastMessage!.id)
  })

  it('a second message to the same member goes on in the conversation they already have', async () => {
    const first = await send({ recipientIds: [third.id], body: 'One' })
    const second = await send({ recipientIds: [third.id], body: 'Two' })
    expect(conversationId(second.location)).toBe(conversationId(first.location))
    expect(await Message.count({ where: { conversationId: conversationId(first.location) } })).toBe(2)
    expect(await unreadCount(brand.id, third.id)).toBe(2)
  })

  it('a reply raises the other participant’s count and tells their open pages live', async () => {
    const sent = await send({ recipientIds: [reader.id], body: 'Are you there?' })
    const id = conversationId(sent.location)
    const heard: unknown[] = []
    const stop = listenForMessages(sender.id, (event) => heard.push(event))
    const before = await unreadCount(brand.id, sender.id)
    const reply = await thrownResponse(
      conversationRoute.action(await as(reader, `messages/${id}`, { conversationId: id }, { body: 'Yes!' })),
    )
    stop()
    expect(reply).toRedirectTo(`/${brand.slug}/messages/${id}`)
    expect(await unreadCount(brand.id, sender.id)).toBe(before + 1)
    expect(heard).toEqual([expect.objectContaining({ type: 'message', brandId: brand.id, conversationId: id })])
  })

  it('a tag sends to everyone who has it, and the conversation keeps the tag', async () => {
    const tag = await BrandTag.create({ brandId: brand.id, label: 'Volunteers' })
    await MemberTag.create({ brandId: brand.id, userId: reader.id, tagId: tag.id })
    await MemberTag.create({ brandId: brand.id, userId: third.id, tagId: tag.id })
    const sent = await send({ tagIds: [tag.id], body: 'To the volunteers' })
    expect(sent.status).toBe(302)
    const conversation = await Conversation.findByPk(conversationId(sent.location), { rejectOnEmpty: true })
    expect(conversation.tagId).toBe(tag.id)
    const people = await ConversationParticipant.findAll({ where: { conversationId: conversation.id } })
    expect(people.map((person) => person.userId).sort()).toEqual([sender.id, reader.id, third.id].sort())
  })
})

describe('the new message form refuses bad input (400, the message, the values kept, nothing saved)', () => {
  const refusals: Array<[string, Fields, string, string]> = [
    ['no recipient', { body: 'Hi' }, 'recipientIds', 'messages:errors.recipientRequired'],
    ['two tags', { tagIds: ['a'.repeat(36), 'b'.repeat(36)], body: 'Hi' }, 'tagIds', 'messages:errors.oneTag'],
    [
      'an external recipient without a name',
      { externalEmail: 'ext@example.test', body: 'Hi' },
      'externalName',
      'messages:errors.externalNameRequired',
    ],
    [
      'an external recipient with neither email nor phone',
      { externalName: 'Eve Outside', body: 'Hi' },
      'externalEmail',
      'messages:errors.emailOrPhone',
    ],
    [
      'an external recipient with both email and phone',
      { externalName: 'Eve Outside', externalEmail: 'ext@example.test', externalPhone: '+12025550111', body: 'Hi' },
      'externalEmail',
      'messages:errors.emailOrPhone',
    ],
    [
      'an invalid email',
      { externalName: 'Eve Outside', externalEmail: 'ext@', body: 'Hi' },
      'externalEmail',
      'messages:errors.emailInvalid',
    ],
    [
      'an invalid phone',
      { externalName: 'Eve Outside', externalPhone: '12', body: 'Hi' },
      'externalPhone',
      'messages:errors.phoneInvalid',
    ],
    ['nothing to send', { recipientIds: ['x'] }, 'body', 'messages:errors.bodyRequired'],
    [
      'a message one character too long',
      { recipientIds: ['x'], body: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) },
      'body',
      'messages:errors.bodyTooLong',
    ],
  ]
  for (const [what, fields, field, message] of refusals) {
    it(what, async () => {
      const before = await counts()
      const refused = await send(fields)
      expect(refused.status).toBe(400)
      expect(refused.errors[field]).toEqual([message])
      if (typeof fields.body === 'string' && fields.body.length < 100) expect(refused.values.body).toBe(fields.body)
      expect(await counts()).toEqual(before)
    })
  }

  const refusedByServer: Array<[string, () => Fields, string, string]> = [
    [
      'someone who is not a member',
      () => ({ recipientIds: ['n'.repeat(36)], body: 'Hi' }),
      'recipientIds',
      'messages:errors.recipientUnknown',
    ],
    [
      'the sender’s own email as the external address',
      () => ({ externalName: 'Me Again', externalEmail: sender.emailAddress!.toUpperCase(), body: 'Hi' }),
      'externalEmail',
      'messages:errors.ownAddress',
    ],
    [
      'the sender’s own phone as the external address',
      () => ({ externalName: 'Me Again', externalPhone: '(202) 555-0143', body: 'Hi' }),
      'externalPhone',
      'messages:errors.ownAddress',
    ],
    [
      'a tag of another community',
      () => ({ tagIds: ['t'.repeat(36)], body: 'Hi' }),
      'tagIds',
      'messages:errors.tagUnknown',
    ],
    [
      'four files',
      () => ({
        recipientIds: [reader.id],
        body: 'Hi',
        files: [png('1.png'), png('2.png'), png('3.png'), png('4.png')],
      }),
      'files',
      'messages:errors.tooManyFiles',
    ],
    [
      'a file one byte over the size limit',
      () => ({ recipientIds: [reader.id], body: 'Hi', files: [png('big.png', ATTACHMENT_MAX_BYTES + 1)] }),
      'files',
      'messages:errors.fileTooLarge',
    ],
    [
      'a file whose content is no accepted type, whatever its name',
      () => ({
        recipientIds: [reader.id],
        body: 'Hi',
        files: [new File(['<script>alert(1)</script>'], 'photo.png', { type: 'image/png' })],
      }),
      'files',
      'messages:errors.fileType',
    ],
  ]
  for (const [what, fields, field, message] of refusedByServer) {
    it(what, async () => {
      const before = await counts()
      const outbox = await OutboxMessage.count()
      const refused = await send(fields())
      expect(refused.status).toBe(400)
      expect(refused.errors[field]).toEqual([message])
      expect(refused.values.body).toBe('Hi')
      expect(await counts()).toEqual(before)
      expect(await OutboxMessage.count()).toBe(outbox)
    })
  }

  it('a pending member cannot be written to here', async () => {
    const pending = await makeUser()
    await grantRole(pending, brand)
    const { Membership } = await import('#models/index')
    await Membership.update({ status: 'pending' }, { where: { brandId: brand.id, userId: pending.id } })
    const refused = await send({ recipientIds: [pending.id], body: 'Hi' })
    expect(refused.errors.recipientIds).toEqual(['messages:errors.recipientUnknown'])
  })
})

describe('limits at their boundary', () => {
  it('takes a message of exactly the longest length', async () => {
    expect((await send({ recipientIds: [reader.id], body: 'a'.repeat(MESSAGE_MAX_LENGTH) })).status).toBe(302)
  })

  it('takes three files of exactly the largest size, typed by their content, and serves them to participants only', async () => {
    const sent = await send({
      recipientIds: [third.id],
      files: [png('a.png', ATTACHMENT_MAX_BYTES), new File([PDF], 'notes.txt', { type: 'text/plain' }), png('c.png')],
    })
    expect(sent.status).toBe(302)
    const id = conversationId(sent.location)
    const page = await conversationRoute.loader(await as(third, `messages/${id}`, { conversationId: id }))
    const files = page.view.messages.at(-1)!.files
    expect(files.map((file) => [file.name, file.contentType, file.size])).toEqual([
      ['a.png', 'image/png', ATTACHMENT_MAX_BYTES],
      ['notes.txt', 'application/pdf', PDF.length],
      ['c.png', 'image/png', PNG.length],
    ])
    const pdf = await memberFile.loader(
      await as(third, `messages/files/${files[1]!.id}`, { attachmentId: files[1]!.id }),
    )
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(PDF)
    // Reader is a member of the community but not of this conversation.
    expect(
      (
        await thrownResponse(
          memberFile.loader(await as(reader, `messages/files/${files[1]!.id}`, { attachmentId: files[1]!.id })),
        )
      ).status,
    ).toBe(404)
  })
})

describe('external recipients', () => {
  it('get the message by mail with a reply link that opens this one conversation, and answer through it', async () => {
    const sent = await send({ externalName: 'Eve Outside', externalEmail: 'Eve@Example.test', body: 'Welcome, Eve' })
    expect(sent.status).toBe(302)
    const id = conversationId(sent.location)
    expect((await Conversation.findByPk(id, { rejectOnEmpty: true })).type).toBe('external')
    const mail = await OutboxMessage.findOne({
      where: { recipient: 'eve@example.test' },
      order: [['createdAt', 'DESC']],
      rejectOnEmpty: true,
    })
    expect(mail.channel).toBe('mail')
    expect(mail.text).toContain('Welcome, Eve')
    const link = String((mail.meta as { link: string }).link)
    expect(link).toMatch(new RegExp(`/${brand.slug}/messages/reply/[A-Za-z0-9_-]{36}$`))
    const token = link.split('/').pop()!

    const page = unwrap(await replyRoute.loader(await as(null, `messages/reply/${token}`, { token })))
    expect(page.view!.messages.map((message) => message.body)).toEqual(['Welcome, Eve'])

    const answered = await thrownResponse(
      replyRoute.action(await as(null, `messages/reply/${token}`, { token }, { body: 'Thanks!' })),
    )
    expect(answered.status).toBe(302)
    const bodies = (await Message.findAll({ where: { conversationId: id }, order: [['createdAt', 'ASC']] })).map(
      (message) => message.body,
    )
    expect(bodies).toEqual(['Welcome, Eve', 'Thanks!'])
    expect(await unreadCount(brand.id, sender.id)).toBeGreaterThan(0)

    // The link is not a key to anything else: another community's address, or a made-up token.
    const { brand: other } = await makeCommunity()
    const elsewhere = await replyRoute.loader(
      routeArgs(`/${other.slug}/messages/reply/${token}`, { brand: other.slug, token }),
    )
    expect(initOf(elsewhere).status).toBe(410)
    expect(initOf(await replyRoute.loader(await as(null, 'messages/reply/x', { token: 'x'.repeat(36) }))).status).toBe(
      410,
    )
    expect(
      (
        await thrownResponse(
          replyRoute.action(await as(null, 'messages/reply/x', { token: 'x'.repeat(36) }, { body: 'Hi' })),
        )
      ).status,
    ).toBe(410)
  })

  it('stop working after 24 hours', async () => {
    const sent = await send({ externalName: 'Late Larry', externalEmail: 'larry@example.test', body: 'Hi Larry' })
    const mail = await OutboxMessage.findOne({ where: { recipient: 'larry@example.test' }, rejectOnEmpty: true })
    const token = String((mail.meta as { link: string }).link)
      .split('/')
      .pop()!
    await ConversationParticipant.update(
      { replyTokenExpiresAt: new Date(Date.now() - 1000) },
      { where: { conversationId: conversationId(sent.location), userId: null } },
    )
    expect(initOf(await replyRoute.loader(await as(null, 'messages/reply/t', { token }))).status).toBe(410)
  })

  it('get a text message when they gave a phone', async () => {
    const sent = await send({ externalName: 'Phil Phone', externalPhone: '(202) 555-0199', body: 'Hi Phil' })
    expect(sent.status).toBe(302)
    const sms = await OutboxMessage.findOne({ where: { recipient: '+12025550199' }, rejectOnEmpty: true })
    expect(sms.channel).toBe('sms')
    expect(sms.text).toMatch(/\/messages\/reply\/[A-Za-z0-9_-]{36}/)
  })

  it('when the mail cannot go out: the spec’s error, a 500, the form kept, nothing saved', async () => {
    env.SMTP_URL = 'smtp://127.0.0.1:1'
    const before = await counts()
    const failed = await send({
      externalName: 'Nora Nowhere',
      externalEmail: 'nora@example.test',
      body: 'Can you read this?',
    })
    expect(failed.status).toBe(500)
    expect(failed.errors['']).toEqual(['messages:errors.sendFailed'])
    expect(failed.values.body).toBe('Can you read this?')
    expect(await counts()).toEqual(before)
  })
})

describe('a conversation is its participants’ only', () => {
  it('refuses a member who is not in it (404), to read and to write, and a visitor is sent to sign in', async () => {
    const sent = await send({ recipientIds: [reader.id], body: 'Private' })
    const id = conversationId(sent.location)
    expect(
      (await thrownResponse(conversationRoute.loader(await as(third, `messages/${id}`, { conversationId: id }))))
        .status,
    ).toBe(404)
    const before = await counts()
    expect(
      (
        await thrownResponse(
          conversationRoute.action(await as(third, `messages/${id}`, { conversationId: id }, { body: 'Me too' })),
        )
      ).status,
    ).toBe(404)
    expect(await counts()).toEqual(before)
    const visitor = await thrownResponse(
      conversationRoute.loader(await as(null, `messages/${id}`, { conversationId: id })),
    )
    expect(visitor.status).toBe(302)
    // Not in another community either, even for its participants.
    const { brand: other, owner } = await makeCommunity()
    await grantRole(reader, other)
    const elsewhere = routeArgs(
      `/${other.slug}/messages/${id}`,
      { brand: other.slug, conversationId: id },
      { headers: { Cookie: await signedInCookie(reader.id) } },
    )
    expect((await thrownResponse(conversationRoute.loader(elsewhere))).status).toBe(404)
    expect(owner).toBeTruthy()
  })
})

describe('the conversation list', () => {
  it('pages 30 at a time from page 0, newest first', async () => {
    const { brand: paged, owner } = await makeCommunity()
    const start = Date.UTC(2026, 0, 1)
    for (let n = 0; n < 31; n += 1) {
      const conversation = await Conversation.create({
        brandId: paged.id,
        createdById: owner.id,
        lastMessageAt: new Date(start + n * 60_000),
      })
      await ConversationParticipant.create({ conversationId: conversation.id, userId: owner.id })
    }
    const at = async (query: string) =>
      (
        await list.loader(
          routeArgs(
            `/${paged.slug}/messages${query}`,
            { brand: paged.slug },
            { headers: { Cookie: await signedInCookie(owner.id) } },
          ),
        )
      ).listing
    const first = await at('')
    expect(first.page).toBe(0)
    expect(first.conversations).toHaveLength(30)
    expect(first.more).toBe(true)
    const second = await at('?page=1')
    expect(second.conversations).toHaveLength(1)
    expect(second.more).toBe(false)
    const newest = await Conversation.findOne({
      where: { brandId: paged.id },
      order: [['lastMessageAt', 'DESC']],
      rejectOnEmpty: true,
    })
    const oldest = await Conversation.findOne({
      where: { brandId: paged.id },
      order: [['lastMessageAt', 'ASC']],
      rejectOnEmpty: true,
    })
    expect(first.conversations[0]!.id).toBe(newest.id)
    expect(second.conversations[0]!.id).toBe(oldest.id)
  })

  it('the new message page offers the other active members, and ticks the one a link names (?to=)', async () => {
    const page = await newMessage.loader(await as(sender, `messages/new?to=${reader.id}`))
    expect(page.to).toBe(reader.id)
    const offered = page.members.map((member) => member.id)
    expect(offered).toEqual(expect.arrayContaining([reader.id, third.id]))
    expect(offered).not.toContain(sender.id)
  })
})

describe('messages to outsiders are capped per sender', () => {
  it('takes 20 mails to outsiders an hour, then says the cap is reached (429); replies count too (outside-delivery-caps.test.ts)', async () => {
    const { LIMITS } = await import('#app/lib/platform/rate-limit.server')
    const busy = await makeUser({ name: 'Busy Bee' })
    await grantRole(busy, brand)
    for (let n = 1; n <= LIMITS.outsideMailsPerSender.max; n += 1) {
      expect(
        (await send({ externalName: 'Someone Else', externalEmail: `someone-${n}@outside.test`, body: 'Hi' }, busy))
          .status,
      ).toBe(302)
    }
    const before = await counts()
    const refused = await send({ externalName: 'One More', externalEmail: 'one-more@outside.test', body: 'Hi' }, busy)
    expect(refused.status).toBe(429)
    expect(refused.errors['']).toEqual(['messages:errors.outsideLimited'])
    expect(await counts()).toEqual(before)
    expect(await OutboxMessage.count({ where: { recipient: 'one-more@outside.test' } })).toBe(0)
    // Members are not counted against it.
    expect((await send({ recipientIds: [reader.id], body: 'Still fine' }, busy)).status).toBe(302)
  })
})

describe('blocks (app/lib/connections)', () => {
  it('a block either way stops a message to that member, and leaves them out of a tag; a mute does not', async () => {
    const { UserBlock } = await import('#models/index')
    const blocker = await makeUser({ name: 'Blair Blocker' })
    const muter = await makeUser({ name: 'Mo Muter' })
    await grantRole(blocker, brand)
    await grantRole(muter, brand)
    await UserBlock.create({ brandId: brand.id, userId: blocker.id, targetUserId: sender.id, kind: 'block' })
    await UserBlock.create({ brandId: brand.id, userId: muter.id, targetUserId: sender.id, kind: 'mute' })

    const before = await counts()
    const refused = await send({ recipientIds: [blocker.id], body: 'Hi' })
    expect(refused.status).toBe(400)
    expect(refused.errors.recipientIds).toEqual(['messages:errors.recipientUnknown'])
    expect(await counts()).toEqual(before)
    // The blocked one cannot write to the blocker either.
    expect((await send({ recipientIds: [sender.id], body: 'Hi' }, blocker)).errors.recipientIds).toEqual([
      'messages:errors.recipientUnknown',
    ])
    expect((await send({ recipientIds: [muter.id], body: 'Hi' })).status).toBe(302)

    const tag = await BrandTag.create({ brandId: brand.id, label: 'Blocked and muted' })
    await MemberTag.create({ brandId: brand.id, userId: blocker.id, tagId: tag.id })
    await MemberTag.create({ brandId: brand.id, userId: muter.id, tagId: tag.id })
    const sent = await send({ tagIds: [tag.id], body: 'To the tag' })
    const people = await ConversationParticipant.findAll({ where: { conversationId: conversationId(sent.location) } })
    expect(people.map((person) => person.userId).sort()).toEqual([sender.id, muter.id].sort())
  })

  it('a block since a direct conversation began refuses replies in it both ways, like an unreachable recipient; a tag conversation stays open', async () => {
    const { UserBlock } = await import('#models/index')
    const later = await makeUser({ name: 'Lee Later' })
    await grantRole(later, brand)
    const sent = await send({ recipientIds: [later.id], body: 'Before the block' })
    const id = conversationId(sent.location)
    const tag = await BrandTag.create({ brandId: brand.id, label: 'Later and reader' })
    await MemberTag.create({ brandId: brand.id, userId: later.id, tagId: tag.id })
    const tagged = conversationId((await send({ tagIds: [tag.id], body: 'To the tag' })).location)
    await UserBlock.create({ brandId: brand.id, userId: later.id, targetUserId: sender.id, kind: 'block' })

    const before = await counts()
    for (const [user, label] of [
      [sender, 'the blocked one'],
      [later, 'the blocker'],
    ] as const) {
      const result = await conversationRoute.action(
        await as(user, `messages/${id}`, { conversationId: id }, { body: 'After the block' }),
      )
      expect(initOf(result).status, label).toBe(400)
      const reply = unwrap(result) as {
        result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
      }
      expect(reply.result.error?.['']).toEqual(['messages:errors.recipientUnknown'])
      expect(reply.result.initialValue?.body).toBe('After the block')
    }
    expect(await counts()).toEqual(before)
    // A conversation with a tag is not a direct one: the sender may still write in it.
    const inTag = await thrownResponse(
      conversationRoute.action(
        await as(sender, `messages/${tagged}`, { conversationId: tagged }, { body: 'Still here' }),
      ),
    )
    expect(inTag.status).toBe(302)
  })
})

describe('the sidebar’s unread count (the community layout’s loader)', () => {
  it('shows a member their unread messages, leaves out the conversation being opened, and reads nothing for guests and non-members', async () => {
    const layout = await import('#app/routes/$brand._community')
    const counted = await makeUser({ name: 'Cory Counted' })
    const outsider = await makeUser({ name: 'Otto Outsider' })
    await grantRole(counted, brand)
    const first = conversationId((await send({ recipientIds: [counted.id], body: 'One' })).location)
    await send({ recipientIds: [counted.id], body: 'Two' })
    const tag = await BrandTag.create({ brandId: brand.id, label: 'Counted' })
    await MemberTag.create({ brandId: brand.id, userId: counted.id, tagId: tag.id })
    await send({ tagIds: [tag.id], body: 'Three' })
    const unread = async (user: User | null, path = 'members', params: Record<string, string> = {}) =>
      unwrap(await layout.loader(await as(user, path, params))).unread
    expect(await unread(counted)).toBe(3)
    expect(await unread(counted, `messages/${first}`, { conversationId: first })).toBe(1)
    expect(await unread(null)).toBeNull()
    expect(await unread(outsider)).toBeNull()
  })
})
