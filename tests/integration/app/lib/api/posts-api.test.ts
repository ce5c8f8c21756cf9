// The JSON API's post calls (docs/api.md#posts), through their routes
// with real Requests: each call's success, the 400 messages, 401 signed out, 403/404 across
// communities, the blocks and mutes filter, and paging.
import { beforeAll, describe, expect, it } from 'vitest'
import { Post, UserBlock, type Brand, type Room, type User } from '#models/index'
import * as posts from '#app/routes/api.posts._index'
import * as onePost from '#app/routes/api.posts.$id'
import * as comments from '#app/routes/api.posts.comments'
import * as replies from '#app/routes/api.posts.comments.replies'
import * as draftRoute from '#app/routes/api.posts.draft'
import * as pinned from '#app/routes/api.posts.pinned.$id'
import * as postPins from '#app/routes/api.post-pins.$id'
import * as drafts from '#app/routes/api.drafts._index'
import * as draftCount from '#app/routes/api.drafts.count'
import * as oneDraft from '#app/routes/api.drafts.$id'
import * as hubFeed from '#app/routes/api.activityhubfeed'
import * as activityFeed from '#app/routes/api.activityfeed'
import * as reactions from '#app/routes/api.post-reactions._index'
import * as oneReaction from '#app/routes/api.post-reactions.$id'
import { createPost } from '#app/lib/posts/posts.server'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { apiCall } from '#tests/support/api-call'

let brand: Brand
let hub: Room
let owner: User
let member: User
let other: User
let outsider: User
let otherHub: Room

beforeAll(async () => {
  ;({ brand, owner, hub } = await makeCommunity())
  member = await makeUser()
  other = await makeUser()
  await grantRole(member, brand)
  await grantRole(other, brand)
  const second = await makeCommunity()
  outsider = second.owner
  otherHub = second.hub
})

const newPost = (as: User | null, body: unknown) => apiCall(posts.action, '/api/posts', { as, body })

describe('POST /api/posts', () => {
  it('writes a post in a room the author may post in, and answers it', async () => {
    const answer = await newPost(member, { contextRoomId: hub.id, message: '<p>Hello <script>x</script>world</p>' })
    expect(answer.status).toBe(201)
    expect(answer.body.post).toMatchObject({
      roomId: hub.id,
      author: { id: member.id },
      html: '<p>Hello world</p>',
      parentPostId: null,
    })
  })

  it.each([
    [{ message: 'Hi' }, 'missingContextRoom', 'Missing context room'],
    [{ contextRoomId: 'HUB' }, 'missingContent', 'Missing message/file URLs/video URL'],
    [{ contextRoomId: 'HUB', message: 5 }, 'invalidMessage', 'Invalid message'],
    [{ contextRoomId: 'HUB', fileUrls: 'https://x.test/a.png' }, 'invalidFileUrls', 'Invalid file URLs'],
    [
      { contextRoomId: 'HUB', videoUrl: 'https://x.test/v.mp4' },
      'missingVideoThumbnail',
      'Missing video thumbnail URL',
    ],
    [{ contextRoomId: 'HUB', parentPostId: '', message: 'Hi' }, 'missingParentPost', 'Missing parent post'],
  ])('answers 400 with the spec message for %j', async (body, error, message) => {
    // The room is made in beforeAll, after the table is read: HUB stands for it.
    const answer = await newPost(member, JSON.parse(JSON.stringify(body).replace('"HUB"', JSON.stringify(hub.id))))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error, message })
  })

  it("says it in the requester's language", async () => {
    const answer = await apiCall(posts.action, '/api/posts', {
      as: member,
      body: { message: 'Hi' },
      headers: { 'Accept-Language': 'es' },
    })
    expect(answer.body).toEqual({ error: 'missingContextRoom', message: 'Falta la sala de contexto' })
  })

  it("refuses the signed out (401), another community's member (403), a form post (415) and an unknown room (404)", async () => {
    expect((await newPost(null, { contextRoomId: hub.id, message: 'Hi' })).status).toBe(401)
    const across = await newPost(member, { contextRoomId: otherHub.id, message: 'Hi' })
    expect(across.status).toBe(403)
    expect(across.body.error).toBe('noPostPermission')
    const form = await apiCall(posts.action, '/api/posts', {
      as: member,
      body: 'contextRoomId=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(form).toMatchObject({ status: 415, body: { error: 'notJson' } })
    expect((await newPost(member, { contextRoomId: 'A'.repeat(36), message: 'Hi' })).status).toBe(404)
    expect(await Post.count({ where: { contextRoomId: otherHub.id } })).toBe(0)
  })

  it('writes a comment with parentPostId, and a reply to it', async () => {
    const post = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Parent' })
    const comment = await newPost(member, { contextRoomId: hub.id, parentPostId: post.id, message: 'A comment' })
    expect(comment.status).toBe(201)
    expect(comment.body.post.parentPostId).toBe(post.id)
    const reply = await newPost(other, {
      contextRoomId: hub.id,
      parentPostId: comment.body.post.id,
      message: 'A reply',
    })
    expect(reply.body.post.parentPostId).toBe(comment.body.post.id)
  })
})

describe('GET /api/posts and the comments', () => {
  it("reads a room's feed and one of its posts, to those the room admits", async () => {
    const post = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Readable' })
    const feed = await apiCall(posts.loader, `/api/posts?contextRoomId=${hub.id}&pageNumber=0`, { as: member })
    expect(feed.status).toBe(200)
    expect(feed.body.posts.map((item: { id: string }) => item.id)).toContain(post.id)
    const one = await apiCall(posts.loader, `/api/posts?contextRoomId=${hub.id}&postId=${post.id}`, { as: member })
    expect(one.body.post).toMatchObject({ id: post.id, html: 'Readable' })
    expect((await apiCall(posts.loader, `/api/posts?contextRoomId=${hub.id}`, { as: null })).status).toBe(401)
    expect((await apiCall(posts.loader, `/api/posts?contextRoomId=${hub.id}`, { as: outsider })).status).toBe(403)
    expect(await apiCall(posts.loader, '/api/posts', { as: member })).toMatchObject({
      status: 400,
      body: { message: 'Missing context room' },
    })
    expect(
      (await apiCall(posts.loader, `/api/posts?contextRoomId=${hub.id}&pageNumber=x`, { as: member })).status,
    ).toBe(400)
  })

  it('leaves out the posts of people the reader blocked or muted, and of those who blocked them', async () => {
    const muted = await makeUser()
    const blocker = await makeUser()
    await grantRole(muted, brand)
    await grantRole(blocker, brand)
    const reader = await makeUser()
    await grantRole(reader, brand)
    const mutedPost = await createPost(brand, muted.id, { contextRoomId: hub.id, message: 'Muted' })
    const blockerPost = await createPost(brand, blocker.id, { contextRoomId: hub.id, message: 'Blocker' })
    await UserBlock.create({ brandId: brand.id, userId: reader.id, targetUserId: muted.id, kind: 'mute' })
    await UserBlock.create({ brandId: brand.id, userId: blocker.id, targetUserId: reader.id, kind: 'block' })
    const feed = await apiCall(posts.loader, `/api/posts?contextRoomId=${hub.id}`, { as: reader })
    const ids = feed.body.posts.map((item: { id: string }) => item.id)
    expect(ids).not.toContain(mutedPost.id)
    expect(ids).not.toContain(blockerPost.id)
    expect(
      (await apiCall(posts.loader, `/api/posts?contextRoomId=${hub.id}&postId=${mutedPost.id}`, { as: reader })).status,
    ).toBe(404)
    const hubAnswer = await apiCall(hubFeed.loader, `/api/activityhubfeed?brandId=${brand.id}`, { as: reader })
    expect(hubAnswer.body.posts.map((item: { id: string }) => item.id)).not.toContain(mutedPost.id)
  })

  it('pages comments three at a time after lastPostId, or `limit` at a time', async () => {
    const post = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Thread' })
    for (const n of [1, 2, 3, 4])
      await newPost(member, { contextRoomId: hub.id, parentPostId: post.id, message: `Comment ${n}` })
    const first = await apiCall(
      comments.loader,
      `/api/posts/comments?contextRoomId=${hub.id}&parentPostId=${post.id}`,
      { as: member },
    )
    expect(first.status).toBe(200)
    expect(first.body.items.map((item: { html: string }) => item.html)).toEqual(['Comment 1', 'Comment 2', 'Comment 3'])
    const second = await apiCall(
      comments.loader,
      `/api/posts/comments?contextRoomId=${hub.id}&parentPostId=${post.id}&lastPostId=${first.body.lastPostId}`,
      { as: member },
    )
    expect(second.body).toMatchObject({ items: [{ html: 'Comment 4' }], lastPostId: null })
    const all = await apiCall(
      comments.loader,
      `/api/posts/comments?contextRoomId=${hub.id}&parentPostId=${post.id}&limit=10`,
      { as: member },
    )
    expect(all.body.items).toHaveLength(4)
    const reply = await newPost(other, {
      contextRoomId: hub.id,
      parentPostId: first.body.items[0].id,
      message: 'Reply',
    })
    const repliesAnswer = await apiCall(
      replies.loader,
      `/api/posts/comments/replies?contextRoomId=${hub.id}&parentPostId=${first.body.items[0].id}`,
      { as: member },
    )
    expect(repliesAnswer.body.items.map((item: { id: string }) => item.id)).toEqual([reply.body.post.id])
  })

  it('answers the spec messages for a thread without its room or parent, and refuses other communities', async () => {
    const post = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Thread' })
    expect(
      (await apiCall(comments.loader, `/api/posts/comments?parentPostId=${post.id}`, { as: member })).body.message,
    ).toBe('Missing context room')
    expect(
      (await apiCall(comments.loader, `/api/posts/comments?contextRoomId=${hub.id}`, { as: member })).body.message,
    ).toBe('Missing parent post')
    expect(
      (
        await apiCall(comments.loader, `/api/posts/comments?contextRoomId=${otherHub.id}&parentPostId=${post.id}`, {
          as: member,
        })
      ).body.message,
    ).toBe('Missing parent post')
    expect(
      (
        await apiCall(comments.loader, `/api/posts/comments?contextRoomId=${hub.id}&parentPostId=${post.id}`, {
          as: outsider,
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await apiCall(comments.loader, `/api/posts/comments?contextRoomId=${hub.id}&parentPostId=${post.id}`, {
          as: null,
        })
      ).status,
    ).toBe(401)
  })
})

describe('PUT and DELETE /api/posts/{id}, pinning', () => {
  const put = (as: User | null, id: string, body: unknown) =>
    apiCall(onePost.action, `/api/posts/${id}`, { as, method: 'PUT', body, params: { id } })

  it('lets the author change a post under the same rules, and nobody else', async () => {
    const post = await createPost(brand, member.id, { contextRoomId: hub.id, message: 'Before' })
    const changed = await put(member, post.id, { contextRoomId: hub.id, message: 'After' })
    expect(changed.status).toBe(200)
    expect(changed.body.post.html).toBe('After')
    expect(await put(member, post.id, { contextRoomId: hub.id })).toMatchObject({
      status: 400,
      body: { message: 'Missing message/file URLs/video URL' },
    })
    expect(await put(member, post.id, { message: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'Missing context room' },
    })
    expect(await put(member, 'bad', { contextRoomId: hub.id, message: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'Missing id' },
    })
    expect((await put(other, post.id, { contextRoomId: hub.id, message: 'Mine now' })).status).toBe(403)
    expect((await put(outsider, post.id, { contextRoomId: hub.id, message: 'Mine now' })).status).toBe(403)
    expect((await put(null, post.id, { contextRoomId: hub.id, message: 'Mine now' })).status).toBe(401)
    expect((await Post.findByPk(post.id))!.message).toBe('After')
  })

  it('removes a post for its author or a moderator only', async () => {
    const post = await createPost(brand, member.id, { contextRoomId: hub.id, message: 'Remove me' })
    const remove = (as: User | null) =>
      apiCall(onePost.action, `/api/posts/${post.id}`, { as, method: 'DELETE', params: { id: post.id } })
    expect((await remove(other)).status).toBe(403)
    expect((await remove(outsider)).status).toBe(403)
    expect((await remove(member)).status).toBe(204)
    expect((await Post.findByPk(post.id))!.deleted).toBe(true)
    expect((await remove(member)).status).toBe(404)
  })

  it('pins with pinned (and roomId on post-pins), for moderators', async () => {
    const post = await createPost(brand, member.id, { contextRoomId: hub.id, message: 'Pin me' })
    const pin = (as: User, body: unknown) =>
      apiCall(pinned.action, `/api/posts/pinned/${post.id}`, { as, method: 'PUT', body, params: { id: post.id } })
    expect(await pin(owner, {})).toMatchObject({
      status: 400,
      body: { error: 'missingPinnedStatus', message: 'Missing pinned status' },
    })
    expect((await pin(member, { pinned: true })).status).toBe(403)
    expect(await pin(owner, { pinned: true })).toMatchObject({ status: 200, body: { id: post.id, pinned: true } })
    const viaPins = (body: unknown) =>
      apiCall(postPins.action, `/api/post-pins/${post.id}`, { as: owner, method: 'PUT', body, params: { id: post.id } })
    expect(await viaPins({ pinned: false })).toMatchObject({ status: 400, body: { message: 'Missing room ID' } })
    expect((await viaPins({ pinned: false, roomId: otherHub.id })).status).toBe(404)
    expect(await viaPins({ pinned: false, roomId: hub.id })).toMatchObject({ status: 200, body: { pinned: false } })
    expect((await Post.findByPk(post.id))!.pinned).toBe(false)
  })

  it('answers a read on a write-only address with 405', async () => {
    expect((await apiCall(onePost.loader, `/api/posts/x`, { as: member, params: { id: 'x' } })).status).toBe(405)
  })
})

describe('drafts', () => {
  it("keeps, lists, counts, schedules and deletes one's own drafts", async () => {
    const saved = await apiCall(draftRoute.action, '/api/posts/draft', {
      as: member,
      body: { contextRoomId: hub.id, message: 'Later' },
    })
    expect(saved.status).toBe(201)
    const id = saved.body.draft.id as string
    const listed = await apiCall(drafts.loader, `/api/drafts?brandId=${brand.id}`, { as: member })
    expect(listed.body.drafts.map((draft: { id: string }) => draft.id)).toContain(id)
    expect(
      (await apiCall(draftCount.loader, `/api/drafts/count?brandId=${brand.id}`, { as: member })).body,
    ).toMatchObject({ drafts: 1, scheduled: 0, count: 1 })
    const schedule = (as: User, body: unknown, draftId = id) =>
      apiCall(oneDraft.action, `/api/drafts/${draftId}`, { as, method: 'PUT', body, params: { id: draftId } })
    expect(await schedule(member, {})).toMatchObject({
      status: 400,
      body: { error: 'missingScheduledTime', message: 'Missing scheduled post time' },
    })
    expect(await schedule(member, { draftPostTime: 'tomorrow' })).toMatchObject({
      status: 400,
      body: { message: 'Missing scheduled post time' },
    })
    expect(
      await schedule(member, { draftPostTime: new Date(Date.now() + 3600_000).toISOString() }, 'nope'),
    ).toMatchObject({ status: 400, body: { message: 'Missing draft post id' } })
    expect((await schedule(member, { draftPostTime: new Date(Date.now() - 60_000).toISOString() })).status).toBe(400)
    expect((await schedule(other, { draftPostTime: new Date(Date.now() + 3600_000).toISOString() })).status).toBe(404)
    const at = new Date(Date.now() + 3600_000).toISOString()
    expect(await schedule(member, { draftPostTime: at })).toMatchObject({
      status: 200,
      body: { status: 'scheduled', publishAt: at },
    })
    expect(
      (await apiCall(draftCount.loader, `/api/drafts/count?brandId=${brand.id}`, { as: member })).body,
    ).toMatchObject({ scheduled: 1 })
    expect(
      (await apiCall(oneDraft.action, `/api/drafts/${id}`, { as: other, method: 'DELETE', params: { id } })).status,
    ).toBe(404)
    expect(
      (await apiCall(oneDraft.action, `/api/drafts/${id}`, { as: member, method: 'DELETE', params: { id } })).status,
    ).toBe(204)
  })

  it('refuses drafts where one may not post, and the signed out', async () => {
    expect(
      (
        await apiCall(draftRoute.action, '/api/posts/draft', {
          as: member,
          body: { contextRoomId: otherHub.id, message: 'x' },
        })
      ).status,
    ).toBe(403)
    expect(await apiCall(draftRoute.action, '/api/posts/draft', { as: member, body: { message: 'x' } })).toMatchObject({
      status: 400,
      body: { message: 'Missing context room' },
    })
    expect((await apiCall(drafts.loader, `/api/drafts?brandId=${brand.id}`, { as: null })).status).toBe(401)
    expect((await apiCall(drafts.loader, `/api/drafts?brandId=${brand.id}`, { as: outsider })).status).toBe(403)
    expect((await apiCall(drafts.loader, '/api/drafts', { as: member })).body.error).toBe('missingCommunity')
  })
})

describe('reactions and the hub feed', () => {
  it("adds, lists and removes one's own reactions", async () => {
    const post = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'React' })
    const added = await apiCall(reactions.action, '/api/post-reactions', {
      as: member,
      body: { post: post.id, emoji: 'like' },
    })
    expect(added.status).toBe(201)
    expect(
      (await apiCall(reactions.action, '/api/post-reactions', { as: member, body: { post: post.id, emoji: 'shrug' } }))
        .body.error,
    ).toBe('badReaction')
    expect(
      (await apiCall(reactions.action, '/api/post-reactions', { as: outsider, body: { post: post.id, emoji: 'like' } }))
        .status,
    ).toBe(403)
    const listed = await apiCall(reactions.loader, `/api/post-reactions?post=${post.id}`, { as: other })
    expect(listed.body.reactions).toEqual([expect.objectContaining({ userId: member.id, name: 'like', emoji: '👍' })])
    const id = added.body.reaction.id as string
    expect(
      (await apiCall(oneReaction.action, `/api/post-reactions/${id}`, { as: other, method: 'DELETE', params: { id } }))
        .status,
    ).toBe(404)
    expect(
      (await apiCall(oneReaction.action, `/api/post-reactions/${id}`, { as: member, method: 'DELETE', params: { id } }))
        .status,
    ).toBe(204)
  })

  it("reads the community home's feed by brandId and pageNumber", async () => {
    const post = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Home' })
    const feed = await apiCall(hubFeed.loader, `/api/activityhubfeed?brandId=${brand.id}&pageNumber=0`, { as: member })
    expect(feed.status).toBe(200)
    expect(feed.body.posts.map((item: { id: string }) => item.id)).toContain(post.id)
    expect((await apiCall(hubFeed.loader, `/api/activityhubfeed?brandId=${brand.id}`, { as: outsider })).status).toBe(
      403,
    )
    expect(
      (await apiCall(hubFeed.loader, `/api/activityhubfeed?brandId=${'B'.repeat(36)}`, { as: member })).status,
    ).toBe(404)
  })

  it("reads every room's posts the reader may read with activityfeed, and none of a closed group's", async () => {
    const open = await makeRoom(brand)
    const closed = await makeRoom(brand, { membersOnly: true, members: [owner.id] })
    const inOpen = await createPost(brand, owner.id, { contextRoomId: open.id, message: 'Open group' })
    const inClosed = await createPost(brand, owner.id, { contextRoomId: closed.id, message: 'Closed group' })
    const inHub = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Hub' })
    const feed = await apiCall(activityFeed.loader, `/api/activityfeed?brandId=${brand.id}&pageNumber=0`, {
      as: member,
    })
    expect(feed.status).toBe(200)
    const ids = feed.body.posts.map((item: { id: string }) => item.id)
    expect(ids.slice(0, 2)).toEqual([inHub.id, inOpen.id])
    expect(ids).not.toContain(inClosed.id)
    expect((await apiCall(activityFeed.loader, `/api/activityfeed?brandId=${brand.id}`, { as: outsider })).status).toBe(
      403,
    )
    expect((await apiCall(activityFeed.loader, `/api/activityfeed?brandId=${brand.id}`, { as: null })).status).toBe(401)
  })
})

describe('the JSON wrapper', () => {
  it("answers a wrong method, a torn or oversized body and a non-object in JSON, in the signed-in person's language", async () => {
    expect(await apiCall(posts.action, '/api/posts', { as: member, method: 'PATCH', body: {} })).toMatchObject({
      status: 405,
      body: { error: 'methodNotAllowed' },
    })
    expect(await apiCall(posts.action, '/api/posts', { as: member, body: '{"contextRoomId":' })).toMatchObject({
      status: 400,
      body: { error: 'badRequest' },
    })
    expect(await apiCall(posts.action, '/api/posts', { as: member, body: '[1]' })).toMatchObject({
      status: 400,
      body: { error: 'notAnObject' },
    })
    expect(
      await apiCall(posts.action, '/api/posts', { as: member, body: JSON.stringify({ message: 'x'.repeat(70_000) }) }),
    ).toMatchObject({ status: 413, body: { error: 'tooLarge' } })
    const portuguese = await makeUser({ preferredLanguage: 'pt' })
    await grantRole(portuguese, brand)
    const answer = await apiCall(posts.action, '/api/posts', {
      as: portuguese,
      body: { message: 'Oi' },
      headers: { 'Accept-Language': 'es' },
    })
    // Their own choice wins over the browser's.
    expect(answer.body).toEqual({ error: 'missingContextRoom', message: 'Sala de contexto ausente' })
  })
})
