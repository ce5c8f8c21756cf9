// Notifying a host (skipped when the caller is the host): a call from the waiting room while no
// host or co-host is in the meeting sends the host a 24-hour magic link to the room, by mail and/or
// SMS where they have the contact and the preference; the text names the caller ("A Guest" when
// they gave no name) and the room and ends with "Visit your room"; once per call.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  MagicLink,
  MeetingPeer,
  MeetingRoom,
  OutboxMessage,
  RoomCall,
  type Brand,
  type Room,
  type User,
} from '#models/index'
import * as start from '#app/routes/api.calls.start'
import { action as callHost } from '#app/routes/resources.call-host'
import { notifyAbsentHost } from '#app/lib/calls/host-notice.server'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { apiCall } from '#tests/support/api-call'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let brand: Brand
let caller: User

beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  caller = await makeUser({ name: 'Carl' })
  await grantRole(caller, brand)
})

let hosts = 0
async function hostWithRoom(fields: Partial<User> = {}) {
  hosts++
  const host = await makeUser({
    name: `Host ${hosts}`,
    emailAddress: `host-${hosts}-${Date.now()}@notice.example`,
    phoneNumber: `+1555010${String(hosts).padStart(4, '0')}`,
    ...fields,
  })
  await grantRole(host, brand)
  const room = await makeRoom(brand, { name: `Porch ${hosts}`, hostId: host.id, waitingRoom: true })
  return { host, room }
}

const messagesTo = (...recipients: (string | null)[]) =>
  OutboxMessage.findAll({
    where: { recipient: recipients.filter((r): r is string => Boolean(r)) },
    order: [['createdAt', 'ASC']],
  })
const startCall = (room: Room, as: User = caller) =>
  apiCall(start.action as never, '/api/calls/start', { as, body: { roomId: room.id } })

describe('an absent host', () => {
  it('gets a 24-hour link to the room by mail and SMS, naming the caller and the room, ending with "Visit your room"', async () => {
    const { host, room } = await hostWithRoom()
    const before = Date.now()
    expect((await startCall(room)).status).toBe(200)
    const sent = await messagesTo(host.emailAddress, host.phoneNumber)
    expect(sent.map((message) => message.channel).sort()).toEqual(['mail', 'sms'])
    const mail = sent.find((message) => message.channel === 'mail')!
    const sms = sent.find((message) => message.channel === 'sms')!
    expect(mail.subject).toBe(`Carl is calling you in ${room.name}`)
    expect(mail.text).toContain(`Carl is waiting in ${room.name} and calling you. Visit your room`)
    expect(sms.text).toMatch(
      new RegExp(`^Carl is waiting in ${room.name} and calling you\\. Visit your room https?://\\S+/ml/\\S+$`),
    )
    // Two single-use links, each to the room, expiring in 24 hours.
    const links = await MagicLink.findAll({ where: { userId: host.id } })
    expect(links).toHaveLength(2)
    for (const link of links) {
      expect(link.destinationUrl).toBe(`/${brand.slug}/${room.slug}`)
      expect(link.expiresAt.getTime() - before).toBeGreaterThan(23.9 * 3600_000)
      expect(link.expiresAt.getTime() - before).toBeLessThan(24.1 * 3600_000)
    }
  })

  it('is told once per call, however often the waiting room asks', async () => {
    const { host, room } = await hostWithRoom({ phoneNumber: null })
    await startCall(room)
    const ask = async () =>
      callHost(
        routeArgs(
          '/resources/call-host',
          {},
          {
            method: 'POST',
            body: new URLSearchParams({ brand: brand.slug, room: room.slug }),
            headers: { Cookie: await signedInCookie(caller.id) },
          },
        ),
      )
    expect(await (await ask()).json()).toEqual({ notified: false })
    expect(await messagesTo(host.emailAddress)).toHaveLength(1)
    // Someone with no ringing call there is told so.
    await RoomCall.update({ status: 'cancelled' }, { where: { roomId: room.id } })
    expect((await ask()).status).toBe(404)
  })

  it('is told only where they have the contact and the preference is on', async () => {
    const { host, room } = await hostWithRoom({ preferenceEmailNotifications: false })
    await startCall(room)
    expect((await messagesTo(host.emailAddress, host.phoneNumber)).map((message) => message.channel)).toEqual(['sms'])
    const { host: noPhone, room: other } = await hostWithRoom({
      phoneNumber: null,
      preferenceEmailNotifications: false,
    })
    await startCall(other)
    expect(await messagesTo(noPhone.emailAddress)).toEqual([])
  })

  it('calls a guest who gave no name "A Guest"', async () => {
    const { host, room } = await hostWithRoom({ phoneNumber: null })
    const call = await RoomCall.create({
      brandId: brand.id,
      roomId: room.id,
      callerId: 'guest:anon',
      callerName: 'Guest',
      hostId: host.id,
    })
    expect(await notifyAbsentHost(call.id)).toEqual(['mail'])
    expect((await messagesTo(host.emailAddress))[0]!.text).toContain(`A Guest is waiting in ${room.name}`)
  })
})

describe('nobody is told', () => {
  it('when a host or co-host is in the meeting', async () => {
    const { host, room } = await hostWithRoom()
    const coHost = await makeUser()
    await room.update({ coHosts: [coHost.id] })
    const meeting = await MeetingRoom.create({ roomId: room.id, startedAt: new Date() })
    const present = await MeetingPeer.create({ meetingRoomId: meeting.id, userId: coHost.id, joinedAt: new Date() })
    await startCall(room)
    expect(await messagesTo(host.emailAddress, host.phoneNumber)).toEqual([])
    // Once they left, the next caller's call reaches the host.
    await present.update({ leftAt: new Date() })
    const other = await makeUser({ name: 'Olga' })
    await grantRole(other, brand)
    await startCall(room, other)
    expect(await messagesTo(host.emailAddress, host.phoneNumber)).toHaveLength(2)
  })

  it('when the caller is the host, or the call has ended', async () => {
    const { host, room } = await hostWithRoom()
    const own = await RoomCall.create({
      brandId: brand.id,
      roomId: room.id,
      callerId: host.id,
      callerName: 'Host',
      hostId: host.id,
    })
    expect(await notifyAbsentHost(own.id)).toEqual([])
    const ended = await RoomCall.create({
      brandId: brand.id,
      roomId: room.id,
      callerId: caller.id,
      callerName: 'Carl',
      hostId: host.id,
      status: 'missed',
    })
    expect(await notifyAbsentHost(ended.id)).toEqual([])
    expect(await messagesTo(host.emailAddress, host.phoneNumber)).toEqual([])
  })
})
