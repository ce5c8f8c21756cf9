// The permission matrix for a host's own room (/me/rooms/{brand}/{room}: its host, holding
// edit-own-room, which members, users, moderators, developers, admins and owners hold) and the host
// profile ({room}/host: the host always, anyone else only once the host is verified). Both answer
// 404 to those they refuse, so that they never say whose room it is: read here as "denied".
// Written from the product's role table (docs/admin-guide.md#roles-and-permissions), not from the code.
import { beforeAll } from 'vitest'
import type { Room, User } from '#models/index'
import { action as ownRoomAction, loader as ownRoomLoader } from '#app/routes/me.rooms.$brand.$room/route'
import { loader as hostProfileLoader } from '#app/routes/$room.host'
import { makePersonalRoom } from '#tests/support/factories'
import {
  PERSONAS,
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
/** Each persona's own personal room in the matrix community (none for the anonymous visitor). */
const rooms = new Map<Persona, Room>()
let unverified: Room

beforeAll(async () => {
  world = await makeMatrixWorld()
  for (const persona of PERSONAS) {
    if (persona === 'anonymous') continue
    const host: User = world.people[persona]
    await host.update({ verified: true })
    rooms.set(persona, await makePersonalRoom(world.brand, host, { slug: `own-${persona}` }))
  }
  const member = world.people.member
  unverified = await makePersonalRoom(world.brand, { id: member.id, name: member.name }, { slug: 'own-unverified' })
})

/** A refusal that hides the room (404) counts as denied. */
async function hidden(run: () => Promise<unknown>) {
  try {
    return await run()
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 404) throw new Response(null, { status: 403 })
    throw thrown
  }
}

const settingsOf = (room: () => Room, method: 'GET' | 'POST') => async (w: MatrixWorld, persona: Persona) => {
  const path = `/me/rooms/${w.brand.slug}/${room().slug}`
  const params = { brand: w.brand.slug, room: room().slug }
  // A POST with a bad name: a passed guard answers 400 (allowed), so no row changes a room.
  const init = method === 'POST' ? { method, body: new URLSearchParams({ name: '', roomLink: room().slug }) } : {}
  const args = await argsAs(w, persona, path, params, init)
  return hidden(() => (method === 'GET' ? ownRoomLoader(args) : ownRoomAction(args)))
}

const profileOf = (room: () => Room) => async (w: MatrixWorld, persona: Persona) =>
  hidden(async () =>
    hostProfileLoader(
      await argsAs(w, persona, `/${room().slug}/host?community=${w.brand.slug}`, { room: room().slug }),
    ),
  )

/** Who may edit their own room: every role that holds edit-own-room with an active membership. */
const EDITORS = ['owner', 'admin', 'moderator', 'member', 'user', 'developer'] as const

const rows: MatrixRow[] = [
  {
    name: 'GET /me/rooms/{brand}/{member’s room}',
    run: settingsOf(() => rooms.get('member')!, 'GET'),
    expected: only(['member']),
  },
  {
    name: 'POST /me/rooms/{brand}/{member’s room}',
    run: settingsOf(() => rooms.get('member')!, 'POST'),
    expected: only(['member']),
  },
  ...(['GET', 'POST'] as const).map((method): MatrixRow => ({
    name: `${method} /me/rooms/{brand}/{their own room}`,
    run: (w, persona) =>
      persona === 'anonymous'
        ? settingsOf(() => rooms.get('member')!, method)(w, persona)
        : settingsOf(() => rooms.get(persona)!, method)(w, persona),
    expected: only(EDITORS),
  })),
  {
    // A verified host's profile is for anyone the room lets in: a personal room, everyone.
    name: 'GET /{verified member’s room}/host',
    run: profileOf(() => rooms.get('member')!),
    expected: Object.fromEntries(PERSONAS.map((persona) => [persona, 'allowed'])) as MatrixRow['expected'],
  },
  {
    name: 'GET /{unverified member’s room}/host',
    run: async (w, persona) => {
      await w.people.member.update({ verified: false })
      try {
        return await profileOf(() => unverified)(w, persona)
      } finally {
        await w.people.member.update({ verified: true })
      }
    },
    expected: { ...only(['member']), anonymous: 'denied' },
  },
]

describeMatrix('a host’s own room and host profile', rows, () => world)
