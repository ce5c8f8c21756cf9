// The permission matrix for the admin panel, from the product's rules: "Admin: creates rooms, adds users,
// updates settings … through the admin panel"; "User: … no admin panel"; the owner holds every
// permission. So owners and admins (manage-community) open every admin page and change rooms;
// moderators (who enter the admin frame only for the review queue), members, users, viewers, guests, developers, the pending, the archived and people
// of other communities are denied; a visitor who is signed out is asked to sign in. The product
// config is the install's: only a super user changes it, and no persona of the matrix is one.
import { beforeAll, describe, expect, it } from 'vitest'
import { loader as layoutLoader } from '#app/routes/$brand._community.admin'
import { loader as homeLoader } from '#app/routes/$brand._community.admin._index'
import { loader as usersLoader } from '#app/routes/$brand._community.admin.users'
import { action as roomsAction, loader as roomsLoader } from '#app/routes/$brand._community.admin.rooms/route'
import {
  action as directoryAction,
  loader as directoryLoader,
} from '#app/routes/$brand._community.admin.directory/route'
import { action as productAction, loader as productLoader } from '#app/routes/$brand._community.admin.product/route'
import { Room } from '#models/index'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  outcomeOf,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let roomId: string
beforeAll(async () => {
  world = await makeMatrixWorld()
  roomId = (await Room.create({ slug: 'matrix-room', name: 'Matrix room', context: 'group', brandId: world.brand.id }))
    .id
})

const ADMINS = ['owner', 'admin'] as const satisfies readonly Persona[]

const page = (path: string) => (world: MatrixWorld) => `/${world.brand.slug}/admin${path}`
const params = (world: MatrixWorld) => ({ brand: world.brand.slug })

function getRow(path: string, loader: (args: never) => Promise<unknown>): MatrixRow {
  return {
    name: `GET /{brand}/admin${path}`,
    run: async (world, persona) => loader((await argsAs(world, persona, page(path)(world), params(world))) as never),
    expected: only(ADMINS),
  }
}

function postRow(
  path: string,
  action: (args: never) => Promise<unknown>,
  fields: () => Record<string, string>,
  expected = only(ADMINS),
): MatrixRow {
  return {
    name: `POST /{brand}/admin${path}`,
    run: async (world, persona) =>
      action(
        (await argsAs(world, persona, page(path)(world), params(world), {
          method: 'POST',
          body: new URLSearchParams(fields()),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })) as never,
      ),
    expected,
  }
}

// Nobody in the matrix is a super user: even the owner is refused the product config.
const NO_ONE = only([])

describeMatrix(
  'the admin panel',
  [
    // The frame also opens to moderators, for the review queue alone (permissions/moderation.test.ts).
    { ...getRow('', layoutLoader), name: 'GET /{brand}/admin (layout)', expected: only([...ADMINS, 'moderator']) },
    getRow('', homeLoader),
    getRow('/users', usersLoader),
    getRow('/rooms', roomsLoader),
    getRow('/directory', directoryLoader),
    { ...getRow('/product', productLoader), expected: NO_ONE },
    postRow('/rooms', roomsAction, () => ({ intent: 'batch', ids: roomId, verified: 'yes' })),
    postRow('/directory', directoryAction, () => ({ intent: 'directory', id: roomId, visibility: 'members' })),
    postRow('/product', productAction, () => ({ postToxicityThreshold: '70' }), NO_ONE),
  ],
  () => world,
)

describe('the product config for a super user', () => {
  it('lets a super user who runs the community read and save it', async () => {
    await world.people.admin.update({ isSuperUser: true })
    try {
      const get = await argsAs(world, 'admin', page('/product')(world), params(world))
      expect(await outcomeOf(() => productLoader(get))).toBe('allowed')
      const post = await argsAs(world, 'admin', page('/product')(world), params(world), {
        method: 'POST',
        body: new URLSearchParams({ postToxicityThreshold: '70' }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect(await outcomeOf(() => productAction(post))).toBe('allowed')
    } finally {
      await world.people.admin.update({ isSuperUser: false })
    }
  })
})
