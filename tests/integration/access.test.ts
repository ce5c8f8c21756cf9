// The permission check the pages use: what a user's roles in a community grant, one or several at once.
import { beforeAll, describe, expect, it } from 'vitest'
import { grantedPermissions, hasPermission } from '#app/lib/access.server'
import { Brand, User } from '#app/lib/db.server'
import { seedDemo } from '#models/seed'

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
    expect(await grantedPermissions(await userId('mia@demo.hearth.test'), brandId, asked)).toEqual(new Set(['access-community']))
    expect(await grantedPermissions(null, brandId, asked)).toEqual(new Set())
    expect(await grantedPermissions(await userId('admin@demo.hearth.test'), 'another-community', asked)).toEqual(new Set())
  })

  it('is what hasPermission asks, one permission at a time', async () => {
    const mia = await userId('mia@demo.hearth.test')
    expect(await hasPermission(mia, brandId, 'access-community')).toBe(true)
    expect(await hasPermission(mia, brandId, 'kick-peer')).toBe(false)
  })
})
