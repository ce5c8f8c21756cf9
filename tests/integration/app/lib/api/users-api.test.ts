// GET /api/users/me and PUT /api/me (docs/api.md#you): one's own account and profile, changed with a partial body
// through the profile form's schema; bad values refused with its message and nothing changed; the email and phone
// are not changed this way; signed out is 401. One's communities with one's standing and rooms, narrowed to a
// token's community.
import { beforeAll, describe, expect, it } from 'vitest'
import { MeetingPeer, MeetingRoom, User } from '#models/index'
import * as me from '#app/routes/api.me'
import * as usersMe from '#app/routes/api.users.me'
import * as joinedRooms from '#app/routes/api.users-permissions.me.joined-rooms'
import * as breakoutOf from '#app/routes/api.users.breakout.$a.$b'
import { createToken } from '#app/lib/api-tokens/api-tokens.server'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'

let person: User
beforeAll(async () => {
  person = await makeUser({ name: 'Rosa Parks', company: 'Bus Co' })
})

const put = (body: unknown, as: User | null = person) => apiCall(me.action, '/api/me', { as, method: 'PUT', body })

describe('oneself', () => {
  it('reads one’s account and profile; signed out is 401', async () => {
    expect(await apiCall(usersMe.loader, '/api/users/me', { as: person })).toMatchObject({
      status: 200,
      body: {
        ok: true,
        user: { id: person.id, name: 'Rosa Parks', company: 'Bus Co', emailAddress: person.emailAddress },
      },
    })
    expect(await apiCall(usersMe.loader, '/api/users/me', { as: null })).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    })
  })

  it('changes only what a partial body names', async () => {
    const changed = await put({
      jobTitle: 'Organiser',
      preferenceShowEmailAddress: true,
      websiteUrl: 'https://rosa.example',
    })
    expect(changed).toMatchObject({
      status: 200,
      body: {
        user: { name: 'Rosa Parks', company: 'Bus Co', jobTitle: 'Organiser', preferenceShowEmailAddress: true },
      },
    })
    expect(await User.findByPk(person.id, { rejectOnEmpty: true })).toMatchObject({
      company: 'Bus Co',
      jobTitle: 'Organiser',
      websiteUrl: 'https://rosa.example',
    })
  })

  it('refuses bad values with the profile form’s message, changes nothing, and never the email or phone', async () => {
    const before = (await User.findByPk(person.id, { rejectOnEmpty: true })).get()
    for (const [body, error] of [
      [{ name: 'Rosa' }, 'nameFull'],
      [{ websiteUrl: 'javascript:alert(1)' }, 'urlInvalid'],
      [{ about: 'x'.repeat(2001) }, 'tooLong'],
      [{ preferredLanguage: 'klingon' }, 'languageInvalid'],
      [{ preferenceEmailNotifications: 'yes' }, 'flagInvalid'],
    ] as const) {
      expect(await put(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } })
    }
    await put({ emailAddress: 'someone-else@example.com', phoneNumber: '+15550001111', isSuperUser: true })
    const after = (await User.findByPk(person.id, { rejectOnEmpty: true })).get()
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null })
    expect((await put({ name: 'Nobody Here' }, null)).status).toBe(401)
  })
})

describe('one’s communities and rooms', () => {
  it('lists each community one has a role in, one’s standing and personal rooms; a kept token sees its own', async () => {
    const { brand: garden, owner } = await makeCommunity({ name: 'Aardvark Garden' })
    const { brand: choir } = await makeCommunity({ name: 'Zebra Choir' })
    await grantRole(owner, choir)
    const studio = await makePersonalRoom(choir, owner, { name: 'Studio' })

    const answer = await apiCall(joinedRooms.loader, '/api/users-permissions/me/joined-rooms', { as: owner })
    expect(answer.status).toBe(200)
    expect(answer.body.communities).toMatchObject([
      { id: garden.id, name: 'Aardvark Garden', standing: 'owner' },
      { id: choir.id, name: 'Zebra Choir', standing: 'user', rooms: [{ id: studio.id, name: 'Studio' }] },
    ])

    const { secret } = await createToken({
      userId: owner.id,
      name: 'choir only',
      scope: 'read',
      brandId: choir.id,
      lifetimeDays: 7,
    })
    const kept = await apiCall(joinedRooms.loader, '/api/users-permissions/me/joined-rooms', {
      headers: { Authorization: `Bearer ${secret}` },
    })
    expect(kept.body.communities.map((community: { id: string }) => community.id)).toEqual([choir.id])
    expect((await apiCall(joinedRooms.loader, '/api/users-permissions/me/joined-rooms', { as: null })).status).toBe(401)
  })
})

describe('where one is in a meeting’s breakouts', () => {
  it('answers oneself and the room’s hosts; null in the main room or once left; others are refused', async () => {
    const { brand, owner } = await makeCommunity()
    const [host, coHost, guest, bystander] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()])
    for (const person of [host, coHost, guest, bystander]) await grantRole(person, brand)
    const room = await makeRoom(brand, { hostId: host.id, coHosts: [coHost.id], open: true })
    const main = await MeetingRoom.create({ roomId: room.id, startedAt: new Date() })
    const corner = await MeetingRoom.create({
      roomId: room.id,
      type: 'breakout',
      parentId: main.id,
      name: 'Corner',
      startedAt: new Date(),
    })
    const ask = (as: User, userId: string) =>
      apiCall(breakoutOf.loader, `/api/users/breakout/${room.id}/${userId}`, { as, params: { a: room.id, b: userId } })

    expect(await ask(guest, guest.id)).toMatchObject({ status: 200, body: { breakout: null } })
    await MeetingPeer.create({
      meetingRoomId: main.id,
      userId: guest.id,
      joinedAt: new Date(Date.now() - 60_000),
      leftAt: new Date(),
    })
    const inCorner = await MeetingPeer.create({ meetingRoomId: corner.id, userId: guest.id, joinedAt: new Date() })
    for (const asker of [guest, host, coHost])
      expect(await ask(asker, guest.id)).toMatchObject({
        status: 200,
        body: { breakout: { id: corner.id, name: 'Corner' } },
      })
    // A member who does not run the room, even the community's owner in someone's room, is not told.
    expect((await ask(bystander, guest.id)).status).toBe(403)
    expect((await ask(owner, guest.id)).status).toBe(403)

    await inCorner.update({ leftAt: new Date() })
    expect((await ask(host, guest.id)).body).toEqual({ breakout: null })
    expect((await apiCall(breakoutOf.loader, '/x', { as: host, params: { a: 'nope', b: guest.id } })).status).toBe(400)
    const unknown = 'z'.repeat(36)
    expect((await apiCall(breakoutOf.loader, '/x', { as: host, params: { a: unknown, b: guest.id } })).status).toBe(404)
    expect((await apiCall(breakoutOf.loader, '/x', { as: null, params: { a: room.id, b: guest.id } })).status).toBe(401)
  })
})
