import { beforeAll, describe, expect, it } from 'vitest'
import { Room, User } from '#models/index'
import { loader } from '#app/routes/me._index/route'
import { seedDemo } from '#models/seed'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { grantRole, makeBrand, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'
import { signedInCookie } from '#tests/support/session'

const me = async (userId?: string) =>
  loader(routeArgs('/me', {}, userId ? { headers: { Cookie: await signedInCookie(userId) } } : undefined))

beforeAll(async () => {
  await seedDemo()
})

describe('/me loader', () => {
  it('sends a signed-out visitor to sign in, coming back to /me', async () => {
    const response = await thrownResponse(me())
    expect(response).toRedirectTo('/sign-in?redirectTo=%2Fme')
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
    expect(miaData.communities.map((c) => [c.slug, c.standing, c.rooms.map((r) => r.slug)])).toEqual([
      ['demo', 'user', ['mia']],
    ])
  })

  it('lists every community with a role, by name, with the highest standing and only active personal rooms there', async () => {
    const user = await makeUser()
    const zeta = await makeBrand({ slug: 'zeta', name: 'zeta circle' })
    const alpha = await makeBrand({ slug: 'alpha', name: 'Alpha Club' })
    const gone = await makeBrand({ status: 'deleted' })
    const stranger = await makeBrand()
    await grantRole(user, zeta, 'community-member')
    await grantRole(user, alpha, 'community-member')
    await grantRole(user, alpha, 'community-admin')
    await grantRole(user, gone, 'community-owner')
    await makePersonalRoom(alpha, user, { slug: 'ravi-b', name: 'Ravi B' })
    await makePersonalRoom(alpha, user, { slug: 'ravi-a', name: null })
    await makePersonalRoom(alpha, user, { status: 'archived' })
    await makePersonalRoom(alpha, user, { deleted: true })
    await makeRoom(alpha, { hostId: user.id })
    await makePersonalRoom(gone, user)
    // A personal room in a community where the user holds no role is not one of their communities.
    await makePersonalRoom(stranger, user)

    const data = await me(user.id)
    expect(
      data.communities.map((c) => ({
        slug: c.slug,
        standing: c.standing,
        rooms: c.rooms.map((r) => [r.slug, r.name]),
      })),
    ).toEqual([
      {
        slug: 'alpha',
        standing: 'admin',
        rooms: [
          ['ravi-a', 'ravi-a'],
          ['ravi-b', 'Ravi B'],
        ],
      },
      { slug: 'zeta', standing: 'user', rooms: [] },
    ])
  })

  it('answers an empty list for a user without any community', async () => {
    const loner = await makeUser()
    expect((await me(loner.id)).communities).toEqual([])
  })

  it('treats a session whose user no longer exists as signed out', async () => {
    const ghost = await makeUser()
    const cookie = await signedInCookie(ghost.id)
    await ghost.destroy()
    const response = await thrownResponse(loader(routeArgs('/me', {}, { headers: { Cookie: cookie } })))
    expect(response).toRedirectTo('/sign-in?redirectTo=%2Fme')
  })
})
