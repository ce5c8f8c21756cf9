// The JSON API's people and profile calls (docs/api.md: Rooms, Communities, You) as a client uses them: a room named
// by its community's link and its own; a person as the members page shows them (contact details only where it would,
// 404 for someone on no tab the caller sees); a room's host profile by the host page's rule; one's own profile
// changed through PUT /me's merge, anyone else's refused; the public communities found by name. Bad queries are
// 400 before any query runs. Who may call them is tests/integration/permissions/profiles-api.test.ts.
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import { Membership, User, type Brand, type Room } from '#models/index'
import { mainBrand } from '#models/main-brand'
import * as brandRoom from '#app/routes/api.brand.room.$a.$b'
import * as member from '#app/routes/api.users.$id'
import * as usersMe from '#app/routes/api.users.me'
import * as hostProfile from '#app/routes/api.profiles.type.room.$slug'
import * as profile from '#app/routes/api.profiles.$id'
import * as brandsRead from '#app/routes/api.brands.read'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makePersonalRoom, makeUser } from '#tests/support/factories'

let brand: Brand
let hub: Room
let owner: User
let reader: User
let shy: User
let open: User
let pending: User
let stranger: User
beforeAll(async () => {
  ;({ brand, owner, hub } = await makeCommunity({ name: 'Weavers' }))
  reader = await makeUser()
  await grantRole(reader, brand, 'community-member')
  shy = await makeUser({ name: 'Shy Weaver', phoneNumber: '+15550001111' })
  await grantRole(shy, brand, 'community-member')
  open = await makeUser({ name: 'Open Weaver', preferenceShowEmailAddress: true })
  await grantRole(open, brand, 'community-moderator')
  pending = await makeUser()
  await grantRole(pending, brand)
  await Membership.update({ status: 'pending' }, { where: { brandId: brand.id, userId: pending.id } })
  stranger = await makeUser()
})

describe('GET /api/brand/room/{a}/{b}', () => {
  const read = (as: User | null, a: string, b: string) =>
    apiCall(brandRoom.loader, `/api/brand/room/${a}/${b}`, { as, params: { a, b } })

  it('answers the room as GET /api/room/{slug} does, named by the community’s link', async () => {
    expect(await read(reader, brand.slug, hub.slug)).toMatchObject({
      status: 200,
      body: { room: { id: hub.id, slug: hub.slug, path: `/${brand.slug}/${hub.slug}`, brand: { id: brand.id } } },
    })
    // `me`: the personal rooms; an unclaimed link says where it is claimed.
    const main = await mainBrand()
    const mine = await makePersonalRoom(main, reader)
    expect(await read(reader, 'me', mine.slug)).toMatchObject({ status: 200, body: { room: { id: mine.id } } })
    expect(await read(reader, 'me', 'nobody-has-this-link')).toMatchObject({
      status: 404,
      body: { error: 'available', suggest: expect.stringContaining('nobody-has-this-link') },
    })
  })

  it('404 for an unknown community or room, junk included; 401 signed out of a closed community', async () => {
    expect(await read(reader, 'nowhere-at-all', hub.slug)).toMatchObject({
      status: 404,
      body: { error: 'communityNotFound' },
    })
    expect((await read(reader, brand.slug, 'no-such-room')).status).toBe(404)
    expect((await read(reader, 'x'.repeat(500), hub.slug)).status).toBe(404)
    expect((await read(reader, brand.slug, 'a\u0000b')).status).toBe(404)
    expect((await read(null, brand.slug, hub.slug)).status).toBe(401)
  })
})

describe('GET /api/users/{id}', () => {
  const read = (as: User | null, id: string, brandId: string = brand.id) =>
    apiCall(member.loader, `/api/users/${id}?brandId=${brandId}`, { as, params: { id } })

  it('shows a member as the members page does: contact details only where they allow it', async () => {
    const seen = await read(reader, shy.id)
    expect(seen).toMatchObject({
      status: 200,
      body: { user: { id: shy.id, name: 'Shy Weaver', roles: ['community-member'], status: 'active' } },
    })
    expect(seen.body.user).toMatchObject({ emailAddress: null, phoneNumber: null, avatar: null })
    expect((await read(reader, open.id)).body.user).toMatchObject({
      emailAddress: open.emailAddress,
      roles: ['community-moderator'],
    })
    // Those who manage members see every address and phone.
    expect((await read(owner, shy.id)).body.user).toMatchObject({
      emailAddress: shy.emailAddress,
      phoneNumber: '+15550001111',
    })
  })

  it('404 for someone on no tab the caller sees; the pending for those who approve them', async () => {
    expect(await read(reader, stranger.id)).toMatchObject({ status: 404, body: { error: 'memberNotFound' } })
    expect((await read(reader, pending.id)).status).toBe(404)
    expect(await read(owner, pending.id)).toMatchObject({ status: 200, body: { user: { status: 'pending' } } })
    expect((await read(reader, 'not-an-id')).status).toBe(404)
  })

  it('400 for a bad brandId, 404 for an unknown one; refused outside the community', async () => {
    expect((await apiCall(member.loader, `/api/users/${shy.id}`, { as: reader, params: { id: shy.id } })).status).toBe(
      400,
    )
    expect((await read(reader, shy.id, 'junk')).status).toBe(400)
    expect(await read(reader, shy.id, 'x'.repeat(36))).toMatchObject({
      status: 404,
      body: { error: 'communityNotFound' },
    })
    expect((await read(stranger, shy.id)).status).toBe(403)
    expect((await read(null, shy.id)).status).toBe(401)
  })

  it('leaves /api/users/me to its own route, as it does /api/brands/read: a static segment outranks a parameter', async () => {
    const require = createRequire(import.meta.url)
    const { matchRoutes } = require('@remix-run/router') as typeof import('@remix-run/router')
    // Each API route file as Remix's flat routes name it: dots are slashes, `$x` a parameter, `_index` the folder.
    const routes = readdirSync('app/routes')
      .filter((file) => file.startsWith('api.'))
      .map((file) => {
        const id = file.replace(/\.tsx?$/, '')
        const path = id
          .split('.')
          .filter((segment) => segment !== '_index')
          .map((segment) => (segment.startsWith('$') ? `:${segment.slice(1)}` : segment))
          .join('/')
        return { id, path: `/${path}` }
      })
    const routeOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id
    expect(routeOf('/api/users/me')).toBe('api.users.me')
    expect(routeOf(`/api/users/${shy.id}`)).toBe('api.users.$id')
    expect(routeOf('/api/brands/read')).toBe('api.brands.read')
    expect(routeOf(`/api/brands/${brand.id}`)).toBe('api.brands.$id')
    expect(routeOf('/api/brand/room/me/hub')).toBe('api.brand.room.$a.$b')
    expect(routeOf('/api/profiles/type/room/hub')).toBe('api.profiles.type.room.$slug')
    expect((await apiCall(usersMe.loader, '/api/users/me', { as: reader })).body.user.id).toBe(reader.id)
  })
})

describe('GET /api/profiles/type/room/{slug} and PUT /api/profiles/{id}', () => {
  let host: User
  let room: Room
  beforeAll(async () => {
    host = await makeUser({ name: 'Hana Host', company: 'Looms Ltd', websiteUrl: 'https://hana.example' })
    await grantRole(host, brand, 'community-member')
    room = await makePersonalRoom(brand, host)
  })
  const read = (as: User | null, slug = room.slug, query = `?brandId=${brand.id}`) =>
    apiCall(hostProfile.loader, `/api/profiles/type/room/${slug}${query}`, { as, params: { slug } })
  const put = (as: User | null, id: string, body: unknown) =>
    apiCall(profile.action, `/api/profiles/${id}`, { as, method: 'PUT', body, params: { id } })

  it('shows the host their own profile; others only once the host is verified', async () => {
    expect(await read(host)).toMatchObject({
      status: 200,
      body: {
        profile: {
          isHost: true,
          public: false,
          room: { path: `/${brand.slug}/${room.slug}` },
          host: { id: host.id, name: 'Hana Host', company: 'Looms Ltd', links: [{ name: 'websiteUrl' }] },
        },
      },
    })
    expect(await read(reader)).toMatchObject({ status: 404, body: { error: 'profileNotFound' } })
    await host.update({ verified: true })
    try {
      expect(await read(reader)).toMatchObject({ status: 200, body: { profile: { isHost: false, public: true } } })
    } finally {
      await host.update({ verified: false })
    }
  })

  it('404 for a room with no host profile or an unknown one; 400 for a bad brandId', async () => {
    expect((await read(owner, hub.slug)).status).toBe(404)
    expect((await read(host, 'no-such-room')).status).toBe(404)
    expect((await read(host, 'y'.repeat(300))).status).toBe(404)
    // Without brandId: the personal rooms under /me, where this room is not.
    expect((await read(host, room.slug, '')).status).toBe(404)
    expect((await read(host, room.slug, '?brandId=junk')).status).toBe(400)
  })

  it('changes one’s own profile as PUT /api/me does; anyone else’s is 403 and unchanged', async () => {
    expect(await put(host, host.id, { jobTitle: 'Weaver' })).toMatchObject({
      status: 200,
      body: { ok: true, user: { id: host.id, jobTitle: 'Weaver', company: 'Looms Ltd' } },
    })
    expect((await read(host)).body.profile.host.jobTitle).toBe('Weaver')
    expect(await put(owner, host.id, { jobTitle: 'Taken over' })).toMatchObject({
      status: 403,
      body: { error: 'notYours' },
    })
    expect((await put(owner, 'junk', { jobTitle: 'Taken over' })).status).toBe(403)
    expect((await User.findByPk(host.id, { rejectOnEmpty: true })).jobTitle).toBe('Weaver')
    expect((await put(null, host.id, { jobTitle: 'x' })).status).toBe(401)
    expect(await put(host, host.id, { websiteUrl: 'javascript:alert(1)' })).toMatchObject({
      status: 400,
      body: { error: 'urlInvalid' },
    })
    expect(
      (await apiCall(profile.loader, `/api/profiles/${host.id}`, { as: host, params: { id: host.id } })).status,
    ).toBe(405)
  })
})

describe('GET /api/brands/read', () => {
  const find = (query: string, as: User | null = null) => apiCall(brandsRead.loader, `/api/brands/read${query}`, { as })

  it('finds public communities by name, as /communities lists them; never a private one', async () => {
    const { brand: spinners } = await makeCommunity({ name: 'Spinners Circle', brand: { publicCommunity: true } })
    await makeCommunity({ name: 'Spinners Secret', brand: { publicCommunity: false } })
    const found = await find('?query=spinners')
    expect(found).toMatchObject({ status: 200, body: { total: 1, page: 0, pages: 1 } })
    expect(found.body.brands).toEqual([
      expect.objectContaining({ id: spinners.id, slug: spinners.slug, name: 'Spinners Circle', memberCount: 1 }),
    ])
    // A % is a character, not a wildcard.
    expect((await find('?query=%25')).body.total).toBe(0)
    expect((await find('')).body.brands.map((b: { id: string }) => b.id)).toContain(spinners.id)
  })

  it('400 for a search that is too long or a bad page', async () => {
    expect(await find(`?query=${'a'.repeat(101)}`)).toMatchObject({ status: 400, body: { error: 'queryTooLong' } })
    expect(await find('?pageNumber=-1')).toMatchObject({ status: 400, body: { error: 'badPage' } })
  })
})
