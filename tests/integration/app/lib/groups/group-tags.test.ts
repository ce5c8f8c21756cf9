// Tags on groups (tags for new groups; at most 5 tags per group): a new
// group starts with the community's new-group tags, the wizard and the group's details form set
// its tags, more than 5 or another community's tag is refused with nothing saved, only those who
// may edit the group change them, and the groups page shows each group's tag labels.
import { describe, expect, it } from 'vitest'
import { BrandTag, RoomTag, Room, type Brand, type User } from '#models/index'
import { action as newGroupAction, loader as newGroupLoader } from '#app/routes/$brand._community.groups.new/route'
import { action as groupAction, loader as groupLoader } from '#app/routes/$brand._community.groups.$room/route'
import { loader as groupsLoader } from '#app/routes/$brand._community.groups._index/route'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null
  error?: string | null
}

async function as(user: User, path: string, params: Record<string, string>, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Cookie', await signedInCookie(user.id))
  return routeArgs(path, params, { ...init, headers })
}

async function run(action: () => Promise<unknown>) {
  try {
    const result = await action()
    return { status: initOf(result).status, body: unwrap(result) as Reply, location: null as string | null }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, body: null, location: thrown.headers.get('Location') }
  }
}

/** A form as the browser posts it: repeated names for the ticked boxes. */
function formOf(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one)
  return form
}

async function world() {
  const { brand, owner } = await makeCommunity()
  const member = await makeUser({ name: 'Mel Member' })
  await grantRole(member, brand)
  return { brand, owner, member }
}

const makeTags = (brand: Brand, n: number, fields: Partial<BrandTag> = {}) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      BrandTag.create({ ...fields, brandId: brand.id, label: `${fields.label ?? 'Tag'} ${i}` }),
    ),
  )

const makeTag = async (brand: Brand, fields: Partial<BrandTag> = {}) => (await makeTags(brand, 1, fields))[0]!

const tagsOf = async (room: Pick<Room, 'id'>) =>
  (await RoomTag.findAll({ where: { roomId: room.id } })).map((link) => link.tagId).sort()
const ids = (tags: BrandTag[]) => tags.map((tag) => tag.id).sort()

const wizardFields = (overrides: Record<string, string | string[]> = {}) => ({
  title: 'Book Club',
  description: 'We read together',
  roomLink: `book-club-${Math.random().toString(36).slice(2, 8)}`,
  groupType: 'public',
  visibleInDirectory: 'everyone',
  ...overrides,
})
const create = async (brand: Brand, user: User, fields: Record<string, string | string[]>) =>
  run(async () =>
    newGroupAction(
      await as(user, `/${brand.slug}/groups/new`, { brand: brand.slug }, { method: 'POST', body: formOf(fields) }),
    ),
  )

const details = (room: Room, overrides: Record<string, string | string[]> = {}) => ({
  intent: 'details',
  title: room.name ?? 'A group',
  description: 'A group that edits well',
  roomLink: room.slug,
  groupType: 'public',
  visibleInDirectory: 'everyone',
  ...overrides,
})
const edit = async (brand: Brand, room: Room, user: User, fields: Record<string, string | string[]>) =>
  run(async () =>
    groupAction(
      await as(
        user,
        `/${brand.slug}/groups/${room.slug}`,
        { brand: brand.slug, room: room.slug },
        { method: 'POST', body: formOf(fields) },
      ),
    ),
  )

describe('a new group', () => {
  it('starts with the community\'s live tags marked "assign to new groups", and no others', async () => {
    const { brand, member } = await world()
    const marked = await makeTags(brand, 2, { label: 'Marked', newGroups: true })
    await makeTags(brand, 1, { label: 'Unmarked' })
    await makeTags(brand, 1, { label: 'Expired', newGroups: true, expiresAt: new Date(Date.now() - 1000) })
    await makeTags(brand, 1, { label: 'Archived', newGroups: true, archivedAt: new Date() })
    const done = await create(brand, member, wizardFields({ roomLink: 'readers' }))
    expect(done.status).toBe(302)
    const room = await Room.findOne({ where: { brandId: brand.id, slug: 'readers' }, rejectOnEmpty: true })
    expect(await tagsOf(room)).toEqual(ids(marked))
  })

  it('the wizard offers the live tags with the new-group ones ticked, and saves what was ticked instead', async () => {
    const { brand, member } = await world()
    const marked = await makeTag(brand, { label: 'Marked', newGroups: true })
    const others = await makeTags(brand, 2, { label: 'Other' })
    await makeTags(brand, 1, { label: 'Expired', expiresAt: new Date(Date.now() - 1000) })
    const page = unwrap(await newGroupLoader(await as(member, `/${brand.slug}/groups/new`, { brand: brand.slug }))) as {
      tags: { id: string; label: string }[]
      newGroupTagIds: string[]
    }
    expect(page.tags.map((tag) => tag.label)).toEqual(['Marked 0', 'Other 0', 'Other 1'])
    expect(page.newGroupTagIds).toEqual([marked.id])

    const done = await create(
      brand,
      member,
      wizardFields({ roomLink: 'chosen', tagsOffered: 'on', tagIds: ids(others) }),
    )
    expect(done.status).toBe(302)
    const room = await Room.findOne({ where: { brandId: brand.id, slug: 'chosen' }, rejectOnEmpty: true })
    expect(await tagsOf(room)).toEqual(ids(others))
    // The boxes shown and none ticked: none, not the new-group tags.
    await create(brand, member, wizardFields({ roomLink: 'untagged', tagsOffered: 'on' }))
    expect(
      await tagsOf(await Room.findOne({ where: { brandId: brand.id, slug: 'untagged' }, rejectOnEmpty: true })),
    ).toEqual([])
  })

  it("refuses 6 tags with the limit's message (400), keeps what was typed and creates nothing; 5 pass", async () => {
    const { brand, member } = await world()
    const tags = await makeTags(brand, 6)
    const before = await Room.count({ where: { brandId: brand.id } })
    const refused = await create(
      brand,
      member,
      wizardFields({ title: 'Six Tags', roomLink: 'six', tagsOffered: 'on', tagIds: ids(tags) }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body?.result?.error?.tagIds).toEqual(['tags:errors.tooManyForGroup'])
    expect(refused.body?.result?.initialValue).toMatchObject({ title: 'Six Tags', roomLink: 'six', tagIds: ids(tags) })
    expect(await Room.count({ where: { brandId: brand.id } })).toBe(before)
    expect(await RoomTag.count({ where: { tagId: ids(tags) } })).toBe(0)

    expect(
      (
        await create(
          brand,
          member,
          wizardFields({ roomLink: 'five', tagsOffered: 'on', tagIds: ids(tags).slice(0, 5) }),
        )
      ).status,
    ).toBe(302)
    expect(
      await tagsOf(await Room.findOne({ where: { brandId: brand.id, slug: 'five' }, rejectOnEmpty: true })),
    ).toEqual(ids(tags).slice(0, 5))
  })

  it("refuses another community's tag and creates nothing", async () => {
    const { brand, member } = await world()
    const { brand: elsewhere } = await makeCommunity()
    const foreign = await makeTag(elsewhere)
    const before = await Room.count({ where: { brandId: brand.id } })
    const refused = await create(
      brand,
      member,
      wizardFields({ roomLink: 'foreign', tagsOffered: 'on', tagIds: [foreign.id] }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body?.result?.error?.tagIds).toEqual(['tags:errors.unknownTag'])
    expect(await Room.count({ where: { brandId: brand.id } })).toBe(before)
    expect(await RoomTag.count({ where: { tagId: foreign.id } })).toBe(0)
  })
})

describe("the group's details form", () => {
  it("shows the group's tags ticked among the live ones, and saves the ticked tags with the details", async () => {
    const { brand, owner } = await world()
    const room = await makeRoom(brand, { name: 'Tagged', hostId: owner.id, members: [owner.id] })
    const tags = await makeTags(brand, 3)
    await RoomTag.create({ roomId: room.id, tagId: tags[0]!.id })
    const page = unwrap(
      await groupLoader(await as(owner, `/${brand.slug}/groups/${room.slug}`, { brand: brand.slug, room: room.slug })),
    ) as {
      details: { tagIds: string[] }
      tags: { id: string }[]
    }
    expect(page.details.tagIds).toEqual([tags[0]!.id])
    expect(page.tags.map((tag) => tag.id).sort()).toEqual(ids(tags))

    const saved = await edit(
      brand,
      room,
      owner,
      details(room, { title: 'Retagged', tagsOffered: 'on', tagIds: [tags[1]!.id, tags[2]!.id] }),
    )
    expect(saved.status).toBe(302)
    expect(await tagsOf(room)).toEqual([tags[1]!.id, tags[2]!.id].sort())
    expect((await Room.findByPk(room.id))!.name).toBe('Retagged')
    // No boxes on the form (a community without live tags): the group's tags stay as they are.
    expect((await edit(brand, room, owner, details(room, { title: 'Again' }))).status).toBe(302)
    expect(await tagsOf(room)).toEqual([tags[1]!.id, tags[2]!.id].sort())
  })

  it("refuses 6 tags (400, the limit's message) with neither the details nor the tags half saved", async () => {
    const { brand, owner } = await world()
    const room = await makeRoom(brand, { name: 'Before', hostId: owner.id, members: [owner.id] })
    const tags = await makeTags(brand, 6)
    await RoomTag.create({ roomId: room.id, tagId: tags[0]!.id })
    const refused = await edit(
      brand,
      room,
      owner,
      details(room, { title: 'After', tagsOffered: 'on', tagIds: ids(tags) }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body?.result?.error?.tagIds).toEqual(['tags:errors.tooManyForGroup'])
    expect(refused.body?.result?.initialValue).toMatchObject({ title: 'After', tagIds: ids(tags) })
    expect((await Room.findByPk(room.id))!.name).toBe('Before')
    expect(await tagsOf(room)).toEqual([tags[0]!.id])
  })

  it("refuses another community's tag with nothing saved", async () => {
    const { brand, owner } = await world()
    const { brand: elsewhere } = await makeCommunity()
    const room = await makeRoom(brand, { name: 'Before', hostId: owner.id, members: [owner.id] })
    const mine = await makeTag(brand)
    const foreign = await makeTag(elsewhere)
    await RoomTag.create({ roomId: room.id, tagId: mine.id })
    const refused = await edit(
      brand,
      room,
      owner,
      details(room, { title: 'After', tagsOffered: 'on', tagIds: [mine.id, foreign.id] }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body?.result?.error?.tagIds).toEqual(['tags:errors.unknownTag'])
    expect((await Room.findByPk(room.id))!.name).toBe('Before')
    expect(await tagsOf(room)).toEqual([mine.id])
  })

  it('a member of the group who may not edit it cannot change its tags, nor can another community member; co-hosts and admins can', async () => {
    const { brand, owner, member } = await world()
    const outsider = await makeUser({ name: 'Otto Other' })
    await grantRole(outsider, brand)
    const room = await makeRoom(brand, { name: 'Kept', hostId: owner.id, members: [owner.id, member.id] })
    const tags = await makeTags(brand, 2)
    await RoomTag.create({ roomId: room.id, tagId: tags[0]!.id })
    for (const who of [member, outsider]) {
      const refused = await edit(brand, room, who, details(room, { tagsOffered: 'on', tagIds: [tags[1]!.id] }))
      expect(refused.status).toBe(302)
      expect(refused.location).toContain('access-denied')
    }
    expect(await tagsOf(room)).toEqual([tags[0]!.id])
    // A co-host may (the room-co-host role edits the group).
    await room.update({ coHosts: [member.id] })
    expect((await edit(brand, room, member, details(room, { tagsOffered: 'on', tagIds: [tags[1]!.id] }))).status).toBe(
      302,
    )
    expect(await tagsOf(room)).toEqual([tags[1]!.id])
    // So may an admin who is not in the group (edit-group-room community-wide).
    const admin = await makeUser({ name: 'Ada Admin' })
    await grantRole(admin, brand, 'community-admin')
    expect((await edit(brand, room, admin, details(room, { tagsOffered: 'on', tagIds: [] }))).status).toBe(302)
    expect(await tagsOf(room)).toEqual([])
  })
})

describe('the groups page', () => {
  it("shows each group's tag labels", async () => {
    const { brand, owner } = await world()
    const tagged = await makeRoom(brand, { name: 'Alpha', hostId: owner.id, members: [owner.id] })
    await makeRoom(brand, { name: 'Beta', hostId: owner.id, members: [owner.id] })
    for (const tag of await makeTags(brand, 2, { label: 'Label' }))
      await RoomTag.create({ roomId: tagged.id, tagId: tag.id })
    const page = unwrap(await groupsLoader(await as(owner, `/${brand.slug}/groups`, { brand: brand.slug }))) as {
      listing: { rows: { name: string; tags: string[] }[] }
    }
    const rows = Object.fromEntries(page.listing.rows.map((row) => [row.name, row.tags]))
    expect(rows.Alpha?.sort()).toEqual(['Label 0', 'Label 1'])
    expect(rows.Beta).toEqual([])
  })
})
