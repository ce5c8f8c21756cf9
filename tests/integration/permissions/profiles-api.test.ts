// The permission matrix for the JSON API's people and profile calls (docs/api.md: Rooms, Communities, You), from the
// product's rules: a person is read as the members page lists them ("Members: access-community and
// access-community-members": owners, admins, moderators, members, viewers, developers; guests only where the admins
// open the page), the pending only by those who approve memberships (owners, admins, moderators); a room's host
// profile is the host's own unless the host is verified, then anyone's the room admits (a personal room: everyone);
// a profile is changed by its person only; a room named by its community's link is for whoever the room admits (the
// hub: the community's people); the public communities are listed for anyone. A refusal in JSON (401, 403, and 404
// where a thing is hidden) counts here as the page's refusal.
import { beforeAll } from 'vitest'
import type { Room, User } from '#models/index'
import * as brandRoom from '#app/routes/api.brand.room.$a.$b'
import * as member from '#app/routes/api.users.$id'
import * as hostProfile from '#app/routes/api.profiles.type.room.$slug'
import * as profile from '#app/routes/api.profiles.$id'
import * as brandsRead from '#app/routes/api.brands.read'
import { makePersonalRoom } from '../../support/factories'
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

let closed: MatrixWorld
let open: MatrixWorld
const roomOf = new Map<MatrixWorld, Room>()

beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: false, groups: false, members: true, subcommunities: false } })
  for (const world of [closed, open]) roomOf.set(world, await makePersonalRoom(world.brand, world.people.member))
})

/** The members page's readers (access-community-members). */
const BROWSERS = ['owner', 'admin', 'moderator', 'member', 'viewer', 'developer'] as const
/** Approving memberships: the pending tab. */
const APPROVERS = ['owner', 'admin', 'moderator'] as const
/** Everyone with a role in the community: the hub's people. */
const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const signedIn = (): Record<Persona, Outcome> => ({ ...everyone('allowed'), anonymous: 'signIn' })

/** A hidden thing answers 404 to those who may not have it: in this table, refused. */
const hiddenAsRefused = (response: Response) =>
  refusedAsThrown(response.status === 404 ? new Response(null, { status: 403 }) : response)

const readPerson = (whom: (w: MatrixWorld, p: Persona) => User) => async (w: MatrixWorld, p: Persona) => {
  const id = whom(w, p).id
  return hiddenAsRefused(await member.loader(await argsAs(w, p, `/api/users/${id}?brandId=${w.brand.id}`, { id })))
}

const readProfile = async (w: MatrixWorld, p: Persona) => {
  const slug = roomOf.get(w)!.slug
  return hiddenAsRefused(
    await hostProfile.loader(await argsAs(w, p, `/api/profiles/type/room/${slug}?brandId=${w.brand.id}`, { slug })),
  )
}

const putProfile = (whose: (w: MatrixWorld, p: Persona) => User) => async (w: MatrixWorld, p: Persona) => {
  const id = whose(w, p).id
  return refusedAsThrown(
    await profile.action(
      await argsAs(
        w,
        p,
        `/api/profiles/${id}`,
        { id },
        {
          method: 'PUT',
          body: JSON.stringify({ jobTitle: 'Matrix' }),
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    ),
  )
}

const rows = (world: () => MatrixWorld, opened: boolean): MatrixRow[] => [
  {
    name: `GET /api/users/{an active member} (members page ${opened ? 'open' : 'closed'})`,
    run: readPerson((w) => w.people.member),
    expected: opened ? everyone('allowed') : only(BROWSERS),
  },
  {
    // The pending tab is the approvers'; to anyone else on the page the person is not there.
    name: `GET /api/users/{a pending person} (members page ${opened ? 'open' : 'closed'})`,
    run: readPerson((w) => w.people.pending),
    expected: opened ? { ...only(APPROVERS), anonymous: 'denied' } : only(APPROVERS),
  },
  {
    name: 'GET /api/profiles/type/room/{an unverified host’s room}',
    run: async (_, p) => {
      const w = world()
      await w.people.member.update({ verified: false })
      return readProfile(w, p)
    },
    expected: { ...only(['member']), anonymous: 'denied' },
  },
  {
    name: 'GET /api/profiles/type/room/{a verified host’s room}',
    run: async (_, p) => {
      const w = world()
      await w.people.member.update({ verified: true })
      try {
        return await readProfile(w, p)
      } finally {
        await w.people.member.update({ verified: false })
      }
    },
    expected: everyone('allowed'),
  },
  {
    name: 'PUT /api/profiles/{the member’s id}',
    run: putProfile((w) => w.people.member),
    expected: only(['member']),
  },
  {
    name: 'PUT /api/profiles/{one’s own id}',
    // The signed-out visitor has no id: they try the member's.
    run: putProfile((w, p) => (p === 'anonymous' ? w.people.member : w.people[p])),
    expected: signedIn(),
  },
  {
    name: 'GET /api/brand/room/{brand}/hub',
    run: async (_, p) => {
      const w = world()
      const params = { a: w.brand.slug, b: 'hub' }
      return refusedAsThrown(await brandRoom.loader(await argsAs(w, p, `/api/brand/room/${w.brand.slug}/hub`, params)))
    },
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /api/brands/read',
    run: async (_, p) =>
      refusedAsThrown(await brandsRead.loader(await argsAs(world(), p, '/api/brands/read?query=community', {}))),
    expected: everyone('allowed'),
  },
]

describeMatrix(
  'the JSON API’s people and profile calls, members page closed',
  rows(() => closed, false),
  () => closed,
)
describeMatrix(
  'the JSON API’s people and profile calls, members page open to guests',
  rows(() => open, true).slice(0, 2),
  () => open,
)
