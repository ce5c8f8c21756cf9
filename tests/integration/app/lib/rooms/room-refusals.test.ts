// Who a room refuses, and where each refused visitor goes: a guest to sign in (/private), a
// signed-in person to the community's access-denied page, both keeping the room's address.
import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, Room, User } from '#models/index'
import { loader } from '#app/routes/$brand.$room/route'
import { action as refreshPass } from '#app/routes/resources.edge-token'
import { seedDemo } from '#models/seed'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { signedInCookie, unwrap } from '#tests/support/session'

let mia: User
let stranger: User

beforeAll(async () => {
  await seedDemo()
  const demo = await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })
  mia = await User.findOne({ where: { emailAddress: 'mia@demo.hearth.test' }, rejectOnEmpty: true })
  stranger = await User.create({ name: 'Sam Stranger', emailAddress: 'sam@elsewhere.test' })
  // Open, in a community whose groups are public to guests: only its type keeps strangers out.
  await Room.create({
    brandId: demo.id,
    slug: 'premium-lounge',
    name: 'Premium Lounge',
    context: 'group',
    roomType: 'premium',
    open: true,
  })
})

async function visit(room: string, user?: User) {
  const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
  return loader(routeArgs(`/demo/${room}`, { brand: 'demo', room }, { headers }))
}

const refusedTo = async (room: string, user?: User) => (await thrownResponse(visit(room, user))).headers.get('Location')

describe('premium rooms', () => {
  it('admit a community member', async () => {
    expect(unwrap(await visit('premium-lounge', mia))).toMatchObject({ kind: 'room', room: { slug: 'premium-lounge' } })
  })

  it('refuse a signed-in person who is not a member, and ask a guest to sign in', async () => {
    expect(await refusedTo('premium-lounge', stranger)).toBe('/demo/access-denied?redirectTo=%2Fdemo%2Fpremium-lounge')
    expect(await refusedTo('premium-lounge')).toBe('/private?redirectTo=%2Fdemo%2Fpremium-lounge')
  })
})

describe('a refused visitor', () => {
  it('signed in: the access-denied page, not a sign-in prompt', async () => {
    expect(await refusedTo('book-club', stranger)).toBe('/demo/access-denied?redirectTo=%2Fdemo%2Fbook-club')
  })

  it('signed out: the sign-in prompt, keeping the address', async () => {
    expect(await refusedTo('book-club')).toBe('/private?redirectTo=%2Fdemo%2Fbook-club')
  })

  it('asking for a fresh edge pass: 403 either way', async () => {
    const post = async (user?: User) => {
      const headers: Record<string, string> = user ? { Cookie: await signedInCookie(user.id) } : {}
      const body = new URLSearchParams({ brand: 'demo', room: 'premium-lounge' })
      return refreshPass(routeArgs('/resources/edge-token', {}, { method: 'POST', body, headers }))
    }
    expect((await post(stranger)).status).toBe(403)
    expect((await post()).status).toBe(403)
    expect((await post(mia)).status).toBe(200)
  })
})
