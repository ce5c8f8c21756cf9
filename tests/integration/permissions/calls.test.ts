// The permission matrix for the JSON API's calls (docs/api.md#calls): GET /calls is anyone
// signed in's own list; starting a call passes the room's guard as its meeting page does
// ("otherwise the access-community permission is needed"); only the caller cancels; only the room's
// host (or a co-host) answers or declines; the caller or the host marks a call missed. A refusal in
// JSON (401, 403) counts as the page's refusal; a 409 (the host needs no call) means the guard passed.
//
// The meeting client's resource routes (/resources/call-host: tell an absent host; /resources/
// call-message: a message after a missed or declined call) pass the room page's guard, answering a
// script 403 where the page would redirect (sign-in included: a script cannot follow it), then act
// only on the asker's own call. In a group room that is not open that is the community's people;
// in a personal room (where visitors meet its host) everyone, guests included. A 404
// (no call ringing) or a 409 (no call to follow up) means the guard passed. /resources/meeting-avatar
// (the device check's picture) passes the same guard: here with no file, so a 400 means it passed.
import { beforeAll } from 'vitest'
import { RoomCall, type Room } from '#models/index'
import * as list from '#app/routes/api.calls._index'
import * as start from '#app/routes/api.calls.start'
import * as cancel from '#app/routes/api.calls.cancel'
import * as answer from '#app/routes/api.calls.answer'
import * as decline from '#app/routes/api.calls.decline'
import * as miss from '#app/routes/api.calls.miss'
import * as callHost from '#app/routes/resources.call-host'
import * as callMessage from '#app/routes/resources.call-message'
import * as meetingAvatar from '#app/routes/resources.meeting-avatar'
import { makePersonalRoom, makeRoom } from '../../support/factories'
import {
  PERSONAS,
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixRow,
  type MatrixWorld,
  type Outcome,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let room: Room
let personal: Room

beforeAll(async () => {
  world = await makeMatrixWorld()
  room = await makeRoom(world.brand, { name: 'Knock Knock', hostId: world.people.owner.id, waitingRoom: true })
  personal = await makePersonalRoom(world.brand, world.people.owner, { waitingRoom: true })
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
})
type Action = (args: Awaited<ReturnType<typeof argsAs>>) => Promise<Response>

/** A fresh call from the member for each request, so every persona meets one still ringing. */
const onNewCall = (action: Action, path: string) => async (w: MatrixWorld, p: Persona) => {
  const call = await RoomCall.create({
    brandId: w.brand.id,
    roomId: room.id,
    callerId: w.people.member.id,
    callerName: 'Member',
    hostId: w.people.owner.id,
  })
  return refusedAsThrown(await action(await argsAs(w, p, `/api/calls/${path}`, {}, json({ callId: call.id }))))
}

/** A meeting client's POST about a room (the form's community and room), classified like the JSON API's. */
const resource =
  (action: Action, path: string, target: () => Room, fields: Record<string, string> = {}) =>
  async (w: MatrixWorld, p: Persona) =>
    refusedAsThrown(
      await action(
        await argsAs(
          w,
          p,
          path,
          {},
          { method: 'POST', body: new URLSearchParams({ brand: w.brand.slug, room: target().slug, ...fields }) },
        ),
      ),
    )

/** Only the community's people; anyone else, signed in or not, is refused (a script gets 403 for the page's sign-in redirect too). */
const communityOnly = Object.fromEntries(
  PERSONAS.map((persona) => [persona, (COMMUNITY as readonly string[]).includes(persona) ? 'allowed' : 'denied']),
) as Record<Persona, Outcome>

const signedIn = Object.fromEntries(
  PERSONAS.map((persona) => [persona, persona === 'anonymous' ? 'signIn' : 'allowed']),
) as Record<Persona, Outcome>

const rows: MatrixRow[] = [
  {
    name: 'GET /api/calls',
    run: async (w, p) => refusedAsThrown(await (list.loader as Action)(await argsAs(w, p, '/api/calls', {}))),
    expected: signedIn,
  },
  {
    name: 'POST /api/calls/start',
    run: async (w, p) => {
      const response = refusedAsThrown(
        await (start.action as Action)(await argsAs(w, p, '/api/calls/start', {}, json({ roomId: room.id }))),
      )
      await RoomCall.update({ status: 'cancelled' }, { where: { roomId: room.id, status: 'calling' } })
      return response
    },
    expected: only(COMMUNITY),
  },
  { name: 'POST /api/calls/cancel', run: onNewCall(cancel.action as Action, 'cancel'), expected: only(['member']) },
  { name: 'POST /api/calls/answer', run: onNewCall(answer.action as Action, 'answer'), expected: only(['owner']) },
  { name: 'POST /api/calls/decline', run: onNewCall(decline.action as Action, 'decline'), expected: only(['owner']) },
  { name: 'POST /api/calls/miss', run: onNewCall(miss.action as Action, 'miss'), expected: only(['owner', 'member']) },
  {
    name: 'POST /resources/call-host (group room)',
    run: resource(callHost.action as Action, '/resources/call-host', () => room),
    expected: communityOnly,
  },
  {
    name: 'POST /resources/call-host (personal room)',
    run: resource(callHost.action as Action, '/resources/call-host', () => personal),
    expected: everyone('allowed'),
  },
  {
    name: 'POST /resources/call-message (group room)',
    run: resource(callMessage.action as Action, '/resources/call-message', () => room, { body: 'Hello' }),
    expected: communityOnly,
  },
  {
    name: 'POST /resources/call-message (personal room)',
    run: resource(callMessage.action as Action, '/resources/call-message', () => personal, { body: 'Hello' }),
    expected: everyone('allowed'),
  },
  {
    name: 'POST /resources/meeting-avatar (group room)',
    run: resource(meetingAvatar.action as Action, '/resources/meeting-avatar', () => room),
    expected: communityOnly,
  },
  {
    name: 'POST /resources/meeting-avatar (personal room)',
    run: resource(meetingAvatar.action as Action, '/resources/meeting-avatar', () => personal),
    expected: everyone('allowed'),
  },
]

describeMatrix('JSON API calls', rows, () => world)
