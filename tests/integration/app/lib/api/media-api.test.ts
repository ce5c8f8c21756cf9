// The JSON API's media calls (docs/api.md#media), through their routes with
// real Requests: a multipart upload checked by content, the list by type and page, deleting (the
// owner or the community's admins; to anyone else the item does not exist), 401 and 403.
import { beforeAll, describe, expect, it } from 'vitest'
import { Media, type Brand, type User } from '#models/index'
import * as media from '#app/routes/api.media._index'
import * as oneItem from '#app/routes/api.media.$id'
import * as specUpload from '#app/routes/api.upload'
import * as specFile from '#app/routes/api.upload.files.$id'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { solidImage } from '#tests/support/images'
import { apiCall } from '#tests/support/api-call'

let brand: Brand
let owner: User
let member: User
let other: User
let outsider: User
let png: Buffer

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  member = await makeUser()
  other = await makeUser()
  await grantRole(member, brand)
  await grantRole(other, brand)
  outsider = (await makeCommunity()).owner
  png = await solidImage('png', 8, 8)
})

const files = (...parts: Array<[Uint8Array, string]>) => {
  const form = new FormData()
  for (const [bytes, name] of parts) form.append('files', new File([new Uint8Array(bytes)], name))
  return form
}
const upload = (as: User | null, form: FormData, query = `brandId=${brand.id}&type=images`) =>
  apiCall(media.action, `/api/media?${query}`, { as, method: 'POST', body: form })

describe('/api/media', () => {
  it('uploads images by multipart, lists them by type and page from 0, and deletes for the owner', async () => {
    const uploaded = await upload(member, files([png, 'dot.png']))
    expect(uploaded.status).toBe(201)
    const [item] = uploaded.body.media
    expect(item).toMatchObject({
      name: 'dot.png',
      kind: 'image',
      contentType: 'image/png',
      url: `/${brand.slug}/media/${item.id}`,
    })

    const listed = await apiCall(media.loader, `/api/media?brandId=${brand.id}&type=images&page=0`, { as: member })
    expect(listed.body).toMatchObject({ total: 1, page: 0, rows: [{ id: item.id }] })
    expect((await apiCall(media.loader, `/api/media?brandId=${brand.id}&type=files`, { as: member })).body.total).toBe(
      0,
    )
    // Another member's library is their own.
    expect((await apiCall(media.loader, `/api/media?brandId=${brand.id}&type=image`, { as: other })).body.total).toBe(0)

    const remove = (as: User | null) =>
      apiCall(oneItem.action, `/api/media/${item.id}`, { as, method: 'DELETE', params: { id: item.id } })
    expect(await remove(other)).toMatchObject({ status: 404, body: { error: 'notFound' } })
    expect((await remove(outsider)).status).toBe(403)
    expect((await remove(null)).status).toBe(401)
    expect((await remove(member)).status).toBe(204)
    expect(await Media.findByPk(item.id)).toBeNull()
  })

  it('answers at the spec’s addresses too: POST /api/upload and DELETE /api/upload/files/{id}', async () => {
    const uploaded = await apiCall(specUpload.action, `/api/upload?brandId=${brand.id}&type=images`, {
      as: member,
      method: 'POST',
      body: files([png, 'spec.png']),
    })
    expect(uploaded).toMatchObject({ status: 201, body: { media: [{ name: 'spec.png', kind: 'image' }] } })
    const { id } = uploaded.body.media[0]
    const remove = (as: User) =>
      apiCall(specFile.action, `/api/upload/files/${id}`, { as, method: 'DELETE', params: { id } })
    expect((await remove(other)).status).toBe(404)
    expect((await remove(member)).status).toBe(204)
    expect(await Media.findByPk(id)).toBeNull()
    expect(
      (
        await apiCall(specUpload.action, '/api/upload?type=images', {
          as: member,
          method: 'POST',
          body: files([png, 'x.png']),
        })
      ).status,
    ).toBe(400)
  })

  it("lets the community's admins delete a member's item", async () => {
    const uploaded = await upload(member, files([png, 'admin.png']))
    const id = uploaded.body.media[0].id as string
    expect(
      (await apiCall(oneItem.action, `/api/media/${id}`, { as: owner, method: 'DELETE', params: { id } })).status,
    ).toBe(204)
  })

  it("keeps a group's library, with context and roomId, apart from each member's own", async () => {
    const group = await makeRoom(brand, { roomType: 'public', hostId: owner.id })
    const inGroup = `brandId=${brand.id}&type=images&context=group&roomId=${group.id}`
    const uploaded = await upload(member, files([png, 'shared.png']), inGroup)
    expect(uploaded.status).toBe(201)
    const id = uploaded.body.media[0].id as string
    // Another member of the community sees it in the group's library, and not in their own.
    expect((await apiCall(media.loader, `/api/media?${inGroup}`, { as: other })).body).toMatchObject({
      total: 1,
      rows: [{ id }],
    })
    const own = await apiCall(media.loader, `/api/media?brandId=${brand.id}&type=images`, { as: member })
    expect(own.body.rows.map((row: { id: string }) => row.id)).not.toContain(id)
    // A room of no community of theirs, or none at all: the library does not exist; a bad context is a 400.
    const elsewhere = await makeRoom((await makeCommunity()).brand, { roomType: 'public' })
    for (const roomId of [elsewhere.id, 'x'.repeat(36)])
      expect(
        await apiCall(media.loader, `/api/media?brandId=${brand.id}&roomId=${roomId}`, { as: member }),
      ).toMatchObject({ status: 404, body: { error: 'noLibrary' } })
    expect((await apiCall(media.loader, `/api/media?brandId=${brand.id}&context=club`, { as: member })).status).toBe(
      400,
    )
    // Another member may not delete it; the group's host (here the community's owner) may.
    const remove = (as: User) => apiCall(oneItem.action, `/api/media/${id}`, { as, method: 'DELETE', params: { id } })
    expect((await remove(other)).status).toBe(404)
    expect((await remove(owner)).status).toBe(204)
  })

  it('refuses a file that is not of the type, a bad type, no brand, another community and the signed out', async () => {
    const text = new TextEncoder().encode('just text, not a picture')
    const wrong = await upload(member, files([text, 'note.png']))
    expect(wrong.status).toBe(415)
    expect(wrong.body.error).toBe('type')
    expect(wrong.body.message).toContain('note.png')
    expect((await upload(member, files([png, 'a.png']), `brandId=${brand.id}&type=pictures`)).body.error).toBe(
      'badMediaType',
    )
    expect((await upload(member, files([png, 'a.png']), 'type=images')).body).toEqual({
      error: 'missingCommunity',
      message: 'Missing community',
    })
    expect((await upload(outsider, files([png, 'a.png']))).status).toBe(403)
    expect((await upload(null, files([png, 'a.png']))).status).toBe(401)
    expect(await upload(member, new FormData())).toMatchObject({ status: 400, body: { error: 'none' } })
    expect(await Media.count({ where: { brandId: brand.id, userId: outsider.id } })).toBe(0)
  })
})
