// The permission matrix for the JSON API's events (GET and POST /api/events, GET, PUT and DELETE
// /api/events/{id}), written from the product's rules, not from the code:
// - Route permissions: "Events: access-community", with no guest switch (publicAccess opens hub,
//   groups, members and subcommunity pages only): the list is every active role's, never the pending,
//   the archived, another community's people nor the signed out.
// - "Separate messages say the user lacks permission to create ... events": creating, editing and
//   archiving events needs create-events, which only the owner and admins hold.
// - One event is seen as its page is: a public event needs access-community; "premium events require
//   sign-up" (its listed people); a private event admits its host, co-hosts and listed people; those
//   who manage events also see the page of an event whose meeting refuses them.
// - The JSON calls answer as the pages do; an event someone may not see answers 404, counted here as
//   refused (as a 403 is).
import { beforeAll } from 'vitest'
import type { Room, User } from '#models/index'
import * as list from '#app/routes/api.events._index'
import * as one from '#app/routes/api.events.$id'
import { makeEventRoom, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

type Privacy = 'public' | 'premium' | 'private'
const events = new Map<MatrixWorld, { host: User; rooms: Map<Privacy, Room> }>()

async function withEvents(world: MatrixWorld) {
  const host = await makeUser({ name: 'Event Host' })
  const rooms = new Map<Privacy, Room>()
  for (const privacy of ['public', 'premium', 'private'] as const)
    rooms.set(
      privacy,
      await makeEventRoom(world.brand, {
        name: `A ${privacy} event`,
        roomType: privacy,
        hostId: host.id,
        members: [host.id],
      }),
    )
  events.set(world, { host, rooms })
  return world
}

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await withEvents(await makeMatrixWorld())
  // The admins opening every page to guests changes nothing here: events have no guest switch.
  open = await withEvents(
    await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } }),
  )
})

// access-community: every active role.
const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
// create-events: the owner and the admins.
const MANAGERS = ['owner', 'admin'] as const

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {}),
})
/** An event the API hides answers 404: refused, in this table. */
const hiddenAsRefused = (response: Response) =>
  refusedAsThrown(response.status === 404 ? new Response(null, { status: 403 }) : response)
const roomOf = (w: MatrixWorld, privacy: Privacy) => events.get(w)!.rooms.get(privacy)!
/** A fresh public event for a write, so one persona's change never decides the next one's case. */
const fresh = (w: MatrixWorld, p: Persona) =>
  makeEventRoom(w.brand, { name: `For ${p}`, hostId: events.get(w)!.host.id })
const NEW = { date: '2099-01-01', time: '10:00', timeZone: 'UTC', durationMinutes: 30 }

const readOne = (privacy: Privacy) => async (w: MatrixWorld, p: Persona) => {
  const { id } = roomOf(w, privacy)
  return hiddenAsRefused(await one.loader(await argsAs(w, p, `/api/events/${id}`, { id })))
}

const ROWS: MatrixRow[] = [
  {
    name: 'GET /api/events',
    run: async (w, p) =>
      hiddenAsRefused(await list.loader(await argsAs(w, p, `/api/events?brandId=${w.brand.id}`, {}))),
    expected: only(COMMUNITY),
  },
  {
    name: 'POST /api/events',
    run: async (w, p) =>
      hiddenAsRefused(
        await list.action(
          await argsAs(w, p, '/api/events', {}, json('POST', { ...NEW, brandId: w.brand.id, name: `By ${p}` })),
        ),
      ),
    expected: only(MANAGERS),
  },
  { name: 'GET /api/events/{id} (public event)', run: readOne('public'), expected: only(COMMUNITY) },
  { name: 'GET /api/events/{id} (premium event, nobody signed up)', run: readOne('premium'), expected: only(MANAGERS) },
  { name: 'GET /api/events/{id} (private event, nobody listed)', run: readOne('private'), expected: only(MANAGERS) },
  {
    name: 'PUT /api/events/{id}',
    run: async (w, p) => {
      const { id } = await fresh(w, p)
      return hiddenAsRefused(
        await one.action(await argsAs(w, p, `/api/events/${id}`, { id }, json('PUT', { name: 'Renamed' }))),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'DELETE /api/events/{id} (archive)',
    run: async (w, p) => {
      const { id } = await fresh(w, p)
      return hiddenAsRefused(await one.action(await argsAs(w, p, `/api/events/${id}`, { id }, json('DELETE'))))
    },
    expected: only(MANAGERS),
  },
]

describeMatrix('JSON API events, community closed to guests', ROWS, () => closed)
describeMatrix('JSON API events, community open to guests', ROWS, () => open)
