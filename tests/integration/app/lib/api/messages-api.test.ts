// The JSON API's message calls (docs/api.md#messages), through their routes with real
// Requests: starting and continuing conversations, the list, one conversation and its events, the
// unread count and the last-read event, ensure-user-conversation; the form's 400 messages, 401
// signed out, 403 in another community, 404 for someone else's conversation, blocks.
import { beforeAll, describe, expect, it } from 'vitest'
import { ConversationParticipant, Message, UserBlock, type Brand, type User } from '#models/index'
import * as conversations from '#app/routes/api.messages.conversations._index'
import * as external from '#app/routes/api.messages.conversations.external'
import * as oneConversation from '#app/routes/api.messages.conversations.$id._index'
import * as events from '#app/routes/api.messages.conversations.$id.events'
import * as unread from '#app/routes/api.messages.conversations.unread-event-count'
import * as lastRead from '#app/routes/api.messages.conversations.last-read-event'
import * as ensure from '#app/routes/api.messages.conversations.ensure-user-conversation'
import * as ensureUsers from '#app/routes/api.messages.conversations.ensure-users-conversation'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { apiCall } from '#tests/support/api-call'

let brand: Brand
let alice: User
let bob: User
let carol: User
let outsider: User

beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  alice = await makeUser()
  bob = await makeUser()
  carol = await makeUser()
  for (const person of [alice, bob, carol]) await grantRole(person, brand)
  outsider = (await makeCommunity()).owner
})

const send = (as: User | null, body: Record<string, unknown>) =>
  apiCall(conversations.action, '/api/messages/conversations', { as, body: { brandId: brand.id, ...body } })
const read = (as: User | null, id: string) =>
  apiCall(oneConversation.loader, `/api/messages/conversations/${id}`, { as, params: { id } })

describe('POST /api/messages/conversations', () => {
  it('starts a conversation, continues it with `conversation`, and shows it to its participants only', async () => {
    const started = await send(alice, { recipients: [bob.id], message: 'Hello Bob' })
    expect(started.status).toBe(201)
    const id = started.body.conversationId as string
    const again = await send(bob, { conversation: id, message: 'Hi Alice' })
    expect(again).toMatchObject({ status: 201, body: { conversationId: id } })

    const view = await read(bob, id)
    expect(view.status).toBe(200)
    expect(view.body.messages.map((message: { body: string }) => message.body)).toEqual(['Hello Bob', 'Hi Alice'])
    // Someone else's conversation does not exist for them; another community refuses; signed out is 401.
    expect(await read(carol, id)).toMatchObject({ status: 404, body: { error: 'notFound' } })
    expect((await read(outsider, id)).status).toBe(403)
    expect((await read(null, id)).status).toBe(401)
    expect((await send(carol, { conversation: id, message: 'Let me in' })).status).toBe(404)
    expect(await Message.count({ where: { conversationId: id } })).toBe(2)
  })

  it.each([
    [{ message: 'Nobody' }, 'recipientRequired'],
    [{ recipients: ['BOB'] }, 'bodyRequired'],
    [{ recipients: ['BOB'], message: 42 }, 'invalidMessage'],
    [{ recipients: ['BOB'], message: 'x', fileUrls: ['https://x.test/a.png'] }, 'attachmentsNotProvided'],
    [{ recipients: ['BOB'], message: 'x', brandId: null }, 'missingCommunity'],
  ])('answers 400 for %j', async (body, error) => {
    // The people are made in beforeAll, after the table is read: BOB stands for Bob.
    const answer = await send(alice, JSON.parse(JSON.stringify(body).replace('"BOB"', JSON.stringify(bob.id))))
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe(error)
    expect(typeof answer.body.message).toBe('string')
  })

  it("refuses a recipient who blocked the sender, someone of another community, the signed out and another community's member", async () => {
    const blocker = await makeUser()
    await grantRole(blocker, brand)
    await UserBlock.create({ brandId: brand.id, userId: blocker.id, targetUserId: alice.id, kind: 'block' })
    expect((await send(alice, { recipients: [blocker.id], message: 'Hi' })).body.error).toBe('recipientUnknown')
    expect((await send(alice, { recipients: [outsider.id], message: 'Hi' })).body.error).toBe('recipientUnknown')
    expect((await send(null, { recipients: [bob.id], message: 'Hi' })).status).toBe(401)
    expect((await send(outsider, { recipients: [bob.id], message: 'Hi' })).status).toBe(403)
  })

  it('writes to someone outside the community by email, and checks the address', async () => {
    const call = (body: Record<string, unknown>) =>
      apiCall(external.action, '/api/messages/conversations/external', {
        as: carol,
        body: { brandId: brand.id, ...body },
      })
    expect(
      (await call({ name: 'Dana', emailAddress: 'dana@outside.test', phoneNumber: '+12025550123', message: 'Hi' })).body
        .error,
    ).toBe('emailOrPhone')
    expect((await call({ emailAddress: 'dana@outside.test', message: 'Hi' })).body.error).toBe('externalNameRequired')
    const sent = await call({ name: 'Dana', emailAddress: 'dana@outside.test', message: 'Hello Dana' })
    expect(sent.status).toBe(201)
    expect(
      await ConversationParticipant.count({
        where: { conversationId: sent.body.conversationId, emailAddress: 'dana@outside.test' },
      }),
    ).toBe(1)
  })
})

describe('reading conversations', () => {
  it('lists mine by page, counts unread, marks read, and pages the events newest first', async () => {
    const reader = await makeUser()
    await grantRole(reader, brand)
    const first = await send(alice, { recipients: [reader.id], message: 'One' })
    const id = first.body.conversationId as string
    await send(alice, { conversation: id, message: 'Two' })

    const list = await apiCall(conversations.loader, `/api/messages/conversations?brandId=${brand.id}&page=0`, {
      as: reader,
    })
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({
      page: 0,
      more: false,
      conversations: [{ id, unread: 2, lastMessage: { body: 'Two' } }],
    })
    const count = () =>
      apiCall(unread.loader, `/api/messages/conversations/unread-event-count?brandId=${brand.id}`, { as: reader })
    expect((await count()).body).toEqual({ count: 2 })

    const marked = await apiCall(lastRead.action, '/api/messages/conversations/last-read-event', {
      as: reader,
      body: { conversation: id },
    })
    expect(marked).toMatchObject({ status: 200, body: { conversationId: id, unread: 0 } })
    expect((await count()).body).toEqual({ count: 0 })
    expect(
      await apiCall(lastRead.action, '/api/messages/conversations/last-read-event', { as: reader, body: {} }),
    ).toMatchObject({ status: 400, body: { error: 'missingConversation' } })
    expect(
      (
        await apiCall(lastRead.action, '/api/messages/conversations/last-read-event', {
          as: carol,
          body: { conversation: id },
        })
      ).status,
    ).toBe(404)

    for (let n = 3; n <= 32; n += 1) await send(alice, { conversation: id, message: `Message ${n}` })
    const newest = await apiCall(events.loader, `/api/messages/conversations/${id}/events`, {
      as: reader,
      params: { id },
    })
    expect(newest.body.events).toHaveLength(30)
    expect(newest.body.events.at(-1).body).toBe('Message 32')
    expect(newest.body.more).toBe(true)
    const older = await apiCall(events.loader, `/api/messages/conversations/${id}/events?page=1`, {
      as: reader,
      params: { id },
    })
    expect(older.body.events.map((event: { body: string }) => event.body)).toEqual(['One', 'Two'])
    expect(
      (await apiCall(events.loader, `/api/messages/conversations/${id}/events`, { as: carol, params: { id } })).status,
    ).toBe(404)
    expect(
      (await apiCall(conversations.loader, `/api/messages/conversations?brandId=${brand.id}`, { as: null })).status,
    ).toBe(401)
    expect(
      (await apiCall(conversations.loader, `/api/messages/conversations?brandId=${brand.id}`, { as: outsider })).status,
    ).toBe(403)
  })

  it('finds or starts the direct conversation of two members (both spellings)', async () => {
    const dan = await makeUser()
    await grantRole(dan, brand)
    const started = await apiCall(ensure.action, '/api/messages/conversations/ensure-user-conversation', {
      as: alice,
      body: { brandId: brand.id, userId: dan.id },
    })
    expect(started.status).toBe(201)
    const found = await apiCall(ensureUsers.action, '/api/messages/conversations/ensure-users-conversation', {
      as: dan,
      body: { brandId: brand.id, userId: alice.id },
    })
    expect(found).toMatchObject({ status: 200, body: { conversationId: started.body.conversationId } })
    // Writing to Dan alone goes on in the same conversation.
    expect((await send(alice, { recipients: [dan.id], message: 'Now with words' })).body.conversationId).toBe(
      started.body.conversationId,
    )
    expect(
      await apiCall(ensure.action, '/api/messages/conversations/ensure-user-conversation', {
        as: alice,
        body: { brandId: brand.id },
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'missingConnectedUser', message: 'Missing connected user' },
    })
    expect(
      (
        await apiCall(ensure.action, '/api/messages/conversations/ensure-user-conversation', {
          as: alice,
          body: { brandId: brand.id, userId: outsider.id },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await apiCall(ensure.action, '/api/messages/conversations/ensure-user-conversation', {
          as: null,
          body: { brandId: brand.id, userId: dan.id },
        })
      ).status,
    ).toBe(401)
  })
})
