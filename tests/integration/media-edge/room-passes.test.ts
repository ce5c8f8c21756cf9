// The web-to-edge path: the passes the room page signs, used against a real edge. A
// personal room's owner visiting someone else's room gets a pass without powers, and the edge
// refuses their kick and mute; a guest keeps one id per browser, so a kicked guest who
// reloads for a fresh pass stays out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { JoinResult } from '#edge/contract/peers'
import type { RunningEdge } from '#edge/server'
import { type Room, User } from '#models/index'
import { claimPersonalRoom } from '#app/lib/rooms/room-claims.server'
import { loader } from '#app/routes/$brand.$room/route'
import { TestBrowser } from '#tests/support/browser'
import { closeSockets, connect, ok, request, startTestEdge } from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

async function owner(name: string) {
  const user = await User.create({ name, emailAddress: `${name.toLowerCase()}@edge-passes.example` })
  const { room } = await claimPersonalRoom(user, `${name.toLowerCase()}-edge-room`)
  return { user, room, browser: await TestBrowser.signedIn(user.id) }
}

/** The pass the room page hands this browser, and the outcome of joining the meeting with it. */
async function enter(browser: TestBrowser, room: Room) {
  const page = await browser.run(loader, `/me/${room.slug}`, { params: { brand: 'me', room: room.slug } })
  expect(page.data.kind).toBe('room')
  const socket = await connect(edge, page.data.pass.token)
  return { socket, join: await request<JoinResult>(socket, 'meetingRoom:join', { roomId: room.id, peerData: {} }) }
}

async function joined(browser: TestBrowser, room: Room) {
  const { socket, join } = await enter(browser, room)
  if (!join.ok) throw new Error(`join failed: ${join.error}`)
  return { socket, peerId: join.data.peerId }
}

describe('passes the room page signs, at the edge', () => {
  it("carry no powers for a personal room's owner in another owner's room: the edge refuses their kick and mute", async () => {
    const ana = await owner('Ana')
    const ben = await owner('Ben')
    const benAtHome = await joined(ben.browser, ben.room)
    const anaVisiting = await joined(ana.browser, ben.room)
    const guest = await joined(new TestBrowser(), ben.room)

    for (const target of [benAtHome.peerId, guest.peerId]) {
      expect(await request(anaVisiting.socket, 'kickPeer', { peerId: target })).toEqual({
        ok: false,
        error: EDGE_ERRORS.forbidden,
      })
      expect(await request(anaVisiting.socket, 'mutePeerAudio', { peerId: target })).toEqual({
        ok: false,
        error: EDGE_ERRORS.forbidden,
      })
    }
    expect(edge.edge.meetings.get(ben.room.id)!.peers.size).toBe(3)
    // The room's host holds its powers.
    await ok(benAtHome.socket, 'mutePeerAudio', { peerId: anaVisiting.peerId })
  })

  it('keep a kicked guest out when the same browser reloads for a fresh pass; another browser still gets in', async () => {
    const cleo = await owner('Cleo')
    const host = await joined(cleo.browser, cleo.room)
    const guestBrowser = new TestBrowser()
    const guest = await joined(guestBrowser, cleo.room)
    await ok(host.socket, 'kickPeer', { peerId: guest.peerId })

    const reload = await enter(guestBrowser, cleo.room)
    expect(reload.join).toEqual({ ok: false, error: EDGE_ERRORS.kicked })
    await joined(new TestBrowser(), cleo.room)
  })
})
