// The tags page and the tag editor (docs/admin-guide.md#tags: active, expired, archived; label and
// expiry rules; create-tags; the messages): every rule at its boundary, through the
// routes' real loaders and actions on the file's own database.
import { beforeAll, describe, expect, it } from 'vitest'
import { BrandTag, MemberTag, RoomTag, type Brand, type User } from '#models/index'
import { expiryDay } from '#app/lib/tags/tag-rules'
import { action as listAction, loader as listLoader } from '#app/routes/$brand._community.tags._index/route'
import { action as editorAction, loader as editorLoader } from '#app/routes/$brand._community.tags.$tagId/route'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}
type Refusal = { intent: string; tagId: string; ids: string[]; error: string }

const DAY = 24 * 3600 * 1000
let brand: Brand
let other: Brand
let owner: User
let ownerCookie: string
let memberCookie: string

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  ;({ brand: other } = await makeCommunity())
  const member = await makeUser()
  await grantRole(member, brand)
  ownerCookie = await signedInCookie(owner.id)
  memberCookie = await signedInCookie(member.id)
})

/** A date input's value `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

function post(
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | string[]>,
  cookie = ownerCookie,
) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return routeArgs(path, { brand: brand.slug, ...params }, { method: 'POST', body, headers: { Cookie: cookie } })
}

const create = (fields: Record<string, string | string[]>, cookie = ownerCookie) =>
  editorAction(post(`/${brand.slug}/tags/new`, { tagId: 'new' }, fields, cookie))
const edit = (tagId: string, fields: Record<string, string | string[]>) =>
  editorAction(post(`/${brand.slug}/tags/${tagId}`, { tagId }, fields))
const listPost = (fields: Record<string, string | string[]>, cookie = ownerCookie, query = '') =>
  listAction(post(`/${brand.slug}/tags${query}`, {}, fields, cookie))
const list = async (tab = 'active', cookie = ownerCookie) =>
  unwrap(
    await listLoader(
      routeArgs(`/${brand.slug}/tags?tab=${tab}`, { brand: brand.slug }, { headers: { Cookie: cookie } }),
    ),
  )

async function refusedWith(work: Promise<unknown>) {
  const result = await work
  return { status: initOf(result).status, body: unwrap(result) as unknown as Reply & Refusal }
}

const count = () => BrandTag.count({ where: { brandId: brand.id } })

describe('creating a tag', () => {
  it('saves label, description, both assignments and the expiry day, and lands on the list with a message', async () => {
    const response = await thrownResponse(
      create({
        label: 'Mentors',
        description: 'People who mentor',
        newMembers: 'on',
        newGroups: 'on',
        expiresOn: dayFromNow(10),
      }),
    )
    expect(response).toRedirectTo(`/${brand.slug}/tags`)
    await expect(response).toHaveFlash({ message: 'tags:flash.created', values: { label: 'Mentors' } })
    const tag = await BrandTag.findOne({ where: { brandId: brand.id, label: 'Mentors' }, rejectOnEmpty: true })
    expect(tag).toMatchObject({ description: 'People who mentor', newMembers: true, newGroups: true, archivedAt: null })
    expect(expiryDay(tag.expiresAt!)).toBe(dayFromNow(10))
  })

  it('accepts a 2-character label and no expiry, and refuses 1 character or none with the label kept out of the database', async () => {
    await thrownResponse(create({ label: 'ab' }))
    expect(await BrandTag.findOne({ where: { brandId: brand.id, label: 'ab' } })).toMatchObject({
      expiresAt: null,
      newMembers: false,
      newGroups: false,
    })
    const before = await count()
    for (const [label, message] of [
      ['a', 'tags:errors.labelTooShort'],
      ['  a  ', 'tags:errors.labelTooShort'],
      ['', 'tags:errors.labelRequired'],
    ] as const) {
      const { status, body } = await refusedWith(create({ label, description: 'kept' }))
      expect(status).toBe(400)
      expect(body.result.error?.label).toEqual([message])
      expect(body.result.initialValue).toMatchObject({ description: 'kept' })
    }
    expect(await count()).toBe(before)
  })

  it('takes an expiry of tomorrow (a full day ahead) and refuses today, a past day or a date that does not exist', async () => {
    await thrownResponse(create({ label: 'Tomorrow', expiresOn: dayFromNow(1) }))
    const before = await count()
    for (const [expiresOn, message] of [
      [dayFromNow(0), 'tags:errors.expiryTooSoon'],
      [dayFromNow(-3), 'tags:errors.expiryTooSoon'],
      ['2031-02-30', 'tags:errors.expiryInvalid'],
      ['next week', 'tags:errors.expiryInvalid'],
    ] as const) {
      const { status, body } = await refusedWith(create({ label: 'Too soon', expiresOn }))
      expect(status).toBe(400)
      expect(body.result.error?.expiresOn).toEqual([message])
    }
    expect(await count()).toBe(before)
  })

  it('tells a member without create-tags the spec’s message, on the page and on a post, and creates nothing', async () => {
    const page = await editorLoader(
      routeArgs(`/${brand.slug}/tags/new`, { brand: brand.slug, tagId: 'new' }, { headers: { Cookie: memberCookie } }),
    )
    expect(initOf(page).status).toBe(403)
    expect(unwrap(page).refusal).toBe('tags:errors.noCreatePermission')
    const before = await count()
    const { status, body } = await refusedWith(create({ label: 'Sneaky' }, memberCookie))
    expect(status).toBe(403)
    expect(body.result.error?.['']).toEqual(['tags:errors.noCreatePermission'])
    expect(await count()).toBe(before)
  })
})

describe('editing a tag', () => {
  it('saves changes, and keeps an expiry that has since passed when the date is not touched', async () => {
    const tag = await BrandTag.create({ brandId: brand.id, label: 'Old news', expiresAt: new Date(Date.now() - DAY) })
    const kept = expiryDay(tag.expiresAt!)
    await thrownResponse(edit(tag.id, { label: 'Old news', description: 'Fixed later', expiresOn: kept }))
    await tag.reload()
    expect(tag.description).toBe('Fixed later')
    expect(expiryDay(tag.expiresAt!)).toBe(kept)
    // A changed date must still be a day ahead.
    const { status, body } = await refusedWith(edit(tag.id, { label: 'Old news', expiresOn: dayFromNow(0) }))
    expect(status).toBe(400)
    expect(body.result.error?.expiresOn).toEqual(['tags:errors.expiryTooSoon'])
  })

  it('clears an expiry when the date is emptied', async () => {
    const tag = await BrandTag.create({
      brandId: brand.id,
      label: 'Clearable',
      expiresAt: new Date(Date.now() + 5 * DAY),
    })
    await thrownResponse(edit(tag.id, { label: 'Clearable', expiresOn: '' }))
    expect((await tag.reload()).expiresAt).toBeNull()
  })

  it('answers 404 for another community’s tag and changes nothing', async () => {
    const foreign = await BrandTag.create({ brandId: other.id, label: 'Theirs' })
    const response = await thrownResponse(edit(foreign.id, { label: 'Mine now' }))
    expect(response.status).toBe(404)
    expect((await foreign.reload()).label).toBe('Theirs')
  })
})

describe('the tags page: active, expired and archived', () => {
  it('lists a tag whose expiry has passed under expired, not active, and counts every tab', async () => {
    const expired = await BrandTag.create({
      brandId: brand.id,
      label: 'Expired one',
      expiresAt: new Date(Date.now() - 1000),
    })
    const live = await BrandTag.create({
      brandId: brand.id,
      label: 'Live one',
      expiresAt: new Date(Date.now() + 1000 * 60),
    })
    const active = await list('active')
    const expiredTab = await list('expired')
    expect(active.listing.rows.map((row) => row.id)).toContain(live.id)
    expect(active.listing.rows.map((row) => row.id)).not.toContain(expired.id)
    expect(expiredTab.listing.rows.find((row) => row.id === expired.id)).toMatchObject({ status: 'expired' })
    expect(active.listing.counts).toEqual(expiredTab.listing.counts)
    expect(active.listing.counts.expired).toBe(expiredTab.listing.rows.length)
  })

  it('archives a tag (out of active, into archived) and restores it as it was', async () => {
    const tag = await BrandTag.create({ brandId: brand.id, label: 'Seasonal', newMembers: true })
    const archived = await thrownResponse(listPost({ intent: 'archive', tagId: tag.id }))
    await expect(archived).toHaveFlash({ message: 'tags:flash.archived', values: { label: 'Seasonal' } })
    expect((await list('archived')).listing.rows.map((row) => row.id)).toContain(tag.id)
    expect((await list('active')).listing.rows.map((row) => row.id)).not.toContain(tag.id)
    const restored = await thrownResponse(listPost({ intent: 'restore', tagId: tag.id }, ownerCookie, '?tab=archived'))
    expect(restored).toRedirectTo(`/${brand.slug}/tags?tab=archived`)
    await tag.reload()
    expect(tag).toMatchObject({ archivedAt: null, newMembers: true, label: 'Seasonal' })
  })

  it('refuses to archive another community’s tag with a 404', async () => {
    const foreign = await BrandTag.create({ brandId: other.id, label: 'Not yours' })
    const { status, body } = await refusedWith(listPost({ intent: 'archive', tagId: foreign.id }))
    expect(status).toBe(404)
    expect(body.error).toBe('tags:errors.notFound')
    expect((await foreign.reload()).archivedAt).toBeNull()
  })

  it('shows members the page but refuses their changes with 403', async () => {
    const page = await list('active', memberCookie)
    expect(page.mayManage).toBe(false)
    const tag = await BrandTag.create({ brandId: brand.id, label: 'Untouchable' })
    const { status, body } = await refusedWith(listPost({ intent: 'archive', tagId: tag.id }, memberCookie))
    expect(status).toBe(403)
    expect(body.error).toBe('tags:errors.noManagePermission')
    expect((await tag.reload()).archivedAt).toBeNull()
  })
})

describe('batch delete', () => {
  it('deletes the ticked tags with their group and member links', async () => {
    const [a, b, keep] = await Promise.all(
      ['Del A', 'Del B', 'Keep'].map((label) => BrandTag.create({ brandId: brand.id, label })),
    )
    const room = await makeRoom(brand)
    await RoomTag.create({ roomId: room.id, tagId: a!.id })
    await MemberTag.create({ brandId: brand.id, userId: owner.id, tagId: b!.id })
    const response = await thrownResponse(listPost({ intent: 'delete', ids: [a!.id, b!.id] }))
    await expect(response).toHaveFlash({ message: 'tags:flash.deleted', values: { count: 2 } })
    expect(await BrandTag.count({ where: { id: [a!.id, b!.id] } })).toBe(0)
    expect(await RoomTag.count({ where: { tagId: a!.id } })).toBe(0)
    expect(await MemberTag.count({ where: { tagId: b!.id } })).toBe(0)
    expect(await BrandTag.findByPk(keep!.id)).not.toBeNull()
  })

  it('deletes a single ticked tag', async () => {
    const one = await BrandTag.create({ brandId: brand.id, label: 'Only one' })
    await thrownResponse(listPost({ intent: 'delete', ids: one.id }))
    expect(await BrandTag.findByPk(one.id)).toBeNull()
  })

  it('refuses the whole batch with the spec’s message when one tag is not this community’s, deleting none', async () => {
    const mine = await BrandTag.create({ brandId: brand.id, label: 'Mine' })
    const theirs = await BrandTag.create({ brandId: other.id, label: 'Theirs too' })
    const { status, body } = await refusedWith(listPost({ intent: 'delete', ids: [mine.id, theirs.id] }))
    expect(status).toBe(400)
    expect(body.error).toBe('tags:errors.deleteFailed')
    expect(body.ids).toEqual([mine.id, theirs.id])
    expect(await BrandTag.count({ where: { id: [mine.id, theirs.id] } })).toBe(2)
  })

  it('refuses an unknown id with the spec’s message, and an empty selection with its own', async () => {
    const before = await count()
    expect((await refusedWith(listPost({ intent: 'delete', ids: 'x'.repeat(36) }))).body.error).toBe(
      'tags:errors.deleteFailed',
    )
    const empty = await refusedWith(listPost({ intent: 'delete' }))
    expect(empty.status).toBe(400)
    expect(empty.body.error).toBe('tags:errors.noneSelected')
    expect(await count()).toBe(before)
  })

  it('answers an unknown intent with 400', async () => {
    const { status, body } = await refusedWith(listPost({ intent: 'explode', tagId: 'x' }))
    expect(status).toBe(400)
    expect(body.error).toBe('tags:errors.badRequest')
  })
})
