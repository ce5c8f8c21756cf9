// The JSON API's connection calls (docs/api.md#connections), through their routes with real
// Requests: asking, accepting, the flags, the lists, removing; following rooms; the 400
// messages, 401 signed out, 403 in another community, 404 for someone else's connection.
import { beforeAll, describe, expect, it } from 'vitest'
import { RoomFollow, UserConnection, type Brand, type Room, type User } from '#models/index'
import * as connections from '#app/routes/api.user-connections._index'
import * as connect from '#app/routes/api.user-connections.connect'
import * as followers from '#app/routes/api.user-connections.followers'
import * as oneConnection from '#app/routes/api.user-connections.$id'
import * as accept from '#app/routes/api.user-connections.accept.$id'
import * as findBy from '#app/routes/api.user-connections.findByConnectedUserId.$userId'
import * as roomConnections from '#app/routes/api.user-room-connections._index'
import * as oneRoomConnection from '#app/routes/api.user-room-connections.$id'
import * as roomFollowers from '#app/routes/api.user-room-connections.followers.$room'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { apiCall } from '#tests/support/api-call'

let brand: Brand
let alice: User
let bob: User
let carol: User
let outsider: User
let group: Room
let otherGroup: Room

beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  alice = await makeUser({ name: 'Alice' })
  bob = await makeUser({ name: 'Bob' })
  carol = await makeUser({ name: 'Carol' })
  for (const person of [alice, bob, carol]) await grantRole(person, brand)
  const second = await makeCommunity()
  outsider = second.owner
  group = await makeRoom(brand)
  otherGroup = await makeRoom(second.brand)
})

const ask = (as: User | null, body: Record<string, unknown>) =>
  apiCall(connect.action, '/api/user-connections/connect', { as, body: { brandId: brand.id, ...body } })
const rowOf = (userId: string, otherId: string) =>
  UserConnection.findOne({ where: { brandId: brand.id, userId, connectedUserId: otherId } })

describe('user connections', () => {
  it('asks, accepts, flags, lists, finds and removes a connection', async () => {
    const asked = await ask(alice, { connectedUserId: bob.id })
    expect(asked).toMatchObject({
      status: 201,
      body: { connection: { connectedUserId: bob.id, status: 'requested', invitationAccepted: false } },
    })
    const pending = (await rowOf(bob.id, alice.id))!
    // Alice cannot accept Bob's side, nor read it: it is Bob's row.
    expect(
      (
        await apiCall(accept.action, `/api/user-connections/accept/${pending.id}`, {
          as: alice,
          method: 'PUT',
          params: { id: pending.id },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await apiCall(oneConnection.loader, `/api/user-connections/${pending.id}`, {
          as: carol,
          params: { id: pending.id },
        })
      ).status,
    ).toBe(404)
    const accepted = await apiCall(accept.action, `/api/user-connections/accept/${pending.id}`, {
      as: bob,
      method: 'PUT',
      params: { id: pending.id },
    })
    expect(accepted).toMatchObject({
      status: 200,
      body: { connection: { status: 'accepted', invitationAccepted: true, connectedUser: { name: 'Alice' } } },
    })

    const mine = (await rowOf(alice.id, bob.id))!
    const flags = await apiCall(oneConnection.action, `/api/user-connections/${mine.id}`, {
      as: alice,
      method: 'PUT',
      body: { favorite: true, postNotifications: true },
      params: { id: mine.id },
    })
    expect(flags).toMatchObject({ status: 200, body: { connection: { favorite: true, postNotifications: true } } })
    expect(
      (await apiCall(oneConnection.loader, `/api/user-connections/${mine.id}`, { as: alice, params: { id: mine.id } }))
        .body.connection.favorite,
    ).toBe(true)

    const list = await apiCall(
      connections.loader,
      `/api/user-connections?brandId=${brand.id}&favorite=true&query=bo&page=0`,
      { as: alice },
    )
    expect(list.body).toMatchObject({ total: 1, page: 0, rows: [{ userId: bob.id, favorite: true }] })
    expect(
      (await apiCall(connections.loader, `/api/user-connections?brandId=${brand.id}&query=zz`, { as: alice })).body
        .total,
    ).toBe(0)
    const bobsFollowers = await apiCall(
      followers.loader,
      `/api/user-connections/followers?brandId=${brand.id}&page=0`,
      { as: bob },
    )
    expect(bobsFollowers.body).toMatchObject({ total: 1, rows: [{ userId: alice.id, name: 'Alice' }] })
    const found = await apiCall(
      findBy.loader,
      `/api/user-connections/findByConnectedUserId/${bob.id}?brandId=${brand.id}&limit=30`,
      { as: alice, params: { userId: bob.id } },
    )
    expect(found.body.connections).toEqual([expect.objectContaining({ id: mine.id, status: 'accepted' })])

    expect(
      (
        await apiCall(oneConnection.action, `/api/user-connections/${mine.id}`, {
          as: carol,
          method: 'DELETE',
          params: { id: mine.id },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await apiCall(oneConnection.action, `/api/user-connections/${mine.id}`, {
          as: alice,
          method: 'DELETE',
          params: { id: mine.id },
        })
      ).status,
    ).toBe(204)
    expect(await rowOf(bob.id, alice.id)).toBeNull()
  })

  it('answers the spec messages and the refusals of the commands', async () => {
    expect(await ask(alice, {})).toMatchObject({
      status: 400,
      body: { error: 'missingConnectedUser', message: 'Missing connected user' },
    })
    expect(
      await apiCall(connections.action, '/api/user-connections', { as: alice, body: { brandId: brand.id } }),
    ).toMatchObject({ status: 400, body: { message: 'Missing connected user' } })
    expect((await ask(alice, { connectedUserId: alice.id })).body.error).toBe('self')
    expect(await ask(alice, { connectedUserId: outsider.id })).toMatchObject({
      status: 404,
      body: { error: 'notMember' },
    })
    await ask(alice, { connectedUserId: carol.id })
    expect(await ask(alice, { connectedUserId: carol.id })).toMatchObject({
      status: 409,
      body: { error: 'alreadyRequested' },
    })
    expect(
      await apiCall(findBy.loader, `/api/user-connections/findByConnectedUserId/x?brandId=${brand.id}`, {
        as: alice,
        params: { userId: 'x' },
      }),
    ).toMatchObject({ status: 400, body: { message: 'Missing connected user' } })
    expect(
      (
        await apiCall(
          findBy.loader,
          `/api/user-connections/findByConnectedUserId/${carol.id}?brandId=${brand.id}&limit=99`,
          { as: alice, params: { userId: carol.id } },
        )
      ).body.error,
    ).toBe('badLimit')
  })

  it("refuses the signed out (401) and another community's member (403)", async () => {
    expect((await ask(null, { connectedUserId: bob.id })).status).toBe(401)
    expect((await ask(outsider, { connectedUserId: bob.id })).status).toBe(403)
    expect((await apiCall(connections.loader, `/api/user-connections?brandId=${brand.id}`, { as: null })).status).toBe(
      401,
    )
    expect(
      (await apiCall(connections.loader, `/api/user-connections?brandId=${brand.id}`, { as: outsider })).status,
    ).toBe(403)
    expect((await apiCall(connections.loader, '/api/user-connections', { as: alice })).body.error).toBe(
      'missingCommunity',
    )
  })
})

describe('user room connections', () => {
  it('follows a room, lists it, counts its followers and changes the notifications', async () => {
    const followed = await apiCall(roomConnections.action, '/api/user-room-connections', {
      as: bob,
      body: { room: group.id },
    })
    expect(followed).toMatchObject({
      status: 201,
      body: { roomConnection: { roomId: group.id, postNotifications: true } },
    })
    const listed = await apiCall(roomConnections.loader, `/api/user-room-connections?brandId=${brand.id}`, { as: bob })
    expect(listed.body.rooms).toEqual([expect.objectContaining({ roomId: group.id, slug: group.slug })])
    expect(
      (
        await apiCall(roomFollowers.loader, `/api/user-room-connections/followers/${group.id}`, {
          as: alice,
          params: { room: group.id },
        })
      ).body,
    ).toEqual({ roomId: group.id, count: 1 })
    const id = followed.body.roomConnection.id as string
    const quiet = await apiCall(oneRoomConnection.action, `/api/user-room-connections/${id}`, {
      as: bob,
      method: 'PUT',
      body: { postNotifications: false },
      params: { id },
    })
    expect(quiet).toMatchObject({ status: 200, body: { roomConnection: { postNotifications: false } } })
    expect((await RoomFollow.findByPk(id))!.postNotifications).toBe(false)
    expect(
      (
        await apiCall(oneRoomConnection.action, `/api/user-room-connections/${id}`, {
          as: alice,
          method: 'PUT',
          body: { postNotifications: true },
          params: { id },
        })
      ).status,
    ).toBe(404)
    expect(
      (await apiCall(roomConnections.action, '/api/user-room-connections', { as: bob, body: { room: group.id } }))
        .status,
    ).toBe(409)
  })

  it("answers Missing room ID, and refuses another community's room and the signed out", async () => {
    expect(await apiCall(roomConnections.action, '/api/user-room-connections', { as: bob, body: {} })).toMatchObject({
      status: 400,
      body: { error: 'missingRoomId', message: 'Missing room ID' },
    })
    expect(
      (await apiCall(roomConnections.action, '/api/user-room-connections', { as: bob, body: { room: otherGroup.id } }))
        .status,
    ).toBe(403)
    expect(
      (
        await apiCall(roomFollowers.loader, `/api/user-room-connections/followers/${otherGroup.id}`, {
          as: bob,
          params: { room: otherGroup.id },
        })
      ).status,
    ).toBe(403)
    expect(
      (await apiCall(roomConnections.action, '/api/user-room-connections', { as: null, body: { room: group.id } }))
        .status,
    ).toBe(401)
    expect(
      (await apiCall(roomConnections.loader, `/api/user-room-connections?brandId=${brand.id}`, { as: outsider }))
        .status,
    ).toBe(403)
  })
})
