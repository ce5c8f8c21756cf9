// The permission matrix for drafts and scheduled posts, written from the product's rules, not from the code:
// - "otherwise access-community is needed": the drafts panel has no route permission of its
//   own, so everyone who enters the community has one (owner, admin, moderator, member, user,
//   viewer, guest, developer); not the pending, the archived, outsiders, nor anyone signed out.
// - A draft is a post for later. Keeping one, publishing it or scheduling it is posting
//   (edit-own-posts: owner, admin, moderator, member, user, developer; viewers and guests read).
// - A draft is its author's alone: nobody, whatever their role, publishes, schedules or deletes
//   another person's draft.
import { beforeAll } from 'vitest'
import { saveDraft } from '#app/lib/posts/drafts.server'
import { action as homeAction } from '#app/routes/$brand._community._index'
import { action as draftsAction, loader as draftsLoader } from '#app/routes/$brand._community.drafts/route'
import { initOf } from '../../support/session'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
beforeAll(async () => {
  world = await makeMatrixWorld()
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const WRITERS = ['owner', 'admin', 'moderator', 'member', 'user', 'developer'] as const

/** A refused form (403, or 404 for a draft that is not one's own) answers on the page: it counts as denied. */
async function refusedAsDenied(work: Promise<unknown>) {
  const result = await work
  const status = initOf(result).status
  if (status === 403 || status === 404) throw new Response(null, { status: 403 })
  return result
}

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })
const page = (w: MatrixWorld) => `/${w.brand.slug}/drafts`
/** A fresh draft in the hub by `persona` (the owner's for a visitor who has no account). */
const draftOf = (w: MatrixWorld, persona: Persona) =>
  saveDraft(w.brand, w.people[persona === 'anonymous' ? 'owner' : persona].id, {
    contextRoomId: w.brand.topLevelRoomId!,
    message: `Draft by ${persona}`,
  })
const onDrafts = async (w: MatrixWorld, p: Persona, fields: Record<string, string>) =>
  refusedAsDenied(draftsAction(await argsAs(w, p, page(w), { brand: w.brand.slug }, form(fields))))
const future = '2099-01-01T10:00'

describeMatrix(
  'drafts and scheduled posts',
  [
    {
      name: 'GET /{brand}/drafts',
      run: async (w, p) => draftsLoader(await argsAs(w, p, page(w), { brand: w.brand.slug })),
      expected: only(COMMUNITY),
    },
    {
      name: 'POST /{brand} save a draft in the hub',
      run: async (w, p) =>
        refusedAsDenied(
          homeAction(
            await argsAs(
              w,
              p,
              `/${w.brand.slug}`,
              { brand: w.brand.slug },
              form({ intent: 'draft', contextRoomId: w.brand.topLevelRoomId!, message: `By ${p}` }),
            ),
          ),
        ),
      expected: only(WRITERS),
    },
    {
      name: 'POST /{brand}/drafts publish one’s own draft',
      run: async (w, p) => onDrafts(w, p, { intent: 'publish', postId: (await draftOf(w, p)).id }),
      expected: only(WRITERS),
    },
    {
      name: 'POST /{brand}/drafts schedule one’s own draft',
      run: async (w, p) =>
        onDrafts(w, p, { intent: 'schedule', postId: (await draftOf(w, p)).id, publishAt: future, timeZone: 'UTC' }),
      expected: only(WRITERS),
    },
    {
      name: 'POST /{brand}/drafts delete one’s own draft',
      run: async (w, p) => onDrafts(w, p, { intent: 'delete', postId: (await draftOf(w, p)).id }),
      expected: only(COMMUNITY),
    },
    {
      name: 'POST /{brand}/drafts publish another’s draft',
      run: async (w, p) => onDrafts(w, p, { intent: 'publish', postId: (await draftOf(w, 'member')).id }),
      expected: only(['member']),
    },
    {
      name: 'POST /{brand}/drafts schedule another’s draft',
      run: async (w, p) =>
        onDrafts(w, p, {
          intent: 'schedule',
          postId: (await draftOf(w, 'user')).id,
          publishAt: future,
          timeZone: 'UTC',
        }),
      expected: only(['user']),
    },
    {
      name: 'POST /{brand}/drafts delete another’s draft',
      run: async (w, p) => onDrafts(w, p, { intent: 'delete', postId: (await draftOf(w, 'member')).id }),
      expected: only(['member']),
    },
  ],
  () => world,
)
