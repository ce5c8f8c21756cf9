// The permission matrix for the members page ("Members: access-community and
// access-community-members"; "Export: those two plus manage-community-members"; guests on the members page
// only when the admins open it; co-hosts and admins approve memberships; admins cannot delete owners).
// Written from the product's role table (docs/admin-guide.md#roles-and-permissions), not from the code.
import { beforeAll } from 'vitest'
import { Membership } from '#models/index'
import { action as membersAction, loader as membersLoader } from '#app/routes/$brand._community.members._index/route'
import { loader as exportLoader } from '#app/routes/$brand._community.members.export'
import { action as provisionCall } from '#app/routes/api.room.provision'
import { action as reserveCall } from '#app/routes/api.reserved-names'
import { grantRole, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: false, groups: false, members: true, subcommunities: false } })
})

// Roles whose catalogue entry includes access-community-members: the user and guest roles enter the
// community but browse none of its directories.
const BROWSERS = ['owner', 'admin', 'moderator', 'member', 'viewer', 'developer'] as const
const EVERYONE = [...BROWSERS, 'user', 'guest', 'pending', 'archived', 'outsider', 'anonymous'] as const
// Those who manage members: the owner and the admins.
const MANAGERS = ['owner', 'admin'] as const
// Approving memberships: the managers and the moderators.
const APPROVERS = [...MANAGERS, 'moderator'] as const

const page = (world: MatrixWorld) => `/${world.brand.slug}/members`

/** A fresh target for each request, so one persona's approval or deletion never changes the next one's case. */
async function target(world: MatrixWorld, status: 'active' | 'pending') {
  const user = await makeUser()
  await grantRole(user, world.brand)
  await Membership.update({ status }, { where: { brandId: world.brand.id, userId: user.id } })
  return user
}

const postAs = async (world: MatrixWorld, persona: Persona, fields: Record<string, string>) =>
  membersAction(
    await argsAs(
      world,
      persona,
      page(world),
      { brand: world.brand.slug },
      { method: 'POST', body: new URLSearchParams(fields) },
    ),
  )

let calls = 0
/** A JSON call of the members' API, as `persona`; each call names a new person or link. */
async function callAs(world: MatrixWorld, persona: Persona, handler: typeof provisionCall, path: string, body: object) {
  const init = { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
  return refusedAsThrown(await handler(await argsAs(world, persona, path, {}, init)))
}

/** The rows both worlds share: the export and the actions. */
const ACTION_ROWS = [
  {
    name: 'GET /{brand}/members/export',
    run: async (w: MatrixWorld, persona: Persona) =>
      exportLoader(await argsAs(w, persona, `${page(w)}/export`, { brand: w.brand.slug })),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/members approve',
    run: async (w: MatrixWorld, persona: Persona) =>
      postAs(w, persona, { intent: 'approve', userId: (await target(w, 'pending')).id }),
    expected: only(APPROVERS),
  },
  {
    name: 'POST /{brand}/members archive',
    run: async (w: MatrixWorld, persona: Persona) =>
      postAs(w, persona, { intent: 'archive', userId: (await target(w, 'active')).id }),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/members delete',
    run: async (w: MatrixWorld, persona: Persona) => {
      const user = await target(w, 'active')
      return postAs(w, persona, { intent: 'delete', userId: user.id, confirmation: user.emailAddress! })
    },
    expected: only(MANAGERS),
  },
  {
    name: 'POST /api/room/provision',
    run: async (w: MatrixWorld, persona: Persona) => {
      const n = `${++calls}-${Math.random().toString(36).slice(2, 8)}`
      return callAs(w, persona, provisionCall, '/api/room/provision', {
        brandId: w.brand.id,
        name: 'Provisioned',
        fullName: 'Pro Visioned',
        emailAddress: `provisioned-${n}@matrix.example`,
        roomLink: `provisioned-${n}`,
      })
    },
    expected: only(MANAGERS),
  },
  {
    name: 'POST /api/reserved-names',
    run: async (w: MatrixWorld, persona: Persona) =>
      callAs(w, persona, reserveCall, '/api/reserved-names', { brandId: w.brand.id, names: [`kept-${++calls}`] }),
    expected: only(MANAGERS),
  },
]

describeMatrix(
  'members page, closed to guests',
  [
    {
      name: 'GET /{brand}/members',
      run: async (world, persona) =>
        membersLoader(await argsAs(world, persona, page(world), { brand: world.brand.slug })),
      expected: only(BROWSERS),
    },
    ...ACTION_ROWS,
  ],
  () => closed,
)

describeMatrix(
  'members page, open to guests (publicAccess.members)',
  [
    {
      name: 'GET /{brand}/members',
      run: async (world, persona) =>
        membersLoader(await argsAs(world, persona, page(world), { brand: world.brand.slug })),
      expected: only(EVERYONE),
    },
    // Opening the page to guests opens nothing else: the export and every action keep their permissions.
    ...ACTION_ROWS,
  ],
  () => open,
)
