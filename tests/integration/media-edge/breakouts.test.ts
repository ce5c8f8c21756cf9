// Breakout rooms on a real edge: hosts make and rename rooms (name required and
// unique), set, clear, cancel and apply moves; moved peers join their breakout, a meeting with its
// own router whose media nobody else receives; ending the breakouts brings everyone back. Every
// admin event is refused to a plain peer, whatever its peer data says, and bad payloads too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MeetingPeer, MeetingRoom } from '#models/index'
import { eventParticipants } from '#app/lib/events/event-exports.server'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { BreakoutMove, MeetingRoomView } from '#edge/contract/breakouts'
import type { JoinResult } from '#edge/contract/peers'
import type { NewConsumer } from '#edge/contract/media'
import type { RunningEdge } from '#edge/server'
import {
  MIC_RTP,
  closeSockets,
  collect,
  connect,
  createRoom,
  joinMeeting,
  next,
  ok,
  request,
  startTestEdge,
  tokenFor,
  type ClientSocket,
} from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

const rooms = (socket: ClientSocket) => ok<MeetingRoomView[]>(socket, 'room:admin:getActiveMeetingRooms')

/** A meeting with a host and people, and two breakout rooms made by the host. */
async function meetingWithBreakouts(people = 2) {
  const { id: roomId } = await createRoom('Book club')
  const host = await joinMeeting(edge, roomId, { isHost: true, name: 'Hosting Hana' })
  const guests = []
  for (let index = 0; index < people; index++) guests.push(await joinMeeting(edge, roomId))
  const mainId = host.joined.meetingRoomId
  const first = await ok<MeetingRoomView>(host.socket, 'room:admin:createBreakoutMeetingRoom', {
    mainMeetingRoomId: mainId,
    name: 'Blue',
  })
  const second = await ok<MeetingRoomView>(host.socket, 'room:admin:createBreakoutMeetingRoom', {
    mainMeetingRoomId: mainId,
    name: 'Green',
  })
  return { roomId, host, guests, mainId, first, second }
}

/** The host moves a peer and applies its room's moves; the peer hears where to go and goes. */
async function moveInto(
  host: ClientSocket,
  fromRoomId: string,
  peer: { socket: ClientSocket; peerId: string },
  toRoomId: string,
) {
  await ok(host, 'room:admin:setMeetingPeerMoveToMeetingRoom', {
    meetingPeerId: peer.peerId,
    moveToMeetingRoomId: toRoomId,
  })
  const told = next(peer.socket, 'joinBreakout')
  await ok(host, 'room:admin:applyMoveToMeetingRoom', { meetingRoomId: fromRoomId })
  const move = await told
  return {
    move,
    joined: await ok<JoinResult>(peer.socket, 'joinBreakout', { meetingRoomId: move.meetingRoomId, peerData: {} }),
  }
}

describe('breakout rooms', () => {
  it('makes breakout rows under the main meeting, numbered or named, and renames them: required and unique', async () => {
    const { host, mainId, first, second } = await meetingWithBreakouts(0)
    expect(first).toMatchObject({ type: 'breakout', parentId: mainId, name: 'Blue', managed: true, peers: [] })
    const numbered = await ok<MeetingRoomView>(host.socket, 'room:admin:createBreakoutMeetingRoom', {
      mainMeetingRoomId: mainId,
    })
    expect(numbered.name).toBe('1')
    const row = await MeetingRoom.findByPk(first.id)
    expect(row).toMatchObject({ type: 'breakout', parentId: mainId, name: 'Blue', endedAt: null, managed: true })
    expect(row!.managerUserIds).toHaveLength(1)

    const rename = (meetingRoomId: string, name: unknown) =>
      request(host.socket, 'room:admin:renameBreakoutMeetingRoom', { meetingRoomId, name })
    expect(await rename(first.id, '   ')).toEqual({ ok: false, error: EDGE_ERRORS.breakoutNameRequired })
    expect(await rename(first.id, 'green')).toEqual({ ok: false, error: EDGE_ERRORS.breakoutNameTaken })
    // The main room's name is taken too: "Moving from Book club" must say which room.
    expect(await rename(first.id, 'Book Club')).toEqual({ ok: false, error: EDGE_ERRORS.breakoutNameTaken })
    expect(await rename(first.id, 'x'.repeat(81))).toEqual({ ok: false, error: EDGE_ERRORS.invalidRequest })
    expect(await rename(mainId, 'Lobby')).toEqual({ ok: false, error: EDGE_ERRORS.notFound })
    expect(
      await request(host.socket, 'room:admin:createBreakoutMeetingRoom', { mainMeetingRoomId: mainId, name: 'BLUE' }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.breakoutNameTaken })
    expect(
      await request(host.socket, 'room:admin:createBreakoutMeetingRoom', { mainMeetingRoomId: 'elsewhere' }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.notFound })

    const renamed = await ok<MeetingRoomView>(host.socket, 'room:admin:renameBreakoutMeetingRoom', {
      meetingRoomId: first.id,
      name: '  Navy  ',
    })
    expect(renamed.name).toBe('Navy')
    // Renaming a room to its own name is no clash.
    await ok(host.socket, 'room:admin:renameBreakoutMeetingRoom', { meetingRoomId: second.id, name: 'Green' })
    expect((await MeetingRoom.findByPk(first.id))!.name).toBe('Navy')
    expect((await rooms(host.socket)).map((room) => [room.type, room.name])).toEqual([
      ['main', 'Book club'],
      ['breakout', 'Navy'],
      ['breakout', 'Green'],
      ['breakout', '1'],
    ])
  })

  it('sets, clears, cancels and applies moves; only a moved peer may join, and only its room', async () => {
    const { host, guests, mainId, first, second } = await meetingWithBreakouts(3)
    const [a, b, c] = guests.map((guest) => ({ socket: guest.socket, peerId: guest.joined.peerId }))
    const setMove = (peerId: string, to: string) =>
      ok(host.socket, 'room:admin:setMeetingPeerMoveToMeetingRoom', { meetingPeerId: peerId, moveToMeetingRoomId: to })

    const listed = next(host.socket, 'room:admin:meetingRooms', ({ rooms }) =>
      rooms[0]!.peers.some((peer) => peer.moveToMeetingRoomId === second.id),
    )
    await setMove(a!.peerId, first.id)
    await setMove(b!.peerId, second.id)
    const main = (await listed).rooms[0]!
    expect(main.peers.find((peer) => peer.id === a!.peerId)?.moveToMeetingRoomId).toBe(first.id)
    expect((await MeetingPeer.findByPk(b!.peerId))!.moveToMeetingRoomId).toBe(second.id)

    await setMove(c!.peerId, first.id)
    await ok(host.socket, 'room:admin:clearMeetingPeerMoveToMeetingRoom', { meetingPeerId: c!.peerId })
    expect((await MeetingPeer.findByPk(c!.peerId))!.moveToMeetingRoomId).toBeNull()
    // Moving someone to the room they are in is no move.
    await setMove(c!.peerId, mainId)
    expect((await rooms(host.socket))[0]!.peers.find((peer) => peer.id === c!.peerId)?.moveToMeetingRoomId).toBeNull()
    expect(
      await request(host.socket, 'room:admin:setMeetingPeerMoveToMeetingRoom', {
        meetingPeerId: 'nobody',
        moveToMeetingRoomId: first.id,
      }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.notFound })
    expect(
      await request(host.socket, 'room:admin:setMeetingPeerMoveToMeetingRoom', {
        meetingPeerId: c!.peerId,
        moveToMeetingRoomId: 'nowhere',
      }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.notFound })

    // Nobody asked to move may move itself.
    expect(await request(c!.socket, 'joinBreakout', { meetingRoomId: first.id, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notMoved,
    })

    const cHeard = collect(c!.socket, 'joinBreakout')
    const [aTold, bTold] = [next(a!.socket, 'joinBreakout'), next(b!.socket, 'joinBreakout')]
    expect(await ok(host.socket, 'room:admin:applyMoveToMeetingRoom', { meetingRoomId: mainId })).toEqual({ moved: 2 })
    expect(await aTold).toEqual<BreakoutMove>({ meetingRoomId: first.id, name: 'Blue', from: 'Book club' })
    expect((await bTold).meetingRoomId).toBe(second.id)
    // Told to go to Blue, A may not go to Green instead.
    expect(await request(a!.socket, 'joinBreakout', { meetingRoomId: second.id, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notMoved,
    })

    const aLeftMain = next(host.socket, 'peerLeft', ({ peerId }) => peerId === a!.peerId)
    const aIn = await ok<JoinResult>(a!.socket, 'joinBreakout', { meetingRoomId: first.id, peerData: {} })
    await aLeftMain
    expect(aIn.meetingRoomId).toBe(first.id)
    expect(aIn.peers.map((peer) => peer.id)).toEqual([aIn.peerId])
    expect(aIn.peerId).not.toBe(a!.peerId)
    // Once moved, the move is spent.
    expect(await request(a!.socket, 'joinBreakout', { meetingRoomId: first.id, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notMoved,
    })
    await ok(a!.socket, 'enter')
    expect((await MeetingPeer.findByPk(aIn.peerId))!.status).toBe('joined')
    expect((await MeetingPeer.findByPk(a!.peerId))!.leftAt).not.toBeNull()

    const bIn = await ok<JoinResult>(b!.socket, 'joinBreakout', { meetingRoomId: second.id, peerData: {} })
    expect(bIn.peers.map((peer) => peer.id)).toEqual([bIn.peerId])
    const view = await rooms(host.socket)
    expect(view.map((room) => room.peers.map((peer) => peer.id))).toEqual([
      [host.joined.peerId, c!.peerId],
      [aIn.peerId],
      [bIn.peerId],
    ])
    expect(cHeard).toEqual([])

    // Cancel: the moves of everyone in the room go.
    await setMove(c!.peerId, second.id)
    await ok(host.socket, 'room:admin:cancelMeetingPeerMoveToMeetingRoom', { meetingRoomId: mainId })
    expect(await ok(host.socket, 'room:admin:applyMoveToMeetingRoom', { meetingRoomId: mainId })).toEqual({ moved: 0 })
    expect(cHeard).toEqual([])
    // Between breakouts too: from Blue to Green, moving only A.
    const aToGreen = await moveInto(host.socket, first.id, { socket: a!.socket, peerId: aIn.peerId }, second.id)
    expect(aToGreen.move).toEqual({ meetingRoomId: second.id, name: 'Green', from: 'Blue' })
    expect(aToGreen.joined.peers.map((peer) => peer.id).sort()).toEqual([bIn.peerId, aToGreen.joined.peerId].sort())
  })

  it('keeps each room’s media to itself: a breakout has its own router', async () => {
    const { roomId, host, guests, mainId, first } = await meetingWithBreakouts(2)
    const [a, b] = guests
    const aMoved = await moveInto(host.socket, mainId, { socket: a!.socket, peerId: a!.joined.peerId }, first.id)
    const bMoved = await moveInto(host.socket, mainId, { socket: b!.socket, peerId: b!.joined.peerId }, first.id)

    const main = edge.edge.meetings.get(roomId)!
    expect(main.peers.has(aMoved.joined.peerId)).toBe(false)

    // Everyone prepares and enters; the host (main) and A (Blue) each send a microphone.
    const consumersOf = (socket: ClientSocket) => collect(socket, 'newConsumer')
    const [hostHeard, aHeard, bHeard] = [consumersOf(host.socket), consumersOf(a!.socket), consumersOf(b!.socket)]
    const prepared = new Map<ClientSocket, { send: { id: string } }>()
    for (const [socket, caps] of [
      [host.socket, host.joined.routerRtpCapabilities],
      [a!.socket, aMoved.joined.routerRtpCapabilities],
      [b!.socket, bMoved.joined.routerRtpCapabilities],
    ] as const) {
      prepared.set(socket, await ok(socket, 'prepare', { rtpCapabilities: caps }))
      await ok(socket, 'enter')
    }
    const hostMic = await ok<{ id: string }>(host.socket, 'produce', {
      transportId: prepared.get(host.socket)!.send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    const aMic = await ok<{ id: string }>(a!.socket, 'produce', {
      transportId: prepared.get(a!.socket)!.send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    await expect.poll(() => bHeard.map((consumer: NewConsumer) => consumer.producerId)).toEqual([aMic.id])
    expect(main.peers.get(host.joined.peerId)!.producers.has(hostMic.id)).toBe(true)
    // A moment for anything misrouted to arrive: nobody outside Blue hears A, nobody in Blue hears the host.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(hostHeard).toEqual([])
    expect(aHeard).toEqual([])
    expect(bHeard).toHaveLength(1)
  })

  it('ends the breakouts: everyone back in the main room, the rooms ended, the export lists them', async () => {
    const { roomId, host, guests, mainId, first, second } = await meetingWithBreakouts(2)
    const [a, b] = guests
    await moveInto(host.socket, mainId, { socket: a!.socket, peerId: a!.joined.peerId }, first.id)
    await moveInto(host.socket, mainId, { socket: b!.socket, peerId: b!.joined.peerId }, second.id)

    // The host leaving the main room empty does not end the meeting: people are in its breakouts.
    const [aBack, bBack] = [next(a!.socket, 'leaveBreakout'), next(b!.socket, 'leaveBreakout')]
    expect(await ok(host.socket, 'room:admin:endBreakouts', { mainMeetingRoomId: mainId })).toEqual({ moved: 2 })
    expect(await aBack).toEqual<BreakoutMove>({ meetingRoomId: mainId, name: 'Book club', from: 'Blue' })
    expect((await bBack).from).toBe('Green')
    expect((await rooms(host.socket)).map((room) => room.type)).toEqual(['main'])
    // Nobody may go into an ending room.
    expect(
      await request(host.socket, 'room:admin:setMeetingPeerMoveToMeetingRoom', {
        meetingPeerId: host.joined.peerId,
        moveToMeetingRoomId: first.id,
      }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.notFound })

    const aHome = await ok<JoinResult>(a!.socket, 'leaveBreakout', { peerData: {} })
    expect(aHome.meetingRoomId).toBe(mainId)
    expect(aHome.peers.map((peer) => peer.id)).toContain(host.joined.peerId)
    await expect.poll(async () => (await MeetingRoom.findByPk(first.id))!.endedAt).not.toBeNull()
    // Green ends when B, its last peer, leaves it.
    expect((await MeetingRoom.findByPk(second.id))!.endedAt).toBeNull()
    const bHome = await ok<JoinResult>(b!.socket, 'leaveBreakout', {})
    expect(bHome.peers.map((peer) => peer.id).sort()).toEqual([host.joined.peerId, aHome.peerId, bHome.peerId].sort())
    await expect.poll(async () => (await MeetingRoom.findByPk(second.id))!.endedAt).not.toBeNull()
    expect(edge.edge.meetings.get(roomId)!.closed).toBe(false)
    // Back in main there is no breakout to go back from.
    expect(await request(a!.socket, 'leaveBreakout', {})).toEqual({ ok: false, error: EDGE_ERRORS.notMoved })

    const participants = await eventParticipants({ id: roomId })
    const byUser = new Map(
      participants.map((person) => [person.user.id, person.activities.map((activity) => activity.roomName)]),
    )
    expect(byUser.get(aHome.peers.find((peer) => peer.id === aHome.peerId)!.userId)).toEqual(['Blue'])
    expect(byUser.get(bHome.peers.find((peer) => peer.id === bHome.peerId)!.userId)).toEqual(['Green'])
  })

  it('goes on while people are in breakouts, and ends them all with the last person', async () => {
    const { roomId, host, guests, mainId, first } = await meetingWithBreakouts(1)
    const [a] = guests
    await moveInto(host.socket, mainId, { socket: a!.socket, peerId: a!.joined.peerId }, first.id)
    host.socket.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await MeetingRoom.findByPk(mainId))!.endedAt).toBeNull()
    expect(edge.edge.meetings.get(roomId)).toBeDefined()
    a!.socket.disconnect()
    await expect.poll(async () => (await MeetingRoom.findByPk(mainId))!.endedAt).not.toBeNull()
    expect((await MeetingRoom.findByPk(first.id))!.endedAt).not.toBeNull()
    expect(edge.edge.meetings.get(roomId)).toBeUndefined()
  })

  it('sends someone who comes back (a reconnect) to the breakout they were in, until the host brings them back', async () => {
    const { roomId, host, guests, mainId, first } = await meetingWithBreakouts(1)
    const [a] = guests
    const moved = await moveInto(host.socket, mainId, { socket: a!.socket, peerId: a!.joined.peerId }, first.id)
    const userId = moved.joined.peers[0]!.userId
    a!.socket.disconnect()
    await expect.poll(async () => (await rooms(host.socket))[1]!.peers.length).toBe(0)

    // A new page of the same person joins the room: the main room, and straight back to Blue.
    const token = await tokenFor(roomId, { userId })
    const socket = await connect(edge, token)
    const sentBack = next(socket, 'joinBreakout')
    const again = await ok<JoinResult>(socket, 'meetingRoom:join', { roomId, peerData: {} })
    expect(again.meetingRoomId).toBe(mainId)
    expect(await sentBack).toEqual({ meetingRoomId: first.id, name: 'Blue', from: 'Book club' })
    const back = await ok<JoinResult>(socket, 'joinBreakout', { meetingRoomId: first.id, peerData: {} })
    expect(back.meetingRoomId).toBe(first.id)

    // Moved back to the main room by the host, a reconnect stays there.
    await ok(host.socket, 'room:admin:setMeetingPeerMoveToMeetingRoom', {
      meetingPeerId: back.peerId,
      moveToMeetingRoomId: mainId,
    })
    const told = next(socket, 'leaveBreakout')
    await ok(host.socket, 'room:admin:applyMoveToMeetingRoom', { meetingRoomId: first.id })
    await told
    await ok(socket, 'leaveBreakout', {})
    socket.disconnect()
    const later = await connect(edge, await tokenFor(roomId, { userId }))
    const heard = collect(later, 'joinBreakout')
    await ok(later, 'meetingRoom:join', { roomId, peerData: {} })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(heard).toEqual([])
  })

  it('refuses every admin event to a plain peer, even one whose peer data claims to host', async () => {
    const { roomId, host, mainId, first } = await meetingWithBreakouts(1)
    const plain = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true, permissions: ['kick-peer'] })
    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    const calls: Array<[string, unknown]> = [
      ['room:admin:getActiveMeetingRooms', undefined],
      ['room:admin:createBreakoutMeetingRoom', { mainMeetingRoomId: mainId, name: 'Mine' }],
      ['room:admin:renameBreakoutMeetingRoom', { meetingRoomId: first.id, name: 'Mine' }],
      [
        'room:admin:setMeetingPeerMoveToMeetingRoom',
        { meetingPeerId: plain.joined.peerId, moveToMeetingRoomId: first.id },
      ],
      ['room:admin:clearMeetingPeerMoveToMeetingRoom', { meetingPeerId: plain.joined.peerId }],
      ['room:admin:cancelMeetingPeerMoveToMeetingRoom', { meetingRoomId: mainId }],
      ['room:admin:applyMoveToMeetingRoom', { meetingRoomId: mainId }],
      ['room:admin:endBreakouts', { mainMeetingRoomId: mainId }],
    ]
    for (const [event, payload] of calls) {
      expect(await request(plain.socket, event as never, payload), event).toEqual({
        ok: false,
        error: EDGE_ERRORS.forbidden,
      })
    }
    expect((await rooms(host.socket)).map((room) => room.name)).toEqual(['Book club', 'Blue', 'Green'])
    // A co-host may.
    await ok(coHost.socket, 'room:admin:renameBreakoutMeetingRoom', { meetingRoomId: first.id, name: 'Teal' })
  })

  it('refuses bad payloads, and everything before joining', async () => {
    const { roomId, host, first } = await meetingWithBreakouts(0)
    const bad: Array<[string, unknown]> = [
      ['room:admin:createBreakoutMeetingRoom', undefined],
      ['room:admin:createBreakoutMeetingRoom', { mainMeetingRoomId: 42 }],
      ['room:admin:renameBreakoutMeetingRoom', { meetingRoomId: first.id }],
      ['room:admin:renameBreakoutMeetingRoom', { meetingRoomId: first.id, name: ['x'] }],
      ['room:admin:setMeetingPeerMoveToMeetingRoom', { meetingPeerId: '', moveToMeetingRoomId: first.id }],
      ['room:admin:clearMeetingPeerMoveToMeetingRoom', {}],
      ['room:admin:cancelMeetingPeerMoveToMeetingRoom', 'main'],
      ['room:admin:applyMoveToMeetingRoom', { meetingRoomId: null }],
      ['room:admin:endBreakouts', {}],
      ['joinBreakout', { peerData: {} }],
      ['leaveBreakout', { peerData: { name: 7 } }],
    ]
    for (const [event, payload] of bad) {
      expect(await request(host.socket, event as never, payload), event).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    const { socket } = await joinMeeting(edge, roomId, { isHost: true })
    await ok(socket, 'leave')
    expect(await request(socket, 'room:admin:getActiveMeetingRooms')).toEqual({
      ok: false,
      error: EDGE_ERRORS.notJoined,
    })
    expect(await request(socket, 'joinBreakout', { meetingRoomId: first.id, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notJoined,
    })
  })
})
