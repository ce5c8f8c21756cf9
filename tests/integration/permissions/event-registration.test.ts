// The permission matrix for registering for events, written from the product's rules:
// - Registering is how people get into an event: a public or premium registration event's register
//   page is open to anyone, visitors included (they prove their email with a code); a private
//   event's only to whom the room rule admits (nobody listed here, so nobody).
// - Joining a registration event's meeting needs an approved registration, except for those who
//   manage events (create-events: owner, admin) and the host or co-hosts; nobody is registered here.
// - Surveys: answered by those the event admits (or its registrants); a visitor signs in first.
// - The JSON submission call answers as the survey page does (401 and 403 as refusals).
// - The auto-join link is its own credential: anyone may open it; without a valid code it opens nothing.
import { beforeAll } from 'vitest'
import { CommunityEvent, FormDefinition, type Room, type User } from '#models/index'
import {
  loader as registerLoader,
  action as registerAction,
} from '#app/routes/$brand._community.events.$room.register/route'
import { loader as surveyLoader } from '#app/routes/$brand._community.events.$room.survey.$kind/route'
import { loader as autoJoinLoader } from '#app/routes/$brand._community.events.$room.auto-join/route'
import { loader as meetingLoader } from '#app/routes/$brand.$room/route'
import { loader as submissionLoader } from '#app/routes/api.forms.$id.submission'
import { makeEventRoom, makeUser } from '../../support/factories'
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

let world: MatrixWorld
let host: User
let surveyId: string
const events = new Map<'public' | 'private', Room>()
beforeAll(async () => {
  world = await makeMatrixWorld()
  host = await makeUser({ name: 'Event Host' })
  for (const privacy of ['public', 'private'] as const) {
    const survey = await FormDefinition.create({
      brandId: world.brand.id,
      steps: [[{ name: 'liked', type: 'shortText', label: 'Liked', required: true }]] as never,
    })
    const room = await makeEventRoom(world.brand, {
      name: `A ${privacy} registration event`,
      roomType: privacy,
      hostId: host.id,
      members: [host.id],
    })
    await CommunityEvent.create({ roomId: room.id, registrationEnabled: true, postSurveyFormId: survey.id })
    events.set(privacy, room)
    if (privacy === 'public') surveyId = survey.id
  }
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const MANAGERS = ['owner', 'admin'] as const

/**
 * The registration gate answers with a redirect to the register or event page (with a message),
 * which the matrix would read as "let in": it is a refusal of the meeting or survey, counted as denied.
 */
async function gatedAsDenied(work: Promise<unknown>) {
  try {
    return await work
  } catch (thrown) {
    const location = thrown instanceof Response ? (thrown.headers.get('Location') ?? '') : ''
    if (/\/events\/[^/]+(\/register)?$/.test(location)) throw new Response(null, { status: 403 })
    throw thrown
  }
}

const roomOf = (privacy: 'public' | 'private') => events.get(privacy)!
const params = (w: MatrixWorld, room: Room, extra: Record<string, string> = {}) => ({
  brand: w.brand.slug,
  room: room.slug,
  ...extra,
})
const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', body: new URLSearchParams(fields) })

const ROWS: MatrixRow[] = [
  {
    name: 'GET /{brand}/events/{room}/register (public)',
    run: async (w, p) =>
      registerLoader(
        await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('public').slug}/register`, params(w, roomOf('public'))),
      ),
    expected: everyone('allowed'),
  },
  {
    name: 'POST /{brand}/events/{room}/register (public, bad input)',
    run: async (w, p) =>
      registerAction(
        await argsAs(
          w,
          p,
          `/${w.brand.slug}/events/${roomOf('public').slug}/register`,
          params(w, roomOf('public')),
          form({ intent: 'about', fullName: '', emailAddress: 'x' }),
        ),
      ),
    expected: everyone('allowed'),
  },
  {
    name: 'GET /{brand}/events/{room}/register (private, nobody listed)',
    run: async (w, p) =>
      registerLoader(
        await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('private').slug}/register`, params(w, roomOf('private'))),
      ),
    expected: only([]),
  },
  {
    name: 'GET /{brand}/{room} (registration event meeting, nobody registered)',
    run: async (w, p) =>
      gatedAsDenied(
        meetingLoader(await argsAs(w, p, `/${w.brand.slug}/${roomOf('public').slug}`, params(w, roomOf('public')))),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/events/{room}/survey/post (public registration event)',
    run: async (w, p) =>
      gatedAsDenied(
        surveyLoader(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/events/${roomOf('public').slug}/survey/post`,
            params(w, roomOf('public'), { kind: 'post' }),
          ),
        ),
      ),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /{brand}/events/{room}/auto-join (no code)',
    run: async (w, p) =>
      autoJoinLoader(
        await argsAs(w, p, `/${w.brand.slug}/events/${roomOf('public').slug}/auto-join`, params(w, roomOf('public'))),
      ),
    expected: everyone('allowed'),
  },
  {
    // The public event's survey: those the event admits read (404: no answers yet).
    name: 'GET /api/forms/{id}/submission (a registration event survey)',
    run: async (w, p) =>
      refusedAsThrown(
        await submissionLoader(await argsAs(w, p, `/api/forms/${surveyId}/submission`, { id: surveyId })),
      ),
    expected: only(COMMUNITY),
  },
]

describeMatrix('event registration', ROWS, () => world)
