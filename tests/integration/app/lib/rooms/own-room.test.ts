// A personal room's host runs it from /me/rooms/{brand}/{room}: name, description, link (with the
// link rules, a taken link's suggestion and a confirmation before it changes), the page after a
// meeting, the waiting room and the lock. Nobody else reaches the page (404), and a bad value is
// refused with 400, the typed values kept and the room as it was.
import { describe, expect, it } from 'vitest'
import { Role, RoleGrant, type Brand, type Room, type User } from '#models/index'
import { action, loader } from '#app/routes/me.rooms.$brand.$room/route'
import { breakoutPreviewMs } from '#app/lib/rooms/breakout-preview'
import { grantRole, makeBrand, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  result: { error: Record<string, string[]>; initialValue: Record<string, unknown> }
  refusal: { suggestion: string } | null
  confirm: { from: string; to: string } | null
}

async function hostWithRoom() {
  const brand = await makeBrand()
  const host = await makeUser({ name: 'Hana Host' })
  await grantRole(host, brand)
  const room = await makePersonalRoom(brand, host, { slug: `hana-${Math.random().toString(36).slice(2, 8)}` })
  return { brand, host, room }
}

const pagePath = (brand: Brand, room: Room) => `/me/rooms/${brand.slug}/${room.slug}`
const params = (brand: Brand, room: Room) => ({ brand: brand.slug, room: room.slug })

async function get(user: User | null, brand: Brand, room: Room) {
  const headers: Record<string, string> = user ? { Cookie: await signedInCookie(user.id) } : {}
  return loader(routeArgs(pagePath(brand, room), params(brand, room), { headers }))
}

async function save(user: User, brand: Brand, room: Room, fields: Record<string, string>) {
  return action(
    routeArgs(pagePath(brand, room), params(brand, room), {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Cookie: await signedInCookie(user.id) },
    }),
  )
}

const form = (room: Room, fields: Record<string, string> = {}) => ({
  name: room.name ?? 'Room',
  description: '',
  roomLink: room.slug,
  redirectOnEndUrl: '',
  ...fields,
})

describe('a host’s own room', () => {
  it('shows the room to its host and saves name, description, end page, waiting room and lock', async () => {
    const { brand, host, room } = await hostWithRoom()
    expect(await get(host, brand, room)).toMatchObject({
      community: { slug: brand.slug },
      path: `/${brand.slug}/${room.slug}`,
      values: { roomLink: room.slug, waitingRoom: false, locked: false },
    })
    const saved = await thrownResponse(
      save(
        host,
        brand,
        room,
        form(room, {
          name: 'Hana’s studio',
          description: 'Office hours on Fridays',
          redirectOnEndUrl: 'https://hana.example/thanks',
          waitingRoom: 'on',
          locked: 'on',
        }),
      ),
    )
    expect(saved).toRedirectTo(pagePath(brand, room))
    await room.reload()
    expect(room).toMatchObject({
      name: 'Hana’s studio',
      description: 'Office hours on Fridays',
      redirectOnEndUrl: 'https://hana.example/thanks',
      waitingRoom: true,
      locked: true,
    })
    // Unticked boxes are not posted: off again.
    await thrownResponse(save(host, brand, room, form(room)))
    expect(await room.reload()).toMatchObject({ waitingRoom: false, locked: false })
  })

  it('saves the breakout preview and its seconds, which the meeting counts down; refuses seconds out of range', async () => {
    const { brand, host, room } = await hostWithRoom()
    expect(await get(host, brand, room)).toMatchObject({
      values: { breakoutPreview: false, breakoutPreviewSeconds: 10 },
    })
    await thrownResponse(save(host, brand, room, form(room, { breakoutPreview: 'on', breakoutPreviewSeconds: '20' })))
    expect(await room.reload()).toMatchObject({ breakoutPreview: true, breakoutPreviewTimer: 20 })
    expect(breakoutPreviewMs(room)).toBe(20_000)

    for (const seconds of ['2', '61', '7.5', 'soon']) {
      const answer = await save(
        host,
        brand,
        room,
        form(room, { breakoutPreview: 'on', breakoutPreviewSeconds: seconds }),
      )
      expect(initOf(answer).status, seconds).toBe(400)
      const { result } = unwrap(answer) as unknown as Reply
      expect(result.error, seconds).toEqual({ breakoutPreviewSeconds: ['common:breakoutPreview.secondsInvalid'] })
      expect(result.initialValue).toMatchObject({ breakoutPreviewSeconds: seconds })
    }
    expect(await room.reload()).toMatchObject({ breakoutPreview: true, breakoutPreviewTimer: 20 })

    // Off: the meeting moves people after its usual second.
    await thrownResponse(save(host, brand, room, form(room, { breakoutPreviewSeconds: '20' })))
    expect(breakoutPreviewMs(await room.reload())).toBeNull()
  })

  it('changes the link only once confirmed, and refuses a taken one with a free suggestion', async () => {
    const { brand, host, room } = await hostWithRoom()
    const old = room.slug
    await makeRoom(brand, { slug: 'taken-link' })

    const taken = await save(host, brand, room, form(room, { roomLink: 'taken-link' }))
    expect(initOf(taken).status).toBe(400)
    const refused = unwrap(taken) as unknown as Reply
    expect(refused.result.error.roomLink).toEqual(['members:roomLink.taken'])
    expect(refused.refusal!.suggestion).toMatch(/^taken-link-\d+$/)

    const bad = await save(host, brand, room, form(room, { roomLink: '-x' }))
    expect((unwrap(bad) as unknown as Reply).result.error.roomLink).toEqual(['members:roomLink.errors.start'])

    const asked = unwrap(await save(host, brand, room, form(room, { roomLink: 'Hana-New' }))) as unknown as Reply
    expect(asked.confirm).toEqual({ from: old, to: 'hana-new' })
    expect((await room.reload()).slug).toBe(old)

    const moved = await thrownResponse(
      save(host, brand, room, form(room, { roomLink: 'Hana-New', confirm: 'hana-new' })),
    )
    expect(moved).toRedirectTo(`/me/rooms/${brand.slug}/hana-new`)
    expect((await room.reload()).slug).toBe('hana-new')
  })

  it('refuses bad values with 400, keeping what was typed and the room as it was', async () => {
    const { brand, host, room } = await hostWithRoom()
    const answer = await save(
      host,
      brand,
      room,
      form(room, { name: ' ', redirectOnEndUrl: 'javascript:alert(1)', locked: 'maybe' }),
    )
    expect(initOf(answer).status).toBe(400)
    const { result } = unwrap(answer) as unknown as Reply
    expect(result.error).toEqual({
      name: ['account:rooms.errors.nameRequired'],
      redirectOnEndUrl: ['account:rooms.errors.urlInvalid'],
      locked: ['account:rooms.errors.flagInvalid'],
    })
    expect(result.initialValue).toMatchObject({ redirectOnEndUrl: 'javascript:alert(1)' })
    expect(await room.reload()).toMatchObject({ redirectOnEndUrl: null, locked: false })
  })

  it('is not found for anyone but its host, and asks a visitor to sign in', async () => {
    const { brand, room } = await hostWithRoom()
    const stranger = await makeUser()
    await grantRole(stranger, brand, 'community-admin')
    expect((await thrownResponse(get(stranger, brand, room))).status).toBe(404)
    expect((await thrownResponse(save(stranger, brand, room, form(room, { locked: 'on' })))).status).toBe(404)
    expect((await room.reload()).locked).toBe(false)
    const signIn = await thrownResponse(get(null, brand, room))
    expect(signIn.headers.get('Location')).toMatch(/^\/sign-in\?redirectTo=/)
    // A host who lost their place in the community (no edit-own-room) cannot either.
    const { brand: other, host, room: kept } = await hostWithRoom()
    await grantRole(host, other, 'community-viewer')
    const member = await Role.findOne({ where: { slug: 'community-member' }, rejectOnEmpty: true })
    await RoleGrant.destroy({ where: { userId: host.id, brandId: other.id, roleId: member.id } })
    expect((await thrownResponse(get(host, other, kept))).status).toBe(404)
  })
})
