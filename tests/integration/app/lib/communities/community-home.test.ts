import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, Room, User } from '#models/index'
import { loader as communityLayoutLoader } from '#app/routes/$brand'
import { loader as communityHomeLoader } from '#app/routes/$brand._community._index'
import { publicAccessDefaults } from '#models/brand-config'
import { seedDemo } from '#models/seed'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { grantRole, makeBrand, makeEventRoom, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'
import { signedInCookie } from '#tests/support/session'

let demo: Brand

beforeAll(async () => {
  await seedDemo()
  // Read back from the table: MariaDB's DATETIME keeps whole seconds, so the seeded instance may differ.
  demo = await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })
})

async function home(slug: string, path = `/${slug}`, user?: User) {
  const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
  return communityHomeLoader(routeArgs(path, { brand: slug }, { headers }))
}

function expectRedirect(response: Response, location: string) {
  expect(response).toRedirectTo(location)
}

describe('$brand._index loader (community home)', () => {
  it('answers the demo community with its hub, announcements, groups, events and member count', async () => {
    const data = await home('demo')
    expect(data.community).toEqual({ name: 'Hearth Demo', slug: 'demo', trialEndsAt: demo.trialEndsAt!.toISOString() })
    expect(data.hub).toEqual({
      id: demo.topLevelRoomId,
      slug: 'hub',
      name: 'Community Hub',
      description: 'Where the whole community meets.',
    })
    expect(data.announcements).toEqual({
      id: demo.announcementsRoomId,
      slug: 'announcements',
      name: 'Announcements',
      description: 'News from the team.',
    })
    // The hub and announcements are featured, not listed again among the groups; the Book Club is
    // not open, so a guest does not see it listed (see 'who sees which groups').
    expect(data.groups).toEqual([])
    expect(data.events).toHaveLength(1)
    expect(data.events[0]).toMatchObject({ slug: 'welcome-call', name: 'Welcome Call', timeZone: 'UTC' })
    expect(new Date(data.events[0]!.startsAt).getTime()).toBeGreaterThan(Date.now())
    expect(data.memberCount).toBe(5)
    // What Remix sends the browser survives JSON.
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  })

  it('finds the community whatever the case of the link', async () => {
    const data = await home('DEMO', '/DEMO')
    expect(data.community.slug).toBe('demo')
  })

  it('counts a member holding two roles once, and leaves out past events and other groups', async () => {
    const mia = await User.findOne({ where: { emailAddress: 'mia@demo.hearth.test' }, rejectOnEmpty: true })
    await grantRole(mia, demo, 'room-host')
    await makeEventRoom(demo, { slug: 'last-year', startsAt: new Date(Date.now() - 365 * 24 * 3600 * 1000) })
    await makeRoom(demo, { slug: 'archived-group', status: 'archived' })
    await makeRoom(demo, { slug: 'deleted-group', deleted: true })

    const data = await home('demo', '/demo', mia)
    expect(data.memberCount).toBe(5)
    expect(data.events.map((event) => event.slug)).toEqual(['welcome-call'])
    expect(data.groups.map((group) => group.slug)).toEqual(['book-club'])
  })

  it('redirects an unknown community to /community-not-found', async () => {
    expectRedirect(await thrownResponse(home('nowhere')), '/community-not-found')
  })

  it('redirects a missing brand segment to /community-not-found', async () => {
    expectRedirect(await thrownResponse(communityHomeLoader(routeArgs('/'))), '/community-not-found')
  })

  it('treats a deleted community as unknown', async () => {
    await makeBrand({ slug: 'gone', status: 'deleted', publicAccess: { ...publicAccessDefaults(), hub: true } })
    expectRedirect(await thrownResponse(home('gone')), '/community-not-found')
  })

  it('sends guests to /private when the community does not open its hub', async () => {
    await makeBrand({ slug: 'members-only' })
    expectRedirect(await thrownResponse(home('members-only', '/members-only')), '/private?redirectTo=%2Fmembers-only')
  })

  it('sends a signed-in person who is not a member to the access-denied page, keeping the address', async () => {
    const closed = await makeBrand({ slug: 'closed-doors' })
    const outsider = await makeUser()
    expectRedirect(
      await thrownResponse(home('closed-doors', '/closed-doors', outsider)),
      '/closed-doors/access-denied?redirectTo=%2Fclosed-doors',
    )
    // A member of the community enters it.
    await grantRole(outsider, closed)
    expect((await home('closed-doors', '/closed-doors', outsider)).community.slug).toBe('closed-doors')
  })

  it('answers a public community with no rooms with empty lists', async () => {
    await makeBrand({ slug: 'empty', name: 'Empty', publicAccess: { ...publicAccessDefaults(), hub: true } })
    expect(await home('empty')).toMatchObject({
      community: { name: 'Empty', slug: 'empty', trialEndsAt: null },
      hub: null,
      announcements: null,
      groups: [],
      events: [],
      memberCount: 0,
    })
  })
})

describe('$brand._index loader (listings)', () => {
  it('lists the groups of a community that features no rooms', async () => {
    const brand = await makeBrand({
      slug: 'no-hub',
      publicAccess: { ...publicAccessDefaults(), hub: true, groups: true },
    })
    await makeRoom(brand, { name: 'Zebras', open: true })
    await makeRoom(brand, { name: 'Aardvarks', open: true })
    await makePersonalRoom(brand, await makeUser())
    const data = await home('no-hub')
    expect(data.hub).toBeNull()
    expect(data.groups.map((group) => group.name)).toEqual(['Aardvarks', 'Zebras'])
  })

  it('shows the next five upcoming events, soonest first', async () => {
    const brand = await makeBrand({ slug: 'busy', publicAccess: { ...publicAccessDefaults(), hub: true } })
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000)
    for (const days of [6, 2, 4, 1, 5, 3]) {
      await makeEventRoom(brand, { slug: `event-${days}`, startsAt: inDays(days) })
    }
    const data = await home('busy')
    expect(data.events.map((event) => event.slug)).toEqual(['event-1', 'event-2', 'event-3', 'event-4', 'event-5'])
  })
})

describe('$brand._index loader (who sees which groups)', () => {
  // One group of each kind in a community whose hub and groups are open to guests. Each is named
  // for who should see it listed; the home lists a group to exactly those the room page admits.
  let people: Record<'member' | 'listed' | 'stranger' | 'coHost', User>

  beforeAll(async () => {
    const brand = await makeBrand({
      slug: 'kinds',
      publicAccess: { ...publicAccessDefaults(), hub: true, groups: true },
    })
    people = {
      member: await makeUser(),
      listed: await makeUser(),
      stranger: await makeUser(),
      coHost: await makeUser(),
    }
    for (const user of [people.member, people.listed]) await grantRole(user, brand)
    const group = (slug: string, fields: Parameters<typeof makeRoom>[1]) =>
      makeRoom(brand, { slug, roomType: 'meeting', ...fields })
    await group('a-everyone', { open: true })
    await group('b-members', { open: false })
    await group('c-premium-members', { roomType: 'premium', open: true })
    await group('d-exclusive-listed', {
      roomType: 'exclusive',
      open: true,
      members: [people.listed.id],
      coHosts: [people.coHost.id],
    })
    await group('e-private-cohost', { roomType: 'private', coHosts: [people.coHost.id] })
    await group('f-members-only-listed', { membersOnly: true, open: true, members: [people.listed.id] })
  })

  const listed = async (user?: User) => (await home('kinds', '/kinds', user)).groups.map((group) => group.slug)

  it('a guest sees only the open groups the admins made public', async () => {
    expect(await listed()).toEqual(['a-everyone'])
  })

  it('a signed-in person who is not a member sees no more than a guest', async () => {
    expect(await listed(people.stranger)).toEqual(['a-everyone'])
  })

  it("a member sees the community's groups, but not members-only or private ones they are not on", async () => {
    expect(await listed(people.member)).toEqual(['a-everyone', 'b-members', 'c-premium-members'])
    expect(await listed(people.listed)).toEqual([
      'a-everyone',
      'b-members',
      'c-premium-members',
      'd-exclusive-listed',
      'f-members-only-listed',
    ])
  })

  it("a co-host outside the community sees no more than a guest: a group's lists open nothing by themselves (docs/security.md)", async () => {
    expect(await listed(people.coHost)).toEqual(['a-everyone'])
  })

  it('still lists twelve visible groups when many hidden ones come first by name', async () => {
    const brand = await makeBrand({
      slug: 'crowded',
      publicAccess: { ...publicAccessDefaults(), hub: true, groups: true },
    })
    await Room.bulkCreate(
      Array.from({ length: 60 }, (_, index) => ({
        brandId: brand.id,
        slug: `hidden-${index}`,
        name: `A hidden ${String(index).padStart(2, '0')}`,
        context: 'group' as const,
        roomType: 'private',
      })),
    )
    await Room.bulkCreate(
      Array.from({ length: 13 }, (_, index) => ({
        brandId: brand.id,
        slug: `open-${index}`,
        name: `B open ${String(index).padStart(2, '0')}`,
        context: 'group' as const,
        open: true,
      })),
    )
    const { groups } = await home('crowded')
    expect(groups).toHaveLength(12)
    expect(groups.every((group) => group.slug.startsWith('open-'))).toBe(true)
    expect(groups[0]!.name).toBe('B open 00')
  })
})

describe('$brand loader (community layout)', () => {
  it('answers the community slug', async () => {
    expect(await communityLayoutLoader(routeArgs('/demo', { brand: 'demo' }))).toEqual({ slug: 'demo' })
  })

  it('answers a private community too: the page decides who may see it', async () => {
    await makeBrand({ slug: 'private-layout' })
    expect(await communityLayoutLoader(routeArgs('/private-layout', { brand: 'private-layout' }))).toEqual({
      slug: 'private-layout',
    })
  })

  it('redirects an unknown community to /community-not-found', async () => {
    expectRedirect(
      await thrownResponse(communityLayoutLoader(routeArgs('/nope', { brand: 'nope' }))),
      '/community-not-found',
    )
  })

  it('shares the community lookup with the page loader of the same request', async () => {
    const args = routeArgs('/demo', { brand: 'demo' })
    const [layout, page] = await Promise.all([communityLayoutLoader(args), communityHomeLoader(args)])
    expect(layout.slug).toBe(page.community.slug)
    expect([...args.context.cache.keys()].filter((key) => key.startsWith('brand:'))).toEqual(['brand:demo'])
  })
})
