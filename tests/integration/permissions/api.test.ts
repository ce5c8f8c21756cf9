// The permission matrix for the JSON API (docs/decisions/0008-json-api.md): every call answers as
// the page it mirrors does, in JSON. From the product's rules: "Otherwise access-community is needed" (the
// feed, the drafts, messages, contacts and the media library are everyone's with a role in the
// community, never the pending, the archived, another community's people nor the signed out);
// writing a post is the roles that own posts (not viewers and guests); pinning is the moderators';
// a conversation is its participants' only (a message has its recipients), and to anyone else
// it does not exist. A refusal in JSON (401, 403, and 404 where a thing is hidden) counts here as
// the page's refusal.
import { beforeAll } from 'vitest'
import type { Post } from '#models/index'
import * as posts from '#app/routes/api.posts._index'
import * as pinned from '#app/routes/api.posts.pinned.$id'
import * as comments from '#app/routes/api.posts.comments'
import * as hubFeed from '#app/routes/api.activityhubfeed'
import * as activityFeed from '#app/routes/api.activityfeed'
import * as drafts from '#app/routes/api.drafts._index'
import * as conversations from '#app/routes/api.messages.conversations._index'
import * as oneConversation from '#app/routes/api.messages.conversations.$id._index'
import * as connections from '#app/routes/api.user-connections._index'
import * as roomConnections from '#app/routes/api.user-room-connections._index'
import * as media from '#app/routes/api.media._index'
import { createPost } from '#app/lib/posts/posts.server'
import { startConversation } from '#app/lib/messages/conversations.server'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
const conversationOf = new Map<MatrixWorld, string>()

/** A conversation of the owner and the member, which the other personas must not find. */
async function withConversation(world: MatrixWorld) {
  const outcome = await startConversation({
    brand: world.brand,
    sender: world.people.owner,
    values: { recipientIds: [world.people.member.id], tagIds: [], body: 'Private', files: [] } as never,
  })
  if (outcome.kind !== 'sent') throw new Error('the conversation was not started')
  conversationOf.set(world, outcome.conversationId)
}

beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
  await withConversation(closed)
  await withConversation(open)
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const WRITERS = ['owner', 'admin', 'moderator', 'member', 'user', 'developer'] as const
const MODERATORS = ['owner', 'admin', 'moderator'] as const
const PARTICIPANTS = ['owner', 'member'] as const

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
})
/** A hidden thing answers 404 to those who may not have it: in this table, refused. */
const hiddenAsRefused = (response: Response) =>
  refusedAsThrown(response.status === 404 ? new Response(null, { status: 403 }) : response)
const hubPost = (w: MatrixWorld) =>
  createPost(w.brand, w.people.owner.id, { contextRoomId: w.brand.topLevelRoomId!, message: 'Hello' })
const get =
  (
    handler: (args: Awaited<ReturnType<typeof argsAs>>) => Promise<Response>,
    path: (w: MatrixWorld) => string,
    params: (w: MatrixWorld) => Record<string, string> = () => ({}),
  ) =>
  async (w: MatrixWorld, p: Persona) =>
    refusedAsThrown(await handler(await argsAs(w, p, path(w), params(w))))

const community: MatrixRow[] = [
  {
    name: 'GET /api/drafts',
    run: get(drafts.loader, (w) => `/api/drafts?brandId=${w.brand.id}`),
    expected: only(COMMUNITY),
  },
  {
    name: 'POST /api/posts in the hub',
    run: async (w, p) =>
      refusedAsThrown(
        await posts.action(
          await argsAs(w, p, '/api/posts', {}, json('POST', { contextRoomId: w.brand.topLevelRoomId, message: 'Hi' })),
        ),
      ),
    expected: only(WRITERS),
  },
  {
    name: 'POST /api/posts a comment in the hub',
    run: async (w, p) => {
      const post = await hubPost(w)
      return refusedAsThrown(
        await posts.action(
          await argsAs(
            w,
            p,
            '/api/posts',
            {},
            json('POST', { contextRoomId: post.contextRoomId, parentPostId: post.id, message: 'Hi' }),
          ),
        ),
      )
    },
    expected: only(COMMUNITY),
  },
  {
    name: 'PUT /api/posts/pinned/{id}',
    run: async (w, p) => {
      const post: Post = await hubPost(w)
      return refusedAsThrown(
        await pinned.action(
          await argsAs(w, p, `/api/posts/pinned/${post.id}`, { id: post.id }, json('PUT', { pinned: true })),
        ),
      )
    },
    expected: only(MODERATORS),
  },
  {
    name: 'GET /api/messages/conversations',
    run: get(conversations.loader, (w) => `/api/messages/conversations?brandId=${w.brand.id}`),
    expected: only(COMMUNITY),
  },
  {
    name: 'POST /api/messages/conversations',
    run: async (w, p) =>
      refusedAsThrown(
        await conversations.action(
          await argsAs(
            w,
            p,
            '/api/messages/conversations',
            {},
            json('POST', { brandId: w.brand.id, recipients: [w.people.owner.id], message: 'Hi' }),
          ),
        ),
      ),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /api/messages/conversations/{id}',
    run: async (w, p) => {
      const id = conversationOf.get(w)!
      return hiddenAsRefused(
        await oneConversation.loader(await argsAs(w, p, `/api/messages/conversations/${id}`, { id })),
      )
    },
    expected: only(PARTICIPANTS),
  },
  {
    name: 'GET /api/user-connections',
    run: get(connections.loader, (w) => `/api/user-connections?brandId=${w.brand.id}`),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /api/user-room-connections',
    run: get(roomConnections.loader, (w) => `/api/user-room-connections?brandId=${w.brand.id}`),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /api/media',
    run: get(media.loader, (w) => `/api/media?brandId=${w.brand.id}&type=images`),
    expected: only(COMMUNITY),
  },
]

/** The hub's reads (and the activity feed, which holds the hub's posts): a community's people, and anyone once the admins open the hub. */
const hubReads = (openToGuests: boolean): MatrixRow[] => {
  const expected = openToGuests
    ? only([...COMMUNITY, 'pending', 'archived', 'outsider', 'anonymous'] as Persona[])
    : only(COMMUNITY)
  return [
    {
      name: 'GET /api/activityhubfeed',
      run: get(hubFeed.loader, (w) => `/api/activityhubfeed?brandId=${w.brand.id}`),
      expected,
    },
    {
      name: 'GET /api/activityfeed',
      run: get(activityFeed.loader, (w) => `/api/activityfeed?brandId=${w.brand.id}`),
      expected,
    },
    {
      name: 'GET /api/posts in the hub',
      run: get(posts.loader, (w) => `/api/posts?contextRoomId=${w.brand.topLevelRoomId}`),
      expected,
    },
    {
      name: 'GET /api/posts/comments in the hub',
      run: async (w, p) => {
        const post = await hubPost(w)
        return refusedAsThrown(
          await comments.loader(
            await argsAs(w, p, `/api/posts/comments?contextRoomId=${post.contextRoomId}&parentPostId=${post.id}`, {}),
          ),
        )
      },
      expected,
    },
  ]
}

describeMatrix('JSON API, community closed to guests', [...community, ...hubReads(false)], () => closed)
// Opening the hub to visitors opens its feed, and nobody's messages, drafts, contacts or media.
describeMatrix('JSON API, community open to guests', [...community, ...hubReads(true)], () => open)
