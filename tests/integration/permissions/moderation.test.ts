// The permission matrix for the review queue (held posts wait in a review queue that moderators
// clear; the role catalogue's moderate-community-posts, "Review held posts and remove
// others' posts", held by owners, admins and moderators). So owners, admins and moderators open
// /{brand}/admin/moderation and approve or reject; members, users, viewers, guests, developers,
// the pending, the archived and people of other communities are denied; a signed-out visitor is
// asked to sign in. The admin area's frame (its layout) opens to the same three: a moderator sees
// only the queue there.
import { beforeAll } from 'vitest'
import { loader as layoutLoader } from '#app/routes/$brand._community.admin'
import { action as queueAction, loader as queueLoader } from '#app/routes/$brand._community.admin.moderation/route'
import { Post } from '#models/index'
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

const MODERATORS = ['owner', 'admin', 'moderator'] as const satisfies readonly Persona[]
const queue = (w: MatrixWorld) => `/${w.brand.slug}/admin/moderation`
const params = (w: MatrixWorld) => ({ brand: w.brand.slug })

/** A fresh held post by a member, so each row starts from the same state. */
const heldPost = (w: MatrixWorld) =>
  Post.create({
    brandId: w.brand.id,
    contextRoomId: w.brand.topLevelRoomId!,
    authorId: w.people.member.id,
    message: '<p>held</p>',
    status: 'held',
    moderationScore: 90,
  })

function decide(decision: 'approve' | 'reject') {
  return async (w: MatrixWorld, p: Persona) => {
    const post = await heldPost(w)
    return queueAction(
      await argsAs(w, p, queue(w), params(w), {
        method: 'POST',
        body: new URLSearchParams({ decision, ids: post.id }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    )
  }
}

describeMatrix(
  'the review queue',
  [
    {
      name: 'GET /{brand}/admin (layout)',
      run: async (w, p) => layoutLoader((await argsAs(w, p, `/${w.brand.slug}/admin`, params(w))) as never),
      expected: only(MODERATORS),
    },
    {
      name: 'GET /{brand}/admin/moderation',
      run: async (w, p) => queueLoader((await argsAs(w, p, queue(w), params(w))) as never),
      expected: only(MODERATORS),
    },
    { name: 'POST /{brand}/admin/moderation approve', run: decide('approve'), expected: only(MODERATORS) },
    { name: 'POST /{brand}/admin/moderation reject', run: decide('reject'), expected: only(MODERATORS) },
  ],
  () => world,
)
