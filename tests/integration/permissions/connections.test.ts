// The permission matrix for contacts, connections, blocks, mutes and room follows. From the product's rules:
// "Users can block or mute others" and, for every community page not listed, "otherwise access-community
// is needed"; the left drawer (calls, contacts, messages) holds one's own people, so it is for signed-in
// members only, even where the admins open the hub to guests (public access lists hub, groups, members and
// subcommunity pages, not the drawer). Every community role holds access-community; the pending and the
// archived hold nothing; an outsider is another community's. Written from the product's role table
// (docs/admin-guide.md#roles-and-permissions), not from the code.
import { beforeAll } from 'vitest'
import { action as contactsAction, loader as contactsLoader } from '#app/routes/$brand._community.contacts'
import { action as personAction, loader as personLoader } from '#app/routes/$brand._community.contacts_.$userId/route'
import type { Room } from '#models/index'
import { grantRole, makeRoom, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
})

const MEMBERS = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const

/** A fresh member to act on, so one persona's request or block never changes the next one's case. */
async function someone(world: MatrixWorld) {
  const user = await makeUser()
  await grantRole(user, world.brand)
  return user
}

const personPath = (w: MatrixWorld, userId: string) => `/${w.brand.slug}/contacts/${userId}`
const post = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })

async function personPost(w: MatrixWorld, persona: Persona, intent: string) {
  const target = await someone(w)
  return personAction(
    await argsAs(
      w,
      persona,
      personPath(w, target.id),
      { brand: w.brand.slug, userId: target.id },
      post({ intent, userId: target.id }),
    ),
  )
}

const ROWS: MatrixRow[] = [
  {
    name: 'GET /{brand}/contacts',
    run: async (w, persona) =>
      contactsLoader(await argsAs(w, persona, `/${w.brand.slug}/contacts`, { brand: w.brand.slug })),
    expected: only(MEMBERS),
  },
  {
    name: 'GET /{brand}/contacts/{userId}',
    run: async (w, persona) => {
      const target = await someone(w)
      return personLoader(
        await argsAs(w, persona, personPath(w, target.id), { brand: w.brand.slug, userId: target.id }),
      )
    },
    expected: only(MEMBERS),
  },
  {
    name: 'POST /{brand}/contacts/{userId} request',
    run: (w, persona) => personPost(w, persona, 'request'),
    expected: only(MEMBERS),
  },
  {
    name: 'POST /{brand}/contacts/{userId} block',
    run: (w, persona) => personPost(w, persona, 'block'),
    expected: only(MEMBERS),
  },
  {
    name: 'POST /{brand}/contacts/{userId} mute',
    run: (w, persona) => personPost(w, persona, 'mute'),
    expected: only(MEMBERS),
  },
  {
    name: 'POST /{brand}/contacts follow-room (an open group)',
    run: async (w, persona) => {
      const room = await makeRoom(w.brand, { open: true } as Partial<Room>)
      return contactsAction(
        await argsAs(
          w,
          persona,
          `/${w.brand.slug}/contacts`,
          { brand: w.brand.slug },
          post({ intent: 'follow-room', room: room.slug }),
        ),
      )
    },
    expected: only(MEMBERS),
  },
]

describeMatrix('contacts and connections, community closed to guests', ROWS, () => closed)
describeMatrix('contacts and connections, community open to guests', ROWS, () => open)
