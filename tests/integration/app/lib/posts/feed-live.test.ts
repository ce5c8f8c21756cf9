// Live feeds: GET /{brand}/feed/live?room= streams one event (ids only) per change in
// the room's feed, for whoever may read that feed by the feed pages' own rule; the post commands
// publish them on the 'hearth:feed' bus, a promoted post's also to the hub's feed.
import { beforeAll, describe, expect, it } from 'vitest'

const liveRoute = await import('#app/routes/$brand.feed.live')
const { createChild, createPost, removePost, setPinned, setPromoted, toggleReaction } =
  await import('#app/lib/posts/posts.server')
const { listenToFeed } = await import('#app/lib/posts/feed-events.server')
const { grantRole, makeCommunity, makeRoom, makeUser } = await import('#tests/support/factories')
const { routeArgs, thrownResponse } = await import('#tests/support/route-args')
const { signedInCookie } = await import('#tests/support/session')
type Brand = import('#models/index').Brand
type Room = import('#models/index').Room
type User = import('#models/index').User

let brand: Brand
let hub: Room
let owner: User
let member: User
let stranger: User
let privateGroup: Room

beforeAll(async () => {
  ;({ brand, owner, hub } = await makeCommunity())
  member = await makeUser({ name: 'Mia Member' })
  stranger = await makeUser({ name: 'Sid Stranger' })
  await grantRole(member, brand)
  // A private group of the owner's with Mia in it: other members of the community may not read it.
  privateGroup = await makeRoom(brand, { roomType: 'private', hostId: owner.id, members: [member.id] })
})

async function live(user: User | null, roomId: string) {
  const headers: Record<string, string> = user ? { Cookie: await signedInCookie(user.id) } : {}
  const controller = new AbortController()
  const args = routeArgs(
    `/${brand.slug}/feed/live?room=${encodeURIComponent(roomId)}`,
    { brand: brand.slug },
    { headers, signal: controller.signal },
  )
  return { args, stop: () => controller.abort() }
}

/** Reads the stream's events until `count` have come (the first comment line is skipped). */
async function events(response: Response, count: number): Promise<unknown[]> {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const found: unknown[] = []
  let text = ''
  const deadline = Date.now() + 5_000
  while (found.length < count && Date.now() < deadline) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    const blocks = text.split('\n\n')
    text = blocks.pop()!
    for (const block of blocks) if (block.startsWith('data: ')) found.push(JSON.parse(block.slice(6)))
  }
  reader.releaseLock()
  return found
}

describe('the feed live route', () => {
  it('refuses a feed the viewer may not read: a member outside a private group (403), a guest on a hub that is not public (403), an unknown room (404)', async () => {
    const outsider = await makeUser()
    await grantRole(outsider, brand)
    const refusals = [
      [await live(outsider, privateGroup.id), 403],
      [await live(stranger, privateGroup.id), 403],
      [await live(null, hub.id), 403],
      [await live(member, 'x'.repeat(36)), 404],
      [await live(member, 'not an id'), 404],
    ] as const
    for (const [{ args }, status] of refusals)
      expect((await thrownResponse(liveRoute.loader(args))).status).toBe(status)
  })

  it('streams a new post, a comment, a reaction, a pin and a removal in the room to a member who may read it, ids only', async () => {
    const { args, stop } = await live(member, privateGroup.id)
    const response = await liveRoute.loader(args)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
    const post = await createPost(brand, owner.id, { contextRoomId: privateGroup.id, message: 'For the group' })
    const comment = await createChild(brand, member.id, {
      contextRoomId: privateGroup.id,
      parentPostId: post.id,
      message: 'Nice',
    })
    await toggleReaction(post.id, member.id, 'like')
    await setPinned(post, true)
    await removePost(comment)
    // A post in another room is not this feed's.
    await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Elsewhere' })
    const heard = await events(response, 5)
    stop()
    expect(heard).toEqual([
      { change: 'posted', postId: post.id },
      { change: 'answered', postId: comment.id },
      { change: 'reacted', postId: post.id },
      { change: 'pinned', postId: post.id },
      { change: 'removed', postId: comment.id },
    ])
  })

  it('tells the hub feed of a post promoted to it and of answers to it, and of its unpromoting', async () => {
    const open = await makeRoom(brand, { hostId: owner.id })
    const post = await createPost(brand, owner.id, { contextRoomId: open.id, message: 'Worth promoting' })
    const heard: unknown[] = []
    const stop = listenToFeed(hub.id, (event) => heard.push(event))
    await setPromoted(post, true, owner.id)
    await createChild(brand, member.id, { contextRoomId: open.id, parentPostId: post.id, message: 'Agreed' })
    await setPromoted(post, false, owner.id)
    await toggleReaction(post.id, member.id, 'like') // no longer on the hub feed
    stop()
    expect(heard.map((event) => (event as { change: string }).change)).toEqual(['promoted', 'answered', 'promoted'])
  })
})
