// Posts and the feed (the post rules and their thrown messages; comments come 3 a page): every rule
// at its boundary, through the routes' real loaders and actions.
import { beforeAll, describe, expect, it } from 'vitest'
import { Post, PostReaction, type Brand, type Room, type User } from '#models/index'
import { childrenOf, createChild, createPost, hubFeed, roomFeed } from '#app/lib/posts/posts.server'
import { PostRuleError } from '#app/lib/posts/post-rules'
import { action as homeAction, loader as homeLoader } from '#app/routes/$brand._community._index'
import { action as postAction, loader as postLoader } from '#app/routes/$brand._community.posts.$postId/route'
import { action as newPostAction, loader as newPostLoader } from '#app/routes/$brand._community.posts.new/route'
import { roomFeedView } from '#app/lib/posts/feed.server'
import { performPersonAction } from '#app/lib/connections/connections.server'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'
import { flashOf } from '#tests/support/flash'

type Reply = {
  formId: string
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}

let brand: Brand
let hub: Room
let announcements: Room
let owner: User
let member: User
let stranger: User
let ownerCookie: string
let memberCookie: string
let strangerCookie: string

beforeAll(async () => {
  ;({ brand, owner, hub, announcements } = await makeCommunity())
  member = await makeUser({ name: 'Mia Member' })
  await grantRole(member, brand)
  stranger = await makeUser()
  ownerCookie = await signedInCookie(owner.id)
  memberCookie = await signedInCookie(member.id)
  strangerCookie = await signedInCookie(stranger.id)
})

function form(path: string, params: Record<string, string>, fields: Record<string, string>, cookie?: string) {
  return routeArgs(
    path,
    { brand: brand.slug, ...params },
    { method: 'POST', body: new URLSearchParams(fields), headers: cookie ? { Cookie: cookie } : {} },
  )
}
const publish = (fields: Record<string, string>, cookie = memberCookie) =>
  homeAction(form(`/${brand.slug}`, {}, { intent: 'post', contextRoomId: hub.id, ...fields }, cookie))
const onPost = (postId: string, fields: Record<string, string>, cookie = memberCookie) =>
  postAction(form(`/${brand.slug}/posts/${postId}`, { postId }, fields, cookie))
const view = async (postId: string, cookie?: string, query = '') =>
  unwrap(
    await postLoader(
      routeArgs(
        `/${brand.slug}/posts/${postId}${query}`,
        { brand: brand.slug, postId },
        { headers: cookie ? { Cookie: cookie } : {} },
      ),
    ),
  )

async function refusal(work: Promise<unknown>) {
  const result = await work
  return { status: initOf(result).status, body: unwrap(result) as unknown as Reply }
}
const count = () => Post.count({ where: { brandId: brand.id } })
const aPost = (fields: Partial<{ message: string; contextRoomId: string; authorId: string }> = {}) =>
  createPost(brand, fields.authorId ?? member.id, {
    contextRoomId: fields.contextRoomId ?? hub.id,
    message: fields.message ?? 'A post',
  })

describe('writing a post on the community home', () => {
  it('publishes it, sanitised, and says so', async () => {
    const response = await thrownResponse(
      publish({ message: 'Hello <b style="color:red">all</b><script>alert(1)</script> https://ok.test/' }),
    )
    expect(response).toRedirectTo(`/${brand.slug}`)
    await expect(response).toHaveFlash({ message: 'posts:flash.posted' })
    const post = await Post.findOne({ where: { authorId: member.id }, order: [['createdAt', 'DESC']] })
    expect(post!.message).toBe('Hello <b>all</b> https://ok.test/')
    expect(post!.status).toBe('published')
  })

  it.each([
    ['an empty message', { message: '' }, 'posts:errors.missingContent'],
    ['only whitespace', { message: '   ' }, 'posts:errors.missingContent'],
    [
      'markup that sanitises to nothing',
      { message: '<script>alert(1)</script><img src=x>' },
      'posts:errors.missingContent',
    ],
    ['a message over 10,000 characters', { message: 'x'.repeat(10_001) }, 'posts:errors.messageTooLong'],
    [
      'a video without its thumbnail',
      { message: '', videoUrl: 'https://ok.test/v.mp4' },
      'posts:errors.missingVideoThumbnail',
    ],
  ])('refuses %s with 400, the spec message and the typed value, writing nothing', async (_, fields, problem) => {
    const before = await count()
    const { status, body } = await refusal(publish(fields))
    expect(status).toBe(400)
    expect(body.formId).toBe('new-post')
    expect(body.result.error?.message).toEqual([problem])
    expect(body.result.initialValue?.message ?? '').toBe(fields.message)
    expect(await count()).toBe(before)
  })

  it('refuses a post without its context room (400, "Missing context room")', async () => {
    const { status, body } = await refusal(
      homeAction(form(`/${brand.slug}`, {}, { intent: 'post', message: 'hi' }, memberCookie)),
    )
    expect(status).toBe(400)
    expect(body.result.error?.['']).toEqual(['posts:errors.missingContextRoom'])
  })

  it('accepts a message at exactly 10,000 characters', async () => {
    await thrownResponse(publish({ message: 'y'.repeat(10_000) }))
    expect(await Post.count({ where: { message: 'y'.repeat(10_000) } })).toBe(1)
  })

  it('lets only moderators post in the announcements room', async () => {
    const before = await count()
    const { status } = await refusal(
      homeAction(
        form(`/${brand.slug}`, {}, { intent: 'post', contextRoomId: announcements.id, message: 'News' }, memberCookie),
      ),
    )
    expect(status).toBe(403)
    expect(await count()).toBe(before)
    await thrownResponse(
      homeAction(
        form(`/${brand.slug}`, {}, { intent: 'post', contextRoomId: announcements.id, message: 'News' }, ownerCookie),
      ),
    )
    expect(await count()).toBe(before + 1)
  })

  it('refuses a room of another community', async () => {
    const { hub: foreign } = await makeCommunity()
    const { status } = await refusal(
      homeAction(form(`/${brand.slug}`, {}, { intent: 'post', contextRoomId: foreign.id, message: 'x' }, memberCookie)),
    )
    expect(status).toBe(403)
  })

  it('asks a guest to sign in', async () => {
    const response = await thrownResponse(
      homeAction(form(`/${brand.slug}`, {}, { intent: 'post', contextRoomId: hub.id, message: 'x' })),
    )
    expect(response).toRedirectTo(/^\/sign-in\?redirectTo=/)
  })
})

describe('the post commands throw the spec messages', () => {
  it.each([
    [{ message: 'x' }, 'posts:errors.missingContextRoom'],
    [{ contextRoomId: 'r', message: 5 }, 'posts:errors.invalidMessage'],
    [{ contextRoomId: 'r', fileUrls: 'a' }, 'posts:errors.invalidFileUrls'],
    [{ contextRoomId: 'r' }, 'posts:errors.missingContent'],
    [{ contextRoomId: 'r', videoUrl: 'https://v.test/v' }, 'posts:errors.missingVideoThumbnail'],
  ])('createPost(%j) throws %s', async (input, problem) => {
    await expect(createPost(brand, member.id, input)).rejects.toEqual(new PostRuleError(problem as never))
  })
  it('a comment needs a parent post, and one that exists in the room', async () => {
    await expect(createChild(brand, member.id, { contextRoomId: hub.id, message: 'x' })).rejects.toThrow(
      'posts:errors.missingParentPost',
    )
    await expect(
      createChild(brand, member.id, { contextRoomId: hub.id, parentPostId: 'nope', message: 'x' }),
    ).rejects.toThrow('posts:errors.missingParentPost')
    const other = await makeRoom(brand)
    const post = await aPost()
    await expect(
      createChild(brand, member.id, { contextRoomId: other.id, parentPostId: post.id, message: 'x' }),
    ).rejects.toThrow('posts:errors.missingParentPost')
  })
  it('a post with only files or a video and thumbnail is accepted', async () => {
    await expect(
      createPost(brand, member.id, { contextRoomId: hub.id, fileUrls: ['https://f.test/a.pdf'] }),
    ).resolves.toBeInstanceOf(Post)
    await expect(
      createPost(brand, member.id, {
        contextRoomId: hub.id,
        videoUrl: 'https://v.test/v',
        videoThumbnailUrl: 'https://v.test/t.png',
      }),
    ).resolves.toBeInstanceOf(Post)
  })
})

describe('comments and replies', () => {
  it('a member comments, then replies to the comment; a reply to a reply joins its comment', async () => {
    const post = await aPost()
    const response = await thrownResponse(
      onPost(post.id, { intent: 'comment', message: 'First!', redirectTo: `/${brand.slug}` }),
    )
    expect(response).toRedirectTo(`/${brand.slug}`)
    await expect(response).toHaveFlash({ message: 'posts:flash.commented' })
    const comment = await Post.findOne({ where: { parentPostId: post.id }, rejectOnEmpty: true })
    expect(
      (await flashOf(await thrownResponse(onPost(comment.id, { intent: 'comment', message: 'Reply' }))))?.message,
    ).toBe('posts:flash.replied')
    const reply = await Post.findOne({ where: { parentPostId: comment.id }, rejectOnEmpty: true })
    await thrownResponse(onPost(reply.id, { intent: 'comment', message: 'Reply to reply' }))
    expect(await Post.count({ where: { parentPostId: comment.id } })).toBe(2)
    expect(await Post.count({ where: { parentPostId: reply.id } })).toBe(0)
  })

  it('refuses an empty comment with 400 on its own form, writing nothing', async () => {
    const post = await aPost()
    const { status, body } = await refusal(onPost(post.id, { intent: 'comment', message: ' ' }))
    expect(status).toBe(400)
    expect(body.formId).toBe(`comment-${post.id}`)
    expect(body.result.error?.message).toEqual(['posts:errors.missingContent'])
    expect(await Post.count({ where: { parentPostId: post.id } })).toBe(0)
  })

  it('asks a guest to sign in to comment (spec: signing in is required)', async () => {
    await brand.update({ publicAccess: { ...brand.publicAccess, hub: true } })
    const post = await aPost()
    const response = await thrownResponse(onPost(post.id, { intent: 'comment', message: 'hi' }, ''))
    expect(response).toRedirectTo(/^\/sign-in/)
    expect(await Post.count({ where: { parentPostId: post.id } })).toBe(0)
    await brand.update({ publicAccess: { ...brand.publicAccess, hub: false } })
  })

  it('pages comments three at a time after lastPostId', async () => {
    const post = await aPost()
    const made: Post[] = []
    for (let n = 0; n < 7; n += 1)
      made.push(await createChild(brand, owner.id, { contextRoomId: hub.id, parentPostId: post.id, message: `c${n}` }))
    const first = await childrenOf(post.id, { viewerId: null, hiddenAuthorIds: [] })
    expect(first.items.map((item) => item.html)).toEqual(['c0', 'c1', 'c2'])
    expect(first.lastPostId).toBe(made[2]!.id)
    const second = await view(post.id, memberCookie, `?lastPostId=${first.lastPostId}`)
    expect(second.comments.map((item) => item.html)).toEqual(['c3', 'c4', 'c5'])
    const third = await childrenOf(post.id, { viewerId: null, hiddenAuthorIds: [], lastPostId: second.lastPostId })
    expect(third.items.map((item) => item.html)).toEqual(['c6'])
    expect(third.lastPostId).toBeNull()
  })

  it('a page of exactly three has no "more"', async () => {
    const post = await aPost()
    for (let n = 0; n < 3; n += 1)
      await createChild(brand, owner.id, { contextRoomId: hub.id, parentPostId: post.id, message: `d${n}` })
    expect((await childrenOf(post.id, { viewerId: null, hiddenAuthorIds: [] })).lastPostId).toBeNull()
  })
})

describe('reactions', () => {
  it('toggle on and off, counted per emoji, marking the viewer’s own', async () => {
    const post = await aPost()
    await thrownResponse(onPost(post.id, { intent: 'react', reaction: 'like' }))
    await thrownResponse(onPost(post.id, { intent: 'react', reaction: 'like' }, ownerCookie))
    await thrownResponse(onPost(post.id, { intent: 'react', reaction: 'celebrate' }))
    let shown = (await view(post.id, memberCookie)).post.reactions.find((reaction) => reaction.emoji === '👍')!
    expect(shown).toEqual({ name: 'like', emoji: '👍', count: 2, mine: true })
    await thrownResponse(onPost(post.id, { intent: 'react', reaction: 'like' }))
    shown = (await view(post.id, memberCookie)).post.reactions.find((reaction) => reaction.emoji === '👍')!
    expect(shown).toEqual({ name: 'like', emoji: '👍', count: 1, mine: false })
    // Another reaction of the same person stays what it was.
    expect(
      (await view(post.id, memberCookie)).post.reactions.find((reaction) => reaction.name === 'celebrate'),
    ).toEqual({ name: 'celebrate', emoji: '🎉', count: 1, mine: true })
  })
  it('refuses an emoji outside the set with 400, writing nothing', async () => {
    const post = await aPost()
    const { status } = await refusal(onPost(post.id, { intent: 'react', reaction: '👍' }))
    expect(status).toBe(400)
    expect(await PostReaction.count({ where: { postId: post.id } })).toBe(0)
  })
})

describe('pins, promotion and removal', () => {
  it('the owner pins a post to the top of the feed; a member may not', async () => {
    const pinned = await aPost({ message: 'pin me' })
    await aPost({ message: 'newer' })
    const { status } = await refusal(onPost(pinned.id, { intent: 'pin', pinned: 'true' }))
    expect(status).toBe(403)
    expect((await pinned.reload()).pinned).toBe(false)
    expect(
      (await flashOf(await thrownResponse(onPost(pinned.id, { intent: 'pin', pinned: 'true' }, ownerCookie))))?.message,
    ).toBe('posts:flash.pinned')
    const feed = await roomFeed(hub.id, { viewerId: null, hiddenAuthorIds: [] })
    expect(feed.posts[0]!.id).toBe(pinned.id)
  })

  it('shows authors as the community shows names: abbreviated when it asks', async () => {
    const post = await aPost({ message: 'short names' })
    const author = async () =>
      (await roomFeed(hub.id, { viewerId: null, hiddenAuthorIds: [] })).posts.find((item) => item.id === post.id)!
        .author.name
    expect(await author()).toBe('Mia Member')
    await brand.update({ displayAbbreviatedUserNames: true })
    try {
      expect(await author()).toBe('Mia M.')
    } finally {
      await brand.update({ displayAbbreviatedUserNames: false })
    }
  })

  it('refuses a pin without its status (400)', async () => {
    const post = await aPost()
    expect((await refusal(onPost(post.id, { intent: 'pin' }, ownerCookie))).status).toBe(400)
  })

  it('a promoted group post shows on the hub feed to those the group admits only', async () => {
    const closedGroup = await makeRoom(brand, { membersOnly: true, members: [member.id, owner.id] })
    const post = await aPost({ contextRoomId: closedGroup.id, message: 'from the circle' })
    await thrownResponse(onPost(post.id, { intent: 'promote', promoted: 'true' }, ownerCookie))
    expect((await post.reload()).promotedBy).toBe(owner.id)
    const asMember = await hubFeed(brand, { viewerId: member.id, hasCommunityAccess: true, hiddenAuthorIds: [] })
    expect(asMember.posts.some((item) => item.id === post.id)).toBe(true)
    const other = await makeUser()
    await grantRole(other, brand)
    const asOther = await hubFeed(brand, { viewerId: other.id, hasCommunityAccess: true, hiddenAuthorIds: [] })
    expect(asOther.posts.some((item) => item.id === post.id)).toBe(false)
  })

  it('an author removes their own post; another member may not', async () => {
    const post = await aPost({ authorId: owner.id })
    expect((await refusal(onPost(post.id, { intent: 'remove' }))).status).toBe(403)
    const mine = await aPost()
    const response = await thrownResponse(onPost(mine.id, { intent: 'remove' }))
    expect(response).toRedirectTo(`/${brand.slug}`)
    expect((await mine.reload()).deleted).toBe(true)
    const gone = await thrownResponse(
      postLoader(
        routeArgs(
          `/${brand.slug}/posts/${mine.id}`,
          { brand: brand.slug, postId: mine.id },
          { headers: { Cookie: memberCookie } },
        ),
      ),
    )
    expect(gone).toRedirectTo(`/${brand.slug}/post-not-found`)
  })
})

describe('hidden authors (blocks and mutes)', () => {
  it('leave feeds and threads', async () => {
    const room = await makeRoom(brand)
    const kept = await aPost({ contextRoomId: room.id, message: 'kept' })
    await aPost({ contextRoomId: room.id, authorId: owner.id, message: 'hidden' })
    await createChild(brand, owner.id, { contextRoomId: room.id, parentPostId: kept.id, message: 'hidden comment' })
    const feed = await roomFeed(room.id, { viewerId: member.id, hiddenAuthorIds: [owner.id] })
    expect(feed.posts.map((item) => item.html)).toEqual(['kept'])
    expect(feed.posts[0]!.comments.items).toEqual([])
    expect(feed.posts[0]!.childCount).toBe(0)
  })

  it('leave the community home and a post page once the viewer blocks or mutes them, or is blocked', async () => {
    const { brand: place, hub: placeHub, owner: placeOwner } = await makeCommunity()
    const [author, reader] = [await makeUser(), await makeUser()]
    for (const person of [author, reader]) await grantRole(person, place, 'community-member')
    const post = await createPost(place, author.id, { contextRoomId: placeHub.id, message: 'from the author' })
    const comment = await createChild(place, author.id, {
      contextRoomId: placeHub.id,
      parentPostId: (await createPost(place, placeOwner.id, { contextRoomId: placeHub.id, message: 'owner' })).id,
      message: 'a comment',
    })
    const readerCookie = await signedInCookie(reader.id)
    const homeIds = async () =>
      unwrap(
        await homeLoader(routeArgs(`/${place.slug}`, { brand: place.slug }, { headers: { Cookie: readerCookie } })),
      ).feed!.view.posts.map((item) => item.id)
    const threadOf = async (postId: string) =>
      unwrap(
        await postLoader(
          routeArgs(
            `/${place.slug}/posts/${postId}`,
            { brand: place.slug, postId },
            { headers: { Cookie: readerCookie } },
          ),
        ),
      )
    expect(await homeIds()).toContain(post.id)
    const ownerPost = comment.parentPostId!
    expect(JSON.stringify(await threadOf(ownerPost))).toContain(comment.id)

    // Blocked by the author: their posts and comments are gone, with no notice of the block.
    await performPersonAction({ brandId: place.id, actorId: author.id, intent: 'block', userId: reader.id })
    expect(await homeIds()).not.toContain(post.id)
    expect(JSON.stringify(await threadOf(ownerPost))).not.toContain(comment.id)
    await performPersonAction({ brandId: place.id, actorId: author.id, intent: 'unblock', userId: reader.id })
    expect(await homeIds()).toContain(post.id)
  })

  it('show a comment by someone the viewer muted or blocked as the spec’s notice, with no author or text, on the home feed and the post page', async () => {
    const { brand: place, hub: placeHub, owner: placeOwner } = await makeCommunity()
    const [author, reader, bystander] = [await makeUser({ name: 'Aldo Author' }), await makeUser(), await makeUser()]
    for (const person of [author, reader, bystander]) await grantRole(person, place, 'community-member')
    const parent = await createPost(place, placeOwner.id, { contextRoomId: placeHub.id, message: 'owner' })
    const comment = await createChild(place, author.id, {
      contextRoomId: placeHub.id,
      parentPostId: parent.id,
      message: 'muted words',
    })
    const reply = await createChild(place, bystander.id, {
      contextRoomId: placeHub.id,
      parentPostId: comment.id,
      message: 'a reply to it',
    })
    const ownPost = await createPost(place, author.id, { contextRoomId: placeHub.id, message: 'a post of the author' })
    const cookieOf = async (user: User) => ({ headers: { Cookie: await signedInCookie(user.id) } })
    const homeComments = async (user: User) =>
      unwrap(
        await homeLoader(routeArgs(`/${place.slug}`, { brand: place.slug }, await cookieOf(user))),
      ).feed!.view.posts.find((item) => item.id === parent.id)!.comments.items
    const pageComments = async (user: User) =>
      unwrap(
        await postLoader(
          routeArgs(
            `/${place.slug}/posts/${parent.id}`,
            { brand: place.slug, postId: parent.id },
            await cookieOf(user),
          ),
        ),
      ).comments

    for (const [intent, notice] of [
      ['mute', 'connections:notices.mutedComment'],
      ['block', 'connections:notices.blockedComment'],
    ] as const) {
      await performPersonAction({ brandId: place.id, actorId: reader.id, intent, userId: author.id })
      // Their own posts keep being left out.
      expect(
        unwrap(
          await homeLoader(routeArgs(`/${place.slug}`, { brand: place.slug }, await cookieOf(reader))),
        ).feed!.view.posts.map((item) => item.id),
      ).not.toContain(ownPost.id)
      for (const comments of [await homeComments(reader), await pageComments(reader)]) {
        const shown = comments.find((item) => item.id === comment.id)!
        expect(shown.notice).toBe(notice)
        expect(JSON.stringify(shown)).not.toContain('muted words')
        expect(JSON.stringify(shown)).not.toContain(author.id)
        expect(shown.author.name).toBe('')
      }
      // Its replies by others still show under it.
      expect(
        (await pageComments(reader)).find((item) => item.id === comment.id)!.replies!.items.map((item) => item.id),
      ).toEqual([reply.id])
      // Nobody else sees a notice.
      expect((await pageComments(bystander)).find((item) => item.id === comment.id)).toMatchObject({
        notice: null,
        html: 'muted words',
      })
      await performPersonAction({
        brandId: place.id,
        actorId: reader.id,
        intent: intent === 'mute' ? 'unmute' : 'unblock',
        userId: author.id,
      })
    }
    expect((await pageComments(reader)).find((item) => item.id === comment.id)).toMatchObject({
      notice: null,
      html: 'muted words',
    })
  })
})

describe('the single post view', () => {
  it('is public where the room is: a guest reads a hub post when the hub is open to guests', async () => {
    const post = await aPost({ message: 'for everyone' })
    expect(
      (
        await thrownResponse(
          postLoader(routeArgs(`/${brand.slug}/posts/${post.id}`, { brand: brand.slug, postId: post.id })),
        )
      ).headers.get('Location'),
    ).toMatch(/^\/private/)
    await brand.update({ publicAccess: { ...brand.publicAccess, hub: true } })
    const page = await view(post.id)
    expect(page.post.html).toBe('for everyone')
    expect(page.post.can.comment).toBe(false)
    await brand.update({ publicAccess: { ...brand.publicAccess, hub: false } })
  })
  it('refuses a signed-in stranger a members-only group’s post', async () => {
    const closedGroup = await makeRoom(brand, { membersOnly: true })
    const post = await aPost({ contextRoomId: closedGroup.id, authorId: owner.id })
    const response = await thrownResponse(
      postLoader(
        routeArgs(
          `/${brand.slug}/posts/${post.id}`,
          { brand: brand.slug, postId: post.id },
          { headers: { Cookie: strangerCookie } },
        ),
      ),
    )
    expect(response).toRedirectTo(new RegExp(`^/${brand.slug}/access-denied`))
  })
  it('sends an unknown post, or one of another community, to post-not-found', async () => {
    const { brand: other, owner: otherOwner, hub: otherHub } = await makeCommunity()
    const foreign = await createPost(other, otherOwner.id, { contextRoomId: otherHub.id, message: 'x' })
    for (const postId of ['x'.repeat(36), foreign.id]) {
      const response = await thrownResponse(
        postLoader(
          routeArgs(
            `/${brand.slug}/posts/${postId}`,
            { brand: brand.slug, postId },
            { headers: { Cookie: ownerCookie } },
          ),
        ),
      )
      expect(response).toRedirectTo(`/${brand.slug}/post-not-found`)
    }
  })
  it('builds video players from links, by id only', async () => {
    const post = await aPost({ message: 'watch https://youtu.be/dQw4w9WgXcQ' })
    expect((await view(post.id, memberCookie)).post.embeds).toEqual([
      { provider: 'youtube', id: 'dQw4w9WgXcQ', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    ])
  })
})

describe('the community home', () => {
  it('shows the hub feed, newest first, with the composer for a member and not for a viewer', async () => {
    const post = await aPost({ message: 'on the home' })
    const home = unwrap(
      await homeLoader(routeArgs(`/${brand.slug}`, { brand: brand.slug }, { headers: { Cookie: memberCookie } })),
    )
    expect(home.feed!.view.canPost).toBe(true)
    expect(home.feed!.view.posts.some((item) => item.id === post.id)).toBe(true)
    const viewer = await makeUser()
    await grantRole(viewer, brand, 'community-viewer')
    const asViewer = unwrap(
      await homeLoader(
        routeArgs(`/${brand.slug}`, { brand: brand.slug }, { headers: { Cookie: await signedInCookie(viewer.id) } }),
      ),
    )
    expect(asViewer.feed!.view.posts.length).toBeGreaterThan(0)
  })
})

describe('a group feed (roomFeedView, composing through /{brand}/posts/new)', () => {
  const newPost = (roomId: string, fields: Record<string, string>, cookie = memberCookie) =>
    newPostAction(
      form(`/${brand.slug}/posts/new?room=${roomId}`, {}, { intent: 'post', contextRoomId: roomId, ...fields }, cookie),
    )

  it('publishes into the group and goes back to the group page', async () => {
    const group = await makeRoom(brand)
    const response = await thrownResponse(
      newPost(group.id, { message: 'In the group', redirectTo: `/${brand.slug}/groups/${group.slug}` }),
    )
    expect(response).toRedirectTo(`/${brand.slug}/groups/${group.slug}`)
    const feed = await roomFeedView(brand, group, member.id, { hiddenAuthorIds: [], page: 0 })
    expect(feed.posts.map((post) => post.html)).toEqual(['In the group'])
    expect(feed.canPost).toBe(true)
  })

  it('shows a refused post on the composer page: 400, the message, the typed value and the way back', async () => {
    const group = await makeRoom(brand)
    const { status, body } = await refusal(
      newPost(group.id, { message: ' ', redirectTo: `/${brand.slug}/groups/${group.slug}` }),
    )
    expect(status).toBe(400)
    expect(body.result.error?.message).toEqual(['posts:errors.missingContent'])
    expect(body.result.initialValue?.redirectTo).toBe(`/${brand.slug}/groups/${group.slug}`)
    expect(await Post.count({ where: { contextRoomId: group.id } })).toBe(0)
  })

  it('refuses a viewer (403) and answers 404 for an unknown room', async () => {
    const group = await makeRoom(brand)
    const viewer = await makeUser()
    await grantRole(viewer, brand, 'community-viewer')
    const viewerCookie = await signedInCookie(viewer.id)
    expect(
      initOf(
        await newPostLoader(
          routeArgs(
            `/${brand.slug}/posts/new?room=${group.id}`,
            { brand: brand.slug },
            { headers: { Cookie: viewerCookie } },
          ),
        ),
      ).status,
    ).toBe(403)
    expect((await refusal(newPost(group.id, { message: 'x' }, viewerCookie))).status).toBe(403)
    expect(
      (
        await thrownResponse(
          newPostLoader(
            routeArgs(
              `/${brand.slug}/posts/new?room=nope`,
              { brand: brand.slug },
              { headers: { Cookie: memberCookie } },
            ),
          ),
        )
      ).status,
    ).toBe(404)
  })
})
