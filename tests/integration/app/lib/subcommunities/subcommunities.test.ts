// Subcommunities (the editor; title, description, assigned groups; "Subcommunity: title required";
// guest access when the admins allow it): through the routes'
// real loaders and actions on the file's own database.
import { beforeAll, describe, expect, it } from 'vitest'
import { Subcommunity, SubcommunityRoom, type Brand, type User } from '#models/index'
import { loader as listLoader } from '#app/routes/$brand._community.subcommunities._index/route'
import { action as newAction, loader as newLoader } from '#app/routes/$brand._community.subcommunities.new/route'
import { action as editAction } from '#app/routes/$brand._community.subcommunities.$subcommunityId.edit/route'
import { loader as viewLoader } from '#app/routes/$brand._community.subcommunities.$subcommunityId._index/route'
import { makeCommunity, makePersonalRoom, makeRoom } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } }

let brand: Brand
let other: Brand
let owner: User
let ownerCookie: string

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  ;({ brand: other } = await makeCommunity())
  ownerCookie = await signedInCookie(owner.id)
})

function post(path: string, params: Record<string, string>, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return routeArgs(path, { brand: brand.slug, ...params }, { method: 'POST', body, headers: { Cookie: ownerCookie } })
}
const create = (fields: Record<string, string | string[]>) =>
  newAction(post(`/${brand.slug}/subcommunities/new`, {}, fields))
const edit = (id: string, fields: Record<string, string | string[]>) =>
  editAction(post(`/${brand.slug}/subcommunities/${id}/edit`, { subcommunityId: id }, fields))
const view = async (id: string, cookie?: string, on: Brand = brand) =>
  viewLoader(
    routeArgs(
      `/${on.slug}/subcommunities/${id}`,
      { brand: on.slug, subcommunityId: id },
      { headers: cookie ? { Cookie: cookie } : {} },
    ),
  )
const assigned = async (id: string) =>
  (await SubcommunityRoom.findAll({ where: { subcommunityId: id } })).map((link) => link.roomId).sort()

describe('the subcommunity editor', () => {
  it('offers the community’s active groups only, not personal rooms, archived groups or another community’s', async () => {
    const group = await makeRoom(brand, { name: 'Alpha group' })
    await makeRoom(brand, { name: 'Archived group', status: 'archived' })
    await makePersonalRoom(brand, owner)
    await makeRoom(other, { name: 'Their group' })
    const page = unwrap(
      await newLoader(
        routeArgs(`/${brand.slug}/subcommunities/new`, { brand: brand.slug }, { headers: { Cookie: ownerCookie } }),
      ),
    )
    const names = page.groups.map((choice) => choice.name)
    expect(names).toContain('Alpha group')
    for (const name of ['Archived group', 'Their group', owner.name]) expect(names).not.toContain(name)
    expect(page.groups.find((choice) => choice.name === 'Alpha group')!.id).toBe(group.id)
  })

  it('creates a subcommunity with its groups and shows it with them', async () => {
    const [a, b] = await Promise.all([makeRoom(brand, { name: 'Group A' }), makeRoom(brand, { name: 'Group B' })])
    const response = await thrownResponse(
      create({ title: 'Makers', description: 'Builders and tinkerers', groups: [a.id, b.id] }),
    )
    const made = await Subcommunity.findOne({ where: { brandId: brand.id, title: 'Makers' }, rejectOnEmpty: true })
    expect(response).toRedirectTo(`/${brand.slug}/subcommunities/${made.id}`)
    expect(made.description).toBe('Builders and tinkerers')
    expect(await assigned(made.id)).toEqual([a.id, b.id].sort())
    const page = unwrap(await view(made.id, ownerCookie))
    expect(page.subcommunity).toMatchObject({ title: 'Makers' })
    expect(page.groups.map((group) => group.name)).toEqual(['Group A', 'Group B'])
  })

  it('requires a title (spaces are not one), keeps what was typed and saves nothing', async () => {
    const before = await Subcommunity.count()
    for (const title of ['', '   ']) {
      const result = await create({ title, description: 'Kept' })
      expect(initOf(result).status).toBe(400)
      const body = unwrap(result) as unknown as Reply
      expect(body.result.error?.title).toEqual(['tags:subcommunities.errors.titleRequired'])
      expect(body.result.initialValue).toMatchObject({ description: 'Kept' })
    }
    // One character is a title: the rule asks only that there is one.
    await thrownResponse(create({ title: 'X' }))
    expect(await Subcommunity.count()).toBe(before + 1)
  })

  it('refuses a group of another community, or a personal room, with nothing saved', async () => {
    const theirs = await makeRoom(other)
    const personal = await makePersonalRoom(brand, owner, { slug: `own-${Date.now()}` })
    const before = await Subcommunity.count()
    for (const roomId of [theirs.id, personal.id]) {
      const result = await create({ title: 'Sneaky', groups: roomId })
      expect(initOf(result).status).toBe(400)
      expect((unwrap(result) as unknown as Reply).result.error?.groups).toEqual([
        'tags:subcommunities.errors.unknownGroup',
      ])
    }
    expect(await Subcommunity.count()).toBe(before)
  })

  it('edits title, description and groups; unticking every group leaves none', async () => {
    const [a, b] = await Promise.all([makeRoom(brand), makeRoom(brand)])
    const made = await Subcommunity.create({ brandId: brand.id, title: 'Before' })
    await SubcommunityRoom.create({ subcommunityId: made.id, roomId: a.id })
    await thrownResponse(edit(made.id, { title: 'After', description: 'New words', groups: b.id }))
    await made.reload()
    expect(made).toMatchObject({ title: 'After', description: 'New words' })
    expect(await assigned(made.id)).toEqual([b.id])
    await thrownResponse(edit(made.id, { title: 'After' }))
    expect(await assigned(made.id)).toEqual([])
  })

  it('answers 404 for another community’s subcommunity, to the editor and the page', async () => {
    const theirs = await Subcommunity.create({ brandId: other.id, title: 'Theirs' })
    expect((await thrownResponse(edit(theirs.id, { title: 'Mine' }))).status).toBe(404)
    expect((await thrownResponse(view(theirs.id, ownerCookie))).status).toBe(404)
    expect((await theirs.reload()).title).toBe('Theirs')
  })
})

describe('guests', () => {
  it('see subcommunities only when the community opens them (publicAccess.subcommunities)', async () => {
    const { brand: open } = await makeCommunity({
      brand: { publicAccess: { hub: false, groups: false, members: false, subcommunities: true } },
    })
    const { brand: closed } = await makeCommunity()
    const group = await makeRoom(open, { name: 'Open group' })
    const shown = await Subcommunity.create({ brandId: open.id, title: 'Public circle' })
    await SubcommunityRoom.create({ subcommunityId: shown.id, roomId: group.id })
    const hidden = await Subcommunity.create({ brandId: closed.id, title: 'Private circle' })

    const page = unwrap(await view(shown.id, undefined, open))
    expect(page.groups.map((row) => row.name)).toEqual(['Open group'])
    expect(page.mayManage).toBe(false)
    const list = unwrap(await listLoader(routeArgs(`/${open.slug}/subcommunities`, { brand: open.slug })))
    expect(list.subcommunities).toMatchObject([{ title: 'Public circle', groupCount: 1 }])

    const refused = await thrownResponse(view(hidden.id, undefined, closed))
    // The private page's sign-in prompt (a signed-out visitor of a closed page).
    expect(new URL(refused.headers.get('Location')!, 'http://x').pathname).toBe('/private')
  })
})
