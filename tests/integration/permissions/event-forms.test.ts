// The permission matrix for the event editor's registration and surveys tabs and the form calls,
// written from the product's rules, not from the code:
// - "Separate messages say the user lacks permission to create ... events": editing an event
//   (its registration, its form, its surveys) needs create-events, which only the owner and the
//   admins hold; anyone else who enters the community is refused with a 403 on the page and the post.
// - Route permissions: "Events: access-community": a form's definition is read by whoever
//   enters its community (they are the people it asks); its submissions are the answers people
//   gave, read only by those who manage events (they built the forms; the exports of registrations
//   and surveys are theirs). The field types are no secret, but are answered to the signed-in only.
import { beforeAll } from 'vitest'
import { FormDefinition, FormSubmission, type Room } from '#models/index'
import {
  action as registrationAction,
  loader as registrationLoader,
} from '#app/routes/$brand._community.events.$room.edit.registration/route'
import {
  action as surveysAction,
  loader as surveysLoader,
} from '#app/routes/$brand._community.events.$room.edit.surveys/route'
import * as definition from '#app/routes/api.forms.$id.definition'
import * as fieldDefinitions from '#app/routes/api.forms.field-definitions'
import * as submissions from '#app/routes/api.forms.$id.submissions'
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
let formId: string
beforeAll(async () => {
  world = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
  const host = await makeUser({ name: 'Event Host' })
  event = await makeEventRoom(world.brand, { name: 'A registered event', hostId: host.id, members: [host.id] })
  const form = await FormDefinition.create({
    brandId: world.brand.id,
    steps: [[{ name: 'team', type: 'shortText', label: 'Team', required: true }]] as never,
  })
  formId = form.id
  await FormSubmission.create({ formDefinitionId: form.id, userId: host.id, values: { team: 'Red' } })
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const MANAGERS = ['owner', 'admin'] as const
// Signed in, whoever they are.
const SIGNED_IN = [...COMMUNITY, 'pending', 'archived', 'outsider'] as const

/** A refusal the route answers as data (the editor's 403 with its message) counts as denied. */
async function deniedOn403(work: Promise<unknown>) {
  const result = (await work) as { type?: string; init?: ResponseInit | null }
  if (result?.type === 'DataWithResponseInit' && result.init?.status === 403) throw new Response(null, { status: 403 })
  return result
}

const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', body: new URLSearchParams(fields) })
const tabArgs = async (w: MatrixWorld, p: Persona, tab: string, room: Room, init?: RequestInit) =>
  argsAs(w, p, `/${w.brand.slug}/events/${room.slug}/edit/${tab}`, { brand: w.brand.slug, room: room.slug }, init)
/** A fresh event for a write, so one persona's change never decides the next one's case. */
const fresh = (w: MatrixWorld, p: Persona) => makeEventRoom(w.brand, { name: `For ${p}` })

const ROWS: MatrixRow[] = [
  {
    name: 'GET /{brand}/events/{room}/edit/registration',
    run: async (w, p) => deniedOn403(registrationLoader(await tabArgs(w, p, 'registration', event))),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/events/{room}/edit/surveys',
    run: async (w, p) => deniedOn403(surveysLoader(await tabArgs(w, p, 'surveys', event))),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/registration',
    run: async (w, p) => {
      const fields = {
        registrationEnabled: 'on',
        formEnabled: 'on',
        'steps[0].fields[0].type': 'email',
        'steps[0].fields[0].label': 'Email',
      }
      return deniedOn403(registrationAction(await tabArgs(w, p, 'registration', await fresh(w, p), form(fields))))
    },
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/registration (Add field, saves nothing)',
    run: async (w, p) =>
      deniedOn403(
        registrationAction(
          await tabArgs(w, p, 'registration', event, form({ builderAdd: 'steps[0]', 'steps[0].addType': 'date' })),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/events/{room}/edit/surveys',
    run: async (w, p) =>
      deniedOn403(
        surveysAction(
          await tabArgs(w, p, 'surveys', await fresh(w, p), form({ redirectOnEndUrl: 'https://example.com/after' })),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /api/forms/{id}/definition',
    run: async (w, p) =>
      refusedAsThrown(await definition.loader(await argsAs(w, p, `/api/forms/${formId}/definition`, { id: formId }))),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /api/forms/{id}/submissions',
    run: async (w, p) =>
      refusedAsThrown(await submissions.loader(await argsAs(w, p, `/api/forms/${formId}/submissions`, { id: formId }))),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /api/forms/field-definitions',
    run: async (w, p) =>
      refusedAsThrown(await fieldDefinitions.loader(await argsAs(w, p, '/api/forms/field-definitions', {}))),
    expected: only(SIGNED_IN),
  },
]

describeMatrix('event forms', ROWS, () => world)
