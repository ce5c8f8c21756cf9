// The JSON API's community calls (docs/api.md#communities) as a client uses them: a community read by id or by
// slug as its home shows it (its settings only for those who run it); its settings changed with PUT, a partial
// body changing only what it names, bad values refused with the settings tab's message and nothing changed, the
// status only by owners; the caller's communities and, for super users, every one; the rooms count for admins.
// Who may call them is tests/integration/permissions/brands-api.test.ts.
import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, type User } from '#models/index'
import * as byId from '#app/routes/api.brands.$id'
import * as byKey from '#app/routes/api.brand.$key'
import * as list from '#app/routes/api.brands._index'
import * as count from '#app/routes/api.brands.count'
import * as roomsCount from '#app/routes/api.brands.rooms.count'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'

let brand: Brand
let owner: User
let admin: User
let member: User
beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity({ name: 'Potters' }))
  admin = await makeUser()
  await grantRole(admin, brand, 'community-admin')
  member = await makeUser()
  await grantRole(member, brand, 'community-member')
})

const read = (as: User | null, id = brand.id) => apiCall(byId.loader, `/api/brands/${id}`, { as, params: { id } })
const put = (as: User, body: unknown) =>
  apiCall(byId.action, `/api/brands/${brand.id}`, { as, method: 'PUT', body, params: { id: brand.id } })

describe('the community calls', () => {
  it('read a community by id or slug as its home shows it; its settings only to those who run it', async () => {
    const seen = await read(member)
    expect(seen).toMatchObject({ status: 200, body: { brand: { id: brand.id, slug: brand.slug, name: 'Potters' } } })
    expect(seen.body.brand.settings).toBeUndefined()
    expect((await read(admin)).body.brand.settings).toMatchObject({ name: 'Potters', publicCommunity: false })
    for (const key of [brand.id, brand.slug]) {
      expect(await apiCall(byKey.loader, `/api/brand/${key}`, { as: member, params: { key } })).toMatchObject({
        status: 200,
        body: { brand: { id: brand.id } },
      })
    }
    expect((await apiCall(byKey.loader, '/api/brand/nowhere', { as: member, params: { key: 'nowhere' } })).status).toBe(
      404,
    )
    expect((await read(member, 'x'.repeat(36))).status).toBe(404)
    // A closed home: a guest is asked to sign in.
    expect((await read(null)).status).toBe(401)
  })

  it('change settings with a partial body; a group of settings field by field', async () => {
    const before = (await read(admin)).body.brand.settings
    const changed = await put(admin, { name: 'Potters Guild', peerSettings: { peersMax: 12 }, meetButtonEnabled: true })
    expect(changed.status).toBe(200)
    expect(changed.body.brand.settings).toMatchObject({
      name: 'Potters Guild',
      meetButtonEnabled: true,
      peerSettings: { ...before.peerSettings, peersMax: 12 },
      toolbarControls: before.toolbarControls,
      publicAccess: before.publicAccess,
    })
    const stored = await Brand.findByPk(brand.id, { rejectOnEmpty: true })
    expect(stored).toMatchObject({ name: 'Potters Guild', meetButtonEnabled: true })
  })

  it('refuse bad values with the settings tab’s message and change nothing; the status is the owners’', async () => {
    const before = (await Brand.findByPk(brand.id, { rejectOnEmpty: true })).get()
    for (const [body, error] of [
      [{ name: 'x' }, 'nameTooShort'],
      [{ peerSettings: { peersMax: 500 } }, 'numberRange'],
      [{ defaultLandingPage: 'elsewhere' }, 'choiceInvalid'],
      [{ communityToS: 'javascript:alert(1)' }, 'urlInvalid'],
      [{ meetButtonEnabled: 'yes' }, 'flagInvalid'],
    ] as const) {
      expect(await put(admin, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } })
    }
    expect(await put(admin, { status: 'deleted' })).toMatchObject({ status: 403, body: { error: 'statusOwnersOnly' } })
    const after = (await Brand.findByPk(brand.id, { rejectOnEmpty: true })).get()
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null })
    expect((await put(member, { name: 'Mine now' })).status).toBe(403)
  })

  it('list the caller’s communities; every one only for super users', async () => {
    const mine = await apiCall(list.loader, '/api/brands', { as: member })
    expect(mine).toMatchObject({ status: 200, body: { total: 1, brands: [{ id: brand.id, standing: 'user' }] } })
    expect(await apiCall(count.loader, '/api/brands/count', { as: member })).toEqual({
      status: 200,
      body: { count: 1 },
    })
    expect((await apiCall(list.loader, '/api/brands?all=true', { as: owner })).status).toBe(403)
    const root = await makeUser({ isSuperUser: true })
    const all = await apiCall(list.loader, '/api/brands?all=true', { as: root })
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(await Brand.count({ where: { status: 'active' } }))
    expect(all.body.brands.length).toBe(Math.min(25, all.body.total))
    expect((await apiCall(count.loader, '/api/brands/count?all=true', { as: root })).body.count).toBe(all.body.total)
    expect((await apiCall(list.loader, '/api/brands?pageNumber=-1', { as: member })).status).toBe(400)
    expect((await apiCall(list.loader, '/api/brands', { as: null })).status).toBe(401)
  })

  it('count the community’s rooms for those who run it', async () => {
    const counted = await apiCall(roomsCount.loader, `/api/brands/rooms/count?brandId=${brand.id}`, { as: admin })
    expect(counted).toMatchObject({
      status: 200,
      body: { rooms: { active: expect.any(Number), total: expect.any(Number) } },
    })
    expect(counted.body.rooms.total).toBeGreaterThanOrEqual(2)
    expect(
      (await apiCall(roomsCount.loader, `/api/brands/rooms/count?brandId=${brand.id}`, { as: member })).status,
    ).toBe(403)
  })
})
