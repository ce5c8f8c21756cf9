// The permission matrix for the JSON API's community calls (docs/api.md#communities), from the product's rules:
// a community is read as its home is ("Otherwise access-community is needed", or anyone when the admins opened the
// hub to guests); its settings are changed as on the settings panel (manage-community: owners and admins); its
// rooms counted as on the admin summary (the admin panel: owners and admins).
import { beforeAll } from 'vitest'
import * as byId from '#app/routes/api.brands.$id'
import * as roomsCount from '#app/routes/api.brands.rooms.count'
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
]

describeMatrix(
  'the JSON API’s community calls, closed community',
  rows(() => closed, false),
  () => closed,
)
describeMatrix('the JSON API’s community calls, home open to guests', rows(() => open, true).slice(0, 1), () => open)
