// The room directory (docs/admin-guide.md#the-directory): a disabled directory is not found; the listing shows
// the personal rooms and groups put in it that the viewer may see (everyone → anybody, community
// members → members, not visible → nobody), pinned first; the settings form at its boundaries; the
// QR code of a room link, access-checked like the room.
import { beforeEach, describe, expect, it } from 'vitest'
import { Brand, Membership, Room, type User } from '#models/index'
import { loader as layoutLoader, handle as layoutHandle } from '#app/routes/directory.$brand/route'
import { loader as indexLoader } from '#app/routes/directory.$brand._index'
import {
  action as adminDirectoryAction,
  loader as adminDirectoryLoader,
} from '#app/routes/$brand._community.admin.directory/route'
import { loader as qrLoader } from '#app/routes/resources.qr.$brand.$room'
import { directorySettingsDefaults } from '#models/brand-config'
import { mainBrand } from '#models/main-brand'
import { brandThemeInput, themeStyle } from '#app/lib/communities/theme'
import { grantRole, makeCommunity, makeEventRoom, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let owner: User
let member: User

beforeEach(async () => {
  ;({ brand, owner } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
  await enableDirectory()
})

async function enableDirectory(fields: Partial<ReturnType<typeof directorySettingsDefaults>> = {}) {
  await brand.update({ directorySettings: { ...directorySettingsDefaults(), enabled: true, ...fields } })
}

const cookie = async (as: User | null) => (as ? { Cookie: await signedInCookie(as.id) } : undefined)

async function directory(as: User | null, page = 'page') {
  return unwrap(
    await layoutLoader(
      routeArgs(`/directory/${brand.slug}/${page}`, { brand: brand.slug }, { headers: await cookie(as) }),
    ),
  )
}
const listed = async (as: User | null) => (await directory(as)).rooms.map((room) => room.slug)

describe('a disabled directory', () => {
  it('is not found, for its owner as for anyone', async () => {
    await brand.update({ directorySettings: { ...directorySettingsDefaults(), enabled: false } })
    for (const as of [owner, member, null]) {
      const response = await thrownResponse(
        layoutLoader(routeArgs(`/directory/${brand.slug}/page`, { brand: brand.slug }, { headers: await cookie(as) })),
      )
      expect(response.status).toBe(404)
    }
  })

  it('of an unknown or inactive community is not found either', async () => {
    const unknown = await thrownResponse(
      layoutLoader(routeArgs('/directory/no-such-community/page', { brand: 'no-such-community' })),
    )
    expect(unknown).toRedirectTo('/community-not-found')
    await brand.update({ status: 'deleted' })
    const inactive = await thrownResponse(
      layoutLoader(routeArgs(`/directory/${brand.slug}/page`, { brand: brand.slug })),
    )
    expect(inactive).toRedirectTo('/community-not-found')
  })
})

describe('what the listing shows', () => {
  it('shows rooms visible to everyone to guests, and adds those for members to members', async () => {
    const open = await makeRoom(brand, {
      name: 'Open Lounge',
      enabledInDirectory: true,
      visibleInDirectory: 'everyone',
    })
    const inner = await makeRoom(brand, {
      name: 'Inner Circle',
      enabledInDirectory: true,
      visibleInDirectory: 'members',
    })
    await makeRoom(brand, { name: 'Hidden', enabledInDirectory: true, visibleInDirectory: 'none' })
    await makeRoom(brand, { name: 'Not in it', enabledInDirectory: false, visibleInDirectory: 'everyone' })
    expect(await listed(null)).toEqual([open.slug])
    expect((await listed(member)).sort()).toEqual([inner.slug, open.slug].sort())
    expect((await listed(owner)).sort()).toEqual([inner.slug, open.slug].sort())
  })

  it('treats someone of another community, a pending and an archived member as guests', async () => {
    const open = await makeRoom(brand, { enabledInDirectory: true, visibleInDirectory: 'everyone' })
    await makeRoom(brand, { enabledInDirectory: true, visibleInDirectory: 'members' })
    const { owner: stranger } = await makeCommunity()
    const pending = await makeUser()
    await grantRole(pending, brand)
    await Membership.update({ status: 'pending' }, { where: { brandId: brand.id, userId: pending.id } })
    const archived = await makeUser()
    await grantRole(archived, brand)
    await Membership.update({ status: 'deleted' }, { where: { brandId: brand.id, userId: archived.id } })
    for (const as of [stranger, pending, archived]) expect(await listed(as)).toEqual([open.slug])
  })

  it('lists personal rooms and groups, not events, breakouts, deleted or archived rooms', async () => {
    const inDirectory = { enabledInDirectory: true, visibleInDirectory: 'everyone' as const }
    const personal = await makePersonalRoom(brand, member, inDirectory)
    const group = await makeRoom(brand, inDirectory)
    await makeEventRoom(brand, inDirectory)
    await makeRoom(brand, { ...inDirectory, type: 'breakout' })
    await makeRoom(brand, { ...inDirectory, status: 'deleted', deleted: true })
    await makeRoom(brand, { ...inDirectory, status: 'archived' })
    const { brand: other } = await makeCommunity()
    await makeRoom(other, inDirectory)
    const rooms = (await directory(null)).rooms
    expect(rooms.map((room) => room.slug).sort()).toEqual([personal.slug, group.slug].sort())
    expect(rooms.find((room) => room.slug === personal.slug)?.context).toBe('personal')
    expect(rooms.find((room) => room.slug === group.slug)?.context).toBe('group')
  })

  it('offers Meet on personal rooms while the community shows the button, else only where the host always wants it', async () => {
    const inDirectory = { enabledInDirectory: true, visibleInDirectory: 'everyone' as const }
    const keen = await makeUser({ meta: { alwaysEnableMeetButton: true } })
    await grantRole(keen, brand)
    const plain = await makePersonalRoom(brand, member, inDirectory)
    const eager = await makePersonalRoom(brand, keen, inDirectory)
    const group = await makeRoom(brand, inDirectory)
    const meet = async () =>
      Object.fromEntries((await directory(null)).rooms.map((room) => [room.slug, room.meet] as const))
    expect(await meet()).toEqual({ [plain.slug]: true, [eager.slug]: true, [group.slug]: false })
    await brand.update({ meetButtonEnabled: false })
    expect(await meet()).toEqual({ [plain.slug]: false, [eager.slug]: true, [group.slug]: false })
  })

  it('puts pinned rooms first, then orders by name', async () => {
    const inDirectory = { enabledInDirectory: true, visibleInDirectory: 'everyone' as const }
    const zebra = await makeRoom(brand, { ...inDirectory, name: 'Zebra', pinnedInDirectory: true })
    const apple = await makeRoom(brand, { ...inDirectory, name: 'apple' })
    const mango = await makeRoom(brand, { ...inDirectory, name: 'Mango' })
    const banana = await makeRoom(brand, { ...inDirectory, name: 'Banana', pinnedInDirectory: true })
    expect(await listed(null)).toEqual([banana.slug, zebra.slug, apple.slug, mango.slug])
    expect((await directory(null)).rooms.map((room) => room.pinned)).toEqual([true, true, false, false])
  })

  it('offers the community sign-up link only with self sign-up on and sign-ups allowed', async () => {
    await brand.update({ allowSignUps: true, selfSignupHash: 'hash-for-the-directory-test' })
    expect((await directory(null)).signupPath).toBeNull()
    await enableDirectory({ selfSignup: true })
    expect((await directory(null)).signupPath).toBe(`/${brand.slug}/signup-hash-for-the-directory-test`)
    await brand.update({ allowSignUps: false })
    expect((await directory(null)).signupPath).toBeNull()
  })

  it('tells the embed script how to place the frame, and names the one site that may frame it', async () => {
    await enableDirectory({ type: 'launcher', position: 'top-left', offsetX: 10, offsetY: 400 })
    await brand.update({ embeddedClientUrl: 'https://club.example.org/home' })
    const data = await directory(null, 'launcher')
    expect(data.placement).toEqual({ type: 'launcher', position: 'top-left', offsetX: 10, offsetY: 400 })
    expect(layoutHandle.frameAncestors(data)).toEqual(['https://club.example.org/home'])
    expect(layoutHandle.embeddingDetails!(data)).toEqual({ placement: data.placement })
    await brand.update({ embeddedClientUrl: null })
    expect(layoutHandle.frameAncestors(await directory(null, 'launcher'))).toEqual([])
  })

  it("lays its own theme over the community's when one is chosen", async () => {
    expect((await directory(null)).themeStyle).toBeNull()
    await enableDirectory({ theme: 'dark' })
    const style = (await directory(null)).themeStyle
    expect(style).toMatch(/^:root\{/)
    expect(style).not.toBe(themeStyle(brandThemeInput(brand)))
  })

  it('sends /directory/{brand} to the page, keeping the query', async () => {
    const response = await thrownResponse(async () => {
      throw indexLoader(routeArgs(`/directory/${brand.slug}?embeddable=1`, { brand: brand.slug }))
    })
    expect(response).toRedirectTo(`/directory/${brand.slug}/page?embeddable=1`)
  })
})

describe('the directory settings form', () => {
  let admin: User
  beforeEach(async () => {
    admin = await makeUser()
    await grantRole(admin, brand, 'community-admin')
  })

  const path = () => `/${brand.slug}/admin/directory`
  const post = async (fields: Record<string, string>) =>
    adminDirectoryAction(
      routeArgs(
        path(),
        { brand: brand.slug },
        { method: 'POST', body: new URLSearchParams(fields), headers: await cookie(admin) },
      ),
    )
  const good = {
    intent: 'settings',
    enabled: 'on',
    type: 'listing',
    position: 'bottom-left',
    offsetX: '0',
    offsetY: '400',
    theme: 'oceanic',
    selfSignup: 'on',
  }
  const stored = async () => (await Brand.findByPk(brand.id, { rejectOnEmpty: true })).directorySettings

  it('saves every setting, with a flash, and the page shows them', async () => {
    const response = await thrownResponse(post(good))
    expect(response).toRedirectTo(path())
    expect(await stored()).toMatchObject({
      enabled: true,
      type: 'listing',
      position: 'bottom-left',
      offsetX: 0,
      offsetY: 400,
      theme: 'oceanic',
      selfSignup: true,
    })
    const page = unwrap(
      await adminDirectoryLoader(routeArgs(path(), { brand: brand.slug }, { headers: await cookie(admin) })),
    )
    expect(page.settings).toMatchObject({ enabled: true, type: 'listing', theme: 'oceanic' })
  })

  it('switches the directory off when the box is not ticked (a form without JavaScript posts nothing for it)', async () => {
    const { enabled: _enabled, ...unticked } = good
    await thrownResponse(post(unticked))
    expect((await stored()).enabled).toBe(false)
  })

  it.each([
    ['offsetX', '401', 'directory:errors.offsetRange'],
    ['offsetY', '-1', 'directory:errors.offsetRange'],
    ['offsetX', '1.5', 'directory:errors.offsetInvalid'],
    ['offsetY', '', 'directory:errors.offsetRequired'],
    ['type', 'popup', 'directory:errors.choiceInvalid'],
    ['position', 'middle', 'directory:errors.choiceInvalid'],
    ['theme', 'neon', 'directory:errors.choiceInvalid'],
  ])('refuses %s = %j with its message, keeps what was typed and changes nothing', async (field, value, message) => {
    const before = await stored()
    const result = await post({ ...good, [field]: value })
    expect(initOf(result).status).toBe(400)
    const reply = unwrap(result) as {
      intent: string
      result: { error: Record<string, string[]>; initialValue: Record<string, string> }
    }
    expect(reply.result.error[field]).toEqual([message])
    // Conform drops an empty field from what it hands back; the page shows it empty, as typed.
    expect(reply.result.initialValue[field] ?? '').toBe(value)
    expect(await stored()).toEqual(before)
  })

  it('keeps the per-room form working beside it', async () => {
    const room = await makeRoom(brand)
    await thrownResponse(post({ intent: 'directory', id: room.id, visibility: 'members', pinned: 'on' }))
    expect(await Room.findByPk(room.id)).toMatchObject({
      enabledInDirectory: true,
      visibleInDirectory: 'members',
      pinnedInDirectory: true,
    })
  })
})

describe('QR code of a room link', () => {
  const qr = async (roomSlug: string, as: User | null) =>
    qrLoader(
      routeArgs(
        `/resources/qr/${brand.slug}/${roomSlug}`,
        { brand: brand.slug, room: roomSlug },
        { headers: await cookie(as) },
      ),
    )

  it('is an SVG drawn on the server, for whoever may open the room', async () => {
    const room = await makePersonalRoom(brand, member)
    const response = await qr(room.slug, null)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/)
    const svg = await response.text()
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('<path')
  })

  it('draws a personal room of the main site too (welcome-aboard shows it)', async () => {
    const main = await mainBrand()
    const room = await makePersonalRoom(main, member)
    const response = await qrLoader(routeArgs(`/resources/qr/me/${room.slug}`, { brand: 'me', room: room.slug }))
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/)
  })

  it('encodes a different code for a different room link', async () => {
    const one = await makePersonalRoom(brand, member)
    const two = await makePersonalRoom(brand, owner)
    expect(await (await qr(one.slug, null)).text()).not.toBe(await (await qr(two.slug, null)).text())
  })

  it("is refused like the room: unknown link → room not found; a members' group → sign in, then access denied", async () => {
    const unknown = await thrownResponse(qr('no-such-room', member))
    expect(unknown).toRedirectTo(/room-not-found/)
    const inner = await makeRoom(brand)
    const guest = await thrownResponse(qr(inner.slug, null))
    expect(guest).toRedirectTo(/\/private|\/sign-in/)
    const { owner: stranger } = await makeCommunity()
    const denied = await thrownResponse(qr(inner.slug, stranger))
    expect(denied).toRedirectTo(/access-denied/)
    const allowed = await qr(inner.slug, member)
    expect(allowed.status).toBe(200)
  })
})
