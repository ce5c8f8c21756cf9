// The permission matrix for the JSON API's calls (core spec §7 Calls; §6 roles): GET /calls is anyone
// signed in's own list; starting a call passes the room's guard as its meeting page does (§6
// "otherwise the access-community permission is needed"); only the caller cancels; only the room's
// host (or a co-host) answers or declines; the caller or the host marks a call missed. A refusal in
// JSON (401, 403) counts as the page's refusal; a 409 (the host needs no call) means the guard passed.
import { beforeAll } from 'vitest'
import { RoomCall, type Room } from '#models/index'
import * as list from '#app/routes/api.calls._index'
import * as start from '#app/routes/api.calls.start'
import * as cancel from '#app/routes/api.calls.cancel'
import * as answer from '#app/routes/api.calls.answer'
import * as decline from '#app/routes/api.calls.decline'
import * as miss from '#app/routes/api.calls.miss'
import { makeRoom } from '../../support/factories'
import { PERSONAS, argsAs, describeMatrix, makeMatrixWorld, only, refusedAsThrown, type MatrixRow, type MatrixWorld, type Outcome, type Persona } from '../../support/permission-matrix'

let world: MatrixWorld
let room: Room

beforeAll(async () => {
  world = await makeMatrixWorld()
  room = await makeRoom(world.brand, { name: 'Knock Knock', hostId: world.people.owner.id, waitingRoom: true })
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
type Action = (args: Awaited<ReturnType<typeof argsAs>>) => Promise<Response>

/** A fresh call from the member for each request, so every persona meets one still ringing. */
const onNewCall = (action: Action, path: string) => async (w: MatrixWorld, p: Persona) => {
  const call = await RoomCall.create({ brandId: w.brand.id, roomId: room.id, callerId: w.people.member.id, callerName: 'Member', hostId: w.people.owner.id })
  return refusedAsThrown(await action(await argsAs(w, p, `/api/calls/${path}`, {}, json({ callId: call.id }))))
}

const signedIn = Object.fromEntries(PERSONAS.map((persona) => [persona, persona === 'anonymous' ? 'signIn' : 'allowed'])) as Record<Persona, Outcome>

const rows: MatrixRow[] = [
  { name: 'GET /api/calls', run: async (w, p) => refusedAsThrown(await (list.loader as Action)(await argsAs(w, p, '/api/calls', {}))), expected: signedIn },
  {
    name: 'POST /api/calls/start',
    run: async (w, p) => {
      const response = refusedAsThrown(await (start.action as Action)(await argsAs(w, p, '/api/calls/start', {}, json({ roomId: room.id }))))
      await RoomCall.update({ status: 'cancelled' }, { where: { roomId: room.id, status: 'calling' } })
      return response
    },
    expected: only(COMMUNITY),
  },
  { name: 'POST /api/calls/cancel', run: onNewCall(cancel.action as Action, 'cancel'), expected: only(['member']) },
  { name: 'POST /api/calls/answer', run: onNewCall(answer.action as Action, 'answer'), expected: only(['owner']) },
  { name: 'POST /api/calls/decline', run: onNewCall(decline.action as Action, 'decline'), expected: only(['owner']) },
  { name: 'POST /api/calls/miss', run: onNewCall(miss.action as Action, 'miss'), expected: only(['owner', 'member']) },
]

describeMatrix('JSON API calls', rows, () => world)
