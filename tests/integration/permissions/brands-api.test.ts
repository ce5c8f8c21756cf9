// The permission matrix for the JSON API's community calls (docs/api.md#communities), from the product's rules:
// a community is read as its home is ("Otherwise access-community is needed", or anyone when the admins opened the
// hub to guests); its settings are changed as on the settings panel (manage-community: owners and admins); its
// rooms counted as on the admin summary (the admin panel: owners and admins); sign-in links sent to its members by
// those who manage them (manage-community-members: owners and admins). One's own account and communities are
// anyone's signed in; the install's product config is super users'.
import { beforeAll } from 'vitest'
import * as byId from '#app/routes/api.brands.$id'
import * as byKey from '#app/routes/api.brand.$key'
import * as mine from '#app/routes/api.brands._index'
import * as mineCount from '#app/routes/api.brands.count'
import * as me from '#app/routes/api.users.me'
import * as productConfig from '#app/routes/api.product-config'
import * as roomsCount from '#app/routes/api.brands.rooms.count'
import * as sendLinks from '#app/routes/api.ml.send'
import * as joinedRooms from '#app/routes/api.users-permissions.me.joined-rooms'
import {
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixRow,
  type MatrixWorld,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: false, members: false, subcommunities: false } })
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const ADMINS = ['owner', 'admin'] as const

const read = (w: MatrixWorld, p: Parameters<MatrixRow['run']>[1]) =>
  argsAs(w, p, `/api/brands/${w.brand.id}`, { id: w.brand.id }).then(byId.loader).then(refusedAsThrown)

const rows = (world: () => MatrixWorld, opened: boolean): MatrixRow[] => [
  {
    name: `GET /api/brands/{id} (${opened ? 'open' : 'closed'} home)`,
    run: (_, p) => read(world(), p),
    expected: opened ? everyone('allowed') : only(COMMUNITY),
  },
  {
    name: `GET /api/brand/{slug} (${opened ? 'open' : 'closed'} home)`,
    run: async (_, p) => {
      const w = world()
      return refusedAsThrown(
        await byKey.loader(await argsAs(w, p, `/api/brand/${w.brand.slug}`, { key: w.brand.slug })),
      )
    },
    expected: opened ? everyone('allowed') : only(COMMUNITY),
  },
  {
    name: 'PUT /api/brands/{id}',
    run: async (_, p) => {
      const w = world()
      return refusedAsThrown(
        await byId.action(
          await argsAs(
            w,
            p,
            `/api/brands/${w.brand.id}`,
            { id: w.brand.id },
            {
              method: 'PUT',
              body: JSON.stringify({ meetButtonEnabled: true }),
              headers: { 'Content-Type': 'application/json' },
            },
          ),
        ),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'GET /api/brands/rooms/count',
    run: async (_, p) => {
      const w = world()
      return refusedAsThrown(
        await roomsCount.loader(await argsAs(w, p, `/api/brands/rooms/count?brandId=${w.brand.id}`, {})),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'POST /api/ml/send',
    run: async (_, p) => {
      const w = world()
      const body = JSON.stringify({ brandId: w.brand.id, users: [w.people.member.id] })
      const args = await argsAs(
        w,
        p,
        '/api/ml/send',
        {},
        {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
        },
      )
      return refusedAsThrown(await sendLinks.action(args))
    },
    expected: only(ADMINS),
  },
]

describeMatrix(
  'the JSON API’s community calls, closed community',
  rows(() => closed, false),
  () => closed,
)
describeMatrix('the JSON API’s community calls, home open to guests', rows(() => open, true).slice(0, 2), () => open)

// One's own account and communities: anyone signed in, whatever their standing here; the install's product config:
// super users only, and none of these personas is one.
const signedIn = { ...everyone('allowed'), anonymous: 'signIn' as const }
describeMatrix(
  'the JSON API’s calls about oneself and the install',
  [
    {
      name: 'GET /api/brands',
      run: (w, p) => argsAs(w, p, '/api/brands', {}).then(mine.loader).then(refusedAsThrown),
      expected: signedIn,
    },
    {
      name: 'GET /api/brands/count',
      run: (w, p) => argsAs(w, p, '/api/brands/count', {}).then(mineCount.loader).then(refusedAsThrown),
      expected: signedIn,
    },
    {
      name: 'GET /api/users/me',
      run: (w, p) => argsAs(w, p, '/api/users/me', {}).then(me.loader).then(refusedAsThrown),
      expected: signedIn,
    },
    {
      name: 'GET /api/users-permissions/me/joined-rooms',
      run: (w, p) =>
        argsAs(w, p, '/api/users-permissions/me/joined-rooms', {}).then(joinedRooms.loader).then(refusedAsThrown),
      expected: signedIn,
    },
    {
      name: 'GET /api/product-config',
      run: (w, p) => argsAs(w, p, '/api/product-config', {}).then(productConfig.loader).then(refusedAsThrown),
      expected: { ...everyone('denied'), anonymous: 'signIn' },
    },
  ],
  () => closed,
)
