// Connections (requested, pending, accepted or rejected; /user-connections; 30 connections a page,
// paged from page 0): every state change
// through the forms a member posts, every refusal with its status and message and nothing changed,
// and the contacts drawer that lists them.
import { beforeEach, describe, expect, it } from 'vitest'
import { performPersonAction } from '#app/lib/connections/connections.server'
import { followRoom, followedRoomIds, roomFollowerCount } from '#app/lib/connections/room-follows.server'
import { action as contactsAction, loader as contactsLoader } from '#app/routes/$brand._community.contacts'
import { action as personAction, loader as personLoader } from '#app/routes/$brand._community.contacts_.$userId/route'
import { Membership, type Room, RoomFollow, UserConnection, type Brand, type User } from '#models/index'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let ana: User
let ben: User
let cy: User

async function member(name: string) {
  const user = await makeUser({ name })
  await grantRole(user, brand)
  return user
}

beforeEach(async () => {
  ;({ brand } = await makeCommunity())
  ana = await member('Ana Alves')
  ben = await member('Ben Brook')
  cy = await member('Cy Cole')
})

type Result = { status: number; error: string | null; location: string | null; flash: boolean }

/** Posts a person form as `as`, to the person's dialog (or the drawer), and reads what came back. */
async function post(as: User, fields: Record<string, string>, where: 'person' | 'drawer' = 'person'): Promise<Result> {
  const path = where === 'person' ? `/${brand.slug}/contacts/${fields.userId}` : `/${brand.slug}/contacts`
  const args = routeArgs(
    path,
    { brand: brand.slug, userId: fields.userId ?? '' },
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Cookie: await signedInCookie(as.id) },
    },
  )
  try {
    const result = await (where === 'person' ? personAction(args) : contactsAction(args))
    return {
      status: initOf(result).status,
      error: (unwrap(result) as { error: string }).error,
      location: null,
      flash: false,
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return {
      status: thrown.status,
      error: null,
      location: thrown.headers.get('Location'),
      flash: (thrown.headers.get('Set-Cookie') ?? '').includes('__flash'),
    }
  }
}

const act = (as: User, intent: string, other: User, extra: Record<string, string> = {}) =>
  post(as, { intent, userId: other.id, ...extra })

/** Both rows of a pair, as [mine, theirs] statuses (undefined: no row). */
async function pair(a: User, b: User) {
  const [mine, theirs] = await Promise.all([
    UserConnection.findOne({ where: { brandId: brand.id, userId: a.id, connectedUserId: b.id } }),
    UserConnection.findOne({ where: { brandId: brand.id, userId: b.id, connectedUserId: a.id } }),
  ])
  return [mine?.status, theirs?.status]
}

async function drawer(as: User, query = '') {
  return contactsLoader(
    routeArgs(
      `/${brand.slug}/contacts${query}`,
      { brand: brand.slug },
      { headers: { Cookie: await signedInCookie(as.id) } },
    ),
  )
}

describe('a connection request', () => {
  it('is requested on my side and pending on theirs, and comes back to the page it was sent from with a flash', async () => {
    const result = await act(ana, 'request', ben, { back: `/${brand.slug}/members?q=ben` })
    expect(result).toMatchObject({ status: 302, location: `/${brand.slug}/members?q=ben`, flash: true })
    expect(await pair(ana, ben)).toEqual(['requested', 'pending'])
  })

  it('goes back to the person dialog when `back` names another site or another community', async () => {
    for (const back of [
      'https://evil.test/x',
      '//evil.test/x',
      `/${brand.slug}//evil.test`,
      '/other-community/contacts',
    ]) {
      await act(ana, 'request', ben)
      expect(await act(ana, 'withdraw', ben, { back })).toMatchObject({
        status: 302,
        location: `/${brand.slug}/contacts/${ben.id}`,
      })
    }
  })

  it('is accepted by the one asked: both sides accepted', async () => {
    await act(ana, 'request', ben)
    expect((await act(ben, 'accept', ana)).status).toBe(302)
    expect(await pair(ana, ben)).toEqual(['accepted', 'accepted'])
  })

  it('cannot be accepted by the one who asked, nor by anyone else (404, nothing changed)', async () => {
    await act(ana, 'request', ben)
    expect(await act(ana, 'accept', ben)).toMatchObject({ status: 404, error: 'connections:errors.noRequest' })
    expect(await act(cy, 'accept', ana)).toMatchObject({ status: 404, error: 'connections:errors.noRequest' })
    expect(await pair(ana, ben)).toEqual(['requested', 'pending'])
    expect(await pair(cy, ana)).toEqual([undefined, undefined])
  })

  it('is declined by the one asked: the requester sees it declined and cannot ask again; the other may ask later', async () => {
    await act(ana, 'request', ben)
    expect((await act(ben, 'reject', ana)).status).toBe(302)
    expect(await pair(ana, ben)).toEqual(['rejected', undefined])
    expect(await act(ana, 'request', ben)).toMatchObject({ status: 409, error: 'connections:errors.declined' })
    expect((await drawer(ana)).requests.declined.map((p) => p.userId)).toEqual([ben.id])

    expect((await act(ben, 'request', ana)).status).toBe(302)
    expect(await pair(ben, ana)).toEqual(['requested', 'pending'])
  })

  it('is withdrawn by the requester only while it waits: both rows go', async () => {
    await act(ana, 'request', ben)
    expect(await act(ben, 'withdraw', ana)).toMatchObject({ status: 404, error: 'connections:errors.noRequest' })
    expect((await act(ana, 'withdraw', ben)).status).toBe(302)
    expect(await pair(ana, ben)).toEqual([undefined, undefined])
    expect(await act(ana, 'withdraw', ben)).toMatchObject({ status: 404, error: 'connections:errors.noRequest' })
  })

  it('refuses a request to oneself (400), a duplicate (409), one to an existing connection (409) and one answering a pending request (409)', async () => {
    expect(await act(ana, 'request', ana)).toMatchObject({ status: 400, error: 'connections:errors.self' })
    expect(await UserConnection.count({ where: { userId: ana.id, connectedUserId: ana.id } })).toBe(0)

    await act(ana, 'request', ben)
    expect(await act(ana, 'request', ben)).toMatchObject({ status: 409, error: 'connections:errors.alreadyRequested' })
    expect(await act(ben, 'request', ana)).toMatchObject({ status: 409, error: 'connections:errors.theyAsked' })
    await act(ben, 'accept', ana)
    expect(await act(ana, 'request', ben)).toMatchObject({ status: 409, error: 'connections:errors.alreadyConnected' })
    expect(await UserConnection.count({ where: { brandId: brand.id } })).toBe(2)
  })

  it('refuses someone who is not an active member here (404): another community, pending or archived', async () => {
    const { owner: outsider } = await makeCommunity()
    expect(await act(ana, 'request', outsider)).toMatchObject({ status: 404, error: 'connections:errors.notMember' })
    await Membership.update({ status: 'deleted' }, { where: { brandId: brand.id, userId: cy.id } })
    expect(await act(ana, 'request', cy)).toMatchObject({ status: 404, error: 'connections:errors.notMember' })
    await Membership.update({ status: 'pending' }, { where: { brandId: brand.id, userId: cy.id } })
    expect(await act(ana, 'request', cy)).toMatchObject({ status: 404, error: 'connections:errors.notMember' })
    expect(await UserConnection.count({ where: { brandId: brand.id } })).toBe(0)
  })

  it("sent twice at once, or crossing the other person's at once, leaves one consistent pair and a 409", async () => {
    const twice = await Promise.all([act(ana, 'request', ben), act(ana, 'request', ben)])
    expect(twice.map((r) => r.status).sort()).toEqual([302, 409])
    expect(await pair(ana, ben)).toEqual(['requested', 'pending'])

    const crossing = await Promise.all([act(ana, 'request', cy), act(cy, 'request', ana)])
    expect(crossing.map((r) => r.status).sort()).toEqual([302, 409])
    expect((await pair(ana, cy)).sort()).toEqual(['pending', 'requested'])
  })

  it('answers bad input with 400 and "Your changes were not saved", changing nothing', async () => {
    for (const fields of [
      { intent: 'request' },
      { intent: 'befriend', userId: ben.id },
      { intent: 'request', userId: 'x'.repeat(37) },
      { intent: 'request', userId: 'a b' },
      {},
    ]) {
      expect(await post(ana, fields as Record<string, string>)).toMatchObject({
        status: 400,
        error: 'connections:errors.badRequest',
      })
    }
    expect(await UserConnection.count({ where: { brandId: brand.id } })).toBe(0)
  })
})

describe('an accepted connection', () => {
  beforeEach(async () => {
    await act(ana, 'request', ben)
    await act(ben, 'accept', ana)
  })

  it('is a favourite on one side only, and the favourites filter lists it', async () => {
    expect((await act(ana, 'favorite', ben)).status).toBe(302)
    const [mine, theirs] = await Promise.all([
      UserConnection.findOne({ where: { userId: ana.id, connectedUserId: ben.id } }),
      UserConnection.findOne({ where: { userId: ben.id, connectedUserId: ana.id } }),
    ])
    expect([mine?.favorite, theirs?.favorite]).toEqual([true, false])
    expect((await drawer(ana, '?favorites=1')).contacts.rows.map((row) => row.userId)).toEqual([ben.id])
    expect((await drawer(ben, '?favorites=1')).contacts.rows).toEqual([])
    await act(ana, 'unfavorite', ben)
    expect((await drawer(ana, '?favorites=1')).contacts.rows).toEqual([])
  })

  it('is followed for posts: the followed side counts a follower', async () => {
    expect((await drawer(ben)).followers).toBe(0)
    await act(ana, 'follow', ben)
    expect((await drawer(ben)).followers).toBe(1)
    expect((await drawer(ana)).followers).toBe(0)
    await act(ana, 'unfollow', ben)
    expect((await drawer(ben)).followers).toBe(0)
  })

  it('is removed by either side: both rows go', async () => {
    expect((await act(ben, 'remove', ana)).status).toBe(302)
    expect(await pair(ana, ben)).toEqual([undefined, undefined])
    expect(await act(ben, 'remove', ana)).toMatchObject({ status: 404, error: 'connections:errors.notConnected' })
  })

  it('refuses favourite and follow for someone not connected (404)', async () => {
    expect(await act(ana, 'favorite', cy)).toMatchObject({ status: 404, error: 'connections:errors.notConnected' })
    expect(await act(ana, 'follow', cy)).toMatchObject({ status: 404, error: 'connections:errors.notConnected' })
  })
})

describe('the contacts drawer', () => {
  it('lists my connections only, searched by a plain substring of the name, 30 a page from page 0', async () => {
    await act(ana, 'request', ben)
    await act(ben, 'accept', ana)
    await act(ana, 'request', cy) // still waiting: not a contact yet
    const data = await drawer(ana)
    expect(data.contacts.rows.map((row) => row.name)).toEqual(['Ben Brook'])
    expect(data.requests.outgoing.map((p) => p.name)).toEqual(['Cy Cole'])
    expect((await drawer(cy)).requests.incoming.map((p) => p.name)).toEqual(['Ana Alves'])
    expect((await drawer(ana, '?q=BROOK')).contacts.rows.map((row) => row.name)).toEqual(['Ben Brook'])
    expect((await drawer(ana, '?q=%25')).contacts.total).toBe(0)
  })

  it('pages 30 at a time', async () => {
    for (let i = 0; i < 31; i++) {
      const other = await member(`Page Person ${String(i).padStart(2, '0')}`)
      await UserConnection.bulkCreate([
        { brandId: brand.id, userId: ana.id, connectedUserId: other.id, status: 'accepted' },
        { brandId: brand.id, userId: other.id, connectedUserId: ana.id, status: 'accepted' },
      ])
    }
    const first = await drawer(ana)
    expect(first.contacts).toMatchObject({ total: 31, page: 0, pages: 2, perPage: 30 })
    expect(first.contacts.rows).toHaveLength(30)
    const second = await drawer(ana, '?page=1')
    expect(second.contacts.rows.map((row) => row.name)).toEqual(['Page Person 30'])
    expect((await drawer(ana, '?page=nonsense')).contacts.page).toBe(0)
  })

  it('is a members-only page: a visitor signs in, an outsider is refused', async () => {
    const anonymous = await thrownResponse(contactsLoader(routeArgs(`/${brand.slug}/contacts`, { brand: brand.slug })))
    expect(anonymous).toRedirectTo(/^\/private\?/)
    const { owner: outsider } = await makeCommunity()
    const refused = await thrownResponse(
      contactsLoader(
        routeArgs(
          `/${brand.slug}/contacts`,
          { brand: brand.slug },
          { headers: { Cookie: await signedInCookie(outsider.id) } },
        ),
      ),
    )
    expect(refused.headers.get('Location')).toContain('/access-denied')
  })
})

describe('the person dialog', () => {
  const open = async (as: User, userId: string) =>
    personLoader(
      routeArgs(
        `/${brand.slug}/contacts/${userId}`,
        { brand: brand.slug, userId },
        { headers: { Cookie: await signedInCookie(as.id) } },
      ),
    )

  it('shows where I stand and only the buttons the state allows', async () => {
    expect(unwrap(await open(ana, ben.id))).toMatchObject({ standing: { state: 'none' }, intents: ['request'] })
    await act(ana, 'request', ben)
    expect(unwrap(await open(ana, ben.id))).toMatchObject({ standing: { state: 'requested' }, intents: ['withdraw'] })
    expect(unwrap(await open(ben, ana.id))).toMatchObject({
      standing: { state: 'pending' },
      intents: ['accept', 'reject'],
    })
    await act(ben, 'accept', ana)
    expect(unwrap(await open(ana, ben.id))).toMatchObject({
      standing: { state: 'accepted' },
      intents: ['favorite', 'follow', 'remove'],
    })
  })

  it('is not found for someone outside the community, and my own goes back to the contacts', async () => {
    const { owner: outsider } = await makeCommunity()
    expect((await thrownResponse(open(ana, outsider.id))).status).toBe(404)
    expect((await thrownResponse(open(ana, 'no-such-person'))).status).toBe(404)
    expect(await thrownResponse(open(ana, ana.id))).toRedirectTo(`/${brand.slug}/contacts`)
  })
})

describe('room follows', () => {
  it('follow a room of the community I may enter, listed in the drawer, once', async () => {
    const room = await makeRoom(brand, { name: 'Book Club' })
    expect((await post(ana, { intent: 'follow-room', room: room.slug }, 'drawer')).status).toBe(302)
    expect(await RoomFollow.count({ where: { roomId: room.id, userId: ana.id } })).toBe(1)
    expect((await drawer(ana)).rooms).toEqual([
      expect.objectContaining({ roomId: room.id, slug: room.slug, name: 'Book Club', postNotifications: true }),
    ])
    const other = await makeRoom(brand)
    expect(await followedRoomIds(ana.id, [room.id, other.id])).toEqual([room.id])
    expect(await followedRoomIds(ben.id, [room.id, other.id])).toEqual([])
    expect(await roomFollowerCount(room.id)).toBe(1)
    expect(await post(ana, { intent: 'follow-room', room: room.slug }, 'drawer')).toMatchObject({
      status: 409,
      error: 'connections:errors.alreadyFollowingRoom',
    })
    expect((await post(ana, { intent: 'unfollow-room', room: room.slug }, 'drawer')).status).toBe(302)
    expect(await RoomFollow.count({ where: { roomId: room.id } })).toBe(0)
    expect(await post(ana, { intent: 'unfollow-room', room: room.slug }, 'drawer')).toMatchObject({
      status: 404,
      error: 'connections:errors.notFollowingRoom',
    })
  })

  it('refuse a room of another community (404) and a members-only group I am not in (403)', async () => {
    const { brand: other } = await makeCommunity()
    const elsewhere = await makeRoom(other)
    expect(await post(ana, { intent: 'follow-room', room: elsewhere.slug }, 'drawer')).toMatchObject({
      status: 404,
      error: 'connections:errors.roomNotFound',
    })
    const closed = await makeRoom(brand, { membersOnly: true } as Partial<Room>)
    expect(await post(ana, { intent: 'follow-room', room: closed.slug }, 'drawer')).toMatchObject({
      status: 403,
      error: 'connections:errors.roomDenied',
    })
    expect(await RoomFollow.count()).toBe(0)
  })
})

describe('the thrown messages', () => {
  it('"Missing connected user" for a connection call that names nobody, "Missing room ID" for a room follow that names no room', async () => {
    await expect(
      performPersonAction({ brandId: brand.id, actorId: ana.id, intent: 'request', userId: '' }),
    ).rejects.toThrow(/^Missing connected user$/)
    await expect(followRoom({ brand, userId: ana.id, roomSlug: '', follow: true })).rejects.toThrow(/^Missing room ID$/)
    expect(await UserConnection.count({ where: { brandId: brand.id } })).toBe(0)
    expect(await RoomFollow.count()).toBe(0)
  })

  it('a form without them is bad input (400), never a 500', async () => {
    expect(await post(ana, { intent: 'request', userId: '' })).toMatchObject({
      status: 400,
      error: 'connections:errors.badRequest',
    })
    expect(await post(ana, { intent: 'follow-room', room: '' }, 'drawer')).toMatchObject({
      status: 400,
      error: 'connections:errors.badRequest',
    })
  })
})
