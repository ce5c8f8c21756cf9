// The web-to-edge path of issue 8: the passes the room page signs, used against a real edge. A
// personal room's owner visiting someone else's room gets a pass without powers, and the edge
// refuses their kick and mute (item 1).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS, type JoinResult } from '#edge/protocol'
import type { RunningEdge } from '#edge/server'
import { Room, User } from '#app/lib/db.server'
import { claimPersonalRoom } from '#app/lib/room-claims.server'
import { loader } from '#app/routes/$brand_.$room/route'
import { TestBrowser } from '../../support/browser'
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
      expect(await request(anaVisiting.socket, 'kickPeer', { peerId: target })).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
      expect(await request(anaVisiting.socket, 'mutePeerAudio', { peerId: target })).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    }
    expect(edge.edge.meetings.get(ben.room.id)!.peers.size).toBe(3)
    // The room's host holds its powers.
    await ok(benAtHome.socket, 'mutePeerAudio', { peerId: anaVisiting.peerId })
  })
})
