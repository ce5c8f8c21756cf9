// The left drawer's pages (/{brand}/messages, /calls, /contacts): members only, over the community
// home; the call history lists one's own calls in this community (made, or to one's rooms) and no one else's.
import { beforeAll, describe, expect, it } from 'vitest'
import { loader as callsLoader } from '#app/routes/$brand._community.calls'
import { loader as contactsLoader } from '#app/routes/$brand._community.contacts'
import { loader as messagesLoader } from '#app/routes/$brand._community.messages._index/route'
import { RoomCall, type Brand, type Room, type User } from '#models/index'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let brand: Brand
let member: User
let room: Room

async function as(user: User | null, path: string) {
  const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
  return routeArgs(`/${brand.slug}/${path}`, { brand: brand.slug }, { headers })
}

async function call(room: Room, callerId: string, createdAt: Date, status: RoomCall['status'] = 'missed') {
  return RoomCall.create({
    brandId: room.brandId,
    roomId: room.id,
    callerId,
    callerName: `Caller ${callerId.slice(0, 4)}`,
    hostId: room.hostId,
    status,
    createdAt,
  })
}

beforeAll(async () => {
  ;({ brand } = await makeCommunity({
    brand: { publicAccess: { hub: true, groups: true, members: true, subcommunities: true } },
  }))
  member = await makeUser()
  await grantRole(member, brand)
  room = await makeRoom(brand, { name: 'Reading Circle' })
})

describe('the left drawer pages', () => {
  it('open over the community home for its members, with the drawer texts', async () => {
    for (const loader of [messagesLoader, contactsLoader, callsLoader]) {
      const data = await loader(await as(member, 'x'))
      expect(data.home.community.slug).toBe(brand.slug)
      expect(data.messages.community.drawer.close).toBeTruthy()
    }
  })

  it('ask a visitor to sign in, even where the admins opened the hub to guests', async () => {
    const response = await thrownResponse(callsLoader(await as(null, 'calls')))
    expect(response).toRedirectTo(/^\/private\?/)
  })

  it('refuse someone from another community', async () => {
    const { owner: outsider } = await makeCommunity()
    const response = await thrownResponse(messagesLoader(await as(outsider, 'messages')))
    expect(response).toRedirectTo(`/${brand.slug}/access-denied?redirectTo=%2F${brand.slug}%2Fmessages`)
  })

  it('list my calls in this community, newest first: those I made and those to my rooms, by filter', async () => {
    const someoneElse = await makeUser()
    await grantRole(someoneElse, brand)
    const { brand: other } = await makeCommunity()
    const elsewhere = await makeRoom(other, { hostId: member.id })
    const mine = await makeRoom(brand, { name: 'My Room', hostId: member.id })
    const made = await call(room, member.id, new Date('2026-11-01T10:00:00Z'), 'declined')
    const received = await call(mine, 'guest:visitor', new Date('2026-11-02T09:00:00Z'), 'missed')
    await call(room, someoneElse.id, new Date('2026-11-03T09:00:00Z'))
    await call(elsewhere, 'guest:far', new Date('2026-11-04T09:00:00Z'))

    const { calls } = await callsLoader(await as(member, 'calls'))
    expect(calls!.rows.map((row) => [row.id, row.roomName, row.status, row.madeByMe])).toEqual([
      [received.id, 'My Room', 'missed', false],
      [made.id, 'Reading Circle', 'declined', true],
    ])
    const { calls: missed, filter } = await callsLoader(await as(member, 'calls?filter=missed'))
    expect(filter).toBe('missed')
    expect(missed!.rows.map((row) => row.id)).toEqual([received.id])
    const { calls: sent } = await callsLoader(await as(member, 'calls?filter=made'))
    expect(sent!.rows.map((row) => row.id)).toEqual([made.id])
    // A link with a filter that does not exist shows them all.
    const { calls: all } = await callsLoader(await as(member, 'calls?filter=bogus&page=x'))
    expect(all!.rows).toHaveLength(2)
  })
})

describe('the community-scoped sign-in and private routes', () => {
  it('send to the site page, coming back to the community or to the page asked for on this site', async () => {
    const { loader: signIn } = await import('#app/routes/$brand.sign-in')
    const { loader: privatePage } = await import('#app/routes/$brand.private')
    const at = (path: string) => routeArgs(path, { brand: brand.slug })
    expect(await signIn(at(`/${brand.slug}/sign-in`))).toRedirectTo(`/sign-in?redirectTo=%2F${brand.slug}`)
    expect(
      (await privatePage(at(`/${brand.slug}/private?redirectTo=%2F${brand.slug}%2Fmembers`))).headers.get('Location'),
    ).toBe(`/private?redirectTo=%2F${brand.slug}%2Fmembers`)
    // Another site is no place to come back to.
    expect(
      (await signIn(at(`/${brand.slug}/sign-in?redirectTo=https%3A%2F%2Fevil.test`))).headers.get('Location'),
    ).toBe(`/sign-in?redirectTo=%2F${brand.slug}`)
    const unknown = await thrownResponse(signIn(routeArgs('/nowhere/sign-in', { brand: 'nowhere' })))
    expect(unknown).toRedirectTo('/community-not-found')
  })
})
