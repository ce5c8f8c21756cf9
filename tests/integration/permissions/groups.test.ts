// The permission matrix for groups, written from the product's rules, not from the code:
// - Route permissions: "Groups: access-community and access-community-groups"; guests see the
//   groups page only when the admins open it (publicAccess.groups).
// - "Separate messages say the user lacks permission to create groups": the create-groups
//   permission (every browsing role but the viewer, whose role is read-only).
// - Group actions approve, reject, archive, restore: admins (manage-community-rooms).
// - The room-co-host's edit-group-room: co-hosts and admins edit a group's details.
// - "Co-hosts and admins approve memberships"; "only co-hosts set group preferences" (so an
//   owner or admin who is not the group's co-host may not).
// - The join dialog (join/{room}) is for signed-in people who may see the groups page; asking to
//   join is for the community's active members ("Only members can enter private groups"): anyone
//   else sees the dialog with the community's sign-up instead, and the request is refused.
// - A private group's feed is for its listed people who are also active members of the community:
//   a place in its lists opens nothing to someone outside it (pending, archived, another community).
import { beforeAll } from 'vitest'
import { GroupJoinRequest, type Room, type User } from '#models/index'
import { action as groupsAction, loader as groupsLoader } from '#app/routes/$brand._community.groups._index/route'
import { action as newGroupAction, loader as newGroupLoader } from '#app/routes/$brand._community.groups.new/route'
import { action as groupAction, loader as groupLoader } from '#app/routes/$brand._community.groups.$room/route'
import { action as joinAction, loader as joinLoader } from '#app/routes/$brand._community.join.$room/route'
import { grantRole, makeRoom, makeUser, unique } from '../../support/factories'
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
let host: User
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: false, groups: true, members: false, subcommunities: false } })
  host = await makeUser({ name: 'Group Host' })
})

// Roles whose catalogue entry includes access-community-groups.
const BROWSERS = ['owner', 'admin', 'moderator', 'member', 'viewer', 'developer'] as const
const EVERYONE = [...BROWSERS, 'user', 'guest', 'pending', 'archived', 'outsider', 'anonymous'] as const
const CREATORS = ['owner', 'admin', 'moderator', 'member', 'developer'] as const
const ADMINS = ['owner', 'admin'] as const

/**
 * A refusal the route answers as data (the wizard's 403 with its message, the preferences' 403)
 * counts as denied; a 4xx for bad input or a redirect means the guard let them through.
 */
async function deniedOn403(result: unknown) {
  const wrapped = result as { type?: string; init?: ResponseInit | null }
  if (wrapped?.type === 'DataWithResponseInit' && wrapped.init?.status === 403)
    throw new Response(null, { status: 403 })
  return result
}

/** A fresh private group hosted by someone outside the personas, so no request changes the next one's case. */
const group = (world: MatrixWorld, fields: Partial<Room> = {}) =>
  makeRoom(world.brand, {
    roomType: 'private',
    hostId: host.id,
    members: [host.id],
    allowMembershipRequests: true,
    newMemberModerationEnabled: true,
    ...fields,
  } as never)

const post = (fields: Record<string, string>): RequestInit => ({ method: 'POST', body: new URLSearchParams(fields) })
const params = (world: MatrixWorld, room?: Room) => ({ brand: world.brand.slug, ...(room ? { room: room.slug } : {}) })

const ACTION_ROWS: MatrixRow[] = [
  {
    name: 'POST /{brand}/groups/new (create-groups)',
    run: async (w, persona) => {
      const form = new FormData()
      for (const [name, value] of Object.entries({
        title: 'Matrix Group',
        description: 'A group made by the matrix',
        roomLink: `matrix-${unique()}`,
        groupType: 'public',
        visibleInDirectory: 'everyone',
      }))
        form.append(name, value)
      return deniedOn403(
        await newGroupAction(
          await argsAs(w, persona, `/${w.brand.slug}/groups/new`, params(w), { method: 'POST', body: form }),
        ),
      )
    },
    expected: only(CREATORS),
  },
  {
    name: 'POST /{brand}/groups approve (bulk)',
    run: async (w, persona) => {
      const room = await group(w, { status: 'pending' })
      return groupsAction(
        await argsAs(w, persona, `/${w.brand.slug}/groups`, params(w), post({ intent: 'approve', ids: room.id })),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/groups remove (bulk)',
    run: async (w, persona) => {
      const room = await group(w)
      return groupsAction(
        await argsAs(w, persona, `/${w.brand.slug}/groups`, params(w), post({ intent: 'remove', ids: room.id })),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'GET /{brand}/groups/{room} (the group moderation dialog: requests and people)',
    run: async (w, persona) => {
      const room = await group(w)
      const page = await groupLoader(await argsAs(w, persona, `/${w.brand.slug}/groups/${room.slug}`, params(w, room)))
      // The page itself is open to whoever sees the group; the dialog's parts are not there for the rest.
      if (!page.mayRun) throw new Response(null, { status: persona === 'anonymous' ? 401 : 403 })
      return page
    },
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/groups/{room} approve a join request',
    run: async (w, persona) => {
      const room = await group(w)
      const asker = await makeUser()
      await grantRole(asker, w.brand)
      const request = await GroupJoinRequest.create({ brandId: w.brand.id, roomId: room.id, userId: asker.id })
      return groupAction(
        await argsAs(
          w,
          persona,
          `/${w.brand.slug}/groups/${room.slug}`,
          params(w, room),
          post({ intent: 'approveRequest', requestId: request.id }),
        ),
      )
    },
    expected: only(ADMINS),
  },
  {
    // "Co-hosts and admins … invite users to a group not allowing requests".
    name: 'POST /{brand}/groups/{room} invite',
    run: async (w, persona) => {
      const room = await group(w, { allowMembershipRequests: false })
      return groupAction(
        await argsAs(
          w,
          persona,
          `/${w.brand.slug}/groups/${room.slug}`,
          params(w, room),
          post({ intent: 'invite', emailAddress: w.people.member.emailAddress! }),
        ),
      )
    },
    expected: only(ADMINS),
  },
  {
    // Editing a group room is edit-group-room (its co-hosts, and admins community-wide).
    name: 'POST /{brand}/groups/{room} details',
    run: async (w, persona) => {
      const room = await group(w)
      const fields = {
        intent: 'details',
        title: 'Renamed',
        description: 'Renamed by the matrix',
        roomLink: room.slug,
        groupType: 'private',
        visibleInDirectory: 'everyone',
      }
      return deniedOn403(
        await groupAction(
          await argsAs(w, persona, `/${w.brand.slug}/groups/${room.slug}`, params(w, room), post(fields)),
        ),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/groups/{room} preferences (co-hosts only)',
    run: async (w, persona) => {
      const room = await group(w)
      return deniedOn403(
        await groupAction(
          await argsAs(
            w,
            persona,
            `/${w.brand.slug}/groups/${room.slug}`,
            params(w, room),
            post({ intent: 'preferences', questions: 'Why?' }),
          ),
        ),
      )
    },
    expected: only([]),
  },
]

/**
 * The group's page is there for whoever may see the groups page; a public group ("everyone in
 * the community") shows its posts to everyone who enters the community.
 */
const groupPageRows = (allowed: readonly Persona[]): MatrixRow[] => [
  {
    name: 'GET /{brand}/groups/{room} (the group page)',
    run: async (w, persona) => {
      const room = await group(w)
      return groupLoader(await argsAs(w, persona, `/${w.brand.slug}/groups/${room.slug}`, params(w, room)))
    },
    expected: only(allowed),
  },
  {
    name: 'GET /{brand}/groups/{room} (a public group: its feed)',
    run: async (w, persona) => {
      const room = await group(w, { roomType: 'public' })
      const page = await groupLoader(await argsAs(w, persona, `/${w.brand.slug}/groups/${room.slug}`, params(w, room)))
      if (!page.feed) throw new Response(null, { status: 403 })
      return page
    },
    expected: only(BROWSERS),
  },
]

const joinRows = (allowed: readonly Persona[], mayAsk: readonly Persona[] = allowed): MatrixRow[] => [
  {
    name: 'GET /{brand}/join/{room}',
    run: async (w, persona) => {
      const room = await group(w)
      return joinLoader(await argsAs(w, persona, `/${w.brand.slug}/join/${room.slug}`, params(w, room)))
    },
    expected: only(allowed),
  },
  {
    name: 'POST /{brand}/join/{room}',
    run: async (w, persona) => {
      const room = await group(w)
      return deniedOn403(
        await joinAction(await argsAs(w, persona, `/${w.brand.slug}/join/${room.slug}`, params(w, room), post({}))),
      )
    },
    expected: only(mayAsk),
  },
]

/** A private group that lists every persona as a member (as if each had been approved): its feed. */
const listedPrivateFeedRow = (allowed: readonly Persona[]): MatrixRow => ({
  name: 'GET /{brand}/groups/{room} (a private group listing everyone: its feed)',
  run: async (w, persona) => {
    const room = await group(w, { members: [host.id, ...Object.values(w.people).map((person) => person.id)] })
    const page = await groupLoader(await argsAs(w, persona, `/${w.brand.slug}/groups/${room.slug}`, params(w, room)))
    if (!page.feed) throw new Response(null, { status: persona === 'anonymous' ? 401 : 403 })
    return page
  },
  expected: only(allowed),
})

describeMatrix(
  'groups, closed to guests',
  [
    {
      name: 'GET /{brand}/groups',
      run: async (w, persona) => groupsLoader(await argsAs(w, persona, `/${w.brand.slug}/groups`, params(w))),
      expected: only(BROWSERS),
    },
    {
      name: 'GET /{brand}/groups/new (the page; its form says who may create)',
      run: async (w, persona) => newGroupLoader(await argsAs(w, persona, `/${w.brand.slug}/groups/new`, params(w))),
      expected: only(BROWSERS),
    },
    ...joinRows(BROWSERS),
    ...groupPageRows(BROWSERS),
    listedPrivateFeedRow(BROWSERS),
    ...ACTION_ROWS,
  ],
  () => closed,
)

// Opening the groups page to guests lets anyone see it; joining still needs signing in, and every
// action keeps its permission.
const GUESTS_SEE = EVERYONE.filter((persona) => persona !== 'anonymous')
// Every community role holds access-community while its membership is active.
const ACTIVE_MEMBERS = [...BROWSERS, 'user', 'guest'] as const
describeMatrix(
  'groups, open to guests (publicAccess.groups)',
  [
    {
      name: 'GET /{brand}/groups',
      run: async (w, persona) => groupsLoader(await argsAs(w, persona, `/${w.brand.slug}/groups`, params(w))),
      expected: only(EVERYONE),
    },
    ...joinRows(GUESTS_SEE, ACTIVE_MEMBERS),
    listedPrivateFeedRow(ACTIVE_MEMBERS),
    ...ACTION_ROWS,
  ],
  () => open,
)
