// The permission matrix for the event editor's Members tab, its import, its exports and the
// predefined breakout groups, written from the product's rules, not from the code:
// - "Separate messages say the user lacks permission to create ... events": managing an event
//   (its editor tabs, members included) needs create-events, which only the owner and admins hold;
//   a member who sees the events page is refused with a 403 (the editor's refusal).
// - The exports of registrations, surveys and participants are the event managers' too.
// - Signed out → sign in; another community's admin, the pending and the archived → refused.
import { beforeAll } from 'vitest'
import { CommunityEvent, EventRegistration, MeetingPeer, MeetingRoom, type Room, type User } from '#models/index'
import {
  action as tabAction,
  loader as tabLoader,
} from '#app/routes/$brand._community.events.$room.edit.members._index/route'
import {
  action as importAction,
  loader as importLoader,
} from '#app/routes/$brand._community.events.$room.edit.members.import/route'
import { loader as exportLoader } from '#app/routes/$brand._community.events.$room.edit.members.export.$kind'
import {
  action as groupsAction,
  loader as groupsLoader,
} from '#app/routes/$brand._community.events.$room.edit.composition_.groups/route'
import { action as importUserCall } from '#app/routes/api.registration.importUser'
import { loader as participantCall } from '#app/routes/api.event-participants._index'
import { loader as participantByIdCall } from '#app/routes/api.event-participants.$id'
import { makeEventRoom, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let event: Room
let registrant: User
let presenceId: string
beforeAll(async () => {
  world = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
  event = await makeEventRoom(world.brand, { name: 'Matrix event' })
  await CommunityEvent.create({ roomId: event.id })
  registrant = await makeUser({ name: 'Reg Istrant' })
  await EventRegistration.create({ roomId: event.id, userId: registrant.id, status: 'approved' })
  const meeting = await MeetingRoom.create({ roomId: event.id, type: 'main', startedAt: new Date() })
  presenceId = (await MeetingPeer.create({ meetingRoomId: meeting.id, userId: registrant.id, joinedAt: new Date() })).id
})

// create-events: the owner and the admins.
const MANAGERS = ['owner', 'admin'] as const

/** A refusal the route answers as data (the editor's 403 with its message) counts as denied. */
async function deniedOn403(work: Promise<unknown>) {
  const result = (await work) as { type?: string; init?: ResponseInit | null }
  if (result?.type === 'DataWithResponseInit' && result.init?.status === 403) throw new Response(null, { status: 403 })
  return result
}

const paramsOf = (w: MatrixWorld, room: Room, extra: Record<string, string> = {}) => ({
  brand: w.brand.slug,
  room: room.slug,
  ...extra,
})
const path = (w: MatrixWorld, room: Room, rest: string) => `/${w.brand.slug}/events/${room.slug}/edit/${rest}`
/** A fresh event with one pending registration for a write, so one persona's change never decides the next one's case. */
async function fresh(w: MatrixWorld, p: Persona) {
  const room = await makeEventRoom(w.brand, { name: `Members for ${p}` })
  await CommunityEvent.create({ roomId: room.id })
  const registration = await EventRegistration.create({ roomId: room.id, userId: registrant.id, status: 'pending' })
  return { room, registration }
}
function multipart(fields: Record<string, string>, file?: { name: string; text: string }): RequestInit {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  if (file) body.set('file', new File([file.text], file.name, { type: 'text/csv' }))
  return { method: 'POST', body }
}

const ROWS: MatrixRow[] = [
  {
    name: 'GET /{brand}/events/{room}/edit/members',
    run: async (w, p) => deniedOn403(tabLoader(await argsAs(w, p, path(w, event, 'members'), paramsOf(w, event)))),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/members (approve)',
    run: async (w, p) => {
      const { room, registration } = await fresh(w, p)
      return deniedOn403(
        tabAction(
          await argsAs(w, p, path(w, room, 'members'), paramsOf(w, room), {
            method: 'POST',
            body: new URLSearchParams([
              ['intent', 'approve'],
              ['ids', registration.id],
            ]),
          }),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/events/{room}/edit/members/import',
    run: async (w, p) =>
      deniedOn403(importLoader(await argsAs(w, p, path(w, event, 'members/import'), paramsOf(w, event)))),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/members/import',
    run: async (w, p) => {
      const { room } = await fresh(w, p)
      const file = { name: 'people.csv', text: `fullName,emailAddress\nMatrix Person,matrix-${p}@import.test\n` }
      return deniedOn403(
        importAction(await argsAs(w, p, path(w, room, 'members/import'), paramsOf(w, room), multipart({}, file))),
      )
    },
    expected: only(MANAGERS),
  },
  ...(['registrations', 'pre-survey', 'post-survey', 'participants'] as const).map((kind): MatrixRow => ({
    name: `GET /{brand}/events/{room}/edit/members/export/${kind}`,
    run: async (w, p) =>
      exportLoader(await argsAs(w, p, path(w, event, `members/export/${kind}`), paramsOf(w, event, { kind }))),
    expected: only(MANAGERS),
  })),
  {
    name: 'GET /{brand}/events/{room}/edit/composition/groups',
    run: async (w, p) =>
      deniedOn403(groupsLoader(await argsAs(w, p, path(w, event, 'composition/groups'), paramsOf(w, event)))),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/composition/groups',
    run: async (w, p) => {
      const { room } = await fresh(w, p)
      return deniedOn403(
        groupsAction(
          await argsAs(
            w,
            p,
            path(w, room, 'composition/groups'),
            paramsOf(w, room),
            multipart({ intent: 'save', groups: 'a@x.org,b@x.org' }),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    // The JSON call answers its refusals as 401/403 JSON, thrown here as a page's would be.
    name: 'POST /api/registration/importUser',
    run: async (w, p) => {
      const { room } = await fresh(w, p)
      const body = JSON.stringify({
        brandId: w.brand.id,
        room: room.slug,
        fullName: 'Api Matrix',
        emailAddress: `api-matrix-${p}@import.test`,
      })
      return refusedAsThrown(
        await importUserCall(
          await argsAs(
            w,
            p,
            '/api/registration/importUser',
            {},
            { method: 'POST', body, headers: { 'Content-Type': 'application/json' } },
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    // Someone else's participation: those who manage events only.
    name: 'GET /api/event-participants?event=&user=',
    run: async (w, p) =>
      refusedAsThrown(
        await participantCall(
          await argsAs(w, p, `/api/event-participants?event=${event.id}&user=${registrant.id}`, {}),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /api/event-participants/{id}',
    run: async (w, p) =>
      refusedAsThrown(
        await participantByIdCall(await argsAs(w, p, `/api/event-participants/${presenceId}`, { id: presenceId })),
      ),
    expected: only(MANAGERS),
  },
]

describeMatrix('event members', ROWS, () => world)
