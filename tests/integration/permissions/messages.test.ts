// The permission matrix for direct messages, written from the product's rules, not from the code: the
// messages drawer is a left-drawer view over the community home ("calls, contacts and messages:
// each opens the left drawer on that view"), so it needs what Home needs ("Home:
// access-community") and a visitor who is not signed in never gets it; a conversation is read and
// written by its participants only (a message has its recipients), whatever their role, so an
// admin or the owner outside it is refused like anyone else. A non-participant's refusal is a 404
// (the address does not reveal that the conversation exists); the table counts it as denied.
import { beforeAll } from 'vitest'

const { startConversation } = await import('#app/lib/messages/conversations.server')
const { Message, MessageAttachment } = await import('#models/index')
const list = await import('#app/routes/$brand._community.messages._index/route')
const newMessage = await import('#app/routes/$brand._community.messages.new/route')
const conversationRoute = await import('#app/routes/$brand._community.messages.$conversationId/route')
const memberFile = await import('#app/routes/$brand.messages.files.$attachmentId')
const live = await import('#app/routes/$brand.messages.live')
const { argsAs, describeMatrix, makeMatrixWorld, only } = await import('../../support/permission-matrix')
type MatrixWorld = import('../../support/permission-matrix').MatrixWorld
type Persona = import('../../support/permission-matrix').Persona

let closed: MatrixWorld
let open: MatrixWorld
/** Per world: a conversation between its owner and its member, with one file. */
const conversations = new Map<MatrixWorld, { id: string; fileId: string }>()

async function withConversation(world: MatrixWorld) {
  const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'a.png')
  const outcome = await startConversation({
    brand: world.brand,
    sender: world.people.owner,
    values: {
      recipientIds: [world.people.member.id],
      tagIds: [],
      externalPhone: undefined,
      body: 'Just us',
      files: [png],
    },
  })
  if (outcome.kind !== 'sent') throw new Error('the conversation was not made')
  // This conversation's file (not the newest of all: both worlds' files may share a timestamp).
  const message = await Message.findOne({ where: { conversationId: outcome.conversationId }, rejectOnEmpty: true })
  const file = await MessageAttachment.findOne({ where: { messageId: message.id }, rejectOnEmpty: true })
  conversations.set(world, { id: outcome.conversationId, fileId: file.id })
}

beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
  await withConversation(closed)
  await withConversation(open)
})

// Everyone with a role in the community (each role's list has access-community).
const MEMBERS = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
// The two people in the conversation.
const PARTICIPANTS = ['owner', 'member'] as const

/** A participant-only route refuses with a 404; as a matrix outcome that is a refusal. */
async function participantsOnly(work: Promise<unknown>) {
  try {
    return await work
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 404) throw new Response(null, { status: 403 })
    throw thrown
  }
}

const base = (world: MatrixWorld) => `/${world.brand.slug}/messages`
const params = (world: MatrixWorld, extra: Record<string, string> = {}) => ({ brand: world.brand.slug, ...extra })
const post = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return { method: 'POST', body }
}

const rows = [
  {
    name: 'GET /{brand}/messages',
    run: async (w: MatrixWorld, p: Persona) => list.loader(await argsAs(w, p, base(w), params(w))),
    expected: only(MEMBERS),
  },
  {
    name: 'GET /{brand}/messages/new',
    run: async (w: MatrixWorld, p: Persona) => newMessage.loader(await argsAs(w, p, `${base(w)}/new`, params(w))),
    expected: only(MEMBERS),
  },
  {
    name: 'POST /{brand}/messages/new',
    run: async (w: MatrixWorld, p: Persona) =>
      newMessage.action(
        await argsAs(w, p, `${base(w)}/new`, params(w), post({ recipientIds: w.people.member.id, body: 'Hello' })),
      ),
    expected: only(MEMBERS),
  },
  {
    name: 'GET /{brand}/messages/live',
    run: async (w: MatrixWorld, p: Persona) => {
      const response = await live.loader(await argsAs(w, p, `${base(w)}/live`, params(w)))
      await response.body?.cancel()
      return response
    },
    expected: only(MEMBERS),
  },
  {
    name: 'GET /{brand}/messages/{conversationId}',
    run: async (w: MatrixWorld, p: Persona) => {
      const { id } = conversations.get(w)!
      return participantsOnly(
        conversationRoute.loader(await argsAs(w, p, `${base(w)}/${id}`, params(w, { conversationId: id }))),
      )
    },
    expected: only(PARTICIPANTS),
  },
  {
    name: 'POST /{brand}/messages/{conversationId}',
    run: async (w: MatrixWorld, p: Persona) => {
      const { id } = conversations.get(w)!
      return participantsOnly(
        conversationRoute.action(
          await argsAs(w, p, `${base(w)}/${id}`, params(w, { conversationId: id }), post({ body: 'Reply' })),
        ),
      )
    },
    expected: only(PARTICIPANTS),
  },
  {
    name: 'GET /{brand}/messages/files/{attachmentId}',
    run: async (w: MatrixWorld, p: Persona) => {
      const { fileId } = conversations.get(w)!
      return participantsOnly(
        memberFile.loader(await argsAs(w, p, `${base(w)}/files/${fileId}`, params(w, { attachmentId: fileId }))),
      )
    },
    expected: only(PARTICIPANTS),
  },
]

describeMatrix('messages, community closed to guests', rows, () => closed)
// Opening the hub and directories to visitors opens no one's messages.
describeMatrix('messages, community open to guests', rows, () => open)
