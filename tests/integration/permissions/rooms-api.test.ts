// The permission matrix for the JSON API's room, access and role calls (docs/api.md#rooms,
// #access-and-roles), from the product's rules: the admin rooms lists, search, export and batch change are
// "Create, edit and delete rooms" (manage-community-rooms: owners and admins, on the admin panel); a link
// lookup is for whoever may see the community (its people, and anyone once the admins open its hub) and
// the personal links under /me for anyone, as the claim page; a room loads for whoever the room admits
// (the hub: the community's people; a personal room: anyone, "visitors meet its host"); a room's edit is
// its own page's: one's own room its host's (edit-own-room), a group its host's, co-hosts' and those who
// hold edit-group-room, any other room the rooms admins'; a pending group is seen by those who run it;
// a new group is the roles that create groups; removing one is the rooms admins'. One's own rooms are
// one's own, and the access answers, granted permissions and roles answer anyone. A refusal in JSON
// (401, 403, and 404 where a thing is hidden) counts here as the page's refusal.
import { beforeAll } from 'vitest'
import type { Room } from '#models/index'
import * as rooms from '#app/routes/api.rooms._index'
import * as oneRoom from '#app/routes/api.rooms.$id'
import * as count from '#app/routes/api.rooms.count'
import * as exported from '#app/routes/api.rooms.export'
import * as search from '#app/routes/api.rooms.search'
import * as personal from '#app/routes/api.rooms.personal'
import * as lookup from '#app/routes/api.rooms.lookup.$slug'
import * as batch from '#app/routes/api.rooms.batch.status'
import * as load from '#app/routes/api.room.$slug'
import * as access from '#app/routes/api.access'
import * as granted from '#app/routes/api.permissions.granted'
import * as roles from '#app/routes/api.roles'
import { makePersonalRoom, makeRoom } from '../../support/factories'
import {
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

const unique = () => Math.random().toString(36).slice(2, 8)

let closed: MatrixWorld
let open: MatrixWorld
const memberRoomOf = new Map<MatrixWorld, Room>()

beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
  for (const world of [closed, open])
    memberRoomOf.set(world, await makePersonalRoom(world.brand, world.people.member, { slug: `desk-${unique()}` }))
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
/** manage-community-rooms, on the admin panel. */
const ROOMS_ADMINS = ['owner', 'admin'] as const
/** create-groups. */
const GROUP_MAKERS = ['owner', 'admin', 'moderator', 'member', 'developer'] as const
/** Signed in, whoever they are: one's own rooms and the answers about oneself. */
const signedIn = (): Record<Persona, Outcome> => ({ ...everyone('allowed'), anonymous: 'signIn' })

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
})
/** A hidden thing answers 404 to those who may not have it: in this table, refused. */
const hiddenAsRefused = (response: Response) =>
  refusedAsThrown(response.status === 404 ? new Response(null, { status: 403 }) : response)
const get =
  (
    handler: (args: Awaited<ReturnType<typeof argsAs>>) => Promise<Response>,
    path: (w: MatrixWorld) => string,
    params: (w: MatrixWorld) => Record<string, string> = () => ({}),
  ) =>
  async (w: MatrixWorld, p: Persona) =>
    refusedAsThrown(await handler(await argsAs(w, p, path(w), params(w))))

/**
 * Every call, in a community closed to guests or open to them. Opening it opens its link lookups (and a
 * pending group is then "not found" to a visitor rather than a sign-in), and none of its rooms' admin calls.
 */
const rows = (openToGuests: boolean): MatrixRow[] => [
  {
    name: 'GET /api/rooms',
    run: get(rooms.loader, (w) => `/api/rooms?brandId=${w.brand.id}`),
    expected: only(ROOMS_ADMINS),
  },
  {
    name: 'GET /api/rooms/count',
    run: get(count.loader, (w) => `/api/rooms/count?brandId=${w.brand.id}`),
    expected: only(ROOMS_ADMINS),
  },
  {
    name: 'GET /api/rooms/export',
    run: get(exported.loader, (w) => `/api/rooms/export?brandId=${w.brand.id}`),
    expected: only(ROOMS_ADMINS),
  },
  {
    name: 'GET /api/rooms/search',
    run: get(search.loader, (w) => `/api/rooms/search?brandId=${w.brand.id}&query=hub`),
    expected: only(ROOMS_ADMINS),
  },
  {
    name: 'PUT /api/rooms/batch/status',
    run: async (w, p) => {
      const room = await makeRoom(w.brand)
      return refusedAsThrown(
        await batch.action(
          await argsAs(
            w,
            p,
            '/api/rooms/batch/status',
            {},
            json('PUT', { brandId: w.brand.id, ids: [room.id], verified: true }),
          ),
        ),
      )
    },
    expected: only(ROOMS_ADMINS),
  },
  {
    name: "GET /api/rooms/personal of the user's",
    run: get(personal.loader, (w) => `/api/rooms/personal?brandId=${w.brand.id}&userId=${w.people.user.id}`),
    // The user's own, to the user; to anyone else, the rooms admins' only.
    expected: only([...ROOMS_ADMINS, 'user']),
  },
  {
    name: 'GET /api/rooms/personal one’s own',
    run: get(personal.loader, (w) => `/api/rooms/personal?brandId=${w.brand.id}`),
    expected: signedIn(),
  },
  {
    name: 'GET /api/rooms/lookup/{slug} of a personal link',
    run: get(
      lookup.loader,
      () => '/api/rooms/lookup/someone',
      () => ({ slug: 'someone' }),
    ),
    expected: everyone('allowed'),
  },
  {
    name: 'GET /api/room/{slug} of the hub',
    run: get(
      load.loader,
      (w) => `/api/room/hub?brandId=${w.brand.id}`,
      () => ({ slug: 'hub' }),
    ),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /api/room/{slug} of a personal room',
    run: get(
      load.loader,
      (w) => `/api/room/${memberRoomOf.get(w)!.slug}?brandId=${w.brand.id}`,
      (w) => ({ slug: memberRoomOf.get(w)!.slug }),
    ),
    expected: everyone('allowed'),
  },
  {
    name: 'GET /api/rooms/{id} of the hub',
    run: get(
      oneRoom.loader,
      (w) => `/api/rooms/${w.brand.topLevelRoomId}`,
      (w) => ({ id: w.brand.topLevelRoomId! }),
    ),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /api/rooms/{id} of a pending group the member hosts',
    run: async (w, p) => {
      const group = await makeRoom(w.brand, {
        status: 'pending',
        hostId: w.people.member.id,
        members: [w.people.member.id],
      })
      return hiddenAsRefused(await oneRoom.loader(await argsAs(w, p, `/api/rooms/${group.id}`, { id: group.id })))
    },
    expected: { ...only(['owner', 'admin', 'member']), anonymous: openToGuests ? 'denied' : 'signIn' },
  },
  {
    name: "PUT /api/rooms/{id} of the member's own room",
    run: async (w, p) => {
      const room = memberRoomOf.get(w)!
      // The fields of both pages that may edit it: the host's settings, the admins' directory place.
      const body = { name: `Desk of ${p}`, pinned: false }
      return refusedAsThrown(
        await oneRoom.action(await argsAs(w, p, `/api/rooms/${room.id}`, { id: room.id }, json('PUT', body))),
      )
    },
    expected: only(['owner', 'admin', 'member']),
  },
  {
    name: "PUT /api/rooms/{id} of the user's own room",
    run: async (w, p) => {
      const room = await makePersonalRoom(w.brand, w.people.user, { slug: `user-${unique()}` })
      const body = { name: `Room of ${p}`, pinned: true }
      return refusedAsThrown(
        await oneRoom.action(await argsAs(w, p, `/api/rooms/${room.id}`, { id: room.id }, json('PUT', body))),
      )
    },
    expected: only(['owner', 'admin', 'user']),
  },
  {
    name: 'PUT /api/rooms/{id} of a group the member hosts',
    run: async (w, p) => {
      const group = await makeRoom(w.brand, { name: 'Readers', description: 'We read', hostId: w.people.member.id })
      const body = { title: `Readers of ${p}` }
      return refusedAsThrown(
        await oneRoom.action(await argsAs(w, p, `/api/rooms/${group.id}`, { id: group.id }, json('PUT', body))),
      )
    },
    expected: only(['owner', 'admin', 'member']),
  },
  {
    name: 'PUT /api/rooms/{id} of an event',
    run: async (w, p) => {
      const event = await makeRoom(w.brand, { context: 'event' })
      return refusedAsThrown(
        await oneRoom.action(
          await argsAs(w, p, `/api/rooms/${event.id}`, { id: event.id }, json('PUT', { verified: true })),
        ),
      )
    },
    expected: only(ROOMS_ADMINS),
  },
  {
    name: 'POST /api/rooms (a group)',
    run: async (w, p) => {
      const body = {
        brandId: w.brand.id,
        title: `Club of ${p}`,
        description: 'A new group',
        roomLink: `club-${unique()}`,
      }
      return refusedAsThrown(await rooms.action(await argsAs(w, p, '/api/rooms', {}, json('POST', body))))
    },
    expected: only(GROUP_MAKERS),
  },
  {
    name: 'DELETE /api/rooms/{id} (a group)',
    run: async (w, p) => {
      const group = await makeRoom(w.brand)
      return refusedAsThrown(
        await oneRoom.action(await argsAs(w, p, `/api/rooms/${group.id}`, { id: group.id }, { method: 'DELETE' })),
      )
    },
    expected: only(ROOMS_ADMINS),
  },
  {
    name: 'GET /api/access',
    run: get(access.loader, (w) => `/api/access?brand=${w.brand.slug}&room=hub`),
    expected: everyone('allowed'),
  },
  {
    name: 'GET /api/permissions/granted',
    run: get(granted.loader, (w) => `/api/permissions/granted?brand=${w.brand.id}&permissions=manage-community-rooms`),
    expected: everyone('allowed'),
  },
  { name: 'GET /api/roles', run: get(roles.loader, () => '/api/roles'), expected: everyone('allowed') },
  {
    name: 'GET /api/rooms/lookup/{slug} in the community',
    run: get(
      lookup.loader,
      (w) => `/api/rooms/lookup/someone?brandId=${w.brand.id}`,
      () => ({ slug: 'someone' }),
    ),
    expected: openToGuests ? everyone('allowed') : only(COMMUNITY),
  },
]

describeMatrix('JSON API rooms, community closed to guests', rows(false), () => closed)
describeMatrix('JSON API rooms, community open to guests', rows(true), () => open)
