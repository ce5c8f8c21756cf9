// Drafts and scheduled posts (the drafts panel and the schedule-post dialog; a post is a draft,
// scheduled with its draftPostTime, or published; a draft can be rescheduled or deleted; a
// scheduled post needs a time that is valid and in the future; "Missing scheduled post time",
// "Missing draft post id"), through the routes' real loaders and actions.
import { beforeAll, describe, expect, it } from 'vitest'
import { Post, type Brand, type Room, type User } from '#models/index'
import { ScheduleError, saveDraft, schedulePost } from '#app/lib/posts/drafts.server'
import { createPost, hubFeed } from '#app/lib/posts/posts.server'
import { zonedTimeToDate } from '#app/lib/i18n/zoned-time'
import { action as homeAction } from '#app/routes/$brand._community._index'
import { action as draftsAction, loader as draftsLoader } from '#app/routes/$brand._community.drafts/route'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  formId: string
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}

let brand: Brand
let hub: Room
let member: User
let other: User
let memberCookie: string
let otherCookie: string

beforeAll(async () => {
  ;({ brand, hub } = await makeCommunity())
  member = await makeUser({ name: 'Dana Drafter' })
  other = await makeUser({ name: 'Olly Other' })
  await grantRole(member, brand)
  await grantRole(other, brand)
  memberCookie = await signedInCookie(member.id)
  otherCookie = await signedInCookie(other.id)
})

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  routeArgs(
    path,
    { brand: brand.slug },
    { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: cookie } },
  )
const onDrafts = (fields: Record<string, string>, cookie = memberCookie) =>
  draftsAction(post(`/${brand.slug}/drafts`, fields, cookie))
const listFor = async (cookie = memberCookie) =>
  unwrap(await draftsLoader(routeArgs(`/${brand.slug}/drafts`, { brand: brand.slug }, { headers: { Cookie: cookie } })))
const aDraft = (message = 'A draft', authorId = member.id) =>
  saveDraft(brand, authorId, { contextRoomId: hub.id, message })
const state = async (id: string) => (await Post.findByPk(id))!

async function refusal(work: Promise<unknown>) {
  const result = await work
  return { status: initOf(result).status, body: unwrap(result) as unknown as Reply }
}
/** A wall-clock time `ms` from now in UTC, as the datetime-local input sends it. */
const utcLocal = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16)

describe('saving a draft from the composer', () => {
  it('keeps it unpublished, out of the feed, and lands on the drafts panel', async () => {
    const response = await thrownResponse(
      homeAction(
        post(
          `/${brand.slug}`,
          { intent: 'draft', contextRoomId: hub.id, message: 'Not yet <script>x</script>' },
          memberCookie,
        ),
      ),
    )
    expect(response).toRedirectTo(`/${brand.slug}/drafts`)
    await expect(response).toHaveFlash({ message: 'posts:flash.draftSaved' })
    const draft = await Post.findOne({ where: { authorId: member.id }, order: [['createdAt', 'DESC']] })
    expect(draft!.status).toBe('draft')
    expect(draft!.message).not.toContain('script')
    const feed = await hubFeed(brand, { viewerId: member.id, hasCommunityAccess: true, hiddenAuthorIds: [] })
    expect(feed.posts.map((each) => each.id)).not.toContain(draft!.id)
    expect((await listFor()).drafts.map((each) => each.id)).toContain(draft!.id)
  })

  it('refuses an empty draft with 400, the spec message and nothing written', async () => {
    const before = await Post.count()
    const { status, body } = await refusal(
      homeAction(post(`/${brand.slug}`, { intent: 'draft', contextRoomId: hub.id, message: '  ' }, memberCookie)),
    )
    expect(status).toBe(400)
    expect(body.formId).toBe('new-post')
    expect(body.result.error?.message).toEqual(['posts:errors.missingContent'])
    expect(await Post.count()).toBe(before)
  })

  it('refuses a room id that is not an id (a NUL once made SQLite fail) with 400 and nothing written', async () => {
    const before = await Post.count()
    for (const contextRoomId of ['a\u0000b', `${hub.id.slice(0, 35)}'`]) {
      const { status, body } = await refusal(
        homeAction(post(`/${brand.slug}`, { intent: 'draft', contextRoomId, message: 'x' }, memberCookie)),
      )
      expect(status).toBe(400)
      expect(body.result.error?.contextRoomId).toEqual(['posts:errors.badRequest'])
    }
    expect(await Post.count()).toBe(before)
  })
})

describe('drafts are their author’s alone', () => {
  it('lists only one’s own drafts', async () => {
    const mine = await aDraft('Mine')
    const theirs = await aDraft('Theirs', other.id)
    const ids = (await listFor()).drafts.map((each) => each.id)
    expect(ids).toContain(mine.id)
    expect(ids).not.toContain(theirs.id)
  })

  it.each(['publish', 'delete', 'cancel'])(
    'answers %s on someone else’s draft as not found, changing nothing',
    async (intent) => {
      const theirs = await aDraft('Theirs', other.id)
      const { status, body } = await refusal(onDrafts({ intent, postId: theirs.id }))
      expect(status).toBe(404)
      expect(body.result.error?.['']).toEqual(['posts:errors.draftNotFound'])
      expect((await state(theirs.id)).status).toBe('draft')
      expect((await state(theirs.id)).deleted).toBe(false)
    },
  )

  it('answers a schedule of someone else’s draft as not found', async () => {
    const theirs = await aDraft('Theirs', other.id)
    const { status } = await refusal(
      onDrafts({ intent: 'schedule', postId: theirs.id, publishAt: utcLocal(3_600_000), timeZone: 'UTC' }),
    )
    expect(status).toBe(404)
    expect((await state(theirs.id)).status).toBe('draft')
  })

  it('refuses a form without a draft id with the spec message', async () => {
    const { status, body } = await refusal(onDrafts({ intent: 'publish' }))
    expect(status).toBe(400)
    expect(body.result.error?.postId).toEqual(['posts:errors.missingDraftPostId'])
  })
})

describe('scheduling', () => {
  it('schedules a draft for a future time in the chosen zone', async () => {
    const draft = await aDraft()
    const response = await thrownResponse(
      onDrafts({ intent: 'schedule', postId: draft.id, publishAt: '2099-07-01T09:30', timeZone: 'America/New_York' }),
    )
    await expect(response).toHaveFlash({ message: 'posts:flash.scheduled' })
    const after = await state(draft.id)
    expect(after.status).toBe('scheduled')
    // 09:30 in New York in July is 13:30 UTC (daylight saving time, UTC−4).
    expect(after.draftPostTime!.toISOString()).toBe('2099-07-01T13:30:00.000Z')
    expect((await listFor()).scheduled.map((each) => each.id)).toContain(draft.id)
  })

  it('reschedules a scheduled post', async () => {
    const draft = await aDraft()
    await thrownResponse(
      onDrafts({ intent: 'schedule', postId: draft.id, publishAt: '2099-01-01T10:00', timeZone: 'UTC' }),
    )
    await thrownResponse(
      onDrafts({ intent: 'schedule', postId: draft.id, publishAt: '2099-01-02T10:00', timeZone: 'UTC' }),
    )
    expect((await state(draft.id)).draftPostTime!.toISOString()).toBe('2099-01-02T10:00:00.000Z')
  })

  it.each([
    ['a time a minute ago', () => utcLocal(-60_000), 'UTC', 'publishAt', 'posts:errors.scheduleInPast'],
    [
      'a time in the past in another zone',
      () => '2001-01-01T00:00',
      'Asia/Tokyo',
      'publishAt',
      'posts:errors.scheduleInPast',
    ],
    ['no time', () => '', 'UTC', 'publishAt', 'posts:errors.missingScheduledTime'],
    ['a date that does not exist', () => '2099-02-31T10:00', 'UTC', 'publishAt', 'posts:errors.missingScheduledTime'],
    ['an unknown time zone', () => '2099-01-01T10:00', 'Mars/Olympus', 'timeZone', 'posts:errors.invalidTimeZone'],
  ])('refuses %s with 400 and its message, the draft unchanged', async (_, publishAt, timeZone, field, problem) => {
    const draft = await aDraft()
    const { status, body } = await refusal(
      onDrafts({ intent: 'schedule', postId: draft.id, publishAt: publishAt(), timeZone }),
    )
    expect(status).toBe(400)
    expect(body.formId).toBe(`schedule-${draft.id}`)
    expect(body.result.error?.[field]).toEqual([problem])
    expect(body.result.initialValue?.timeZone).toBe(timeZone)
    const after = await state(draft.id)
    expect(after.status).toBe('draft')
    expect(after.draftPostTime).toBeNull()
  })

  it('refuses the present moment and accepts a millisecond later (the boundary)', async () => {
    const draft = await aDraft()
    const now = new Date()
    await expect(schedulePost(draft, now, now)).rejects.toBeInstanceOf(ScheduleError)
    expect((await state(draft.id)).status).toBe('draft')
    await schedulePost(draft, new Date(now.getTime() + 1), now)
    expect((await state(draft.id)).status).toBe('scheduled')
  })

  it('turns wall-clock times into instants across a daylight-saving change', () => {
    expect(zonedTimeToDate('2099-01-15T12:00', 'Europe/Lisbon')!.toISOString()).toBe('2099-01-15T12:00:00.000Z')
    expect(zonedTimeToDate('2099-07-15T12:00', 'Europe/Lisbon')!.toISOString()).toBe('2099-07-15T11:00:00.000Z')
    expect(zonedTimeToDate('2099-01-15T12:00', 'America/Sao_Paulo')!.toISOString()).toBe('2099-01-15T15:00:00.000Z')
    expect(zonedTimeToDate('2099-01-15T25:00', 'UTC')).toBeNull()
  })

  it('cancels a schedule: the post goes back to the drafts', async () => {
    const draft = await aDraft()
    await thrownResponse(
      onDrafts({ intent: 'schedule', postId: draft.id, publishAt: '2099-01-01T10:00', timeZone: 'UTC' }),
    )
    const response = await thrownResponse(onDrafts({ intent: 'cancel', postId: draft.id }))
    await expect(response).toHaveFlash({ message: 'posts:flash.scheduleCancelled' })
    const after = await state(draft.id)
    expect(after.status).toBe('draft')
    expect(after.draftPostTime).toBeNull()
  })
})

describe('publishing now, editing, deleting', () => {
  it('publishes a draft now: it enters the home feed as new', async () => {
    const draft = await aDraft('Out now')
    // Written before this post was: published now, the draft still comes first.
    await createPost(brand, other.id, { contextRoomId: hub.id, message: 'Meanwhile' })
    const response = await thrownResponse(onDrafts({ intent: 'publish', postId: draft.id }))
    expect(response).toRedirectTo(`/${brand.slug}`)
    const after = await state(draft.id)
    expect(after.status).toBe('published')
    expect(after.createdAt.getTime()).toBeGreaterThan(draft.createdAt.getTime())
    const feed = await hubFeed(brand, { viewerId: member.id, hasCommunityAccess: true, hiddenAuthorIds: [] })
    expect(feed.posts[0]!.id).toBe(draft.id)
    // A second click finds nothing left to publish.
    const { status } = await refusal(onDrafts({ intent: 'publish', postId: draft.id }))
    expect(status).toBe(404)
  })

  it('publishes a scheduled post now', async () => {
    const draft = await aDraft()
    await thrownResponse(
      onDrafts({ intent: 'schedule', postId: draft.id, publishAt: '2099-01-01T10:00', timeZone: 'UTC' }),
    )
    await thrownResponse(onDrafts({ intent: 'publish', postId: draft.id }))
    const after = await state(draft.id)
    expect(after.status).toBe('published')
    expect(after.draftPostTime).toBeNull()
  })

  it('edits a draft’s text, sanitised', async () => {
    const draft = await aDraft()
    await thrownResponse(onDrafts({ intent: 'edit', postId: draft.id, message: 'Better <b onclick="x()">now</b>' }))
    expect((await state(draft.id)).message).toBe('Better <b>now</b>')
  })

  it('refuses an edit that leaves no message, keeping the text', async () => {
    const draft = await aDraft('Keep me')
    const { status, body } = await refusal(onDrafts({ intent: 'edit', postId: draft.id, message: '' }))
    expect(status).toBe(400)
    expect(body.result.error?.message).toEqual(['posts:errors.missingContent'])
    expect((await state(draft.id)).message).toBe('Keep me')
  })

  it('deletes a draft: it leaves the panel and is never published', async () => {
    const draft = await aDraft()
    const response = await thrownResponse(onDrafts({ intent: 'delete', postId: draft.id }))
    await expect(response).toHaveFlash({ message: 'posts:flash.draftDeleted' })
    expect((await state(draft.id)).deleted).toBe(true)
    expect((await listFor()).drafts.map((each) => each.id)).not.toContain(draft.id)
  })

  it('lets a member who lost the right to post keep but not publish a draft', async () => {
    const viewer = await makeUser()
    await grantRole(viewer, brand, 'community-viewer')
    const draft = await aDraft('Old draft', viewer.id)
    const { status, body } = await refusal(
      onDrafts({ intent: 'publish', postId: draft.id }, await signedInCookie(viewer.id)),
    )
    expect(status).toBe(403)
    expect(body.result.error?.['']).toEqual(['posts:errors.noPostPermission'])
    expect((await state(draft.id)).status).toBe('draft')
  })
})

describe('the drafts page', () => {
  it('offers the time zones with the community’s first', async () => {
    const data = await listFor(otherCookie)
    expect(data.defaultTimeZone).toBe('UTC')
    expect(data.timeZones).toContain('Europe/Lisbon')
  })
})
