// The permission matrix for posts and the feed, written from the product's rules, not from the code:
// - "Public routes: single post": the post's page needs no sign-in of its
//   own; the post is read by whoever its room admits, and the hub's feed by whoever the community
//   home admits (access-community, or everyone when the admins open the hub to guests).
// - "Signing in is required to comment or reply": commenting and reacting need a signed-in person
//   the room admits (every role holding access-community; not the pending, archived or outsiders).
// - Roles: writing a post is owning posts (edit-own-posts: owner, admin, moderator, member, user,
//   developer; viewers and guests read); "Co-hosts and admins … post content": the announcements
//   room takes posts from those who moderate it; pinning, promoting and removing others' posts is
//   moderating (moderate-community-posts: owner, admin, moderator; or the room's co-host).
import { beforeAll } from 'vitest'
import type { Post } from '#models/index'
import { createPost } from '#app/lib/posts/posts.server'
import { action as homeAction } from '#app/routes/$brand._community._index'
import { action as newPostAction, loader as newPostLoader } from '#app/routes/$brand._community.posts.new/route'
import { action as postAction, loader as postLoader } from '#app/routes/$brand._community.posts.$postId/route'
import {
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
  refusedAs403,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: false, members: false, subcommunities: false } })
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const WRITERS = ['owner', 'admin', 'moderator', 'member', 'user', 'developer'] as const
const MODERATORS = ['owner', 'admin', 'moderator'] as const

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })
/** A fresh hub post by the owner, so each row starts from the same state. */
const hubPost = (w: MatrixWorld) =>
  createPost(w.brand, w.people.owner.id, { contextRoomId: w.brand.topLevelRoomId!, message: 'Hello' })
const onPost = async (w: MatrixWorld, p: Persona, post: Post, fields: Record<string, string>) =>
  refusedAs403(
    postAction(
      await argsAs(w, p, `/${w.brand.slug}/posts/${post.id}`, { brand: w.brand.slug, postId: post.id }, form(fields)),
    ),
  )

describeMatrix(
  'posts (hub not open to guests)',
  [
    {
      name: 'GET /{brand}/posts/{id}',
      run: async (w, p) => {
        const post = await hubPost(w)
        return postLoader(
          await argsAs(w, p, `/${w.brand.slug}/posts/${post.id}`, { brand: w.brand.slug, postId: post.id }),
        )
      },
      expected: only(COMMUNITY),
    },
    {
      name: 'POST /{brand} write a post in the hub',
      run: async (w, p) =>
        refusedAs403(
          homeAction(
            await argsAs(
              w,
              p,
              `/${w.brand.slug}`,
              { brand: w.brand.slug },
              form({ intent: 'post', contextRoomId: w.brand.topLevelRoomId!, message: `By ${p}` }),
            ),
          ),
        ),
      expected: only(WRITERS),
    },
    {
      name: 'GET /{brand}/posts/new?room={hub}',
      run: async (w, p) =>
        refusedAs403(
          newPostLoader(
            await argsAs(w, p, `/${w.brand.slug}/posts/new?room=${w.brand.topLevelRoomId}`, { brand: w.brand.slug }),
          ),
        ),
      expected: only(WRITERS),
    },
    {
      name: 'POST /{brand}/posts/new?room={hub}',
      run: async (w, p) =>
        refusedAs403(
          newPostAction(
            await argsAs(
              w,
              p,
              `/${w.brand.slug}/posts/new?room=${w.brand.topLevelRoomId}`,
              { brand: w.brand.slug },
              form({ intent: 'post', contextRoomId: w.brand.topLevelRoomId!, message: `By ${p}` }),
            ),
          ),
        ),
      expected: only(WRITERS),
    },
    {
      name: 'POST /{brand} write a post in the announcements room',
      run: async (w, p) =>
        refusedAs403(
          homeAction(
            await argsAs(
              w,
              p,
              `/${w.brand.slug}`,
              { brand: w.brand.slug },
              form({ intent: 'post', contextRoomId: w.brand.announcementsRoomId!, message: `By ${p}` }),
            ),
          ),
        ),
      expected: only(MODERATORS),
    },
    {
      name: 'POST /{brand}/posts/{id} comment',
      run: async (w, p) => onPost(w, p, await hubPost(w), { intent: 'comment', message: 'Hi' }),
      expected: only(COMMUNITY),
    },
    {
      name: 'POST /{brand}/posts/{id} react',
      run: async (w, p) => onPost(w, p, await hubPost(w), { intent: 'react', reaction: 'like' }),
      expected: only(COMMUNITY),
    },
    {
      name: 'POST /{brand}/posts/{id} pin',
      run: async (w, p) => onPost(w, p, await hubPost(w), { intent: 'pin', pinned: 'true' }),
      expected: only(MODERATORS),
    },
    {
      name: 'POST /{brand}/posts/{id} promote',
      run: async (w, p) => onPost(w, p, await hubPost(w), { intent: 'promote', promoted: 'true' }),
      expected: only(MODERATORS),
    },
    {
      name: 'POST /{brand}/posts/{id} remove another’s post',
      run: async (w, p) => onPost(w, p, await hubPost(w), { intent: 'remove' }),
      expected: only(MODERATORS),
    },
  ],
  () => closed,
)

describeMatrix(
  'posts (hub open to guests)',
  [
    {
      name: 'GET /{brand}/posts/{id}',
      run: async (w, p) => {
        const post = await hubPost(w)
        return postLoader(
          await argsAs(w, p, `/${w.brand.slug}/posts/${post.id}`, { brand: w.brand.slug, postId: post.id }),
        )
      },
      expected: everyone('allowed'),
    },
    // Reading is public; answering still needs a signed-in person the room admits.
    {
      name: 'POST /{brand}/posts/{id} comment',
      run: async (w, p) => onPost(w, p, await hubPost(w), { intent: 'comment', message: 'Hi' }),
      expected: only(COMMUNITY),
    },
  ],
  () => open,
)
