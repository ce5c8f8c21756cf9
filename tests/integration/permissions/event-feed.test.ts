// The permission matrix for an event's activity feed, written from the product's rules, not from
// the code: "Activity feed: activity feed visibility and public posting"; "Co-hosts and admins …
// post content. Co-hosts may post in an event feed when public posting is off."
// - A public event's feed with both settings on is any room's feed: those its room admits read and
//   answer (access-community), those who own posts write (edit-own-posts).
// - Public posting off: only those who moderate it post (moderate-community-posts: owner, admin,
//   moderator; or the event's host and co-hosts); the others still read, comment and react.
// - Feed hidden: the feed is its moderators' alone, to read and to answer.
import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityEvent, type Room, type User } from '#models/index'
import { communityFeed, createPost } from '#app/lib/posts/posts.server'
import { loader as eventPageLoader } from '#app/routes/$brand._community.events.$room._index/route'
import { action as newPostAction } from '#app/routes/$brand._community.posts.new/route'
import { action as postAction, loader as postLoader } from '#app/routes/$brand._community.posts.$postId/route'
import { makeEventRoom, makeUser } from '../../support/factories'
import { unwrap } from '../../support/session'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
  refusedAs403,
} from '../../support/permission-matrix'

type Feed = 'open' | 'hostsPost' | 'hidden'
let world: MatrixWorld
let coHost: User
const events = new Map<Feed, Room>()
beforeAll(async () => {
  world = await makeMatrixWorld()
  coHost = await makeUser({ name: 'Event Co-host' })
  const settings: Record<Feed, { feedVisible: boolean; publicPosting: boolean }> = {
    open: { feedVisible: true, publicPosting: true },
    hostsPost: { feedVisible: true, publicPosting: false },
    hidden: { feedVisible: false, publicPosting: true },
  }
  for (const [feed, values] of Object.entries(settings) as Array<[Feed, (typeof settings)[Feed]]>) {
    const room = await makeEventRoom(world.brand, { name: `Feed ${feed}`, roomType: 'public', coHosts: [coHost.id] })
    await CommunityEvent.create({ roomId: room.id, ...values })
    events.set(feed, room)
  }
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const WRITERS = ['owner', 'admin', 'moderator', 'member', 'user', 'developer'] as const
const MODERATORS = ['owner', 'admin', 'moderator'] as const

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })
const ownerPost = (w: MatrixWorld, feed: Feed) =>
  createPost(w.brand, w.people.owner.id, { contextRoomId: events.get(feed)!.id, message: `In the ${feed} feed` })
const write = async (w: MatrixWorld, p: Persona, feed: Feed) => {
  const room = events.get(feed)!
  const url = `/${w.brand.slug}/posts/new?room=${room.id}`
  return refusedAs403(
    newPostAction(
      await argsAs(w, p, url, { brand: w.brand.slug }, form({ intent: 'post', contextRoomId: room.id, message: p })),
    ),
  )
}
const answer = async (w: MatrixWorld, p: Persona, feed: Feed) => {
  const post = await ownerPost(w, feed)
  const url = `/${w.brand.slug}/posts/${post.id}`
  return refusedAs403(
    postAction(
      await argsAs(w, p, url, { brand: w.brand.slug, postId: post.id }, form({ intent: 'comment', message: 'Hi' })),
    ),
  )
}
const read = async (w: MatrixWorld, p: Persona, feed: Feed) => {
  const post = await ownerPost(w, feed)
  return postLoader(await argsAs(w, p, `/${w.brand.slug}/posts/${post.id}`, { brand: w.brand.slug, postId: post.id }))
}

describeMatrix(
  "an event's activity feed",
  [
    { name: 'post in an open event feed', run: (w, p) => write(w, p, 'open'), expected: only(WRITERS) },
    { name: 'comment in an open event feed', run: (w, p) => answer(w, p, 'open'), expected: only(COMMUNITY) },
    { name: 'post with public posting off', run: (w, p) => write(w, p, 'hostsPost'), expected: only(MODERATORS) },
    { name: 'comment with public posting off', run: (w, p) => answer(w, p, 'hostsPost'), expected: only(COMMUNITY) },
    { name: 'read a post of a hidden feed', run: (w, p) => read(w, p, 'hidden'), expected: only(MODERATORS) },
    { name: 'comment in a hidden feed', run: (w, p) => answer(w, p, 'hidden'), expected: only(MODERATORS) },
    { name: 'post in a hidden feed', run: (w, p) => write(w, p, 'hidden'), expected: only(MODERATORS) },
  ],
  () => world,
)

describe("an event's activity feed, beyond the roles", () => {
  it('its co-host posts when public posting is off, as its host would', async () => {
    const room = events.get('hostsPost')!
    const url = `/${world.brand.slug}/posts/new?room=${room.id}`
    const args = await argsAs(
      { ...world, people: { ...world.people, member: coHost } },
      'member',
      url,
      { brand: world.brand.slug },
      form({ intent: 'post', contextRoomId: room.id, message: 'From the co-host' }),
    )
    await expect(newPostAction(args)).rejects.toMatchObject({ status: 302 })
  })

  it("shows on the event's page with a note where the reader may not post, and not at all when hidden", async () => {
    const page = async (feed: Feed, p: Persona) =>
      unwrap(
        await eventPageLoader(
          await argsAs(world, p, `/${world.brand.slug}/events/${events.get(feed)!.slug}`, {
            brand: world.brand.slug,
            room: events.get(feed)!.slug,
          }),
        ),
      ) as { feed: { canPost: boolean } | null; hostsPostOnly: boolean }
    expect(await page('open', 'member')).toMatchObject({ feed: { canPost: true }, hostsPostOnly: false })
    expect(await page('hostsPost', 'member')).toMatchObject({ feed: { canPost: false }, hostsPostOnly: true })
    expect(await page('hostsPost', 'admin')).toMatchObject({ feed: { canPost: true } })
    expect((await page('hidden', 'member')).feed).toBeNull()
    expect((await page('hidden', 'admin')).feed).not.toBeNull()
  })

  it("keeps a hidden feed's posts out of the community's feed, even for those who run the event", async () => {
    const hidden = await ownerPost(world, 'hidden')
    const shown = await ownerPost(world, 'open')
    const { posts } = await communityFeed(world.brand, {
      viewerId: world.people.owner.id,
      hasCommunityAccess: true,
      hiddenAuthorIds: [],
    })
    const ids = posts.map((post) => post.id)
    expect(ids).toContain(shown.id)
    expect(ids).not.toContain(hidden.id)
  })
})
