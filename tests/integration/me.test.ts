import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, Role, RoleGrant, Room, User } from '#app/lib/db.server'
import { loader } from '#app/routes/me._index/route'
import { seedDemo } from '#models/seed'
import { routeArgs, thrownResponse } from '../support/route-args'
import { signedInCookie } from '../support/session'

const roles = new Map<string, Role>()
const grant = async (user: User, brand: Brand, slug: string) =>
  RoleGrant.create({ userId: user.id, roleId: roles.get(slug)!.id, brandId: brand.id })

const me = async (userId?: string) =>
  loader(routeArgs('/me', {}, userId ? { headers: { Cookie: await signedInCookie(userId) } } : undefined))

beforeAll(async () => {
  await seedDemo()
  for (const role of await Role.findAll()) roles.set(role.slug, role)
})

describe('/me loader', () => {
  it('sends a signed-out visitor to sign in, coming back to /me', async () => {
    const response = await thrownResponse(me())
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/sign-in?redirectTo=%2Fme')
  })

  it('lists the demo owner as owner, with the personal room only (not the groups they host)', async () => {
    const owner = await User.findOne({ where: { emailAddress: 'owner@demo.hearth.test' }, rejectOnEmpty: true })
    const personal = await Room.findOne({ where: { hostId: owner.id, context: 'personal' }, rejectOnEmpty: true })
    const data = await me(owner.id)
    expect(data.communities).toEqual([
      {
        id: expect.any(String),
        slug: 'demo',
        name: 'Hearth Demo',
        standing: 'owner',
        rooms: [{ id: personal.id, slug: 'owner', name: 'Olivia Owner' }],
      },
    ])
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  })

  it('gives each seeded role its standing: admin for the admin, user for a member', async () => {
    const admin = await User.findOne({ where: { emailAddress: 'admin@demo.hearth.test' }, rejectOnEmpty: true })
    const mia = await User.findOne({ where: { emailAddress: 'mia@demo.hearth.test' }, rejectOnEmpty: true })
    expect((await me(admin.id)).communities.map((c) => c.standing)).toEqual(['admin'])
    const miaData = await me(mia.id)
    expect(miaData.communities.map((c) => [c.slug, c.standing, c.rooms.map((r) => r.slug)])).toEqual([['demo', 'user', ['mia']]])
  })

  it('lists every community with a role, by name, with the highest standing and only active personal rooms there', async () => {
    const user = await User.create({ name: 'Ravi Rooms', emailAddress: 'ravi@example.test' })
    const zeta = await Brand.create({ slug: 'zeta', name: 'zeta circle' })
    const alpha = await Brand.create({ slug: 'alpha', name: 'Alpha Club' })
    const gone = await Brand.create({ slug: 'gone', name: 'Gone', status: 'deleted' })
    const stranger = await Brand.create({ slug: 'stranger', name: 'Stranger' })
    await grant(user, zeta, 'community-member')
    await grant(user, alpha, 'community-member')
    await grant(user, alpha, 'community-admin')
    await grant(user, gone, 'community-owner')
    await Room.create({ brandId: alpha.id, slug: 'ravi-b', name: 'Ravi B', context: 'personal', hostId: user.id })
    await Room.create({ brandId: alpha.id, slug: 'ravi-a', name: null, context: 'personal', hostId: user.id })
    await Room.create({ brandId: alpha.id, slug: 'ravi-old', name: 'Old', context: 'personal', hostId: user.id, status: 'archived' })
    await Room.create({ brandId: alpha.id, slug: 'ravi-del', name: 'Deleted', context: 'personal', hostId: user.id, deleted: true })
    await Room.create({ brandId: alpha.id, slug: 'ravi-group', name: 'Group', context: 'group', hostId: user.id })
    await Room.create({ brandId: gone.id, slug: 'ravi', name: 'Ravi', context: 'personal', hostId: user.id })
    // A personal room in a community where the user holds no role is not one of their communities.
    await Room.create({ brandId: stranger.id, slug: 'ravi', name: 'Ravi', context: 'personal', hostId: user.id })

    const data = await me(user.id)
    expect(data.communities.map((c) => ({ slug: c.slug, standing: c.standing, rooms: c.rooms.map((r) => [r.slug, r.name]) }))).toEqual([
      { slug: 'alpha', standing: 'admin', rooms: [['ravi-a', 'ravi-a'], ['ravi-b', 'Ravi B']] },
      { slug: 'zeta', standing: 'user', rooms: [] },
    ])
  })

  it('answers an empty list for a user without any community', async () => {
    const loner = await User.create({ name: 'Lone Wolf', emailAddress: 'lone@example.test' })
    expect((await me(loner.id)).communities).toEqual([])
  })

  it('treats a session whose user no longer exists as signed out', async () => {
    const ghost = await User.create({ name: 'Gone Soon', emailAddress: 'ghost@example.test' })
    const cookie = await signedInCookie(ghost.id)
    await ghost.destroy()
    const response = await thrownResponse(loader(routeArgs('/me', {}, { headers: { Cookie: cookie } })))
    expect(response.headers.get('Location')).toBe('/sign-in?redirectTo=%2Fme')
  })
})
