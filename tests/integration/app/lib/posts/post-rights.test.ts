// The right to post is asked again when a draft or a scheduled post goes out
// (an archived member's scheduled post goes back to their drafts, with a notice; a publish now
// without the right is refused), and a post's links are http(s) addresses or this site's own paths
// only, through the composer's form and the posts API, and at render for rows stored before.
import { beforeAll, describe, expect, it } from 'vitest'
import { permissionsHeld } from '#models/access'
import { Notification, Post, type Brand, type Room, type User } from '#models/index'
import { performMemberAction } from '#app/lib/members/member-actions.server'
import { publishDraftNow, saveDraft } from '#app/lib/posts/drafts.server'
import { publishDuePosts, publishIfDue } from '#app/lib/posts/post-scheduler.server'
import { createPost, hubFeed } from '#app/lib/posts/posts.server'
import { action as homeAction } from '#app/routes/$brand._community._index'
import { action as draftsAction } from '#app/routes/$brand._community.drafts/route'
import * as posts from '#app/routes/api.posts._index'
import * as draftRoute from '#app/routes/api.posts.draft'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { apiCall } from '#tests/support/api-call'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  formId: string
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}

let brand: Brand
let hub: Room
let announcements: Room
let owner: User
let member: User
let memberCookie: string

beforeAll(async () => {
  ;({ brand, hub, announcements, owner } = await makeCommunity())
  member = await makeUser({ name: 'Rita Rights' })
  await grantRole(member, brand)
  memberCookie = await signedInCookie(member.id)
})

const formArgs = (path: string, fields: Record<string, string>, cookie = memberCookie) =>
  routeArgs(
    path,
    { brand: brand.slug },
    { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: cookie } },
  )
async function refusal(work: Promise<unknown>) {
  const result = await work
  return { status: initOf(result).status, body: unwrap(result) as unknown as Reply }
}
const statusOf = async (id: string) => (await Post.findByPk(id))!.status

/** A post of `author` scheduled for a time already past, written as the drafts page writes it. */
async function dueScheduled(author: User, room: Room = hub, message = 'Scheduled for the morning') {
  const draft = await saveDraft(brand, author.id, { contextRoomId: room.id, message })
  await draft.update({ status: 'scheduled', draftPostTime: new Date(Date.now() - 1_000) })
  return draft
}

describe('a scheduled post whose author may no longer post', () => {
  it('is not published once its author was archived: it is back in their drafts, and they are told', async () => {
    const author = await makeUser({ name: 'Arlo Archived' })
    await grantRole(author, brand)
    const post = await dueScheduled(author)
    const archived = await performMemberAction({
      brand,
      actorId: owner.id,
      held: await permissionsHeld(owner.id, brand.id),
      command: { intent: 'archive', userId: author.id },
    })
    expect(archived.ok).toBe(true)

    expect(await publishIfDue(post.id)).toBe(false)
    const row = (await Post.findByPk(post.id))!
    expect(row.status).toBe('draft')
    expect(row.deleted).toBe(false)
    expect(row.draftPostTime).toBeNull()
    const feed = await hubFeed(brand, { viewerId: null, hasCommunityAccess: false, hiddenAuthorIds: [] })
    expect(feed.posts.map((each) => each.id)).not.toContain(post.id)
    const notices = await Notification.findAll({ where: { recipientId: author.id, kind: 'postReturned' } })
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ brandId: brand.id, postId: post.id, roomId: hub.id })
    // Another pass finds nothing to do with it, and tells them nothing more.
    await publishDuePosts()
    expect(await statusOf(post.id)).toBe('draft')
    expect(await Notification.count({ where: { recipientId: author.id, kind: 'postReturned' } })).toBe(1)
  })

  it('goes back to the drafts too when its room was closed since, while a member in good standing is published', async () => {
    const group = await makeRoom(brand, { hostId: member.id })
    const stranded = await dueScheduled(member, group, 'For a group that closed')
    await group.update({ deleted: true })
    const fine = await dueScheduled(member, hub, 'For the home feed')
    await publishDuePosts()
    expect(await statusOf(stranded.id)).toBe('draft')
    expect(await statusOf(fine.id)).toBe('published')
    expect(
      await Notification.count({ where: { recipientId: member.id, kind: 'postReturned', postId: stranded.id } }),
    ).toBe(1)
  })
})

describe('publishing a draft now without the right to post', () => {
  it('is refused by the command itself, the draft left as it was', async () => {
    // Only those who moderate the announcements room post there: a plain member's draft there stays one.
    const draft = await saveDraft(brand, member.id, { contextRoomId: announcements.id, message: 'Big news' })
    expect(await publishDraftNow(draft)).toBe('refused')
    expect(await statusOf(draft.id)).toBe('draft')
  })

  it('answers the drafts page with 403 and the translated refusal', async () => {
    const draft = await saveDraft(brand, member.id, { contextRoomId: announcements.id, message: 'More big news' })
    const { status, body } = await refusal(
      draftsAction(formArgs(`/${brand.slug}/drafts`, { intent: 'publish', postId: draft.id })),
    )
    expect(status).toBe(403)
    expect(body.result.error?.['']).toEqual(['posts:errors.noPostPermission'])
    expect(await statusOf(draft.id)).toBe('draft')
  })

  it("refuses an archived author's draft too", async () => {
    const author = await makeUser()
    await grantRole(author, brand)
    const draft = await saveDraft(brand, author.id, { contextRoomId: hub.id, message: 'Written before leaving' })
    await performMemberAction({
      brand,
      actorId: owner.id,
      held: await permissionsHeld(owner.id, brand.id),
      command: { intent: 'archive', userId: author.id },
    })
    expect(await publishDraftNow(draft)).toBe('refused')
    expect(await statusOf(draft.id)).toBe('draft')
  })
})

const UNSAFE = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  '/..//evil.example/x',
]
const SAFE = ['https://cdn.example.com/a.pdf', 'http://files.example.org/b.png', '/media/abc/file.pdf']
const THUMB = 'https://cdn.example.com/thumb.jpg'

describe('the links a post carries', () => {
  const publish = (fields: Record<string, string>) =>
    homeAction(
      formArgs(`/${brand.slug}`, { intent: 'post', contextRoomId: hub.id, message: 'See the attachment', ...fields }),
    )
  const count = () => Post.count({ where: { brandId: brand.id } })

  it.each(UNSAFE)('refuses %s as a file through the composer (400, translated, the text kept)', async (link) => {
    const before = await count()
    const { status, body } = await refusal(publish({ fileUrls: link }))
    expect(status).toBe(400)
    expect(Object.values(body.result.error ?? {}).flat()).toContain('posts:errors.unsafeLink')
    expect(body.result.initialValue?.message).toBe('See the attachment')
    expect(await count()).toBe(before)
  })

  it.each(UNSAFE)('refuses %s as a video through the composer', async (link) => {
    const { status, body } = await refusal(publish({ videoUrl: link, videoThumbnailUrl: THUMB }))
    expect(status).toBe(400)
    expect(body.result.error?.videoUrl).toEqual(['posts:errors.unsafeLink'])
  })

  it.each(SAFE)('accepts %s through the composer', async (link) => {
    const response = await thrownResponse(publish({ fileUrls: link, videoUrl: link, videoThumbnailUrl: THUMB }))
    expect(response.status).toBe(302)
    const post = await Post.findOne({ where: { authorId: member.id, videoUrl: link } })
    expect(post!.fileUrls).toEqual([link])
  })

  it.each(UNSAFE)('refuses %s through the posts API and its drafts (400, translated)', async (link) => {
    for (const body of [
      { fileUrls: ['https://ok.example.com/a.pdf', link] },
      { videoUrl: link, videoThumbnailUrl: THUMB },
      { videoUrl: 'https://ok.example.com/v.mp4', videoThumbnailUrl: link },
    ]) {
      const answer = await apiCall(posts.action, '/api/posts', {
        as: member,
        body: { contextRoomId: hub.id, message: 'Hi', ...body },
      })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        error: 'unsafeLink',
        message: 'Links must be web addresses (http:// or https://) or paths on this site (starting with a single /).',
      })
      const draft = await apiCall(draftRoute.action, '/api/posts/draft', {
        as: member,
        body: { contextRoomId: hub.id, message: 'Hi', ...body },
      })
      expect(draft.status).toBe(400)
      expect(draft.body.error).toBe('unsafeLink')
    }
  })

  it("says it in the caller's language through the API", async () => {
    const answer = await apiCall(posts.action, '/api/posts', {
      as: member,
      body: { contextRoomId: hub.id, fileUrls: ['javascript:alert(1)'] },
      headers: { 'Accept-Language': 'es' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/^Los enlaces deben ser direcciones web/)
  })

  it("accepts http(s) addresses and this site's paths through the API", async () => {
    const answer = await apiCall(posts.action, '/api/posts', {
      as: member,
      body: {
        contextRoomId: hub.id,
        fileUrls: SAFE,
        videoUrl: '/media/v/clip.mp4',
        videoThumbnailUrl: '/media/v/clip.jpg',
      },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.post.fileUrls).toEqual(SAFE)
    expect(answer.body.post.video).toEqual({ url: '/media/v/clip.mp4', thumbnailUrl: '/media/v/clip.jpg' })
  })

  it('never hands a stored unsafe link to the page (rows written before the rule)', async () => {
    const old = await createPost(brand, member.id, {
      contextRoomId: hub.id,
      message: 'Old row',
      fileUrls: ['javascript:alert(1)', 'https://ok.example.com/a.pdf'],
      videoUrl: 'data:text/html,x',
      videoThumbnailUrl: THUMB,
    })
    const feed = await hubFeed(brand, { viewerId: member.id, hasCommunityAccess: true, hiddenAuthorIds: [] })
    const shown = feed.posts.find((each) => each.id === old.id)!
    expect(shown.fileUrls).toEqual(['https://ok.example.com/a.pdf'])
    expect(shown.video).toBeNull()
  })
})
