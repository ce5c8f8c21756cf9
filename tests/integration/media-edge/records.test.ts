// The rows the edge keeps current (the meeting's records and each peer's status): MeetingRoom
// opened at the first join and ended with the last connected peer, MeetingPeer joining →
// participating → left, MeetingLog lines, and the chat, which a reconnect gets back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MeetingChatMessage, MeetingLog, MeetingPeer, MeetingRoom } from '#models/index'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { ChatMessage } from '#edge/contract/chat'
import type { RunningEdge } from '#edge/server'
import { closeSockets, createRoom, joinMeeting, next, ok, request, startTestEdge } from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

describe('meeting rows', () => {
  it('follow a meeting from the first join to the last leave', async () => {
    const room = await createRoom('Reading circle')
    const before = Date.now()
    const host = await joinMeeting(edge, room.id, { isHost: true, userId: 'host-user', name: 'Hana' })
    const meeting = await MeetingRoom.findByPk(host.joined.meetingRoomId)
    expect(meeting).toMatchObject({
      roomId: room.id,
      type: 'main',
      name: 'Reading circle',
      endedAt: null,
      sfuHostname: edge.publicUrl,
    })
    expect(meeting!.roomUrl).toMatch(new RegExp(`/edge-[0-9a-f]+/${room.slug}$`))
    expect(meeting!.startedAt.getTime()).toBeGreaterThanOrEqual(before - 5)

    let row = await MeetingPeer.findByPk(host.joined.peerId)
    expect(row).toMatchObject({
      meetingRoomId: meeting!.id,
      userId: 'host-user',
      status: 'joining',
      enteredAt: null,
      leftAt: null,
      userMeta: { name: 'Hana', avatar: null },
    })
    expect(row!.socketId).toBe(host.socket.id)

    const guest = await joinMeeting(edge, room.id, { userId: 'guest:records-browser', name: 'Guest' })
    expect(guest.joined.meetingRoomId).toBe(meeting!.id)
    const entered = next(guest.socket, 'peerEntered')
    await ok(host.socket, 'enter')
    expect(await entered).toMatchObject({
      id: host.joined.peerId,
      status: 'participating',
      visible: true,
      joining: false,
    })
    row = await MeetingPeer.findByPk(host.joined.peerId)
    expect(row!.status).toBe('participating')
    expect(row!.enteredAt).toBeInstanceOf(Date)

    // A guest's new name is kept; a signed-in person's name is their account's.
    await ok(guest.socket, 'updateMyPeer', { peerData: { name: 'Gus' } })
    expect((await MeetingPeer.findByPk(guest.joined.peerId))!.userMeta).toEqual({ name: 'Gus', avatar: null })
    await ok(host.socket, 'updateMyPeer', { peerData: { name: 'Hana M.' } })
    expect((await MeetingPeer.findByPk(host.joined.peerId))!.userMeta).toEqual({ name: 'Hana', avatar: null })

    await ok(host.socket, 'leave')
    expect(await request(host.socket, 'enter')).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
    expect((await MeetingPeer.findByPk(host.joined.peerId))!.leftAt).toBeInstanceOf(Date)
    expect((await MeetingRoom.findByPk(meeting!.id))!.endedAt).toBeNull()

    // The last connected peer leaving (here by disconnecting) ends the meeting.
    guest.socket.disconnect()
    await expect.poll(async () => (await MeetingRoom.findByPk(meeting!.id))!.endedAt).toBeInstanceOf(Date)
    expect((await MeetingPeer.findByPk(guest.joined.peerId))!.leftAt).toBeInstanceOf(Date)
    expect(edge.edge.meetings.has(room.id)).toBe(false)
    const log = (await MeetingLog.findAll({ where: { meetingRoomId: meeting!.id }, order: [['dateTime', 'ASC']] })).map(
      (line) => line.message,
    )
    expect(log[0]).toMatch(/meeting started/)
    expect(log.some((line) => /Hana.*joined/.test(line))).toBe(true)
    expect(log.at(-1)).toBe('meeting ended')

    // The next join opens a new meeting.
    const later = await joinMeeting(edge, room.id)
    expect(later.joined.meetingRoomId).not.toBe(meeting!.id)
  })

  it('tells the others who joined, entered and left', async () => {
    const { id: roomId } = await createRoom()
    const first = await joinMeeting(edge, roomId)
    const joined = next(first.socket, 'peerJoined')
    const second = await joinMeeting(edge, roomId, { name: 'Second' })
    expect(await joined).toMatchObject({ id: second.joined.peerId, name: 'Second', status: 'joining' })
    expect(second.joined.peers.map((peer) => peer.id).sort()).toEqual(
      [first.joined.peerId, second.joined.peerId].sort(),
    )
    const left = next(first.socket, 'peerLeft')
    await ok(second.socket, 'peerLeftMeeting', { roomId, view: 'home' })
    expect(await left).toEqual({ peerId: second.joined.peerId })
  })
})

describe('chat', () => {
  it('is trimmed, limited to 2000 characters, broadcast, stored, and returned to a reconnecting peer', async () => {
    const { id: roomId } = await createRoom()
    const stays = await joinMeeting(edge, roomId, { name: 'Stays' })
    const talker = await joinMeeting(edge, roomId, { name: 'Talker', userId: 'talker' })

    expect(await request(talker.socket, 'chat:send', { text: '   ' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.chatInvalid,
    })
    expect(await request(talker.socket, 'chat:send', { text: 'x'.repeat(2001) })).toEqual({
      ok: false,
      error: EDGE_ERRORS.chatInvalid,
    })
    expect(await request(talker.socket, 'chat:send', {})).toEqual({ ok: false, error: EDGE_ERRORS.invalidRequest })

    const heard = next(stays.socket, 'chat:message')
    const sent = await ok<ChatMessage>(talker.socket, 'chat:send', { text: '  Hello all  ' })
    expect(sent).toMatchObject({ text: 'Hello all', name: 'Talker', userId: 'talker', peerId: talker.joined.peerId })
    expect(await heard).toEqual(sent)
    const long = await ok<ChatMessage>(talker.socket, 'chat:send', { text: 'y'.repeat(2000) })
    expect(await MeetingChatMessage.count({ where: { meetingRoomId: talker.joined.meetingRoomId } })).toBe(2)

    talker.socket.disconnect()
    const back = await joinMeeting(edge, roomId, { name: 'Talker', userId: 'talker' })
    expect(back.joined.meetingRoomId).toBe(talker.joined.meetingRoomId)
    expect(back.joined.chat).toEqual([sent, long])
  })
})

describe('an edge restart', () => {
  it('keeps the meeting open: clients get shutdown, and the next edge resumes the meeting and its chat', async () => {
    const first = await startTestEdge()
    const { id: roomId } = await createRoom()
    const peer = await joinMeeting(first, roomId)
    const message = await ok<ChatMessage>(peer.socket, 'chat:send', { text: 'before the restart' })
    const shutdown = next(peer.socket, 'shutdown')
    const closing = first.close()
    await shutdown
    await closing
    expect((await MeetingRoom.findByPk(peer.joined.meetingRoomId))!.endedAt).toBeNull()
    expect((await MeetingPeer.findByPk(peer.joined.peerId))!.leftAt).toBeInstanceOf(Date)

    const second = await startTestEdge()
    try {
      const back = await joinMeeting(second, roomId)
      expect(back.joined.meetingRoomId).toBe(peer.joined.meetingRoomId)
      expect(back.joined.chat).toEqual([message])
    } finally {
      closeSockets()
      await second.close()
    }
  })

  it('ends a stale open meeting instead of resuming it', async () => {
    const { id: roomId } = await createRoom()
    const long = new Date(Date.now() - 60 * 60 * 1000)
    const stale = await MeetingRoom.create({ roomId, startedAt: long })
    await MeetingPeer.create({ meetingRoomId: stale.id, userId: 'ghost', joinedAt: long })
    const fresh = await joinMeeting(edge, roomId)
    expect(fresh.joined.meetingRoomId).not.toBe(stale.id)
    await stale.reload()
    expect(stale.endedAt?.getTime()).toBe(long.getTime())
    expect((await MeetingPeer.findOne({ where: { meetingRoomId: stale.id } }))!.leftAt).toBeInstanceOf(Date)
  })
})
