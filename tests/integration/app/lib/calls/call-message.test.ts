// Leaving a message for a host (visitors and guests may leave a text or video message for a host:
// full name, company name and mobile phone in some cases, and either text or a video message):
// after their own call was
// missed or declined, a signed-in caller writes as themselves and a guest as someone outside the
// community (name, company, mobile phone); text, video or both; it lands in the host's messages,
// the host's answer reaches the guest by SMS. Not before the call ended untaken, not for someone
// else's call, not empty, not with a file that is no video, and not without end. In a personal room
// (the main brand, where its host is no member), the message reaches the host by mail or SMS with a
// reply link, and the host's answer reaches the caller the same way, neither reading the other's
// address.
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  Conversation,
  ConversationParticipant,
  Message,
  MessageAttachment,
  OutboxMessage,
  RoomCall,
  type Brand,
  type Room,
  type User,
} from '#models/index'
import { newId } from '#models/ids'
import { guestCookie } from '#app/lib/identity/guest-identity.server'
import { env } from '#app/lib/platform/env.server'
import { action as callMessage } from '#app/routes/resources.call-message'
import * as conversationRoute from '#app/routes/$brand._community.messages.$conversationId/route'
import * as replyRoute from '#app/routes/$brand.messages.reply.$token/route'
import * as replyFile from '#app/routes/$brand.messages.reply.$token.files.$attachmentId'
import { claimPersonalRoom } from '#app/lib/rooms/room-claims.server'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { grantRole, makeCommunity, makePersonalRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

const WEBM = new Uint8Array(readFileSync(new URL('../../../../fixtures/tiny.webm', import.meta.url)))

let brand: Brand
let host: User
let caller: User
let room: Room

beforeAll(async () => {
  env.SMTP_URL = undefined
  ;({ brand, owner: host } = await makeCommunity())
  await host.update({ name: 'Hana Host' })
  caller = await makeUser({ name: 'Carla Caller' })
  await grantRole(caller, brand)
  // A personal room: where visitors meet its host, guests included.
  room = await makePersonalRoom(brand, host, { waitingRoom: true })
})

/** Someone at the door: a member by their session, a guest by the signed cookie the room page gave their browser. */
type Caller = { user: User } | { guestId: string }
const callerIdOf = (who: Caller) => ('user' in who ? who.user.id : `guest:${who.guestId}`)
const newGuest = (): Caller => ({ guestId: newId() })

let addresses = 0
/** Each test its own client address unless it says otherwise: the per-address limit is the rate-limit test's. */
const freshAddress = () => `192.0.2.${++addresses}`

async function send(
  who: Caller | null,
  fields: Record<string, string | File>,
  address = freshAddress(),
  to: Room = room,
  brandSlug = brand.slug,
) {
  const form = new FormData()
  form.set('brand', brandSlug)
  form.set('room', to.slug)
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  const headers: Record<string, string> = {}
  if (who && 'user' in who) headers.Cookie = await signedInCookie(who.user.id)
  if (who && 'guestId' in who) headers.Cookie = (await guestCookie.serialize(who.guestId)).split(';')[0]!
  const args = routeArgs('/resources/call-message', {}, { method: 'POST', body: form, headers })
  const response = await callMessage({ ...args, context: { ...args.context, clientAddress: address } })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

let clock = Date.now()
/** A call as the edge leaves it: an ended one has its end time, each later than the one before (as calls follow one another). */
const call = (
  who: Caller,
  status: 'calling' | 'missed' | 'declined' | 'answered' | 'cancelled' = 'missed',
  to: Room = room,
) =>
  RoomCall.create({
    brandId: to.brandId,
    roomId: to.id,
    callerId: callerIdOf(who),
    callerName: 'At the door',
    hostId: to.hostId!,
    status,
    endedAt: status === 'calling' ? null : new Date((clock += 1000)),
  })

const hostConversations = async () => {
  const joined = await ConversationParticipant.findAll({ where: { userId: host.id }, attributes: ['conversationId'] })
  return joined.map((row) => row.conversationId)
}
const hostInbox = async () =>
  Message.findAll({ where: { conversationId: await hostConversations() }, order: [['createdAt', 'ASC']] })

const guestFields = { fullName: 'Gina Guest', company: 'Acme Widgets', phone: '+44 7400 123456' }

describe('a signed-in caller’s message for the host', () => {
  const member = () => ({ user: caller })

  it('waits until the call was missed', async () => {
    await call(member(), 'calling')
    expect(await send(member(), { body: 'Hello?' })).toMatchObject({ status: 409 })
    expect(await hostInbox()).toEqual([])
  })

  it('lands in the host’s messages after a missed call; an empty one is refused', async () => {
    await RoomCall.update(
      { status: 'missed', endedAt: new Date((clock += 1000)) },
      { where: { roomId: room.id, callerId: caller.id } },
    )
    expect(await send(member(), { body: '   ' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { body: ['meeting:callMessage.errors.textOrVideo'] } },
    })
    expect(await send(member(), { body: 'Sorry I missed you, call me back?' })).toEqual({
      status: 200,
      body: { sent: true },
    })
    const inbox = await hostInbox()
    expect(inbox).toHaveLength(1)
    expect(inbox[0]!.body).toBe('Sorry I missed you, call me back?')
    expect((await ConversationParticipant.findByPk(inbox[0]!.senderParticipantId))!.userId).toBe(caller.id)
  })

  it('follows a declined call too, and may be a video', async () => {
    await call(member(), 'declined')
    expect(await send(member(), { video: new File([WEBM], 'hello.webm', { type: 'video/webm' }) })).toEqual({
      status: 200,
      body: { sent: true },
    })
    const last = (await hostInbox()).at(-1)!
    expect(last.body).toBe('')
    const video = await MessageAttachment.findOne({ where: { messageId: last.id, role: 'video' }, rejectOnEmpty: true })
    expect(video.contentType).toBe('video/webm')
  })

  it('is not for a call the host answered', async () => {
    await call(member(), 'answered')
    expect(await send(member(), { body: 'Again?' })).toMatchObject({ status: 409, body: { error: 'not missed' } })
  })
})

describe('a guest’s message for the host', () => {
  it('lands in the host’s messages from someone outside the community, with their company; the host’s answer reaches them by SMS', async () => {
    const guest = newGuest()
    await call(guest, 'missed')
    const before = await hostConversations()
    expect(await send(guest, { ...guestFields, body: 'Could we talk about the order?' })).toEqual({
      status: 200,
      body: { sent: true },
    })

    // The new one (creation times tie within a second on MariaDB: found by what is new, not by order).
    const added = (await hostConversations()).filter((id) => !before.includes(id))
    expect(added).toHaveLength(1)
    const conversation = await Conversation.findByPk(added[0]!, { rejectOnEmpty: true })
    expect(conversation.type).toBe('external')
    const outsider = await ConversationParticipant.findOne({
      where: { conversationId: conversation.id, userId: null },
      rejectOnEmpty: true,
    })
    // The phone as every external recipient's is kept: E.164.
    expect(outsider).toMatchObject({
      name: 'Gina Guest',
      company: 'Acme Widgets',
      phoneNumber: '+447400123456',
      emailAddress: null,
    })
    const message = await Message.findOne({ where: { conversationId: conversation.id }, rejectOnEmpty: true })
    expect(message.senderParticipantId).toBe(outsider.id)
    const mine = await ConversationParticipant.findOne({
      where: { conversationId: conversation.id, userId: host.id },
      rejectOnEmpty: true,
    })
    expect(mine.unreadCount).toBe(1)

    // The host reads it with the company beside the name, and answers.
    const page = unwrap(await conversationRoute.loader(await hostArgs(conversation.id))) as unknown as {
      view: { participants: Array<{ name: string; company: string | null; external: boolean; me: boolean }> }
    }
    expect(page.view.participants.find((person) => !person.me)).toMatchObject({
      name: 'Gina Guest',
      company: 'Acme Widgets',
      external: true,
    })
    const answered = await thrownResponse(
      conversationRoute.action(await hostArgs(conversation.id, { body: 'Of course, tomorrow at ten?' })),
    )
    expect(answered.status).toBe(302)
    const sms = await OutboxMessage.findOne({
      where: { recipient: '+447400123456' },
      order: [['createdAt', 'DESC']],
      rejectOnEmpty: true,
    })
    expect(sms.channel).toBe('sms')
    expect(sms.text).toMatch(new RegExp(`/${brand.slug}/messages/reply/[A-Za-z0-9_-]{36}`))
  })

  it('may be a video (with a company left out)', async () => {
    const guest = newGuest()
    await call(guest, 'declined')
    const { company: _, ...noCompany } = guestFields
    expect(await send(guest, { ...noCompany, video: new File([WEBM], 'clip.webm', { type: 'video/webm' }) })).toEqual({
      status: 200,
      body: { sent: true },
    })
    const last = (await hostInbox()).at(-1)!
    const from = await ConversationParticipant.findByPk(last.senderParticipantId, { rejectOnEmpty: true })
    expect(from).toMatchObject({ userId: null, name: 'Gina Guest', company: null })
    const attachments = await MessageAttachment.findAll({ where: { messageId: last.id } })
    expect(attachments.find((file) => file.role === 'video')).toMatchObject({
      contentType: 'video/webm',
      size: WEBM.byteLength,
    })
  })

  it('refuses bad input field by field, 400, sending nothing', async () => {
    const guest = newGuest()
    await call(guest, 'missed')
    const count = (await hostInbox()).length
    const errorsFor = async (fields: Record<string, string | File>) => {
      const { status, body } = await send(guest, fields)
      expect(status).toBe(400)
      return body.fieldErrors
    }
    // Sent empty: every missing part at once.
    expect(await errorsFor({ fullName: '', company: '', phone: '', body: '' })).toEqual({
      fullName: ['meeting:callMessage.errors.fullName'],
      phone: ['meeting:callMessage.errors.phoneRequired'],
      body: ['meeting:callMessage.errors.textOrVideo'],
    })
    expect(await errorsFor({ ...guestFields, fullName: '', body: 'Hi' })).toEqual({
      fullName: ['meeting:callMessage.errors.fullName'],
    })
    expect(await errorsFor({ ...guestFields, fullName: 'Gina', body: 'Hi' })).toEqual({
      fullName: ['meeting:callMessage.errors.fullName'],
    })
    expect(await errorsFor({ ...guestFields, phone: '', body: 'Hi' })).toEqual({
      phone: ['meeting:callMessage.errors.phoneRequired'],
    })
    expect(await errorsFor({ ...guestFields, phone: '12345', body: 'Hi' })).toEqual({
      phone: ['messages:errors.phoneInvalid'],
    })
    expect(await errorsFor({ ...guestFields, company: 'x'.repeat(101), body: 'Hi' })).toEqual({
      company: ['meeting:callMessage.errors.companyTooLong'],
    })
    expect(await errorsFor({ ...guestFields, body: '  ' })).toEqual({
      body: ['meeting:callMessage.errors.textOrVideo'],
    })
    // A file that is no video, whatever it is called: refused by its content.
    const notVideo = new File([new TextEncoder().encode('%PDF-1.7 not a video')], 'clip.webm', { type: 'video/webm' })
    expect(await errorsFor({ ...guestFields, video: notVideo })).toEqual({ video: ['messages:errors.videoType'] })
    expect(await errorsFor({ ...guestFields, body: 'With a bad video', video: notVideo })).toEqual({
      video: ['messages:errors.videoType'],
    })
    expect(await hostInbox()).toHaveLength(count)
  })

  it('is only for the guest’s own call, once the host did not take it', async () => {
    const guest = newGuest()
    const other = newGuest()
    await call(other, 'missed')
    const count = (await hostInbox()).length
    // No call of their own (another guest's call was missed), and no guest cookie at all.
    expect(await send(guest, { ...guestFields, body: 'Hi' })).toMatchObject({ status: 409 })
    expect(await send(null, { ...guestFields, body: 'Hi' })).toMatchObject({ status: 409 })
    // Their own call: answered, cancelled, or ringing again — nothing to follow up.
    for (const status of ['answered', 'cancelled', 'calling'] as const) {
      await call(guest, status)
      expect(await send(guest, { ...guestFields, body: 'Hi' })).toMatchObject({
        status: 409,
        body: { error: 'not missed' },
      })
    }
    expect(await hostInbox()).toHaveLength(count)
  })

  it('says so when the host cannot receive messages in this community (not a member of it)', async () => {
    const stranger = await makeUser({ name: 'Nora Nonmember' })
    const theirs = await makePersonalRoom(brand, stranger, { waitingRoom: true })
    const guest = newGuest()
    await RoomCall.create({
      brandId: brand.id,
      roomId: theirs.id,
      callerId: callerIdOf(guest),
      callerName: 'Gina',
      hostId: stranger.id,
      status: 'missed',
      endedAt: new Date(),
    })
    expect(await send(guest, { ...guestFields, body: 'Hello?' }, freshAddress(), theirs)).toMatchObject({
      status: 409,
      body: { error: 'host unreachable' },
    })
    expect(await ConversationParticipant.count({ where: { userId: stranger.id } })).toBe(0)
  })

  it('is limited per caller and per client address', async () => {
    const guest = newGuest()
    await call(guest, 'missed')
    const address = freshAddress()
    for (let n = 1; n <= 5; n++)
      expect((await send(guest, { ...guestFields, body: `Message ${n}` }, address)).status).toBe(200)
    const refused = await send(guest, { ...guestFields, body: 'Message 6' }, address)
    expect(refused).toMatchObject({ status: 429, body: { error: 'too many requests' } })
    expect(Number(refused.body.retryAfterSeconds)).toBeGreaterThan(0)
    // A new guest id (a cleared cookie) from the same address: the address's own limit, 20 an hour, still counts.
    for (let n = 6; n <= 20; n++) {
      const another = newGuest()
      await call(another, 'missed')
      expect((await send(another, { ...guestFields, body: `Message ${n}` }, address)).status).toBe(200)
    }
    const fresh = newGuest()
    await call(fresh, 'missed')
    expect((await send(fresh, { ...guestFields, body: 'Message 21' }, address)).status).toBe(429)
    expect((await send(fresh, { ...guestFields, body: 'From elsewhere' })).status).toBe(200)
  })
})

async function hostArgs(conversationId: string, fields?: Record<string, string>) {
  const headers = { Cookie: await signedInCookie(host.id) }
  return routeArgs(
    `/${brand.slug}/messages/${conversationId}`,
    { brand: brand.slug, conversationId },
    fields ? { method: 'POST', body: new URLSearchParams(fields), headers } : { headers },
  )
}

describe('a message left in a personal room (/me/{link})', () => {
  let people = 0
  /** Someone with a claimed personal room at /me/{link}, its waiting room on: no member of the main brand, only its host. */
  async function personalHost(fields: Partial<User> = {}) {
    people++
    const stamp = `${Date.now().toString(36)}-${people}`
    const someone = await makeUser({
      name: `Pia Personal ${people}`,
      emailAddress: `pia-${stamp}@personal.example`,
      phoneNumber: `+1555020${String(people).padStart(4, '0')}`,
      ...fields,
    })
    const { room: theirs } = await claimPersonalRoom(someone, `pia-${stamp}`)
    await theirs.update({ waitingRoom: true })
    return { host: someone, room: theirs }
  }
  const sendTo = (to: Room, who: Caller, fields: Record<string, string | File>) =>
    send(who, fields, freshAddress(), to, MAIN_BRAND_SLUG)
  const seen = new Set<string>()
  /** The one mail or SMS to `recipient` since the last look (creation times tie within a second on MariaDB: found by what is new, not by order). */
  const latestTo = async (recipient: string) => {
    const fresh = (await OutboxMessage.findAll({ where: { recipient } })).filter((row) => !seen.has(row.id))
    expect(fresh).toHaveLength(1)
    seen.add(fresh[0]!.id)
    return fresh[0]!
  }
  const linkOf = (sent: OutboxMessage) => String((sent.meta as { link: string }).link)
  const tokenOf = (link: string) => link.split('/').pop()!
  const replyArgs = (token: string, fields?: Record<string, string>) =>
    routeArgs(
      `/${MAIN_BRAND_SLUG}/messages/reply/${token}`,
      { brand: MAIN_BRAND_SLUG, token },
      fields ? { method: 'POST', body: new URLSearchParams(fields) } : {},
    )
  type ReplyPage = {
    personal: boolean
    view: {
      participants: Array<{ name: string; company: string | null; external: boolean; me: boolean }>
      messages: Array<{ body: string; video: { id: string } | null }>
    }
  }
  const openReply = async (token: string) => unwrap(await replyRoute.loader(replyArgs(token))) as unknown as ReplyPage

  it('from a guest reaches the host by mail with the text, who left it, the video and a reply link; the host reads, watches and answers, and the guest gets the answer by SMS', async () => {
    const { host: pia, room: theirs } = await personalHost()
    const guest = newGuest()
    await call(guest, 'declined', theirs)
    const video = new File([WEBM], 'hello.webm', { type: 'video/webm' })
    expect(
      await sendTo(theirs, guest, {
        ...guestFields,
        phone: '+44 7400 654321',
        body: 'Could we talk about the order?',
        video,
      }),
    ).toEqual({ status: 200, body: { sent: true } })

    // Only mail: the host has a phone too, but one reply link per message.
    expect(await OutboxMessage.count({ where: { recipient: pia.phoneNumber! } })).toBe(0)
    const mail = await latestTo(pia.emailAddress!)
    expect(mail.channel).toBe('mail')
    expect(mail.subject).toBe(`Gina Guest left you a message in ${theirs.name}`)
    expect(mail.text).toContain('Could we talk about the order?')
    expect(mail.text).toContain('Company: Acme Widgets')
    expect(mail.text).toContain('Mobile phone: +447400654321')
    const link = linkOf(mail)
    expect(link).toMatch(new RegExp(`/${MAIN_BRAND_SLUG}/messages/reply/[A-Za-z0-9_-]{36}$`))
    const videoLink = mail.text.match(new RegExp(`${link}/files/(\\S+)`))
    expect(videoLink).not.toBeNull()

    // The host opens the link: no membership, no session.
    const page = await openReply(tokenOf(link))
    expect(page.personal).toBe(true)
    expect(page.view.participants.find((person) => !person.me)).toMatchObject({
      name: 'Gina Guest',
      company: 'Acme Widgets',
    })
    expect(page.view.messages.map((message) => message.body)).toEqual(['Could we talk about the order?'])
    const videoId = page.view.messages[0]!.video!.id
    expect(videoLink![1]).toBe(videoId)
    const watched = await replyFile.loader(
      routeArgs(
        `/${MAIN_BRAND_SLUG}/messages/reply/${tokenOf(link)}/files/${videoId}`,
        { brand: MAIN_BRAND_SLUG, token: tokenOf(link), attachmentId: videoId },
        { headers: { Range: 'bytes=0-9' } },
      ),
    )
    expect(watched.status).toBe(206)
    expect(watched.headers.get('Content-Type')).toBe('video/webm')

    // The host answers; the guest gets it by SMS with a link of their own.
    const answered = await thrownResponse(
      replyRoute.action(replyArgs(tokenOf(link), { body: 'Of course, tomorrow at ten?' })),
    )
    expect(answered.status).toBe(302)
    const sms = await latestTo('+447400654321')
    expect(sms.channel).toBe('sms')
    expect(sms.text).toContain(pia.name!)
    const guestLink = linkOf(sms)
    expect(guestLink).toMatch(new RegExp(`/${MAIN_BRAND_SLUG}/messages/reply/[A-Za-z0-9_-]{36}$`))
    expect(guestLink).not.toBe(link)

    // The guest reads the answer under the host's name; the host's address shows nowhere.
    const theirPage = await openReply(tokenOf(guestLink))
    expect(theirPage.view.messages.map((message) => message.body)).toEqual([
      'Could we talk about the order?',
      'Of course, tomorrow at ten?',
    ])
    // Nobody is a member of the main brand: nobody is marked as from outside it.
    expect(theirPage.view.participants.find((person) => !person.me)).toMatchObject({
      name: pia.name,
      company: null,
      external: false,
    })
    for (const text of [JSON.stringify(theirPage), sms.text]) {
      expect(text).not.toContain(pia.emailAddress!)
      expect(text).not.toContain(pia.phoneNumber!)
    }
    // The guest writes again: the host gets it by mail, with a new link (the first one retired).
    expect(
      (await thrownResponse(replyRoute.action(replyArgs(tokenOf(guestLink), { body: 'Ten is perfect' })))).status,
    ).toBe(302)
    const again = await latestTo(pia.emailAddress!)
    expect(again.text).toContain('Ten is perfect')
    expect(again.text).toContain('wrote to you about a message left in a personal room')
    expect(linkOf(again)).not.toBe(link)
    expect(initOf(await replyRoute.loader(replyArgs(tokenOf(link)))).status).toBe(410)
    // Nothing of it is in the main brand's messages of a member: the host is no participant by account.
    expect(await ConversationParticipant.count({ where: { userId: pia.id } })).toBe(0)
  })

  it('from a signed-in caller reaches the host by mail, and the host’s answer reaches the caller by mail with a reply link', async () => {
    const { host: pia, room: theirs } = await personalHost()
    const member = { user: caller }
    await call(member, 'missed', theirs)
    expect(await sendTo(theirs, member, { body: 'Sorry I missed you' })).toEqual({ status: 200, body: { sent: true } })
    const mail = await latestTo(pia.emailAddress!)
    expect(mail.subject).toBe(`Carla Caller left you a message in ${theirs.name}`)
    expect(mail.text).toContain('Sorry I missed you')
    expect(mail.text).not.toContain('Mobile phone')
    expect(mail.text).not.toContain(caller.emailAddress!)

    const answered = await thrownResponse(
      replyRoute.action(replyArgs(tokenOf(linkOf(mail)), { body: 'Try me at five' })),
    )
    expect(answered.status).toBe(302)
    const answer = await latestTo(caller.emailAddress!)
    expect(answer.channel).toBe('mail')
    expect(answer.text).toContain('Try me at five')
    expect(answer.text).not.toContain(pia.emailAddress!)
    const page = await openReply(tokenOf(linkOf(answer)))
    expect(page.view.messages.map((message) => message.body)).toEqual(['Sorry I missed you', 'Try me at five'])
    expect(page.view.participants.find((person) => !person.me)).toMatchObject({ name: pia.name })
    expect(JSON.stringify(page)).not.toContain(pia.emailAddress!)
  })

  it('reaches a host without email (or who turned mail notifications off) by SMS', async () => {
    for (const fields of [{ emailAddress: null }, { preferenceEmailNotifications: false }]) {
      const { host: pia, room: theirs } = await personalHost(fields)
      const guest = newGuest()
      await call(guest, 'missed', theirs)
      expect(await sendTo(theirs, guest, { ...guestFields, body: 'Call me back please' })).toEqual({
        status: 200,
        body: { sent: true },
      })
      const sms = await latestTo(pia.phoneNumber!)
      expect(sms.channel).toBe('sms')
      expect(sms.text).toContain('Gina Guest (Acme Widgets, +447400123456) left you a message in')
      expect(sms.text).toContain('"Call me back please"')
      expect(sms.text).toMatch(new RegExp(`/${MAIN_BRAND_SLUG}/messages/reply/[A-Za-z0-9_-]{36}$`))
      if (pia.emailAddress) expect(await OutboxMessage.count({ where: { recipient: pia.emailAddress } })).toBe(0)
    }
  })

  it('says the host is unreachable when they have no address they take notifications at; keeps the rules', async () => {
    for (const fields of [
      { emailAddress: null, phoneNumber: null },
      { phoneNumber: null, preferenceEmailNotifications: false },
      { preferenceEmailNotifications: false, preferenceSmsNotifications: false },
    ]) {
      const { room: theirs } = await personalHost(fields)
      const guest = newGuest()
      await call(guest, 'missed', theirs)
      const conversations = await Conversation.count()
      expect(await sendTo(theirs, guest, { ...guestFields, body: 'Hello?' })).toMatchObject({
        status: 409,
        body: { error: 'host unreachable' },
      })
      expect(await Conversation.count()).toBe(conversations)
    }
    const { host: pia, room: theirs } = await personalHost()
    const guest = newGuest()
    await call(guest, 'answered', theirs)
    expect(await sendTo(theirs, guest, { ...guestFields, body: 'Hi' })).toMatchObject({
      status: 409,
      body: { error: 'not missed' },
    })
    await call(guest, 'missed', theirs)
    expect(await sendTo(theirs, guest, { ...guestFields, phone: '12345', body: 'Hi' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { phone: ['messages:errors.phoneInvalid'] } },
    })
    expect(await OutboxMessage.count({ where: { recipient: [pia.emailAddress!, pia.phoneNumber!] } })).toBe(0)
  })
})
