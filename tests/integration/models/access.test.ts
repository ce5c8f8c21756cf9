// The permission check the pages use: what a user's roles in a community grant, one or several at once.
import { beforeAll, describe, expect, it } from 'vitest'
import { permissionsGranted as grantedPermissions } from '#models/access'
import type { PermissionSlug } from '#models/permissions'

import { Brand, Role, RoleGrant, Room, User } from '#models/index'
import { claimPersonalRoom } from '#app/lib/rooms/room-claims.server'
import { mainBrand } from '#models/main-brand'
import { seedDemo } from '#models/seed'

const hasPermission = async (userId: string | null, brandId: string, permission: PermissionSlug) =>
  (await grantedPermissions(userId, brandId, [permission])).has(permission)

let brandId: string
const userId = async (emailAddress: string) => (await User.findOne({ where: { emailAddress }, rejectOnEmpty: true })).id

beforeAll(async () => {
  await seedDemo()
  brandId = (await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })).id
})

describe('grantedPermissions', () => {
  it("answers several permissions in one go, from the user's roles in that community", async () => {
    const asked = ['access-community', 'kick-peer', 'mute-peer'] as const
    expect(await grantedPermissions(await userId('admin@demo.hearth.test'), brandId, asked)).toEqual(new Set(asked))
    expect(await grantedPermissions(await userId('mia@demo.hearth.test'), brandId, asked)).toEqual(
      new Set(['access-community']),
    )
    expect(await grantedPermissions(null, brandId, asked)).toEqual(new Set())
    expect(await grantedPermissions(await userId('admin@demo.hearth.test'), 'another-community', asked)).toEqual(
      new Set(),
    )
  })

  it('is what hasPermission asks, one permission at a time', async () => {
    const mia = await userId('mia@demo.hearth.test')
    expect(await hasPermission(mia, brandId, 'access-community')).toBe(true)
    expect(await hasPermission(mia, brandId, 'kick-peer')).toBe(false)
  })
})

describe('room-scoped grants', () => {
  const claimant = async (name: string) => {
    const user = await User.create({ name, emailAddress: `${name.toLowerCase()}@claims.example` })
    const { room } = await claimPersonalRoom(user, `${name.toLowerCase()}-room`)
    return { user, room }
  }
  const MEETING = ['kick-peer', 'mute-peer'] as const

  it("a personal room's owner holds meeting powers in their own room only, and none community-wide", async () => {
    const ana = await claimant('Ana')
    const ben = await claimant('Ben')
    const main = await mainBrand()
    expect(await grantedPermissions(ana.user.id, main.id, MEETING, ana.room.id)).toEqual(new Set(MEETING))
    expect(await grantedPermissions(ana.user.id, main.id, MEETING, ben.room.id)).toEqual(new Set())
    expect(await grantedPermissions(ben.user.id, main.id, MEETING, ana.room.id)).toEqual(new Set())
    expect(await grantedPermissions(ben.user.id, main.id, MEETING, ben.room.id)).toEqual(new Set(MEETING))
    // A community check counts community-wide grants only.
    expect(await hasPermission(ana.user.id, main.id, 'kick-peer')).toBe(false)
    expect(await grantedPermissions(ana.user.id, main.id, MEETING)).toEqual(new Set())
  })

  it('a grant naming a room works in that room and nowhere else', async () => {
    const noah = await userId('noah@demo.hearth.test')
    const [bookClub, hub] = await Promise.all(
      ['book-club', 'hub'].map((slug) => Room.findOne({ where: { brandId, slug }, rejectOnEmpty: true })),
    )
    const coHost = await Role.findOne({ where: { slug: 'room-co-host' }, rejectOnEmpty: true })
    await RoleGrant.create({ userId: noah, brandId, roleId: coHost.id, roomId: bookClub!.id })
    expect(await grantedPermissions(noah, brandId, MEETING, bookClub!.id)).toEqual(new Set(MEETING))
    expect(await grantedPermissions(noah, brandId, MEETING, hub!.id)).toEqual(new Set())
    expect(await hasPermission(noah, brandId, 'mute-peer')).toBe(false)
    // The community-wide grants still count in that room.
    expect(await grantedPermissions(noah, brandId, ['access-community'], bookClub!.id)).toEqual(
      new Set(['access-community']),
    )
  })

  it("an admin's community-wide grant works in every room of that community, not in another community's", async () => {
    const admin = await userId('admin@demo.hearth.test')
    const rooms = await Room.findAll({ where: { brandId } })
    for (const room of rooms)
      expect(await grantedPermissions(admin, brandId, MEETING, room.id)).toEqual(new Set(MEETING))
    expect(await hasPermission(admin, brandId, 'kick-peer')).toBe(true)
    const elsewhere = await claimant('Cleo')
    expect(await grantedPermissions(admin, elsewhere.room.brandId, MEETING, elsewhere.room.id)).toEqual(new Set())
  })
})
