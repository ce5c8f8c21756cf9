// The JSON API's tag calls (docs/api.md#tags) as a client uses them: list by tab with counts, create, edit,
// archive and restore, delete one, delete a batch all-or-none; bad bodies answer 400 with the tag editor's
// message and change nothing; an unknown or another community's tag is 404. Who may call them is
// tests/integration/permissions/tags-api.test.ts.
import { beforeAll, describe, expect, it } from 'vitest'
import { BrandTag, type Brand, type User } from '#models/index'
import * as tags from '#app/routes/api.brand-tags._index'
import * as count from '#app/routes/api.brand-tags.count'
import * as oneTag from '#app/routes/api.brand-tags.$id'
import * as batchDelete from '#app/routes/api.brand-tags.batch-delete'
import { apiCall } from '#tests/support/api-call'
import { makeCommunity } from '#tests/support/factories'

let brand: Brand
let owner: User
let other: Brand
beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  ;({ brand: other } = await makeCommunity())
})

const list = (status = '') =>
  apiCall(tags.loader, `/api/brand-tags?brandId=${brand.id}${status ? `&status=${status}` : ''}`, { as: owner })
const create = (body: Record<string, unknown>) =>
  apiCall(tags.action, '/api/brand-tags', { as: owner, body: { brandId: brand.id, ...body } })
const put = (id: string, body: unknown) =>
  apiCall(oneTag.action, `/api/brand-tags/${id}`, { as: owner, method: 'PUT', body, params: { id } })
const remove = (id: string) =>
  apiCall(oneTag.action, `/api/brand-tags/${id}`, { as: owner, method: 'DELETE', params: { id } })
const dayAfterTomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)

describe('the tag calls', () => {
  it('create, list by tab with counts, edit, archive and restore', async () => {
    const made = await create({ label: '  Mentors ', description: 'Who mentors', newMembers: true })
    expect(made).toMatchObject({
      status: 201,
      body: { tag: { label: 'Mentors', description: 'Who mentors', newMembers: true, newGroups: false } },
    })
    const id = made.body.tag.id as string
    expect((await list()).body).toMatchObject({ tags: [expect.objectContaining({ id })], counts: { active: 1 } })

    const edited = await put(id, { label: 'Mentors 2026', expiresOn: dayAfterTomorrow(), newGroups: true })
    expect(edited).toMatchObject({
      status: 200,
      body: { tag: { label: 'Mentors 2026', expiresOn: dayAfterTomorrow(), newGroups: true, status: 'active' } },
    })
    expect((await put(id, { label: 'Mentors 2026', archived: true })).body.tag.status).toBe('archived')
    expect((await list('archived')).body.tags.map((tag: { id: string }) => tag.id)).toEqual([id])
    expect((await list()).body.tags).toEqual([])
    expect((await put(id, { label: 'Mentors 2026', archived: false })).body.tag.status).toBe('active')

    expect((await apiCall(count.loader, `/api/brand-tags/count?brandId=${brand.id}`, { as: owner })).body).toEqual({
      counts: { active: 1, expired: 0, archived: 0 },
      count: 1,
    })
  })

  it('refuses bad input with the editor’s message and changes nothing', async () => {
    const { body } = await create({ label: 'Keep me' })
    const before = await BrandTag.count()
    for (const [bad, error] of [
      [{ label: 'x' }, 'labelTooShort'],
      [{ label: 'ok', expiresOn: '2020-01-01' }, 'expiryTooSoon'],
      [{ label: 'ok', expiresOn: 'soon' }, 'expiryInvalid'],
      [{ label: 'x'.repeat(256) }, 'tooLong'],
      [{ description: 'no label' }, 'labelRequired'],
    ] as const) {
      expect(await create(bad), JSON.stringify(bad)).toMatchObject({ status: 400, body: { error } })
      expect(await put(body.tag.id, bad), JSON.stringify(bad)).toMatchObject({ status: 400, body: { error } })
    }
    expect(await put(body.tag.id, { label: 'ok', archived: 'yes' })).toMatchObject({ status: 400 })
    expect(await list('everything')).toMatchObject({ status: 400, body: { error: 'badTagStatus' } })
    expect(await BrandTag.count()).toBe(before)
    expect((await BrandTag.findByPk(body.tag.id, { rejectOnEmpty: true })).label).toBe('Keep me')
  })

  it('deletes one, and a batch all or none; another community’s tag is not found', async () => {
    const [a, b] = [(await create({ label: 'One' })).body.tag.id, (await create({ label: 'Two' })).body.tag.id]
    const foreign = await BrandTag.create({ brandId: other.id, label: 'Theirs' })
    const batch = (ids: string[]) =>
      apiCall(batchDelete.action, '/api/brand-tags/batch-delete', { as: owner, body: { brandId: brand.id, ids } })

    expect(await batch([a, foreign.id])).toMatchObject({
      status: 400,
      body: { error: 'deleteFailed', message: 'Unfortunately we could not delete the requested tag(s).' },
    })
    expect(await BrandTag.count({ where: { id: [a, foreign.id] } })).toBe(2)
    expect(await batch([])).toMatchObject({ status: 400, body: { error: 'noneSelected' } })
    expect(await batch([a, a])).toEqual({ status: 200, body: { ids: [a] } })

    expect(await remove(foreign.id)).toMatchObject({ status: 403 })
    expect(await put(foreign.id, { label: 'Mine now' })).toMatchObject({ status: 403 })
    expect(await remove(b)).toEqual({ status: 200, body: { id: b } })
    expect(await remove(b)).toMatchObject({ status: 404, body: { error: 'notFound' } })
    expect(await remove('not-an-id')).toMatchObject({ status: 404 })
    expect(await BrandTag.count({ where: { id: foreign.id } })).toBe(1)
  })
})
