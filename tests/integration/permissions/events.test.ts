// The permission matrix for events, written from the product's rules, not from the code:
// - Route permissions: "Events: access-community" (no guest switch: publicAccess opens hub,
//   groups, members and subcommunity pages only).
// - "Separate messages say the user lacks permission to create ... events": creating, editing,
//   archiving and restoring events needs create-events, which only the owner and admins hold (the
//   member roles create groups, not events); a member who sees the page is refused with a 403.
// - The room rules for an event's page and its meeting alike: a public event needs
//   access-community; "premium events require sign-up" (its listed people); a private event admits
//   its host, co-hosts and listed people. Those who manage events also see an event's page whose
//   meeting refuses them (to run it), but not its meeting.
import { beforeAll } from 'vitest'
import type { Room, User } from '#models/index'
import { action as eventsAction, loader as eventsLoader } from '#app/routes/$brand._community.events._index/route'
import { action as newEventAction, loader as newEventLoader } from '#app/routes/$brand._community.events.new/route'
import { loader as eventPageLoader } from '#app/routes/$brand._community.events.$room._index/route'
import {
  action as detailsAction,
  loader as detailsLoader,
} from '#app/routes/$brand._community.events.$room.edit._index/route'
import { action as scheduleAction } from '#app/routes/$brand._community.events.$room.edit.schedule/route'
import { action as accessAction } from '#app/routes/$brand._community.events.$room.edit.access/route'
import {
  action as compositionAction,
  loader as compositionLoader,
} from '#app/routes/$brand._community.events.$room.edit.composition/route'
import { loader as meetingLoader } from '#app/routes/$brand.$room/route'
import { makeEventRoom, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let host: User
const events = new Map<'public' | 'premium' | 'private', Room>()
beforeAll(async () => {
  // The admins opening every page to guests changes nothing here: events have no guest switch.
  world = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
  host = await makeUser({ name: 'Event Host' })
  for (const privacy of ['public', 'premium', 'private'] as const) {
    events.set(
      privacy,
      await makeEventRoom(world.brand, {
        name: `A ${privacy} event`,
        roomType: privacy,
        hostId: host.id,
        members: [host.id],
      }),
    )
  }
})

// access-community: every active role.
const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
// create-events: the owner and the admins.
const MANAGERS = ['owner', 'admin'] as const

/** A refusal the route answers as data (the editor's 403 with its message) counts as denied. */
async function deniedOn403(work: Promise<unknown>) {
  const result = (await work) as { type?: string; init?: ResponseInit | null }
  if (result?.type === 'DataWithResponseInit' && result.init?.status === 403) throw new Response(null, { status: 403 })
  return result
}

const brandOf = (w: MatrixWorld) => ({ brand: w.brand.slug })
const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', body: new URLSearchParams(fields) })
const roomOf = (privacy: 'public' | 'premium' | 'private') => events.get(privacy)!
/** A fresh public event for a write, so one persona's change never decides the next one's case. */
const fresh = (w: MatrixWorld, p: Persona) => makeEventRoom(w.brand, { name: `For ${p}`, hostId: host.id })

const ROWS: MatrixRow[] = [
  {
    name: 'GET /{brand}/events',
    run: async (w, p) => eventsLoader(await argsAs(w, p, `/${w.brand.slug}/events`, brandOf(w))),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /{brand}/events/new',
    run: async (w, p) => deniedOn403(newEventLoader(await argsAs(w, p, `/${w.brand.slug}/events/new`, brandOf(w)))),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/new',
    run: async (w, p) =>
      deniedOn403(
        newEventAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/events/new`,
            brandOf(w),
            form({ name: `By ${p}`, date: '2099-01-01', time: '10:00', timeZone: 'UTC', durationMinutes: '30' }),
          ),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events archive',
    run: async (w, p) =>
      deniedOn403(
        eventsAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/events`,
            brandOf(w),
            form({ intent: 'archive', roomId: (await fresh(w, p)).id }),
          ),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/events/{room}/edit',
    run: async (w, p) =>
      deniedOn403(
        detailsLoader(
          await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('public').slug}/edit`, {
            ...brandOf(w),
            room: roomOf('public').slug,
          }),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/events/{room}/edit/composition',
    run: async (w, p) =>
      deniedOn403(
        compositionLoader(
          await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('public').slug}/edit/composition`, {
            ...brandOf(w),
            room: roomOf('public').slug,
          }),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit (details)',
    run: async (w, p) => {
      const room = await fresh(w, p)
      return deniedOn403(
        detailsAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/events/${room.slug}/edit`,
            { ...brandOf(w), room: room.slug },
            form({ name: 'Renamed' }),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/schedule',
    run: async (w, p) => {
      const room = await fresh(w, p)
      const fields = { date: '2099-02-02', time: '09:00', timeZone: 'Europe/Lisbon', durationMinutes: '45' }
      return deniedOn403(
        scheduleAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/events/${room.slug}/edit/schedule`,
            { ...brandOf(w), room: room.slug },
            form(fields),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/access',
    run: async (w, p) => {
      const room = await fresh(w, p)
      return deniedOn403(
        accessAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/events/${room.slug}/edit/access`,
            { ...brandOf(w), room: room.slug },
            form({ privacy: 'premium' }),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/composition',
    run: async (w, p) => {
      const room = await fresh(w, p)
      return deniedOn403(
        compositionAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/events/${room.slug}/edit/composition`,
            { ...brandOf(w), room: room.slug },
            form({ eventType: 'live' }),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/events/{room} (public event)',
    run: async (w, p) =>
      eventPageLoader(
        await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('public').slug}`, {
          ...brandOf(w),
          room: roomOf('public').slug,
        }),
      ),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /{brand}/{room} (public event meeting)',
    run: async (w, p) =>
      meetingLoader(
        await argsAs(w, p, `/${w.brand.slug}/${roomOf('public').slug}`, { ...brandOf(w), room: roomOf('public').slug }),
      ),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /{brand}/events/{room} (premium event, nobody signed up)',
    run: async (w, p) =>
      eventPageLoader(
        await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('premium').slug}`, {
          ...brandOf(w),
          room: roomOf('premium').slug,
        }),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/{room} (premium event meeting, nobody signed up)',
    run: async (w, p) =>
      meetingLoader(
        await argsAs(w, p, `/${w.brand.slug}/${roomOf('premium').slug}`, {
          ...brandOf(w),
          room: roomOf('premium').slug,
        }),
      ),
    expected: only([]),
  },
  {
    name: 'GET /{brand}/events/{room} (private event, nobody listed)',
    run: async (w, p) =>
      eventPageLoader(
        await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('private').slug}`, {
          ...brandOf(w),
          room: roomOf('private').slug,
        }),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/{room} (private event meeting, nobody listed)',
    run: async (w, p) =>
      meetingLoader(
        await argsAs(w, p, `/${w.brand.slug}/${roomOf('private').slug}`, {
          ...brandOf(w),
          room: roomOf('private').slug,
        }),
      ),
    expected: only([]),
  },
]

describeMatrix('events', ROWS, () => world)
