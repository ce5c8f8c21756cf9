// The event editor's registration and surveys tabs (the form builder; registration,
// registrationForm, pre-survey, post-survey, redirectOnEndUrl; "A primary field must be chosen for
// matchmaking", "Surveys and form steps need at least one field ('Please add at least one field to
// each step')"): every rule
// at its boundary, the builder's no-JavaScript buttons, bad input kept and nothing written, and the
// refusals, through the routes' real loaders and actions.
import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityEvent, FormDefinition, FormSubmission, type Brand, type Room, type User } from '#models/index'
import { readSteps, type FormSteps } from '#app/lib/forms/form-definition'
import {
  action as registrationAction,
  loader as registrationLoader,
} from '#app/routes/$brand._community.events.$room.edit.registration/route'
import {
  action as surveysAction,
  loader as surveysLoader,
} from '#app/routes/$brand._community.events.$room.edit.surveys/route'
import * as definitionCall from '#app/routes/api.forms.$id.definition'
import * as fieldDefinitionsCall from '#app/routes/api.forms.field-definitions'
import * as submissionsCall from '#app/routes/api.forms.$id.submissions'
import { FIELD_TYPES } from '#app/lib/forms/form-definition'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makeEventRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null
  error?: string | null
}

let brand: Brand
let other: Brand
let owner: User
let member: User
let ownerCookie: string
let memberCookie: string

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  ;({ brand: other } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
  ownerCookie = await signedInCookie(owner.id)
  memberCookie = await signedInCookie(member.id)
})

type Tab = 'registration' | 'surveys'
const actions = { registration: registrationAction, surveys: surveysAction }
const loaders = { registration: registrationLoader, surveys: surveysLoader }

function body(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one)
  return form
}

async function run(
  work: Promise<unknown>,
): Promise<{ status: number; body?: Reply; location?: string; response?: Response }> {
  try {
    const result = await work
    return { status: initOf(result).status, body: unwrap(result) as unknown as Reply }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, location: thrown.headers.get('Location') ?? undefined, response: thrown }
  }
}

const edit = (tab: Tab, room: Room, fields: Record<string, string | string[]>, cookie = ownerCookie) =>
  run(
    actions[tab](
      routeArgs(
        `/${brand.slug}/events/${room.slug}/edit/${tab}`,
        { brand: brand.slug, room: room.slug },
        { method: 'POST', body: body(fields), headers: { Cookie: cookie } },
      ),
    ),
  )
const open = async (tab: Tab, room: Room, cookie = ownerCookie) =>
  loaders[tab](
    routeArgs(
      `/${brand.slug}/events/${room.slug}/edit/${tab}`,
      { brand: brand.slug, room: room.slug },
      { headers: { Cookie: cookie } },
    ),
  )

/** The builder's inputs for a list of steps (each a list of fields) under a list name. */
function builder(list: string, steps: Array<Array<Record<string, string>>>): Record<string, string> {
  const fields: Record<string, string> = {}
  steps.forEach((step, s) => {
    fields[`${list}[${s}].addType`] = 'shortText'
    step.forEach((field, f) => {
      for (const [key, value] of Object.entries(field)) fields[`${list}[${s}].fields[${f}].${key}`] = value
    })
  })
  return fields
}

const TWO_STEPS = builder('steps', [
  [
    { type: 'fullName', label: 'Your name', required: 'on' },
    { type: 'dropdown', label: 'Your team', options: 'Red\n  Blue \n\nGreen' },
  ],
  [
    { type: 'rating', label: 'How keen are you?', max: '10' },
    { type: 'displayText', text: 'Thank you for coming along.' },
    { type: 'shortText', label: 'Your team', min: '2', max: '40' },
  ],
])

const eventRow = async (room: Room) => (await CommunityEvent.findByPk(room.id))!
const definitionOf = async (id: string | null) => (id ? readSteps((await FormDefinition.findByPk(id))!.steps) : null)
const freshEvent = (name: string) => makeEventRoom(brand, { name, hostId: owner.id })

describe('the registration tab', () => {
  it('saves registration on with approval and a two-step form, naming the fields from their labels', async () => {
    const room = await freshEvent('Registration target')
    const saved = await edit('registration', room, {
      registrationEnabled: 'on',
      registrationModeration: 'on',
      formEnabled: 'on',
      ...TWO_STEPS,
    })
    expect(saved.location).toBe(`/${brand.slug}/events/${room.slug}/edit/registration`)
    await expect(saved.response!).toHaveFlash({ kind: 'success', message: 'common:flash.saved' })
    const event = await eventRow(room)
    expect(event).toMatchObject({ registrationEnabled: true, registrationModeration: true, matchPrimaryField: null })
    const steps = (await definitionOf(event.registrationFormId))!
    expect(steps).toEqual([
      [
        { name: 'your_name', type: 'fullName', label: 'Your name', required: true },
        { name: 'your_team', type: 'dropdown', label: 'Your team', required: false, options: ['Red', 'Blue', 'Green'] },
      ],
      [
        { name: 'how_keen_are_you', type: 'rating', label: 'How keen are you?', required: false, max: 10 },
        {
          name: 'thank_you_for_coming',
          type: 'displayText',
          label: '',
          required: false,
          text: 'Thank you for coming along.',
        },
        { name: 'your_team_2', type: 'shortText', label: 'Your team', required: false, min: 2, max: 40 },
      ],
    ] satisfies FormSteps)
    expect((await FormDefinition.findByPk(event.registrationFormId!))!.brandId).toBe(brand.id)

    // Reopened, the builder shows it as saved, names in their hidden inputs.
    const page = unwrap(await open('registration', room)) as {
      event: {
        registration: { steps: Array<{ fields: Array<Record<string, string>> }>; formEnabled: string }
        matchFields: Array<{ name: string }>
      }
    }
    expect(page.event.registration.formEnabled).toBe('on')
    expect(page.event.registration.steps[1]!.fields[0]).toMatchObject({
      name: 'how_keen_are_you',
      type: 'rating',
      max: '10',
    })
    expect(page.event.registration.steps[0]!.fields[1]!.options).toBe('Red\nBlue\nGreen')
    expect(page.event.matchFields.map((field) => field.name)).toEqual([
      'your_name',
      'your_team',
      'how_keen_are_you',
      'your_team_2',
    ])

    // A label changed later keeps the name the answers are stored under; the same row is updated.
    const renamed = builder('steps', [
      [{ name: 'your_name', type: 'fullName', label: 'Full name please', required: 'on' }],
    ])
    expect((await edit('registration', room, { formEnabled: 'on', ...renamed })).status).toBe(302)
    const again = await eventRow(room)
    expect(again.registrationFormId).toBe(event.registrationFormId)
    expect(again).toMatchObject({ registrationEnabled: false, registrationModeration: false })
    expect(await definitionOf(again.registrationFormId)).toEqual([
      [{ name: 'your_name', type: 'fullName', label: 'Full name please', required: true }],
    ])
  })

  it('refuses an empty step ("Please add at least one field to each step"), and no steps at all, keeping the values and writing nothing', async () => {
    const room = await freshEvent('Empty step')
    const before = await FormDefinition.count()
    const empty = await edit('registration', room, {
      registrationEnabled: 'on',
      formEnabled: 'on',
      ...builder('steps', [[{ type: 'email', label: 'Email' }], []]),
    })
    expect(empty.status).toBe(400)
    expect(empty.body?.result?.error?.steps).toEqual(['forms:errors.emptyStep'])
    expect(empty.body?.result?.initialValue).toMatchObject({
      registrationEnabled: 'on',
      steps: [{ fields: [{ type: 'email', label: 'Email' }] }, { addType: 'shortText' }],
    })
    const none = await edit('registration', room, { formEnabled: 'on' })
    expect(none.body?.result?.error?.steps).toEqual(['forms:errors.emptyStep'])
    expect(await FormDefinition.count()).toBe(before)
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()
  })

  it("puts each field's problem next to its input, at the limits' boundaries", async () => {
    const room = await freshEvent('Field problems')
    const errorsOf = async (field: Record<string, string>) =>
      (await edit('registration', room, { formEnabled: 'on', ...builder('steps', [[field]]) })).body?.result?.error ??
      {}
    const at = (input: string) => `steps[0].fields[0].${input}`
    expect((await errorsOf({ type: 'shortText', label: '  ' }))[at('label')]).toEqual(['forms:errors.labelRequired'])
    expect((await errorsOf({ type: 'shortText', label: 'x'.repeat(201) }))[at('label')]).toEqual([
      'forms:errors.labelTooLong',
    ])
    expect((await errorsOf({ type: 'dropdown', label: 'Pick', options: ' \n ' }))[at('options')]).toEqual([
      'forms:errors.optionsRequired',
    ])
    expect(
      (
        await errorsOf({
          type: 'multipleChoice',
          label: 'Pick',
          options: Array.from({ length: 31 }, (_, i) => `o${i}`).join('\n'),
        })
      )[at('options')],
    ).toEqual(['forms:errors.tooManyOptions'])
    expect((await errorsOf({ type: 'displayText', text: '' }))[at('text')]).toEqual(['forms:errors.textRequired'])
    expect((await errorsOf({ type: 'rating', label: 'Rate', max: '11' }))[at('max')]).toEqual([
      'forms:errors.limitsInvalid',
    ])
    expect((await errorsOf({ type: 'rating', label: 'Rate', max: '1' }))[at('max')]).toEqual([
      'forms:errors.limitsInvalid',
    ])
    expect((await errorsOf({ type: 'shortText', label: 'Say', min: '5', max: '4' }))[at('max')]).toEqual([
      'forms:errors.limitsInvalid',
    ])
    expect((await errorsOf({ type: 'shortText', label: 'Say', min: 'lots' }))[at('min')]).toEqual([
      'forms:errors.limitsInvalid',
    ])
    expect((await errorsOf({ type: 'sortOfText', label: 'Odd' }))[at('type')]).toEqual(['forms:errors.typeUnknown'])
    expect((await errorsOf({ type: 'shortText', label: 'Odd', name: 'Not A Name' }))[at('name')]).toEqual([
      'forms:builder.errors.badRequest',
    ])
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()

    // The other side of each boundary saves.
    const ok = builder('steps', [
      [
        { type: 'shortText', label: 'x'.repeat(200), min: '4', max: '4' },
        { type: 'multipleChoice', label: 'Pick', options: Array.from({ length: 30 }, (_, i) => `o${i}`).join('\n') },
        { type: 'rating', label: 'Rate', max: '2' },
        { type: 'number', label: 'How many', min: '-2.5', max: '7' },
      ],
    ])
    expect((await edit('registration', room, { formEnabled: 'on', ...ok })).status).toBe(302)
    const steps = (await definitionOf((await eventRow(room)).registrationFormId))!
    expect(steps[0]!.map((field) => [field.type, field.min, field.max])).toEqual([
      ['shortText', 4, 4],
      ['multipleChoice', undefined, undefined],
      ['rating', undefined, 2],
      ['number', -2.5, 7],
    ])
  })

  it('needs a primary field for matchmaking, among the form answer fields, and a different secondary one', async () => {
    const room = await freshEvent('Matchmaking')
    const form = {
      formEnabled: 'on',
      ...builder('steps', [
        [
          { name: 'team', type: 'dropdown', label: 'Team', options: 'A\nB' },
          { name: 'level', type: 'rating', label: 'Level', max: '5' },
          { name: 'note', type: 'displayText', text: 'Hello' },
        ],
      ]),
    }
    const errors = async (fields: Record<string, string>) =>
      (await edit('registration', room, { ...form, matchSort: 'on', ...fields })).body?.result?.error ?? {}
    expect((await errors({})).matchPrimaryField).toEqual(['forms:builder.errors.primaryRequired'])
    expect((await errors({ matchPrimaryField: 'nothing' })).matchPrimaryField).toEqual([
      'forms:builder.errors.matchFieldUnknown',
    ])
    expect((await errors({ matchPrimaryField: 'note' })).matchPrimaryField).toEqual([
      'forms:builder.errors.matchFieldUnknown',
    ])
    expect((await errors({ matchPrimaryField: 'team', matchSecondaryField: 'team' })).matchSecondaryField).toEqual([
      'forms:builder.errors.matchFieldUnknown',
    ])
    // With the form off there is nothing to sort by.
    const formOff = await edit('registration', room, { matchSort: 'on', matchPrimaryField: 'team' })
    expect(formOff.body?.result?.error?.matchPrimaryField).toEqual(['forms:builder.errors.matchFieldUnknown'])
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()

    expect(
      (
        await edit('registration', room, {
          ...form,
          matchSort: 'on',
          matchPrimaryField: 'team',
          matchSecondaryField: 'level',
        })
      ).status,
    ).toBe(302)
    expect(await eventRow(room)).toMatchObject({ matchPrimaryField: 'team', matchSecondaryField: 'level' })
    expect((await edit('registration', room, { ...form, matchSort: 'on', matchPrimaryField: 'level' })).status).toBe(
      302,
    )
    expect(await eventRow(room)).toMatchObject({ matchPrimaryField: 'level', matchSecondaryField: null })
    // Sorting off clears both; the choices posted with it do not matter.
    expect((await edit('registration', room, { ...form, matchPrimaryField: 'nothing' })).status).toBe(302)
    expect(await eventRow(room)).toMatchObject({ matchPrimaryField: null, matchSecondaryField: null })
  })

  it('switching the form off clears the pointer and keeps the definition (its answers stay readable)', async () => {
    const room = await freshEvent('Form off')
    await edit('registration', room, {
      formEnabled: 'on',
      ...builder('steps', [[{ type: 'toggle', label: 'I agree', required: 'on' }]]),
    })
    const id = (await eventRow(room)).registrationFormId!
    expect(id).toBeTruthy()
    // Off, even a broken builder is not checked: it is not saved.
    expect((await edit('registration', room, { registrationEnabled: 'on', ...builder('steps', [[]]) })).status).toBe(
      302,
    )
    expect(await eventRow(room)).toMatchObject({ registrationEnabled: true, registrationFormId: null })
    expect(await FormDefinition.findByPk(id)).not.toBeNull()
    const page = unwrap(await open('registration', room)) as {
      event: { registration: { formEnabled: string; steps: unknown[] } }
    }
    expect(page.event.registration).toMatchObject({ formEnabled: '', steps: [{ fields: [] }] })
  })

  it("never writes another community's definition, even when the event points at it", async () => {
    const room = await freshEvent('Cross pointer')
    const theirs = await FormDefinition.create({
      brandId: other.id,
      steps: [[{ name: 'secret', type: 'shortText', label: 'Secret', required: false }]] as never,
    })
    await CommunityEvent.create({ roomId: room.id, registrationFormId: theirs.id })
    const page = unwrap(await open('registration', room)) as { event: { registration: { formEnabled: string } } }
    expect(page.event.registration.formEnabled).toBe('')
    await edit('registration', room, { formEnabled: 'on', ...builder('steps', [[{ type: 'email', label: 'Email' }]]) })
    const event = await eventRow(room)
    expect(event.registrationFormId).not.toBe(theirs.id)
    expect(readSteps((await theirs.reload()).steps)[0]![0]!.name).toBe('secret')
  })
})

describe("the builder's buttons without JavaScript: the form comes back changed, nothing saved", () => {
  let room: Room
  beforeAll(async () => {
    room = await freshEvent('Builder buttons')
  })
  const start = {
    formEnabled: 'on',
    ...builder('steps', [
      [
        { type: 'shortText', label: 'First' },
        { type: 'email', label: 'Second' },
      ],
    ]),
  }
  const stepsOf = (reply: { body?: Reply }) =>
    (reply.body?.result?.initialValue as { steps: Array<{ fields?: Array<Record<string, string>> }> }).steps

  it('"Add field" adds a field of the type chosen beside it, to that step', async () => {
    const added = await edit('registration', room, { ...start, 'steps[0].addType': 'rating', builderAdd: 'steps[0]' })
    expect(added.status).toBe(200)
    const fields = stepsOf(added)[0]!.fields!
    expect(fields.map((field) => field.type)).toEqual(['shortText', 'email', 'rating'])
    // Unnamed and unlabelled (empty inputs are sent back as none), with a rating's usual scale.
    expect(fields[2]).toEqual({ type: 'rating', max: '5' })
    const choice = await edit('registration', room, {
      ...start,
      'steps[0].addType': 'dropdown',
      builderAdd: 'steps[0]',
    })
    expect(stepsOf(choice)[0]!.fields![2]).toEqual({ type: 'dropdown' })
    // A made-up type or step changes nothing.
    for (const junk of <Array<Record<string, string>>>[
      { 'steps[0].addType': 'nonsense', builderAdd: 'steps[0]' },
      { builderAdd: 'steps[0]); drop' },
      { builderAdd: '' },
    ]) {
      const answer = await edit('registration', room, { ...start, ...junk })
      expect(answer.status).toBe(200)
      expect(stepsOf(answer)[0]!.fields).toHaveLength(2)
    }
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()
  })

  it('removes and moves a field, and adds and removes a step', async () => {
    const intent = (value: object) => ({ ...start, __intent__: JSON.stringify(value) })
    const removed = await edit(
      'registration',
      room,
      intent({ type: 'remove', payload: { name: 'steps[0].fields', index: 0 } }),
    )
    expect(stepsOf(removed)[0]!.fields!.map((field) => field.label)).toEqual(['Second'])
    const moved = await edit(
      'registration',
      room,
      intent({ type: 'reorder', payload: { name: 'steps[0].fields', from: 1, to: 0 } }),
    )
    expect(stepsOf(moved)[0]!.fields!.map((field) => field.label)).toEqual(['Second', 'First'])
    const stepAdded = await edit(
      'registration',
      room,
      intent({ type: 'insert', payload: { name: 'steps', defaultValue: { fields: [], addType: 'shortText' } } }),
    )
    expect(stepsOf(stepAdded)).toHaveLength(2)
    const stepRemoved = await edit('registration', room, {
      ...intent({ type: 'remove', payload: { name: 'steps', index: 0 } }),
    })
    expect(stepsOf(stepRemoved) ?? []).toHaveLength(0)
    for (const answer of [removed, moved, stepAdded, stepRemoved]) expect(answer.status).toBe(200)
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()
  })
  it('answers a list button no page sent (not JSON, not an intent, a list that is none) with a 400, saving nothing', async () => {
    const forged = [
      '9999999999',
      'null',
      '{"type":"insert"}',
      JSON.stringify({ type: 'insert', payload: { name: 'registrationEnabled' } }),
    ]
    for (const intent of forged) {
      const answer = await edit('registration', room, { ...start, registrationEnabled: 'on', __intent__: intent })
      expect(answer.status).toBe(400)
      expect(answer.body?.result?.error?.['']).toEqual(['events:errors.badRequest'])
    }
    expect((await edit('surveys', room, { __state__: '{nope' })).status).toBe(400)
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()
  })
})

describe('the surveys tab', () => {
  it('needs a field in every step of a survey that is on, and ignores one that is off', async () => {
    const room = await freshEvent('Surveys target')
    const empty = await edit('surveys', room, {
      postSurveyEnabled: 'on',
      ...builder('postSteps', [[]]),
      ...builder('preSteps', [[]]),
    })
    expect(empty.status).toBe(400)
    expect(empty.body?.result?.error?.postSteps).toEqual(['forms:errors.emptyStep'])
    expect(empty.body?.result?.error?.preSteps ?? null).toBeNull()
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()

    const post = builder('postSteps', [
      [
        { type: 'rating', label: 'How was it?', required: 'on' },
        { type: 'longText', label: 'Anything else?', max: '500' },
      ],
    ])
    const saved = await edit('surveys', room, {
      postSurveyEnabled: 'on',
      ...post,
      ...builder('preSteps', [[]]),
      redirectOnEndUrl: ' https://example.com/thanks ',
    })
    expect(saved.location).toBe(`/${brand.slug}/events/${room.slug}/edit/surveys`)
    const event = await eventRow(room)
    expect(event.preSurveyFormId).toBeNull()
    expect(await definitionOf(event.postSurveyFormId)).toEqual([
      [
        { name: 'how_was_it', type: 'rating', label: 'How was it?', required: true, max: 5 },
        { name: 'anything_else', type: 'longText', label: 'Anything else?', required: false, max: 500 },
      ],
    ])
    expect((await room.reload()).redirectOnEndUrl).toBe('https://example.com/thanks')
    const page = unwrap(await open('surveys', room)) as { event: { surveys: Record<string, unknown> } }
    expect(page.event.surveys).toMatchObject({
      preSurveyEnabled: '',
      postSurveyEnabled: 'on',
      redirectOnEndUrl: 'https://example.com/thanks',
    })

    // Both on: two definitions; then off clears the pointer and the end address empties.
    const pre = builder('preSteps', [[{ type: 'multipleChoice', label: 'Topics', options: 'Soil\nSeeds' }]])
    expect(
      (await edit('surveys', room, { preSurveyEnabled: 'on', ...pre, postSurveyEnabled: 'on', ...post })).status,
    ).toBe(302)
    const both = await eventRow(room)
    expect(both.postSurveyFormId).toBe(event.postSurveyFormId)
    expect(both.preSurveyFormId).not.toBe(both.postSurveyFormId)
    expect((await edit('surveys', room, { ...pre, ...post, redirectOnEndUrl: '' })).status).toBe(302)
    expect(await eventRow(room)).toMatchObject({ preSurveyFormId: null, postSurveyFormId: null })
    expect((await room.reload()).redirectOnEndUrl).toBeNull()
  })

  it('takes an end address only when it is http(s), keeping what was typed', async () => {
    const room = await freshEvent('End address')
    for (const address of [
      'javascript:alert(1)',
      'example.com/thanks',
      'ftp://example.com',
      `https://example.com/${'a'.repeat(1010)}`,
    ]) {
      const refused = await edit('surveys', room, { redirectOnEndUrl: address })
      expect(refused.status).toBe(400)
      expect(refused.body?.result?.error?.redirectOnEndUrl).toEqual(['forms:builder.errors.urlInvalid'])
      expect(refused.body?.result?.initialValue).toMatchObject({ redirectOnEndUrl: address })
    }
    expect((await room.reload()).redirectOnEndUrl).toBeNull()
    expect((await edit('surveys', room, { redirectOnEndUrl: `http://example.com/${'a'.repeat(1000)}` })).status).toBe(
      302,
    )
  })

  it('"Add field" works in either survey builder', async () => {
    const room = await freshEvent('Survey adder')
    const added = await edit('surveys', room, {
      ...builder('preSteps', [[]]),
      ...builder('postSteps', [[]]),
      'postSteps[0].addType': 'date',
      builderAdd: 'postSteps[0]',
    })
    expect(added.status).toBe(200)
    const value = added.body?.result?.initialValue as {
      preSteps: Array<{ fields?: unknown[] }>
      postSteps: Array<{ fields: Array<{ type: string }> }>
    }
    expect(value.postSteps[0]!.fields.map((field) => field.type)).toEqual(['date'])
    expect(value.preSteps[0]!.fields ?? []).toEqual([])
  })
})

describe('who may edit them', () => {
  it("refuses a member with the spec's message on both tabs, writing nothing, and sends an unknown event to event-not-found", async () => {
    const room = await freshEvent('Not for members')
    for (const tab of ['registration', 'surveys'] as const) {
      const page = await open(tab, room, memberCookie)
      expect(initOf(page).status).toBe(403)
      expect(unwrap(page)).toMatchObject({ refusal: 'events:errors.noPermission', event: null })
    }
    const refused = await edit(
      'registration',
      room,
      { registrationEnabled: 'on', formEnabled: 'on', ...builder('steps', [[{ type: 'email', label: 'Email' }]]) },
      memberCookie,
    )
    expect(refused).toMatchObject({ status: 403, body: { error: 'events:errors.noPermission' } })
    const refusedSurvey = await edit('surveys', room, { redirectOnEndUrl: 'https://example.com' }, memberCookie)
    expect(refusedSurvey.status).toBe(403)
    expect(await CommunityEvent.findByPk(room.id)).toBeNull()
    expect((await room.reload()).redirectOnEndUrl).toBeNull()

    const unknown = await thrownResponse(
      loaders.surveys(
        routeArgs(
          `/${brand.slug}/events/nope/edit/surveys`,
          { brand: brand.slug, room: 'nope' },
          { headers: { Cookie: ownerCookie } },
        ),
      ),
    )
    expect(unknown).toRedirectTo(`/${brand.slug}/event-not-found`)
  })
})

describe('the form calls of the JSON API', () => {
  let definition: FormDefinition
  beforeAll(async () => {
    const room = await freshEvent('API target')
    await edit('registration', room, { formEnabled: 'on', ...TWO_STEPS })
    definition = (await FormDefinition.findByPk((await eventRow(room)).registrationFormId!))!
  })

  it('GET /api/forms/{id}/definition answers its steps of fields to whoever enters the community, 404 for an unknown id', async () => {
    const answer = await apiCall(definitionCall.loader, `/api/forms/${definition.id}/definition`, {
      as: member,
      params: { id: definition.id },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.formDefinition).toMatchObject({ id: definition.id, brandId: brand.id })
    expect(
      answer.body.formDefinition.stepsFields.map((step: Array<{ name: string }>) => step.map((field) => field.name)),
    ).toEqual([
      ['your_name', 'your_team'],
      ['how_keen_are_you', 'thank_you_for_coming', 'your_team_2'],
    ])
    for (const id of ['x'.repeat(36), 'nope', "'; drop"]) {
      const missing = await apiCall(definitionCall.loader, `/api/forms/${id}/definition`, {
        as: member,
        params: { id },
      })
      expect(missing).toMatchObject({ status: 404, body: { error: 'notFound' } })
    }
    const outsider = await makeUser()
    await grantRole(outsider, other)
    expect(
      (
        await apiCall(definitionCall.loader, `/api/forms/${definition.id}/definition`, {
          as: outsider,
          params: { id: definition.id },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await apiCall(definitionCall.loader, `/api/forms/${definition.id}/definition`, {
          params: { id: definition.id },
        })
      ).status,
    ).toBe(401)
  })

  it("GET /api/forms/field-definitions lists the 13 field types in the adder's order, with what each takes", async () => {
    const answer = await apiCall(fieldDefinitionsCall.loader, '/api/forms/field-definitions', { as: member })
    expect(answer.body.fieldDefinitions.map((one: { type: string }) => one.type)).toEqual([...FIELD_TYPES])
    expect(answer.body.fieldDefinitions.find((one: { type: string }) => one.type === 'dropdown')).toEqual({
      type: 'dropdown',
      options: true,
      limits: null,
      text: false,
      answer: 'string',
    })
    expect(answer.body.fieldDefinitions.find((one: { type: string }) => one.type === 'rating')).toMatchObject({
      limits: 'scale',
      answer: 'number',
    })
    expect(answer.body.limits).toMatchObject({ steps: 10, fieldsPerStep: 30 })
  })

  it('GET /api/forms/{id}/submissions answers the answers, marked complete or not, to managers only', async () => {
    const complete = { your_name: 'Ada Lovelace', your_team: 'Red', how_keen_are_you: 9, your_team_2: '' }
    await FormSubmission.create({ formDefinitionId: definition.id, userId: member.id, values: complete })
    await FormSubmission.create({
      formDefinitionId: definition.id,
      userId: owner.id,
      values: { your_name: 'Only this' },
    })
    const answer = await apiCall(submissionsCall.loader, `/api/forms/${definition.id}/submissions`, {
      as: owner,
      params: { id: definition.id },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ total: 2, page: 0, perPage: 50 })
    expect(answer.body.fields.map((field: { name: string }) => field.name)).toEqual([
      'your_name',
      'your_team',
      'how_keen_are_you',
      'your_team_2',
    ])
    const byUser = Object.fromEntries(
      answer.body.submissions.map((row: { user: { id: string }; complete: boolean; values: unknown }) => [
        row.user.id,
        row,
      ]),
    )
    expect(byUser[member.id]).toMatchObject({
      complete: true,
      values: complete,
      user: { emailAddress: member.emailAddress },
    })
    expect(byUser[owner.id]).toMatchObject({ complete: false })
    expect(
      (
        await apiCall(submissionsCall.loader, `/api/forms/${definition.id}/submissions?page=1`, {
          as: owner,
          params: { id: definition.id },
        })
      ).body.submissions,
    ).toEqual([])
    expect(
      (
        await apiCall(submissionsCall.loader, `/api/forms/${definition.id}/submissions?page=-1`, {
          as: owner,
          params: { id: definition.id },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await apiCall(submissionsCall.loader, `/api/forms/${definition.id}/submissions`, {
          as: member,
          params: { id: definition.id },
        })
      ).status,
    ).toBe(403)
  })
})
