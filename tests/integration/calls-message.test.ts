// Leaving a message for a host (issue 14 item 1): after a missed call, a signed-in caller writes to
// the room's host from the waiting room and it lands in the host's messages; not before the call
// was missed, not empty, not from a guest.
import { beforeAll, describe, expect, it } from 'vitest'
import { ConversationParticipant, Message, RoomCall, type Brand, type Room, type User } from '#models/index'
import { action as callMessage } from '#app/routes/resources.call-message'
import { grantRole, makeCommunity, makeRoom, makeUser } from '../support/factories'
import { routeArgs } from '../support/route-args'
import { signedInCookie } from '../support/session'

let brand: Brand
let host: User
let caller: User
let room: Room

beforeAll(async () => {
  ;({ brand, owner: host } = await makeCommunity())
  caller = await makeUser({ name: 'Carla' })
  await grantRole(caller, brand)
  room = await makeRoom(brand, { name: 'Quiet Porch', hostId: host.id, waitingRoom: true })
})

async function send(as: User | null, body: string) {
  const headers: Record<string, string> = as ? { Cookie: await signedInCookie(as.id) } : {}
  const response = await callMessage(routeArgs('/resources/call-message', {}, { method: 'POST', body: new URLSearchParams({ brand: brand.slug, room: room.slug, body }), headers }))
  return { status: response.status, body: await response.json() }
}

const hostInbox = async () => {
  const joined = await ConversationParticipant.findAll({ where: { userId: host.id }, attributes: ['conversationId'] })
  return Message.findAll({ where: { conversationId: joined.map((row) => row.conversationId) } })
}

describe('a message for the host', () => {
  it('waits until the call was missed', async () => {
    await RoomCall.create({ brandId: brand.id, roomId: room.id, callerId: caller.id, callerName: 'Carla', hostId: host.id })
    expect(await send(caller, 'Hello?')).toMatchObject({ status: 409 })
    expect(await hostInbox()).toEqual([])
  })

  it('lands in the host’s messages after a missed call; an empty one is refused', async () => {
    await RoomCall.update({ status: 'missed' }, { where: { roomId: room.id, callerId: caller.id } })
    expect(await send(caller, '   ')).toMatchObject({ status: 400, body: { fieldErrors: { body: ['messages:errors.bodyRequired'] } } })
    expect(await send(caller, 'Sorry I missed you, call me back?')).toEqual({ status: 200, body: { sent: true } })
    const inbox = await hostInbox()
    expect(inbox).toHaveLength(1)
    expect(inbox[0]!.body).toBe('Sorry I missed you, call me back?')
    expect((await ConversationParticipant.findByPk(inbox[0]!.senderParticipantId))!.userId).toBe(caller.id)
  })

  it('is not for the signed out', async () => {
    expect((await send(null, 'Anyone?')).status).not.toBe(200)
    expect(await hostInbox()).toHaveLength(1)
  })
})
