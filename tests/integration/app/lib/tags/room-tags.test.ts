// Tags given to groups and members (tags for new members and new groups, active or expired, at
// most 5 tags per group): the interfaces the group pages and membership call.
import { beforeAll, describe, expect, it } from 'vitest'
import { BrandTag, MemberTag, RoomTag, type Brand } from '#models/index'
import { addMember } from '#models/members'
import { setRoomTags, tagIdsForNewGroups } from '#app/lib/tags/room-tags.server'
import { makeCommunity, makeRoom, makeUser } from '#tests/support/factories'

const DAY = 24 * 3600 * 1000
let brand: Brand
let other: Brand

beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  ;({ brand: other } = await makeCommunity())
})

const makeTags = (n: number, fields: Partial<BrandTag> = {}, on: Brand = brand) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      BrandTag.create({ brandId: on.id, label: `Tag ${i} ${Math.random()}`, ...fields }),
    ),
  )
const tagsOf = async (roomId: string) => (await RoomTag.findAll({ where: { roomId } })).map((link) => link.tagId).sort()

describe('setRoomTags', () => {
  it('puts up to 5 tags on a group and replaces them on the next call', async () => {
    const room = await makeRoom(brand)
    const tags = await makeTags(6)
    const five = tags.slice(0, 5).map((tag) => tag.id)
    expect(await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds: five })).toMatchObject({ ok: true })
    expect(await tagsOf(room.id)).toEqual([...five].sort())
    await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds: [tags[5]!.id] })
    expect(await tagsOf(room.id)).toEqual([tags[5]!.id])
  })

  it('refuses a sixth tag with its message and leaves the group as it was', async () => {
    const room = await makeRoom(brand)
    const tags = await makeTags(6)
    await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds: [tags[0]!.id] })
    const outcome = await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds: tags.map((tag) => tag.id) })
    expect(outcome).toEqual({ ok: false, error: 'tags:errors.tooManyForGroup' })
    expect(await tagsOf(room.id)).toEqual([tags[0]!.id])
  })

  it('counts a tag named twice once', async () => {
    const room = await makeRoom(brand)
    const tags = await makeTags(5)
    const ids = tags.map((tag) => tag.id)
    expect(await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds: [...ids, ids[0]!] })).toMatchObject({
      ok: true,
    })
    expect((await tagsOf(room.id)).length).toBe(5)
  })

  it('refuses another community’s tag, and a room of another community', async () => {
    const room = await makeRoom(brand)
    const [theirs] = await makeTags(1, {}, other)
    const [mine] = await makeTags(1)
    expect(await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds: [mine!.id, theirs!.id] })).toEqual({
      ok: false,
      error: 'tags:errors.unknownTag',
    })
    expect(await tagsOf(room.id)).toEqual([])
    const theirRoom = await makeRoom(other)
    expect(await setRoomTags({ brandId: brand.id, roomId: theirRoom.id, tagIds: [mine!.id] })).toEqual({
      ok: false,
      error: 'tags:errors.unknownTag',
    })
    expect(await tagsOf(theirRoom.id)).toEqual([])
  })

  it('ignores expired and archived tags not already on the group, and keeps them when they already are', async () => {
    const room = await makeRoom(brand)
    const [live] = await makeTags(1)
    const [expired] = await makeTags(1, { expiresAt: new Date(Date.now() - DAY) })
    const [archived] = await makeTags(1, { archivedAt: new Date() })
    const outcome = await setRoomTags({
      brandId: brand.id,
      roomId: room.id,
      tagIds: [live!.id, expired!.id, archived!.id],
    })
    expect(outcome).toEqual({ ok: true, tagIds: [live!.id] })
    expect(await tagsOf(room.id)).toEqual([live!.id])

    // A tag that expires while on the group stays when the group's tags are saved again.
    await live!.update({ expiresAt: new Date(Date.now() - 1000) })
    expect(await setRoomTags({ brandId: brand.id, roomId: room.id, tagIds: [live!.id] })).toEqual({
      ok: true,
      tagIds: [live!.id],
    })
  })
})

describe('tagIdsForNewGroups', () => {
  it('names the live tags marked for new groups of this community, at most 5, oldest first', async () => {
    const { brand: fresh } = await makeCommunity()
    const marked: BrandTag[] = []
    for (let i = 0; i < 6; i += 1)
      marked.push(
        await BrandTag.create({
          brandId: fresh.id,
          label: `Group tag ${i}`,
          newGroups: true,
          createdAt: new Date(Date.now() - (10 - i) * 1000),
        }),
      )
    await BrandTag.create({ brandId: fresh.id, label: 'Not marked' })
    await BrandTag.create({
      brandId: fresh.id,
      label: 'Expired',
      newGroups: true,
      expiresAt: new Date(Date.now() - DAY),
    })
    await BrandTag.create({ brandId: fresh.id, label: 'Archived', newGroups: true, archivedAt: new Date() })
    await BrandTag.create({ brandId: other.id, label: 'Elsewhere', newGroups: true })
    expect(await tagIdsForNewGroups(fresh.id)).toEqual(marked.slice(0, 5).map((tag) => tag.id))
  })
})

describe('new members get the tags marked for them', () => {
  it('gives a new member the live "assign to new members" tags of that community only, once', async () => {
    const { brand: fresh } = await makeCommunity()
    const given = await BrandTag.create({ brandId: fresh.id, label: 'Welcome', newMembers: true })
    await BrandTag.create({ brandId: fresh.id, label: 'For groups', newGroups: true })
    await BrandTag.create({
      brandId: fresh.id,
      label: 'Expired',
      newMembers: true,
      expiresAt: new Date(Date.now() - DAY),
    })
    await BrandTag.create({ brandId: fresh.id, label: 'Archived', newMembers: true, archivedAt: new Date() })
    await BrandTag.create({ brandId: other.id, label: 'Elsewhere', newMembers: true })
    const user = await makeUser()
    await addMember({ brandId: fresh.id, userId: user.id, roles: ['community-member'] })
    expect((await MemberTag.findAll({ where: { userId: user.id } })).map((link) => link.tagId)).toEqual([given.id])

    // Adding them again (a second role, an import) gives nothing twice, and a tag made since is not back-filled.
    await BrandTag.create({ brandId: fresh.id, label: 'Later', newMembers: true })
    await addMember({ brandId: fresh.id, userId: user.id, roles: ['community-viewer'] })
    expect(await MemberTag.count({ where: { userId: user.id } })).toBe(1)
  })
})
