import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, Role, RoleGrant, User } from '#models/index'
import { COMMUNITIES_PER_PAGE } from '#app/lib/rooms/user-rooms.server'
import { loader } from '#app/routes/communities/route'
import { seedDemo } from '#models/seed'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'
import { grantRole } from '#tests/support/factories'

const communities = async (search = '', userId?: string) =>
  loader(
    routeArgs(`/communities${search}`, {}, userId ? { headers: { Cookie: await signedInCookie(userId) } } : undefined),
  )

async function expectRedirect(search: string, location: string) {
  const response = await thrownResponse(communities(search))
  expect(response).toRedirectTo(location)
}

describe('/communities loader', () => {
  it('shows an empty listing, one page, before any public community exists', async () => {
    const data = await communities()
    expect(data).toMatchObject({
      signedIn: false,
      yours: [],
      communities: [],
      page: 1,
      pages: 1,
      total: 0,
      previousUrl: null,
      nextUrl: null,
    })
  })

  describe('with communities', () => {
    beforeAll(async () => {
      await seedDemo()
      await Brand.create({ slug: 'hidden', name: 'Aaa Hidden', publicCommunity: false })
      await Brand.create({ slug: 'closed', name: 'Aaa Closed', publicCommunity: true, status: 'deleted' })
    })

    it('lists public, active communities only, with members counted once each', async () => {
      const demo = await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })
      const mia = await User.findOne({ where: { emailAddress: 'mia@demo.hearth.test' }, rejectOnEmpty: true })
      // A second role for a member does not make a second member.
      const host = await Role.findOne({ where: { slug: 'room-host' }, rejectOnEmpty: true })
      await RoleGrant.create({ userId: mia.id, roleId: host.id, brandId: demo.id })
      const data = await communities()
      expect(data.communities).toEqual([{ id: demo.id, slug: 'demo', name: 'Hearth Demo', logo: null, memberCount: 5 }])
      expect(data).toMatchObject({ signedIn: false, yours: [], page: 1, pages: 1, total: 1 })
    })

    it('shows a signed-in visitor their rooms as on /me', async () => {
      const owner = await User.findOne({ where: { emailAddress: 'owner@demo.hearth.test' }, rejectOnEmpty: true })
      const data = await communities('', owner.id)
      expect(data.signedIn).toBe(true)
      expect(data.yours).toEqual([
        {
          id: expect.any(String),
          slug: 'demo',
          name: 'Hearth Demo',
          standing: 'owner',
          rooms: [{ id: expect.any(String), slug: 'owner', name: 'Olivia Owner' }],
        },
      ])
    })

    it('pages 24 at a time by name, whatever the case, with links to the other pages', async () => {
      const loner = await User.create({ name: 'Pat Member', emailAddress: 'pat@example.test' })
      for (let index = 1; index <= 29; index++) {
        const name = `${index % 2 ? 'c' : 'C'}ommunity ${String(index).padStart(2, '0')}`
        const brand = await Brand.create({ slug: `community-${index}`, name, publicCommunity: true })
        if (index === 29) await grantRole(loner, brand)
      }
      const first = await communities()
      expect(first.total).toBe(30)
      expect(first.pages).toBe(2)
      expect(first.communities).toHaveLength(COMMUNITIES_PER_PAGE)
      expect(first.communities.slice(0, 3).map((c) => c.name)).toEqual(['community 01', 'Community 02', 'community 03'])
      expect(first.communities.at(-1)!.name).toBe('Community 24')
      expect(first).toMatchObject({ page: 1, previousUrl: null, nextUrl: '/communities?page=2' })

      const second = await communities('?page=2')
      expect(second.communities.map((c) => c.name)).toEqual([
        'community 25',
        'Community 26',
        'community 27',
        'Community 28',
        'community 29',
        'Hearth Demo',
      ])
      expect(second.communities.find((c) => c.name === 'community 29')!.memberCount).toBe(1)
      expect(second.communities.find((c) => c.name === 'Community 28')!.memberCount).toBe(0)
      expect(second).toMatchObject({ page: 2, previousUrl: '/communities', nextUrl: null })
      expect(await communities('?page=1')).toEqual(first)
    })

    it('redirects a page that is not a whole number from 1 to the first page', async () => {
      for (const search of ['?page=abc', '?page=0', '?page=-1', '?page=1.5', '?page=', '?page=99999999']) {
        await expectRedirect(search, '/communities')
      }
    })

    it('redirects a page past the end to the last page', async () => {
      await expectRedirect('?page=3', '/communities?page=2')
      await expectRedirect('?page=500', '/communities?page=2')
    })
  })
})
