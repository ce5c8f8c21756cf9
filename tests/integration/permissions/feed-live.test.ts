// The permission matrix for the live feed stream, written from the product's rules, not from the code: a
// room's feed is read by whoever the room admits (a public route), the hub's by whoever
// the community home admits (every role holding access-community; everyone when the admins open
// the hub to guests), and its live stream follows the same rule. A stream has no page to
// send a visitor to: anyone refused gets a 403.
import { beforeAll } from 'vitest'
import { loader as liveLoader } from '#app/routes/$brand.feed.live'
import {
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: false, members: false, subcommunities: false } })
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const

/** Opens the hub's stream and closes it at once: an allowed stream answers 200 and is then left. */
async function hubStream(w: MatrixWorld, p: Persona) {
  const response = await liveLoader(
    await argsAs(w, p, `/${w.brand.slug}/feed/live?room=${w.brand.topLevelRoomId}`, { brand: w.brand.slug }),
  )
  await response.body?.cancel()
  return response
}

describeMatrix(
  'feed live stream (hub not open to guests)',
  [
    {
      name: 'GET /{brand}/feed/live?room={hub}',
      run: hubStream,
      expected: { ...only(COMMUNITY), anonymous: 'denied' },
    },
  ],
  () => closed,
)
describeMatrix(
  'feed live stream (hub open to guests)',
  [{ name: 'GET /{brand}/feed/live?room={hub}', run: hubStream, expected: everyone('allowed') }],
  () => open,
)
