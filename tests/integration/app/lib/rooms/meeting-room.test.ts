// The meeting room page's loader and the edge-pass refresh route: access, host powers and the pass.
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyEdgeToken } from '#edge/contract/token'
import { Brand, Role, RoleGrant, Room, User } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { LIMITS, hit } from '#app/lib/platform/rate-limit.server'
import { claimPersonalRoom } from '#app/lib/rooms/room-claims.server'
import { mainBrand } from '#models/main-brand'
import { sessionStorage } from '#app/lib/http/session.server'
import { loader } from '#app/routes/$brand.$room/route'
import { action as refreshPass } from '#app/routes/resources.edge-token'
import { seedDemo } from '#models/seed'
import { TestBrowser } from '#tests/support/browser'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { cookiePair, initOf, signedInCookie, unwrap } from '#tests/support/session'

let users: Record<'owner' | 'admin' | 'mia' | 'noah', User>

beforeAll(async () => {
  await seedDemo()
  const byEmail = async (address: string) =>
    await User.findOne({ where: { emailAddress: address }, rejectOnEmpty: true })
  users = {
    owner: await byEmail('owner@demo.hearth.test'),
    admin: await byEmail('admin@demo.hearth.test'),
    mia: await byEmail('mia@demo.hearth.test'),
    noah: await byEmail('noah@demo.hearth.test'),
  }
})

async function visit(room: string, user?: User) {
  const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
  return loader(routeArgs(`/demo/${room}`, { brand: 'demo', room }, { headers }))
}

async function roomData(room: string, user?: User) {
  // The loader also serves the self sign-up page; these tests read the meeting room's shape.
  const data = unwrap(await visit(room, user)) as Record<string, any>
  expect(data.kind).toBe('room')
  return data
}

describe('/{brand}/{room} loader', () => {
  it('a guest in the public hub: a guest id, the default name, no powers, a valid pass for this room', async () => {
    const data = await roomData('hub')
    expect(data.room).toMatchObject({ slug: 'hub', name: 'Community Hub' })
    expect(data.host).toMatchObject({ name: 'Olivia Owner' })
    expect(data.me).toMatchObject({ name: 'Guest', isGuest: true, isHost: false, canKick: false, canMute: false })
    expect(data.me.userId).toMatch(/^guest:/)
    expect(data.pass.edgeUrl).toBe(env.EDGE_PUBLIC_URL)
    const verified = await verifyEdgeToken(data.pass.token, env.EDGE_SECRET)
    expect(verified?.claims).toMatchObject({
      userId: data.me.userId,
      roomId: data.room.id,
      isHost: false,
      permissions: [],
    })
    expect(data.messages.meeting.home.join).toBe('Join')
  })

  it("carries the page request's id to the edge, whose log lines about this person then name it", async () => {
    const args = routeArgs('/demo/hub', { brand: 'demo', room: 'hub' })
    const data = unwrap(await loader({ ...args, context: { ...args.context, requestId: 'req-0123456789' } }))
    const verified = await verifyEdgeToken((data as Record<string, any>).pass.token, env.EDGE_SECRET)
    expect(verified?.claims.requestId).toBe('req-0123456789')
  })

  it('the host, a co-host and an admin get their powers; a member none', async () => {
    expect((await roomData('hub', users.owner)).me).toMatchObject({ isHost: true, canKick: true, canMute: true })
    expect((await roomData('announcements', users.admin)).me).toMatchObject({
      isHost: false,
      isCoHost: true,
      canKick: true,
    })
    const admin = await roomData('hub', users.admin)
    expect(admin.me).toMatchObject({ isHost: false, isCoHost: false, canKick: true, canMute: true })
    expect((await verifyEdgeToken(admin.pass.token, env.EDGE_SECRET))?.claims.permissions.sort()).toEqual([
      'kick-peer',
      'mute-peer',
    ])
    expect((await roomData('book-club', users.noah)).me).toMatchObject({
      isHost: false,
      canKick: false,
      canMute: false,
      name: 'Noah Member',
    })
  })

  it('a group that is not open sends a guest to the private page, coming back here after', async () => {
    const response = await thrownResponse(visit('book-club'))
    expect(response).toRedirectTo('/private?redirectTo=%2Fdemo%2Fbook-club')
  })

  it('names people as the community shows names: abbreviated when it asks', async () => {
    await Brand.update({ displayAbbreviatedUserNames: true }, { where: { slug: 'demo' } })
    try {
      const data = await roomData('hub', users.noah)
      expect((await verifyEdgeToken(data.pass.token, env.EDGE_SECRET))?.claims.name).toBe('Noah M.')
      expect(data.host).toMatchObject({ name: 'Olivia O.' })
    } finally {
      await Brand.update({ displayAbbreviatedUserNames: false }, { where: { slug: 'demo' } })
    }
  })

  it("carries the community's chat, screen-share, shared-video, caption, transcript, recording and live switches in the pass (the edge enforces them)", async () => {
    expect((await verifyEdgeToken((await roomData('hub')).pass.token, env.EDGE_SECRET))?.claims.controls).toEqual({
      chat: true,
      sharedScreen: true,
      sharedVideo: true,
      closedCaption: true,
      transcribe: true,
      recording: true,
      live: true,
    })
    const brand = await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })
    const before = brand.toolbarControls
    await brand.update({
      toolbarControls: {
        ...before,
        chat: false,
        sharedScreen: false,
        sharedVideo: false,
        closedCaption: false,
        transcribe: false,
        recording: false,
        live: false,
      },
    })
    try {
      const data = await roomData('hub', users.owner)
      expect((await verifyEdgeToken(data.pass.token, env.EDGE_SECRET))?.claims.controls).toEqual({
        chat: false,
        sharedScreen: false,
        sharedVideo: false,
        closedCaption: false,
        transcribe: false,
        recording: false,
        live: false,
      })
    } finally {
      await brand.update({ toolbarControls: before })
    }
  })

  it("enters by itself once for the host who came through the callback's auto-join flag", async () => {
    // The session the callback leaves behind with aj=1: signed in, the flag set.
    const session = await sessionStorage.getSession(await signedInCookie(users.owner.id))
    session.set('flags', { autoJoin: true, embedded: false })
    const cookie = cookiePair(await sessionStorage.commitSession(session))
    const open = (room: string) =>
      loader(routeArgs(`/demo/${room}`, { brand: 'demo', room }, { headers: { Cookie: cookie } }))

    // Not in a room Olivia does not host (Noah's personal room): the flag waits for her own.
    const elsewhere = await open('noah')
    expect((unwrap(elsewhere) as Record<string, any>).autoEnter).toBe(false)
    const first = await open('hub')
    expect((unwrap(first) as Record<string, any>).autoEnter).toBe(true)
    expect(initOf(first).headers.get('Set-Cookie')).toBeTruthy()
    // Used once: the next visit waits for a click.
    expect((unwrap(await open('hub')) as Record<string, any>).autoEnter).toBe(false)
    expect((await roomData('hub', users.owner)).autoEnter).toBe(false)
  })

  it('an unknown room goes to the room-not-found page, which answers 404', async () => {
    const response = await thrownResponse(visit('no-such-room'))
    expect(response).toRedirectTo('/demo/room-not-found')
    const notFound = await visit('room-not-found')
    expect(initOf(notFound).status).toBe(404)
    expect(unwrap(notFound)).toMatchObject({ kind: 'notFound', community: { slug: 'demo' } })
  })
})

describe('/resources/edge-token', () => {
  const post = async (fields: Record<string, string>, user?: User) => {
    const headers: Record<string, string> = user ? { Cookie: await signedInCookie(user.id) } : {}
    // A resource route answers with a real Response: its status and headers are what the browser gets.
    return (await refreshPass(
      routeArgs('/resources/edge-token', {}, { method: 'POST', body: new URLSearchParams(fields), headers }),
    )) as Response
  }

  it('hands a fresh pass to someone who may enter', async () => {
    const result = await post({ brand: 'demo', room: 'book-club' }, users.mia)
    expect(result.status).toBe(200)
    const pass = (await result.json()) as { token: string; edgeUrl: string }
    expect(pass.edgeUrl).toBe(env.EDGE_PUBLIC_URL)
    expect((await verifyEdgeToken(pass.token, env.EDGE_SECRET))?.claims).toMatchObject({
      userId: users.mia.id,
      isHost: true,
    })
    expect(result.headers.get('Cache-Control')).toContain('no-store')
  })

  it('refuses with 403 who may not enter, 404 an unknown room, 400 a bad request', async () => {
    expect((await post({ brand: 'demo', room: 'book-club' })).status).toBe(403)
    expect((await post({ brand: 'demo', room: 'nope' })).status).toBe(404)
    expect((await post({ brand: 'demo' })).status).toBe(400)
    expect((await post({ brand: 'demo', room: 'book-club', unreachable: 'not an address' }, users.mia)).status).toBe(
      400,
    )
  })

  it('takes the address of the edge a reconnecting client lost (a single edge without Redis: that one again)', async () => {
    const result = await post({ brand: 'demo', room: 'book-club', unreachable: env.EDGE_PUBLIC_URL }, users.mia)
    expect(result.status).toBe(200)
    expect(((await result.json()) as { edgeUrl: string }).edgeUrl).toBe(env.EDGE_PUBLIC_URL)
  })
})

describe('meeting powers belong to a room', () => {
  const owner = async (name: string) => {
    const user = await User.create({ name, emailAddress: `${name.toLowerCase()}@owners.example` })
    const { room } = await claimPersonalRoom(user, `${name.toLowerCase()}-place`)
    return { user, room }
  }
  const inRoom = async (room: Room, user: User) => {
    const brand = room.brandId === (await mainBrand()).id ? 'me' : 'demo'
    const outcome = await (
      await TestBrowser.signedIn(user.id)
    ).run(loader, `/${brand}/${room.slug}`, { params: { brand, room: room.slug } })
    expect(outcome.data?.kind).toBe('room')
    return { me: outcome.data.me, claims: (await verifyEdgeToken(outcome.data.pass.token, env.EDGE_SECRET))!.claims }
  }

  it("each personal room's owner is powerless in the other's room: no buttons, no powers in the pass", async () => {
    const ana = await owner('Ana')
    const ben = await owner('Ben')
    for (const [visitor, host] of [
      [ana, ben],
      [ben, ana],
    ]) {
      const { me, claims } = await inRoom(host!.room, visitor!.user)
      expect(me).toMatchObject({ isHost: false, isCoHost: false, canKick: false, canMute: false })
      expect(claims).toMatchObject({ isHost: false, isCoHost: false, permissions: [] })
      // At home they hold their room.
      const own = await inRoom(visitor!.room, visitor!.user)
      expect(own.me).toMatchObject({ isHost: true, canKick: true, canMute: true })
    }
  })

  it("a room-scoped grant shows in that room's pass only; a demo admin's powers stay in the demo", async () => {
    const cleo = await owner('Cleo')
    const hub = await Room.findOne({ where: { slug: 'hub' }, rejectOnEmpty: true })
    const bookClub = await Room.findOne({ where: { slug: 'book-club' }, rejectOnEmpty: true })
    const coHost = await Role.findOne({ where: { slug: 'room-co-host' }, rejectOnEmpty: true })
    await RoleGrant.create({ userId: users.noah.id, brandId: bookClub.brandId, roleId: coHost.id, roomId: bookClub.id })
    expect((await inRoom(bookClub, users.noah)).claims.permissions.sort()).toEqual(['kick-peer', 'mute-peer'])
    expect((await inRoom(hub, users.noah)).claims.permissions).toEqual([])
    expect((await inRoom(cleo.room, users.admin)).claims.permissions).toEqual([])
  })
})

describe('guests', () => {
  const hubArgs = { params: { brand: 'demo', room: 'hub' } }
  const guestPass = async (outcome: { data: any }) =>
    (await verifyEdgeToken(outcome.data.token ?? outcome.data.pass.token, env.EDGE_SECRET))!.claims

  it('keep one id per browser: the signed __guest cookie, set on the first pass, reused by the page and the refresh route', async () => {
    const browser = new TestBrowser()
    const first = await browser.run(loader, '/demo/hub', hubArgs)
    expect(first.setCookie).toMatch(/^__guest=[^;]+;/)
    expect(first.setCookie).toMatch(/; HttpOnly/)
    expect(first.setCookie).toMatch(/; SameSite=Lax/)
    const id = (await guestPass(first)).userId
    expect(id).toMatch(/^guest:[A-Za-z0-9_-]{36}$/)
    expect(first.data.me.userId).toBe(id)

    const again = await browser.run(loader, '/demo/hub', hubArgs)
    expect(again.setCookie).toBeNull()
    expect((await guestPass(again)).userId).toBe(id)
    const refreshed = await browser.run(refreshPass, '/resources/edge-token', {
      fields: { brand: 'demo', room: 'hub' },
    })
    expect(refreshed.status).toBe(200)
    expect((await guestPass(refreshed)).userId).toBe(id)

    // Another browser is another guest; a cookie not signed by the server is replaced.
    expect((await guestPass(await new TestBrowser().run(loader, '/demo/hub', hubArgs))).userId).not.toBe(id)
    const forged = new TestBrowser(`__guest=${btoa(JSON.stringify(id.slice('guest:'.length)))}`)
    const replaced = await forged.run(loader, '/demo/hub', hubArgs)
    expect(replaced.setCookie).toMatch(/^__guest=/)
    expect((await guestPass(replaced)).userId).not.toBe(id)
  })
})

describe('the pass limit per client address', () => {
  it('answers 429 with a translated page, and the refresh route a 429 with a translated message', async () => {
    const browser = new TestBrowser()
    for (let count = 0; count < LIMITS.edgePassesPerAddress.max; count++)
      await hit(LIMITS.edgePassesPerAddress, browser.address)
    const page = await browser.run(loader, '/demo/hub', { params: { brand: 'demo', room: 'hub' } })
    expect(page.status).toBe(429)
    expect(page.data).toMatchObject({ kind: 'passLimit', community: { slug: 'demo' }, minutes: 10 })
    expect(page.data.messages.meeting.passLimit.title).toBe('Too many meeting passes')
    expect(page.data.pass).toBeUndefined()

    const refresh = await browser.run(refreshPass, '/resources/edge-token', { fields: { brand: 'demo', room: 'hub' } })
    expect(refresh.status).toBe(429)
    expect(refresh.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(refresh.data).toEqual({
      error: 'too many requests',
      message: expect.stringContaining('Please wait 10 minutes'),
    })
    expect(refresh.data.token).toBeUndefined()

    // Another address is not held back.
    expect((await new TestBrowser().run(loader, '/demo/hub', { params: { brand: 'demo', room: 'hub' } })).status).toBe(
      200,
    )
  })
})
