// The JSON calls for rooms, access and roles (docs/api.md#rooms, #access-and-roles): what each reads and
// writes, that it keeps the rules and messages of the page it mirrors, and that a refusal writes nothing.
import { beforeAll, describe, expect, it } from 'vitest'
import type { User, Brand } from '#models/index'
import { BrandTag, Room, RoomTag } from '#models/index'
import { createToken } from '#app/lib/api-tokens/api-tokens.server'
import { createPost } from '#app/lib/posts/posts.server'
import * as rooms from '#app/routes/api.rooms._index'
import * as oneRoom from '#app/routes/api.rooms.$id'
import * as count from '#app/routes/api.rooms.count'
import * as exported from '#app/routes/api.rooms.export'
import * as search from '#app/routes/api.rooms.search'
import * as personal from '#app/routes/api.rooms.personal'
import * as lookup from '#app/routes/api.rooms.lookup.$slug'
import * as batch from '#app/routes/api.rooms.batch.status'
import * as load from '#app/routes/api.room.$slug'
import * as access from '#app/routes/api.access'
import * as granted from '#app/routes/api.permissions.granted'
import * as roles from '#app/routes/api.roles'
import { apiCall } from '#tests/support/api-call'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'
import { grantRole, makeCommunity, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'

let brand: Brand
let owner: User
let member: User
let user: User
let viewer: User
let outsider: User
let hub: Room

beforeAll(async () => {
  ;({ brand, owner, hub } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
  user = await makeUser()
  await grantRole(user, brand, 'community-user')
  viewer = await makeUser()
  await grantRole(viewer, brand, 'community-viewer')
  outsider = await makeUser()
  await grantRole(outsider, (await makeCommunity()).brand, 'community-admin')
})

const tag = () => Math.random().toString(36).slice(2, 8)
const get = (handler: typeof rooms.loader, path: string, as: User | null, params: Record<string, string> = {}) =>
  apiCall(handler, path, { as, params })
const put = (id: string, as: User | null, body: unknown) =>
  apiCall(oneRoom.action, `/api/rooms/${id}`, { as, method: 'PUT', body, params: { id } })

describe('GET /api/rooms, /count, /export and /search: the admin rooms page', () => {
  it('lists the community’s rooms with the page’s search and filters, paged from 0', async () => {
    const name = `Lantern ${tag()}`
    const group = await makeRoom(brand, { name, status: 'archived' })
    const answer = await get(rooms.loader, `/api/rooms?brandId=${brand.id}&query=${encodeURIComponent(name)}`, owner)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ total: 1, page: 0, pages: 1, perPage: 25 })
    expect(answer.body.rooms[0]).toMatchObject({ id: group.id, name, context: 'group', status: 'archived' })

    const filtered = await get(rooms.loader, `/api/rooms?brandId=${brand.id}&status=active&context=personal`, owner)
    expect(filtered.body.rooms.every((room: any) => room.status === 'active' && room.context === 'personal')).toBe(true)
    const counted = await get(count.loader, `/api/rooms/count?brandId=${brand.id}&status=archived`, owner)
    expect(counted.body.count).toBe(await Room.count({ where: { brandId: brand.id, status: 'archived' } }))
    expect((await get(rooms.loader, `/api/rooms?brandId=${brand.id}&page=1`, owner)).body.page).toBe(1)
  })

  it('refuses bad filters with the page’s messages, and everyone who does not run the rooms', async () => {
    expect(await get(rooms.loader, `/api/rooms?brandId=${brand.id}&status=gone`, owner)).toMatchObject({
      status: 400,
      body: { error: 'statusInvalid', message: 'Choose a status from the list.' },
    })
    expect((await get(rooms.loader, `/api/rooms?brandId=${brand.id}&context=x`, owner)).body.error).toBe('badContext')
    expect((await get(rooms.loader, `/api/rooms?brandId=${brand.id}&page=-1`, owner)).body.error).toBe('badPage')
    expect((await get(rooms.loader, `/api/rooms?brandId=${brand.id}`, null)).status).toBe(401)
    expect((await get(rooms.loader, `/api/rooms?brandId=${brand.id}`, member)).status).toBe(403)
    expect((await get(count.loader, `/api/rooms/count?brandId=${brand.id}`, outsider)).status).toBe(403)
    expect((await get(exported.loader, `/api/rooms/export?brandId=${brand.id}`, member)).status).toBe(403)
  })

  it('exports every room found as CSV, a page at a time, with cells a spreadsheet will not run', async () => {
    const { brand: many, owner: runner } = await makeCommunity()
    for (let index = 0; index < 30; index += 1) await makeRoom(many, { name: `Room ${String(index).padStart(2, '0')}` })
    await makeRoom(many, { name: '=HYPERLINK("http://evil.example")' })
    const response = await exported.loader(
      routeArgs(`/api/rooms/export?brandId=${many.id}`, {}, { headers: { Cookie: await signedInCookie(runner.id) } }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="${many.slug}-rooms.csv"`)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    // The byte order mark spreadsheets read UTF-8 by, as on the members export.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    const lines = text.trim().split('\n')
    expect(lines[0]).toBe('id,link,name,context,status,verified,host,visibility,pinned,created')
    // The hub, the announcements room and the 31 made here: more than one page of the list.
    expect(lines).toHaveLength(1 + 33)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(33)
  })

  it('searches by name or link, leaving out the rooms carrying any of excludeTags', async () => {
    const word = `needle${tag()}`
    const [tagged, plain, elsewhere] = await Promise.all([
      makeRoom(brand, { name: `${word} one` }),
      makeRoom(brand, { name: `${word} two` }),
      makeRoom(brand, { slug: `${word}-three`, name: 'Three' }),
    ])
    await makeRoom(brand, { name: `${word} gone`, status: 'deleted', deleted: true })
    const label = await BrandTag.create({ brandId: brand.id, label: `Tag ${tag()}` })
    await RoomTag.create({ roomId: tagged.id, tagId: label.id })
    const all = await get(search.loader, `/api/rooms/search?brandId=${brand.id}&query=${word}`, owner)
    expect(all.body.rooms.map((room: any) => room.id).sort()).toEqual([tagged.id, plain.id, elsewhere.id].sort())
    expect(all.body.rooms.find((room: any) => room.id === tagged.id).tags).toEqual([label.label])
    const without = await get(
      search.loader,
      `/api/rooms/search?brandId=${brand.id}&query=${word}&excludeTags=${label.id}`,
      owner,
    )
    expect(without.body.rooms.map((room: any) => room.id).sort()).toEqual([plain.id, elsewhere.id].sort())
    expect(
      (await get(search.loader, `/api/rooms/search?brandId=${brand.id}&excludeTags=not-an-id`, owner)).body.error,
    ).toBe('badTags')
  })
})

describe('PUT /api/rooms/batch/status', () => {
  const change = (as: User | null, body: unknown) =>
    apiCall(batch.action, '/api/rooms/batch/status', { as, method: 'PUT', body })

  it('sets the status and verified flag of the chosen rooms, all or none, as the rooms page does', async () => {
    const [a, b] = await Promise.all([makeRoom(brand), makeRoom(brand)])
    expect(await change(owner, { brandId: brand.id, ids: [a.id, b.id], status: 'archived', verified: true })).toEqual({
      status: 200,
      body: { changed: 2 },
    })
    expect(await a.reload()).toMatchObject({ status: 'archived', verified: true })
    expect(await b.reload()).toMatchObject({ status: 'archived', verified: true })

    const foreign = await makeRoom((await makeCommunity()).brand)
    expect(await change(owner, { brandId: brand.id, ids: [a.id, foreign.id], status: 'active' })).toMatchObject({
      status: 400,
      body: { error: 'unknownRooms' },
    })
    expect(await a.reload()).toMatchObject({ status: 'archived' })
    expect((await change(owner, { brandId: brand.id, ids: [hub.id], status: 'deleted' })).body.error).toBe(
      'protectedRoom',
    )
    expect((await change(owner, { brandId: brand.id, ids: [a.id] })).body).toMatchObject({
      error: 'nothingToChange',
      message: 'Choose a new status or a verified setting.',
    })
    expect((await change(owner, { brandId: brand.id, ids: [a.id], verified: 'maybe' })).body.error).toBe(
      'verifiedInvalid',
    )
    expect((await change(owner, { brandId: brand.id, ids: [], status: 'active' })).body.error).toBe('noRooms')
    expect((await change(member, { brandId: brand.id, ids: [a.id], status: 'active' })).status).toBe(403)
    expect(await a.reload()).toMatchObject({ status: 'archived', deleted: false })
  })
})

describe('GET /api/rooms/lookup/{slug} and GET /api/room/{slug}', () => {
  const looked = (slug: string, as: User | null, brandId?: string) =>
    get(lookup.loader, `/api/rooms/lookup/${slug}${brandId ? `?brandId=${brandId}` : ''}`, as, { slug })

  it('says whether a community’s link is had, with a free one close to it', async () => {
    const room = await makePersonalRoom(brand, member, { slug: `taken-${tag()}` })
    expect((await looked(room.slug, user, brand.id)).body).toEqual({
      exists: true,
      state: 'taken',
      suggestion: expect.stringMatching(new RegExp(`^${room.slug}-`)),
    })
    expect((await looked(`Free-${tag()}`, user, brand.id)).body).toEqual({
      exists: false,
      state: 'available',
      suggestion: null,
    })
    expect((await looked('admin', user, brand.id)).body).toMatchObject({ exists: true, state: 'reserved' })
    expect(await looked('-bad', user, brand.id)).toMatchObject({ status: 400, body: { error: 'start' } })
    expect((await looked('anything', null, brand.id)).status).toBe(401)
    expect((await looked('anything', outsider, brand.id)).status).toBe(403)
  })

  it('checks personal links for anyone, as the claim page does', async () => {
    const free = `solo-${tag()}`
    expect((await looked(free, null)).body).toEqual({ exists: false, state: 'available', suggestion: null })
    const answer = await get(load.loader, `/api/room/${free}`, null, { slug: free })
    expect(answer).toMatchObject({
      status: 404,
      body: { error: 'available', suggest: `/register/room?slug=${free}` },
    })
  })

  it('loads a room its page admits: what it is, its community and its host', async () => {
    const room = await makePersonalRoom(brand, member, { slug: `desk-${tag()}` })
    // A personal room is where visitors meet its host: anyone may load it.
    const answer = await get(load.loader, `/api/room/${room.slug}?brandId=${brand.id}`, null, { slug: room.slug })
    expect(answer.status).toBe(200)
    expect(answer.body.room).toMatchObject({
      id: room.id,
      type: 'personal',
      context: 'personal',
      path: `/${brand.slug}/${room.slug}`,
      brand: { id: brand.id, slug: brand.slug, name: brand.name },
      host: { id: member.id, name: member.name },
    })
    expect((await get(load.loader, `/api/room/hub?brandId=${brand.id}`, outsider, { slug: 'hub' })).status).toBe(403)
    expect((await get(load.loader, `/api/room/nowhere?brandId=${brand.id}`, member, { slug: 'nowhere' })).status).toBe(
      404,
    )
  })
})

describe('GET /api/rooms/personal', () => {
  it('lists one’s own personal rooms; someone else’s only for those who run the rooms', async () => {
    const room = await makePersonalRoom(brand, user, { slug: `mine-${tag()}` })
    const own = await get(personal.loader, `/api/rooms/personal?brandId=${brand.id}`, user)
    expect(own.body.rooms).toEqual([
      { id: room.id, slug: room.slug, name: room.name, path: `/${brand.slug}/${room.slug}` },
    ])
    const path = `/api/rooms/personal?brandId=${brand.id}&userId=${user.id}`
    expect((await get(personal.loader, path, owner)).body.rooms.map((r: any) => r.id)).toEqual([room.id])
    expect((await get(personal.loader, path, member)).status).toBe(403)
    expect((await get(personal.loader, path, null)).status).toBe(401)
  })
})

describe('GET /api/rooms/{id}', () => {
  const read = (room: Room, as: User | null) => get(oneRoom.loader, `/api/rooms/${room.id}`, as, { id: room.id })

  it('shows a room to whoever its page admits, with what they may change', async () => {
    const room = await makePersonalRoom(brand, member, { slug: `read-${tag()}`, description: 'Mine' })
    const host = await read(room, member)
    expect(host.body).toMatchObject({
      room: { id: room.id, slug: room.slug, host: { id: member.id } },
      editor: 'own',
      values: { name: room.name, description: 'Mine', roomLink: room.slug, locked: false },
    })
    expect((await read(room, user)).body).toMatchObject({ room: { id: room.id }, editor: null, values: null })
    expect((await read(room, owner)).body).toMatchObject({
      editor: 'admin',
      values: { status: 'active', verified: false, visibility: 'none', pinned: false },
    })
  })

  it('shows a pending group only to those who run it, and any room to the rooms admins', async () => {
    const group = await makeRoom(brand, { status: 'pending', hostId: member.id, members: [member.id] })
    expect((await read(group, member)).body).toMatchObject({ editor: 'group', values: { title: group.name } })
    expect((await read(group, owner)).body.editor).toBe('group')
    expect((await read(group, user)).status).toBe(403)
    expect((await read(group, null)).status).toBe(401)
    const gone = await makeRoom(brand, { status: 'deleted', deleted: true })
    expect((await read(gone, owner)).body.room.status).toBe('deleted')
    expect((await read(gone, member)).status).toBe(404)
    expect((await get(oneRoom.loader, '/api/rooms/nope', owner, { id: 'nope' })).body.error).toBe('roomNotFound')
  })
})

describe('PUT /api/rooms/{id}', () => {
  it('edits one’s own room by its settings page: a field left out keeps its value', async () => {
    const room = await makePersonalRoom(brand, member, { slug: `own-${tag()}`, description: 'Kept' })
    const answer = await put(room.id, member, { name: 'Renamed', waitingRoom: true })
    expect(answer.status).toBe(200)
    expect(answer.body.room).toMatchObject({ name: 'Renamed', slug: room.slug })
    expect(await room.reload()).toMatchObject({ name: 'Renamed', description: 'Kept', waitingRoom: true })
    expect(await put(room.id, member, { name: '' })).toMatchObject({
      status: 400,
      body: { error: 'nameRequired', message: 'Give your room a name.' },
    })
    expect((await put(room.id, member, { redirectOnEndUrl: 'javascript:alert(1)' })).body.error).toBe('urlInvalid')
  })

  it('moves a link only once confirmed, and never onto a taken one', async () => {
    const room = await makePersonalRoom(brand, member, { slug: `move-${tag()}` })
    const to = `moved-${tag()}`
    expect(await put(room.id, member, { roomLink: to })).toMatchObject({
      status: 409,
      body: { error: 'confirmLinkChange', from: room.slug, to },
    })
    expect((await room.reload()).slug).not.toBe(to)
    expect((await put(room.id, member, { roomLink: to, confirm: to })).body.room.slug).toBe(to)
    const other = await makePersonalRoom(brand, user, { slug: `held-${tag()}` })
    expect(await put(room.id, member, { roomLink: other.slug, confirm: other.slug })).toMatchObject({
      status: 409,
      body: { error: 'taken', message: 'Whoops, the path is already taken', suggestion: expect.any(String) },
    })
    expect((await room.reload()).slug).toBe(to)
  })

  it('edits a group by its editor, and refuses a banner it cannot take', async () => {
    const group = await makeRoom(brand, {
      name: 'Readers',
      description: 'We read',
      hostId: member.id,
      members: [member.id],
    })
    const answer = await put(group.id, member, { title: 'Readers club', groupType: 'private' })
    expect(answer.status).toBe(200)
    expect(await group.reload()).toMatchObject({ name: 'Readers club', description: 'We read', roomType: 'private' })
    expect((await put(group.id, member, { title: 'R' })).body.error).toBe('titleTooShort')
    expect((await put(group.id, member, { banner: 'data:image/png;base64,AAAA' })).body.error).toBe('bannerNotProvided')
    expect((await put(group.id, user, { title: 'Taken over' })).status).toBe(403)
    expect(await group.reload()).toMatchObject({ name: 'Readers club' })
  })

  it('changes another’s room by the admin pages: status, verified and the directory place', async () => {
    const room = await makePersonalRoom(brand, member, { slug: `admin-${tag()}` })
    const answer = await put(room.id, owner, { status: 'archived', verified: true, visibility: 'members' })
    expect(answer.body.room).toMatchObject({ status: 'archived', verified: true, visibility: 'members' })
    expect(await room.reload()).toMatchObject({ pinnedInDirectory: false, enabledInDirectory: true })
    expect((await put(room.id, owner, {})).body.error).toBe('nothingToChange')
    expect((await put(room.id, owner, { visibility: 'all' })).body.error).toBe('visibilityInvalid')
    expect((await put(hub.id, owner, { status: 'archived' })).body.error).toBe('protectedRoom')
    expect((await put(room.id, user, { status: 'active' })).status).toBe(403)
    expect((await put(room.id, null, { status: 'active' })).status).toBe(401)
    expect((await room.reload()).status).toBe('archived')
  })

  it('lets a write token edit its owner’s room, never an admin’s change', async () => {
    const room = await makePersonalRoom(brand, owner, { slug: `token-${tag()}` })
    const other = await makePersonalRoom(brand, member, { slug: `token-other-${tag()}` })
    const { secret } = await createToken({
      userId: owner.id,
      name: 'script',
      scope: 'write',
      brandId: null,
      lifetimeDays: 7,
    })
    const headers = { Authorization: `Bearer ${secret}` }
    const mine = await apiCall(oneRoom.action, `/api/rooms/${room.id}`, {
      method: 'PUT',
      body: { name: 'By script' },
      params: { id: room.id },
      headers,
    })
    expect(mine.status).toBe(200)
    const theirs = await apiCall(oneRoom.action, `/api/rooms/${other.id}`, {
      method: 'PUT',
      body: { status: 'archived' },
      params: { id: other.id },
      headers,
    })
    expect(theirs.status).toBe(403)
    expect((await other.reload()).status).toBe('active')
  })
})

describe('POST /api/rooms and DELETE /api/rooms/{id}: the new group wizard and the groups page’s remove', () => {
  const create = (as: User | null, body: unknown) => apiCall(rooms.action, '/api/rooms', { as, body })

  it('makes a group as the wizard does, with its refusals', async () => {
    const link = `club-${tag()}`
    const answer = await create(member, {
      brandId: brand.id,
      title: 'Book club',
      description: 'We read books',
      roomLink: link,
      groupType: 'private',
      questions: ['Why?'],
    })
    expect(answer.status).toBe(201)
    expect(answer.body.room).toMatchObject({ slug: link, context: 'group', status: 'active', host: { id: member.id } })
    const room = await Room.findByPk(answer.body.room.id, { rejectOnEmpty: true })
    expect(room).toMatchObject({ roomType: 'private', newMemberFormEnabled: true, members: [member.id] })

    expect(
      await create(member, { brandId: brand.id, title: 'Again', description: 'Same link', roomLink: link }),
    ).toMatchObject({ status: 409, body: { error: 'taken', suggestion: expect.any(String) } })
    expect(
      (await create(member, { brandId: brand.id, title: 'X', description: 'Short', roomLink: `x-${tag()}` })).body
        .error,
    ).toBe('titleTooShort')
    const banner = { brandId: brand.id, title: 'Art', description: 'Pictures', roomLink: `art-${tag()}`, banner: 'x' }
    expect((await create(member, banner)).body.error).toBe('bannerNotProvided')
    expect(
      await create(viewer, { brandId: brand.id, title: 'Mine', description: 'Not allowed', roomLink: `u-${tag()}` }),
    ).toMatchObject({ status: 403, body: { error: 'noPermission' } })
    expect(await Room.count({ where: { brandId: brand.id, name: ['X', 'Art', 'Mine'] } })).toBe(0)
  })

  it('waits for approval under group moderation, unless its maker approves groups', async () => {
    const { brand: moderated, owner: runner } = await makeCommunity({ brand: { newGroupModerationEnabled: true } })
    const someone = await makeUser()
    await grantRole(someone, moderated)
    const body = () => ({ brandId: moderated.id, title: 'Walks', description: 'We walk', roomLink: `walk-${tag()}` })
    expect((await create(someone, body())).body.room.status).toBe('pending')
    expect((await create(runner, body())).body.room.status).toBe('active')
  })

  it('removes a group for those who run the rooms, and nothing else', async () => {
    const group = await makeRoom(brand)
    const remove = (room: Room, as: User) =>
      apiCall(oneRoom.action, `/api/rooms/${room.id}`, { as, method: 'DELETE', params: { id: room.id } })
    expect((await remove(group, member)).status).toBe(403)
    expect(await remove(group, owner)).toEqual({ status: 200, body: { ok: true, id: group.id } })
    expect(await group.reload()).toMatchObject({ status: 'deleted', deleted: true })
    expect((await remove(group, owner)).body.error).toBe('noResult')
    const room = await makePersonalRoom(brand, member, { slug: `stay-${tag()}` })
    expect(await remove(room, owner)).toMatchObject({ status: 409, body: { error: 'noResult' } })
    expect((await remove(hub, owner)).status).toBe(409)
    expect(await room.reload()).toMatchObject({ status: 'active' })
  })
})

describe('GET /api/access, /api/permissions/granted and /api/roles', () => {
  const ask = (query: string, as: User | null) => get(access.loader, `/api/access?${query}`, as)

  it('answers the access check for anyone, about themselves', async () => {
    expect((await ask(`brand=${brand.slug}&room=hub`, member)).body).toEqual({
      ok: true,
      reason: null,
      user: { id: member.id, name: member.name },
      brand: { id: brand.id, slug: brand.slug, name: brand.name },
      room: { id: hub.id, slug: 'hub', name: hub.name, context: 'group' },
    })
    expect((await ask(`brand=${brand.id}&room=${hub.id}`, member)).body.ok).toBe(true)
    expect((await ask(`brand=${brand.slug}&room=hub`, null)).body).toMatchObject({
      ok: false,
      reason: 'signInRequired',
      user: null,
      room: null,
    })
    expect((await ask(`brand=${brand.slug}&room=hub`, outsider)).body).toMatchObject({
      ok: false,
      reason: 'accessDenied',
    })
    expect((await ask(`brand=${brand.slug}&route=admin`, member)).body.reason).toBe('accessDenied')
    expect((await ask(`brand=${brand.slug}&route=admin`, owner)).body.ok).toBe(true)
    expect((await ask(`brand=${brand.slug}&room=nowhere`, member)).body.reason).toBe('roomNotFound')
    expect((await ask('brand=no-such-community', member)).body).toMatchObject({
      ok: false,
      reason: 'communityNotFound',
      brand: null,
    })
    expect((await ask(`brand=${brand.slug}&route=backstage`, member)).body.error).toBe('badRoute')
    expect((await ask('', member)).body.error).toBe('missingCommunity')
  })

  it('checks a post as its page does', async () => {
    const post = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'Hello' })
    expect((await ask(`brand=${brand.slug}&postId=${post.id}`, member)).body).toMatchObject({
      ok: true,
      room: { id: hub.id },
    })
    expect((await ask(`brand=${brand.slug}&postId=${post.id}`, outsider)).body.reason).toBe('accessDenied')
    expect((await ask(`brand=${brand.slug}&postId=nope`, member)).body.reason).toBe('postNotFound')
  })

  it('answers which permissions the caller holds, in the community or a room', async () => {
    const asked = 'permissions=manage-community,create-groups,kick-peer'
    const held = (as: User | null, extra = '') => get(granted.loader, `/api/permissions/granted?${asked}${extra}`, as)
    expect((await held(owner, `&brand=${brand.slug}`)).body.granted).toEqual([
      'manage-community',
      'create-groups',
      'kick-peer',
    ])
    expect((await held(member, `&brand=${brand.id}`)).body.granted).toEqual(['create-groups'])
    expect((await held(null, `&brand=${brand.slug}`)).body.granted).toEqual([])
    expect((await held(outsider, `&brand=${brand.slug}`)).body.granted).toEqual([])
    // A room's host holds its room-host grant there, and nowhere else.
    const room = await makePersonalRoom(brand, member, { slug: `host-${tag()}` })
    await grantRole(member, brand, 'room-host', room)
    expect((await held(member, `&brand=${brand.slug}&room=${room.slug}`)).body.granted).toEqual([
      'create-groups',
      'kick-peer',
    ])
    expect((await held(member, `&brand=${brand.slug}&room=${room.id}`)).body.granted).toContain('kick-peer')
    expect((await held(member, `&brand=${brand.slug}&room=nowhere`)).status).toBe(404)
    expect(
      (await get(granted.loader, `/api/permissions/granted?brand=${brand.slug}&permissions=fly`, member)).body,
    ).toMatchObject({ error: 'unknownPermission', message: 'fly is not a permission (GET /api/roles lists them).' })
    expect(
      (await get(granted.loader, `/api/permissions/granted?brand=${brand.slug}&permissions=toString`, member)).body
        .error,
    ).toBe('unknownPermission')
    expect((await get(granted.loader, `/api/permissions/granted?brand=${brand.slug}`, member)).body.error).toBe(
      'permissionsRequired',
    )
    expect((await held(member, '&brand=no-such-community')).status).toBe(404)
  })

  it('lists the roles and permissions', async () => {
    const answer = await get(roles.loader, '/api/roles', null)
    expect(answer.status).toBe(200)
    expect(answer.body.roles).toContainEqual({
      slug: 'community-user',
      name: 'User',
      kind: 'community',
      permissions: ['access-community', 'edit-own-user', 'edit-own-room', 'edit-own-posts'],
    })
    expect(answer.body.roles.find((role: any) => role.slug === 'room-co-host').kind).toBe('room')
    expect(answer.body.roles.find((role: any) => role.slug === 'recorder').kind).toBe('bot')
    expect(answer.body.permissions).toContainEqual({ slug: 'edit-own-room', description: 'Edit own room' })
  })
})
