// POST /api/reserved-names and POST /api/room/provision (docs/api.md#rooms): who may call them,
// what they write, and that a refusal writes nothing.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { Membership, Room, User, type Brand } from '#models/index'
import { mainBrand } from '#models/main-brand'
import { checkRoomLink as checkPersonalLink } from '#app/lib/rooms/room-claims.server'
import { checkRoomLink } from '#app/lib/members/room-link.server'
import { findRoom } from '#models/access'
import { action as reserveAction, loader as reserveLoader } from '#app/routes/api.reserved-names'
import { action as provisionAction } from '#app/routes/api.room.provision'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makePersonalRoom, makeUser } from '#tests/support/factories'

let brand: Brand
let owner: User
let member: User

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
})

const tag = () => Math.random().toString(36).slice(2, 8)
const reserve = (as: User | null, body: unknown) => apiCall(reserveAction, '/api/reserved-names', { as, body })
const provision = (as: User | null, body: unknown) => apiCall(provisionAction, '/api/room/provision', { as, body })

describe('POST /api/reserved-names', () => {
  it("reserves a community's links for those who manage its members: nobody can take or open them", async () => {
    const held = await makePersonalRoom(brand, member, { slug: `held-${tag()}` })
    const name = `Board-${tag()}`
    const answer = await reserve(owner, { brandId: brand.id, names: [name, held.slug, 'no spaces here', name] })
    expect(answer.status).toBe(200)
    expect(answer.body.reserved).toEqual([name.toLowerCase()])
    expect(answer.body.refused).toEqual([
      { name: held.slug, reason: 'claimed', message: `${held.slug} is already somebody’s room: it stays theirs.` },
      { name: 'no spaces here', reason: 'invalid', message: expect.stringContaining('is not a room link') },
    ])
    const room = await Room.findOne({ where: { brandId: brand.id, slug: name.toLowerCase() }, rejectOnEmpty: true })
    expect(room).toMatchObject({ reserved: true, hostId: null })
    // The holder keeps their room; the reserved link opens for nobody and the member forms refuse it.
    expect(await held.reload()).toMatchObject({ reserved: false, hostId: member.id })
    expect(await findRoom(brand.id, room.slug)).toBeNull()
    expect(await checkRoomLink(brand.id, name)).toMatchObject({ message: 'members:roomLink.notAvailable' })

    // Asking again answers the same, and writes nothing more.
    expect((await reserve(owner, { brandId: brand.id, names: [name] })).body.reserved).toEqual([name.toLowerCase()])
    expect(await Room.count({ where: { brandId: brand.id, slug: name.toLowerCase() } })).toBe(1)
  })

  it('reserves personal links for super users only; the claim flow then calls them reserved', async () => {
    const name = `ceo-${tag()}`
    const admin = await makeUser({ isSuperUser: true })
    expect((await reserve(owner, { names: [name] })).status).toBe(403)
    const main = await mainBrand()
    expect((await reserve(owner, { brandId: main.id, names: [name] })).status).toBe(403)
    expect(await checkPersonalLink(name)).toMatchObject({ state: 'available' })

    expect(await reserve(admin, { names: [name] })).toMatchObject({ status: 200, body: { reserved: [name] } })
    expect(await checkPersonalLink(name)).toMatchObject({ state: 'reserved', suggestion: expect.any(String) })
  })

  it('refuses strangers, members and bad bodies, writing nothing', async () => {
    const name = `nope-${tag()}`
    expect((await reserve(null, { brandId: brand.id, names: [name] })).status).toBe(401)
    expect((await reserve(member, { brandId: brand.id, names: [name] })).status).toBe(403)
    expect(await reserve(owner, { brandId: brand.id, names: [] })).toMatchObject({
      status: 400,
      body: { error: 'namesRequired', message: 'List at least one name to reserve.' },
    })
    const many = Array.from({ length: 101 }, (_, index) => `${name}-${index}`)
    expect((await reserve(owner, { brandId: brand.id, names: many })).body.error).toBe('tooManyNames')
    expect((await reserve(owner, { brandId: 'not an id', names: [name] })).status).toBe(400)
    expect((await reserve(owner, { brandId: brand.id, names: 'one' })).status).toBe(400)
    expect((await apiCall(reserveLoader, '/api/reserved-names', { as: owner })).status).toBe(405)
    expect(await Room.count({ where: { slug: name } })).toBe(0)
  })
})

describe('POST /api/room/provision', () => {
  const person = () => {
    const n = tag()
    return {
      fullName: `Ada Lovelace${n}`,
      emailAddress: `ada-${n}@provision.example`,
      name: 'Ada',
      roomLink: `ada-${n}`,
    }
  }

  it('makes the account, the membership and the room, and answers the room id', async () => {
    const values = person()
    const answer = await provision(owner, { brandId: brand.id, ...values })
    expect(answer.status).toBe(201)
    const room = await Room.findByPk(answer.body.id, { rejectOnEmpty: true })
    const user = await User.findOne({ where: { emailAddress: values.emailAddress }, rejectOnEmpty: true })
    expect(answer.body.userId).toBe(user.id)
    expect(room).toMatchObject({ brandId: brand.id, slug: values.roomLink, hostId: user.id, locked: true })
    expect(await Membership.findOne({ where: { brandId: brand.id, userId: user.id } })).toMatchObject({
      status: 'active',
    })
  })

  it('invites someone who has an account instead of making them a member', async () => {
    const someone = await makeUser()
    const answer = await provision(owner, { brandId: brand.id, ...person(), emailAddress: someone.emailAddress })
    expect(answer).toMatchObject({ status: 202, body: { id: null, invited: true } })
    expect(await Membership.count({ where: { brandId: brand.id, userId: someone.id } })).toBe(0)
  })

  it('refuses a taken link with a free one to take, a member twice, and bad bodies, writing nothing', async () => {
    const taken = await makePersonalRoom(brand, member, { slug: `taken-${tag()}` })
    const values = person()
    const linkTaken = await provision(owner, { brandId: brand.id, ...values, roomLink: taken.slug })
    expect(linkTaken).toMatchObject({
      status: 409,
      body: { error: 'taken', message: 'Whoops, the path is already taken', suggestion: expect.any(String) },
    })
    const again = await provision(owner, { brandId: brand.id, ...person(), emailAddress: member.emailAddress })
    expect(again).toMatchObject({ status: 409, body: { error: 'alreadyMember' } })
    expect((await provision(owner, { brandId: brand.id, ...values, roomLink: 'a b' })).status).toBe(400)
    expect((await provision(owner, { brandId: brand.id, ...values, emailAddress: 'nope' })).status).toBe(400)
    expect((await provision(member, { brandId: brand.id, ...values })).status).toBe(403)
    expect((await provision(null, { brandId: brand.id, ...values })).status).toBe(401)
    expect(await User.count({ where: { emailAddress: values.emailAddress } })).toBe(0)
  })

  it("answers the spec's unknown error when the write fails for a reason nobody foresaw", async () => {
    const values = person()
    const failing = vi.spyOn(Room, 'create').mockRejectedValueOnce(new Error('disk full'))
    try {
      const answer = await provision(owner, { brandId: brand.id, ...values })
      expect(answer).toMatchObject({
        status: 500,
        body: { id: 'unknown', error: 'unknown', message: 'An unknown error occurred.' },
      })
    } finally {
      failing.mockRestore()
    }
    // All or nothing: the account made before the room failed is gone with it.
    expect(await User.count({ where: { emailAddress: values.emailAddress } })).toBe(0)
  })
})
