// The web app's room:kickAll (media-edge/contract/room-commands.ts), through the real Redis: two
// edges share the adapter, the web app's publisher sends the command, and the edge hosting the
// room removes everyone in its meeting (each gets `kick`, the meeting ends) but not those still at
// its door, whose pages move to the new address; a bad payload is dropped.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createEdgePublisher } from '#app/lib/rooms/edge-publisher.server'
import { edgeKeys } from '#edge/contract/protocol'
import { attachRedisAdapter } from '#edge/redis-adapter'
import type { EdgeIo } from '#edge/socket-types'
import type { RunningEdge } from '#edge/server'
import { MeetingPeer, MeetingRoom } from '#models/index'
import { closeSockets, createRoom, joinMeeting, next, ok, startTestEdge } from './harness'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const keys = edgeKeys(`hearth-test-${randomBytes(4).toString('hex')}`)
const ADAPTER_KEY = keys.edge('adapter')
let redis: Redis
let a: RunningEdge
let b: RunningEdge

const attachAdapter = async (io: EdgeIo, client: Redis) =>
  (await attachRedisAdapter(io, client, { key: ADAPTER_KEY })).close
const startShared = (edgeId: string) => startTestEdge({ REDIS_URL }, { keys, edgeId, attachAdapter })

beforeAll(async () => {
  redis = new Redis(REDIS_URL)
  a = await startShared('edge-a')
  b = await startShared('edge-b')
})
afterEach(() => closeSockets())
afterAll(async () => {
  await Promise.all([a.close(), b.close()])
  const leftovers = await redis.keys(`${keys.edge('').replace(/edge:$/, '')}*`)
  if (leftovers.length) await redis.del(...leftovers)
  await redis.quit()
})

describe('room:kickAll from the web app', () => {
  it('removes everyone from the room’s meeting on the edge that hosts it, and ends the meeting', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(a, roomId, { isHost: true })
    const guest = await joinMeeting(a, roomId)
    const other = await createRoom('Elsewhere')
    const bystander = await joinMeeting(a, other.id)

    await Promise.all([ok(host.socket, 'enter'), ok(guest.socket, 'enter')])
    const kicks = [next(host.socket, 'kick'), next(guest.socket, 'kick')]
    const disconnected = new Promise<void>((resolve) => guest.socket.once('disconnect', () => resolve()))
    // Sent from a publisher as the web app makes it: both edges hear it, edge-a acts.
    createEdgePublisher(redis, { key: ADAPTER_KEY }).kickAll({ roomId, reason: 'linkChanged' })

    expect(await Promise.all(kicks)).toEqual([{ peerId: host.joined.peerId }, { peerId: guest.joined.peerId }])
    await disconnected
    await expect.poll(() => a.edge.meetings.has(roomId)).toBe(false)
    expect(await MeetingPeer.count({ where: { meetingRoomId: host.joined.meetingRoomId, leftAt: null } })).toBe(0)
    expect((await MeetingRoom.findByPk(host.joined.meetingRoomId))!.endedAt).not.toBeNull()
    // Another room's meeting goes on.
    expect(a.edge.meetings.get(other.id)?.peers.has(bystander.joined.peerId)).toBe(true)
  })

  it('leaves someone not in the meeting yet (at the device check) where they are: only those in it are sent out', async () => {
    const { id: roomId } = await createRoom()
    const inside = await joinMeeting(a, roomId, { isHost: true })
    await ok(inside.socket, 'enter')
    const atTheDoor = await joinMeeting(a, roomId)
    const kicked = next(inside.socket, 'kick')
    const heard: unknown[] = []
    atTheDoor.socket.on('kick', (payload) => heard.push(payload))
    createEdgePublisher(redis, { key: ADAPTER_KEY }).kickAll({ roomId, reason: 'linkChanged' })
    await kicked
    await expect.poll(() => a.edge.meetings.get(roomId)?.peers.has(inside.joined.peerId)).toBe(false)
    expect(a.edge.meetings.get(roomId)?.peers.has(atTheDoor.joined.peerId)).toBe(true)
    expect(atTheDoor.socket.connected).toBe(true)
    expect(heard).toEqual([])
  })

  it('drops a payload that does not parse, and leaves the meeting alone', async () => {
    const { id: roomId } = await createRoom()
    const peer = await joinMeeting(a, roomId)
    const publisher = createEdgePublisher(redis, { key: ADAPTER_KEY }) as unknown as {
      kickAll: (command: unknown) => void
    }
    publisher.kickAll({ roomId, reason: 'because' })
    publisher.kickAll({ room: roomId })
    // A well-formed command for another room afterwards: once it has been handled, the bad ones were too.
    const { id: elsewhere } = await createRoom('Elsewhere')
    const otherPeer = await joinMeeting(a, elsewhere)
    await ok(otherPeer.socket, 'enter')
    const kicked = next(otherPeer.socket, 'kick')
    publisher.kickAll({ roomId: elsewhere, reason: 'linkChanged' })
    await kicked
    expect(a.edge.meetings.get(roomId)?.peers.has(peer.joined.peerId)).toBe(true)
  })
})
