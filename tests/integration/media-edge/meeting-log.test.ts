// The meeting log for hosts (contract/meeting-log.ts): a host or co-host reads the log so far, then hears each new
// line; nobody else may read it or hears it. Each line is an event with names, while the row keeps the operators'
// English sentence with user ids.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { MeetingLogEntry } from '#edge/contract/meeting-log'
import type { RunningEdge } from '#edge/server'
import { MeetingLog } from '#models/index'
import { createLogger } from '#edge/logger'
import { MeetingRecords } from '#edge/meeting-records'
import { closeSockets, collect, createRoom, joinMeeting, next, ok, request, startTestEdge } from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(async () => {
  await edge.close()
})

const lines = (entries: MeetingLogEntry[]) =>
  entries.map(({ event, actor, subject, detail }) => ({ event, actor, subject, detail }))

describe('the meeting log', () => {
  it('gives hosts and co-hosts the log so far and each new line, in events with names', async () => {
    const room = await createRoom()
    const host = await joinMeeting(edge, room.id, { isHost: true, name: 'Hana', userId: 'log-hana' })
    const member = await joinMeeting(edge, room.id, { name: 'Milo', userId: 'log-milo' })
    const coHost = await joinMeeting(edge, room.id, { isCoHost: true, name: 'Cora', userId: 'log-cora' })

    // Each join's line is written beside its answer: read until the co-host's own is there.
    let history: MeetingLogEntry[] = []
    await expect
      .poll(async () => lines((history = await ok<MeetingLogEntry[]>(coHost.socket, 'meetingLog:get'))))
      .toEqual([
        { event: 'meetingStarted', actor: null, subject: null, detail: null },
        { event: 'joined', actor: null, subject: 'Hana', detail: null },
        { event: 'joined', actor: null, subject: 'Milo', detail: null },
        { event: 'joined', actor: null, subject: 'Cora', detail: null },
      ])
    expect(history.every((entry) => entry.level === 'info' && !Number.isNaN(Date.parse(entry.at)))).toBe(true)

    // New lines reach the hosts and co-hosts, not the member.
    const hostHears = collect(host.socket, 'meetingLog')
    const memberHears = collect(member.socket, 'meetingLog')
    const kicked = next(coHost.socket, 'meetingLog', (entry) => entry.event === 'left')
    await ok(host.socket, 'kickPeer', { peerId: member.joined.peerId })
    expect(lines([await kicked])).toEqual([{ event: 'left', actor: 'Hana', subject: 'Milo', detail: 'kicked' }])
    const late = await joinMeeting(edge, room.id, { name: 'Lena', userId: 'log-lena' })
    const left = next(host.socket, 'meetingLog', (entry) => entry.event === 'left' && entry.subject === 'Lena')
    await ok(late.socket, 'leave')
    expect((await left).detail).toBe('left')
    expect(lines(hostHears)).toEqual([
      { event: 'left', actor: 'Hana', subject: 'Milo', detail: 'kicked' },
      { event: 'joined', actor: null, subject: 'Lena', detail: null },
      { event: 'left', actor: null, subject: 'Lena', detail: 'left' },
    ])
    expect(memberHears).toEqual([])

    // The history now holds them too, in order; operators read the same lines in English with user ids.
    const again = await ok<MeetingLogEntry[]>(host.socket, 'meetingLog:get')
    expect(again.map((entry) => entry.id)).toEqual([...history, ...hostHears].map((entry) => entry.id))
    const messages = (
      await MeetingLog.findAll({ where: { meetingRoomId: host.joined.meetingRoomId }, order: [['dateTime', 'ASC']] })
    ).map((row) => row.message)
    expect(messages).toContain('Milo (log-milo) left: kicked by Hana (log-hana)')
    expect(messages).toContain('Lena (log-lena) left')
  })

  it('keeps lines written in the same millisecond in the order they happened', async () => {
    const room = await createRoom()
    const host = await joinMeeting(edge, room.id, { isHost: true, name: 'Hana', userId: 'log-burst' })
    const meeting = { id: host.joined.meetingRoomId, roomId: room.id }
    const records = new MeetingRecords(createLogger('silent'), 'burst-edge', 'http://burst.test')
    const names = Array.from({ length: 12 }, (_, index) => `Peer ${index}`)
    // Not awaited one by one: all twelve are stamped within a millisecond or two.
    await Promise.all(names.map((name) => records.log(meeting, { event: 'joined', subject: { name, userId: name } })))
    const subjects = (await records.logOf(meeting.id)).map((entry) => entry.subject)
    expect(subjects.slice(-names.length)).toEqual(names)
  })

  it('is for hosts and co-hosts only, whatever a peer says of itself', async () => {
    const room = await createRoom()
    await joinMeeting(edge, room.id, { isHost: true })
    const member = await joinMeeting(edge, room.id, {}, { isHost: true, isCoHost: true })
    expect(await request(member.socket, 'meetingLog:get')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
  })

  it('refuses before joining', async () => {
    const room = await createRoom()
    const host = await joinMeeting(edge, room.id, { isHost: true })
    await ok(host.socket, 'leave')
    expect(await request(host.socket, 'meetingLog:get')).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
  })
})
