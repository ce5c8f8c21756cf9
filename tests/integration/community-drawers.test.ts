// The left drawer's pages (/{brand}/messages, /calls, /contacts): members only, over the community
// home; the call history lists one's own meetings in this community and no one else's.
import { beforeAll, describe, expect, it } from 'vitest'
import { loader as callsLoader } from '#app/routes/$brand._community.calls'
import { loader as contactsLoader } from '#app/routes/$brand._community.contacts'
import { loader as messagesLoader } from '#app/routes/$brand._community.messages._index/route'
import { MeetingPeer, MeetingRoom, type Brand, type Room, type User } from '#models/index'
import { grantRole, makeCommunity, makeRoom, makeUser } from '../support/factories'
import { routeArgs, thrownResponse } from '../support/route-args'
import { signedInCookie } from '../support/session'

let brand: Brand
let member: User
let room: Room

async function as(user: User | null, path: string) {
  const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
  return routeArgs(`/${brand.slug}/${path}`, { brand: brand.slug }, { headers })
}

async function meeting(room: Room, user: User, joinedAt: Date, leftAt: Date | null) {
  const meetingRoom = await MeetingRoom.create({ roomId: room.id, startedAt: joinedAt })
  await MeetingPeer.create({ meetingRoomId: meetingRoom.id, userId: user.id, joinedAt, leftAt })
}

beforeAll(async () => {
  ;({ brand } = await makeCommunity({ brand: { publicAccess: { hub: true, groups: true, members: true, subcommunities: true } } }))
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
    expect(response.headers.get('Location')).toMatch(/^\/private\?/)
  })

  it('refuse someone from another community', async () => {
    const { owner: outsider } = await makeCommunity()
    const response = await thrownResponse(messagesLoader(await as(outsider, 'messages')))
    expect(response.headers.get('Location')).toBe(`/${brand.slug}/access-denied?redirectTo=%2F${brand.slug}%2Fmessages`)
  })

  it('list my meetings in this community, newest first, with how long I stayed', async () => {
    const someoneElse = await makeUser()
    await grantRole(someoneElse, brand)
    const { brand: other } = await makeCommunity()
    const elsewhere = await makeRoom(other)
    await meeting(room, member, new Date('2026-11-01T10:00:00Z'), new Date('2026-11-01T10:45:00Z'))
    await meeting(room, member, new Date('2026-11-02T09:00:00Z'), null)
    await meeting(room, someoneElse, new Date('2026-11-03T09:00:00Z'), null)
    await meeting(elsewhere, member, new Date('2026-11-04T09:00:00Z'), null)

    const { calls } = await callsLoader(await as(member, 'calls'))
    expect(calls).toEqual([
      { roomSlug: room.slug, roomName: 'Reading Circle', joinedAt: '2026-11-02T09:00:00.000Z', minutes: null },
      { roomSlug: room.slug, roomName: 'Reading Circle', joinedAt: '2026-11-01T10:00:00.000Z', minutes: 45 },
    ])
  })
})

describe('the community-scoped sign-in and private routes', () => {
  it('send to the site page, coming back to the community or to the page asked for on this site', async () => {
    const { loader: signIn } = await import('#app/routes/$brand.sign-in')
    const { loader: privatePage } = await import('#app/routes/$brand.private')
    const at = (path: string) => routeArgs(path, { brand: brand.slug })
    expect((await signIn(at(`/${brand.slug}/sign-in`))).headers.get('Location')).toBe(`/sign-in?redirectTo=%2F${brand.slug}`)
    expect((await privatePage(at(`/${brand.slug}/private?redirectTo=%2F${brand.slug}%2Fmembers`))).headers.get('Location')).toBe(
      `/private?redirectTo=%2F${brand.slug}%2Fmembers`,
    )
    // Another site is no place to come back to.
    expect((await signIn(at(`/${brand.slug}/sign-in?redirectTo=https%3A%2F%2Fevil.test`))).headers.get('Location')).toBe(`/sign-in?redirectTo=%2F${brand.slug}`)
    const unknown = await thrownResponse(signIn(routeArgs('/nowhere/sign-in', { brand: 'nowhere' })))
    expect(unknown.headers.get('Location')).toBe('/community-not-found')
  })
})
