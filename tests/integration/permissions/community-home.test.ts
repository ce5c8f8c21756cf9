// The permission matrix for the community home ("Home: access-community"; guests only when the admins
// open the hub). Written from the product's role table (docs/admin-guide.md#roles-and-permissions), not from
// the code.
import { beforeAll } from 'vitest'
import { loader as homeLoader } from '#app/routes/$brand._community._index'
import { argsAs, describeMatrix, makeMatrixWorld, only, type MatrixWorld } from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: false, members: false, subcommunities: false } })
})

// Every role of the community enters its home (they all hold access-community); the pending, the
// archived and people from elsewhere do not.
const MEMBERS = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const

describeMatrix(
  'community home, hub closed to guests',
  [
    {
      name: 'GET /{brand}',
      run: async (world, persona) =>
        homeLoader(await argsAs(world, persona, `/${world.brand.slug}`, { brand: world.brand.slug })),
      expected: only(MEMBERS),
    },
  ],
  () => closed,
)

describeMatrix(
  'community home, hub open to guests',
  [
    {
      name: 'GET /{brand}',
      run: async (world, persona) =>
        homeLoader(await argsAs(world, persona, `/${world.brand.slug}`, { brand: world.brand.slug })),
      expected: only([
        'owner',
        'admin',
        'moderator',
        'member',
        'user',
        'viewer',
        'guest',
        'developer',
        'pending',
        'archived',
        'outsider',
        'anonymous',
      ]),
    },
  ],
  () => open,
)
