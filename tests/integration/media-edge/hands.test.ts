// Raise hand and reactions: the edge keeps the ordered queue, only hosts
// and co-hosts lower someone else's hand, and it refuses bad payloads, foreign emoji and floods.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { RaisedHand } from '#edge/contract/hands'
import type { RunningEdge } from '#edge/server'
import { closeSockets, createRoom, joinMeeting, next, ok, request, startTestEdge } from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

const ids = (hands: RaisedHand[]) => hands.map((hand) => hand.peerId)

describe('raise hand', () => {
  it('keeps the queue in the order hands went up, tells everyone, and hands it to a late joiner', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const [a, b, c] = [
      await joinMeeting(edge, roomId),
      await joinMeeting(edge, roomId),
      await joinMeeting(edge, roomId),
    ]

    for (const peer of [b, a, c]) {
      const heard = next(host.socket, 'hand:queue', ({ hands }) =>
        hands.some((hand) => hand.peerId === peer.joined.peerId),
      )
      await ok(peer.socket, 'hand:raise')
      await heard
    }
    const order = [b.joined.peerId, a.joined.peerId, c.joined.peerId]
    // Raising again keeps the place.
    await ok(b.socket, 'hand:raise')
    const late = await joinMeeting(edge, roomId)
    expect(ids(late.joined.hands)).toEqual(order)

    const lowered = next(c.socket, 'hand:queue')
    await ok(a.socket, 'hand:lower')
    expect(ids((await lowered).hands)).toEqual([b.joined.peerId, c.joined.peerId])
  })

  it('lets the host and a co-host lower anyone, and refuses a plain peer (whatever its peer data says)', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    const plain = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true })
    const raiser = await joinMeeting(edge, roomId)
    const other = await joinMeeting(edge, roomId)
    await ok(raiser.socket, 'hand:raise')
    await ok(other.socket, 'hand:raise')

    expect(await request(plain.socket, 'hand:lowerFor', { peerId: raiser.joined.peerId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect(ids(edge.edge.meetings.get(roomId)!.hands.list())).toEqual([raiser.joined.peerId, other.joined.peerId])

    const heard = next(raiser.socket, 'hand:queue')
    await ok(host.socket, 'hand:lowerFor', { peerId: raiser.joined.peerId })
    expect(ids((await heard).hands)).toEqual([other.joined.peerId])
    await ok(coHost.socket, 'hand:lowerFor', { peerId: other.joined.peerId })
    expect(edge.edge.meetings.get(roomId)!.hands.list()).toEqual([])
  })

  it('refuses bad payloads and unknown peers', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    for (const payload of [undefined, {}, { peerId: '' }, { peerId: 42 }]) {
      expect(await request(host.socket, 'hand:lowerFor', payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.peerIdRequired,
      })
    }
    expect(await request(host.socket, 'hand:lowerFor', { peerId: 'nobody' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
  })

  it('drops the hand of a peer who leaves', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const leaver = await joinMeeting(edge, roomId)
    await ok(leaver.socket, 'hand:raise')
    const heard = next(host.socket, 'hand:queue', ({ hands }) => hands.length === 0)
    leaver.socket.disconnect()
    await heard
    expect(edge.edge.meetings.get(roomId)!.hands.list()).toEqual([])
  })

  it('is rate-limited', async () => {
    const { id: roomId } = await createRoom()
    const peer = await joinMeeting(edge, roomId)
    const answers = []
    for (let i = 0; i < 8; i++) answers.push(await request(peer.socket, 'hand:raise'))
    expect(answers.slice(0, 5).every((answer) => answer.ok)).toBe(true)
    expect(answers.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
  })
})

describe('reactions', () => {
  it('shows one of the set to everyone, the sender included', async () => {
    const { id: roomId } = await createRoom()
    const sender = await joinMeeting(edge, roomId)
    const watcher = await joinMeeting(edge, roomId)
    const seen = next(watcher.socket, 'reaction')
    const echoed = next(sender.socket, 'reaction')
    await ok(sender.socket, 'reaction:send', { emoji: '🎉' })
    expect(await seen).toEqual({ peerId: sender.joined.peerId, emoji: '🎉' })
    expect(await echoed).toEqual({ peerId: sender.joined.peerId, emoji: '🎉' })
  })

  it('refuses anything outside the set, and floods', async () => {
    const { id: roomId } = await createRoom()
    const sender = await joinMeeting(edge, roomId)
    // Five: the bucket's burst.
    for (const payload of [
      {},
      { emoji: '💩' },
      { emoji: '<b>hi</b>' },
      { emoji: 'x'.repeat(100) },
      { emoji: ['👍'] },
    ]) {
      expect(await request(sender.socket, 'reaction:send', payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    const flooder = await joinMeeting(edge, roomId)
    const answers = []
    for (let i = 0; i < 8; i++) answers.push(await request(flooder.socket, 'reaction:send', { emoji: '👍' }))
    expect(answers.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
  })

  it('needs a joined meeting', async () => {
    const { id: roomId } = await createRoom()
    const { connect, tokenFor } = await import('./harness')
    const socket = await connect(edge, await tokenFor(roomId))
    expect(await request(socket, 'reaction:send', { emoji: '👍' })).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
    expect(await request(socket, 'hand:raise')).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
  })
})

describe('quick polls', () => {
  it('a host asks, everyone answers once, counts go to everyone live, and a late joiner gets the poll and their answer', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const voter = await joinMeeting(edge, roomId, { userId: 'voter' })
    const other = await joinMeeting(edge, roomId)
    const asked = next(other.socket, 'poll:updated')
    const poll = await ok<{ id: string }>(host.socket, 'poll:create', {
      question: ' Pizza or tacos? ',
      options: ['Pizza', ' Tacos ', ''],
    })
    expect(await asked).toEqual({
      id: poll.id,
      question: 'Pizza or tacos?',
      options: ['Pizza', 'Tacos'],
      counts: [0, 0],
      closed: false,
    })

    const counted = next(host.socket, 'poll:updated', ({ counts }) => counts[1] === 1)
    await ok(voter.socket, 'poll:answer', { pollId: poll.id, option: 1 })
    await counted
    expect(await request(voter.socket, 'poll:answer', { pollId: poll.id, option: 0 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.pollAnswered,
    })
    // The same person again, on a new connection: still one answer.
    const again = await joinMeeting(edge, roomId, { userId: 'voter' })
    expect(again.joined.poll?.counts).toEqual([0, 1])
    expect(again.joined.pollAnswer).toBe(1)
    expect(await request(again.socket, 'poll:answer', { pollId: poll.id, option: 0 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.pollAnswered,
    })

    expect(await request(other.socket, 'poll:close', { pollId: poll.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    await ok(host.socket, 'poll:close', { pollId: poll.id })
    expect(await request(other.socket, 'poll:answer', { pollId: poll.id, option: 0 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.pollAnswered,
    })
  })

  it('refuses a plain peer asking, and bad polls and answers', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isCoHost: true })
    const plain = await joinMeeting(edge, roomId, {}, { isHost: true })
    expect(await request(plain.socket, 'poll:create', { question: 'Q?', options: ['a', 'b'] })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    for (const bad of [
      { question: '  ', options: ['a', 'b'] },
      { question: 'Q?', options: ['a'] },
      { question: 'Q?', options: ['1', '2', '3', '4', '5', '6', '7'] },
    ]) {
      expect(await request(host.socket, 'poll:create', bad)).toEqual({ ok: false, error: EDGE_ERRORS.pollInvalid })
    }
    expect(await request(host.socket, 'poll:create', { question: 'Q?' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    const poll = await ok<{ id: string }>(host.socket, 'poll:create', { question: 'Q?', options: ['a', 'b'] })
    expect(await request(plain.socket, 'poll:answer', { pollId: poll.id, option: 2 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.pollAnswered,
    })
    expect(await request(plain.socket, 'poll:answer', { pollId: poll.id, option: 'a' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    expect(await request(plain.socket, 'poll:answer', { pollId: 'other', option: 0 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
  })
})
