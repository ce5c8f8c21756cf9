// The JSON calls of registration (forms/{id}/submission, events/confirmation; decision 0008).
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CommunityEvent,
  EventRegistration,
  FormDefinition,
  OutboxMessage,
  type Brand,
  type Room,
  type User,
} from '#models/index'
import { loader as submissionLoader, action as submissionAction } from '#app/routes/api.forms.$id.submission'
import { action as confirmationAction } from '#app/routes/api.events.confirmation'
import { grantRole, makeCommunity, makeEventRoom, makeUser } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let brand: Brand
let member: User
let cookie: string
let room: Room
let surveyId: string
let registrationFormId: string

beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
  cookie = await signedInCookie(member.id)
  room = await makeEventRoom(brand, { roomType: 'public', endsAt: new Date(Date.now() + 25 * 3600_000) })
  surveyId = (
    await FormDefinition.create({
      brandId: brand.id,
      steps: [[{ name: 'liked', type: 'shortText', label: 'Liked', required: true, min: 3 }]] as never,
    })
  ).id
  registrationFormId = (
    await FormDefinition.create({
      brandId: brand.id,
      steps: [[{ name: 'agree', type: 'toggle', label: 'Agree', required: true }]] as never,
    })
  ).id
  await CommunityEvent.create({
    roomId: room.id,
    registrationEnabled: true,
    registrationFormId,
    postSurveyFormId: surveyId,
  })
})

const call = async (
  handler: (args: never) => Promise<Response>,
  path: string,
  params: Record<string, string>,
  init: { method?: string; body?: unknown; cookie?: string | null } = {},
) => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (init.cookie !== null) headers.Cookie = init.cookie ?? cookie
  const response = await handler(
    routeArgs(path, params, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    }) as never,
  )
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null }
}

describe('forms/{id}/submission', () => {
  it('reads, checks and saves the person’s own survey answers', async () => {
    const path = `/api/forms/${surveyId}/submission`
    expect((await call(submissionLoader, path, { id: surveyId })).status).toBe(404)
    const bad = await call(
      submissionAction,
      path,
      { id: surveyId },
      { method: 'POST', body: { values: { liked: 'x' } } },
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: 'minLength', message: 'Minimum length 3' })
    expect((await call(submissionAction, path, { id: surveyId }, { method: 'POST', body: 'nope' })).status).toBe(400)
    const saved = await call(
      submissionAction,
      path,
      { id: surveyId },
      { method: 'PUT', body: { values: { liked: 'The talk' } } },
    )
    expect(saved).toEqual({ status: 200, body: { formDefinitionId: surveyId, values: { liked: 'The talk' } } })
    expect((await call(submissionLoader, path, { id: surveyId })).body).toEqual({
      formDefinitionId: surveyId,
      values: { liked: 'The talk' },
    })
    expect((await call(submissionLoader, path, { id: surveyId }, { cookie: null })).status).toBe(401)
    expect((await call(submissionLoader, '/api/forms/x/submission', { id: 'x' })).status).toBe(404)
  })

  it('registers through the registration form', async () => {
    const path = `/api/forms/${registrationFormId}/submission`
    expect(
      (await call(submissionAction, path, { id: registrationFormId }, { method: 'POST', body: { values: {} } })).body,
    ).toMatchObject({ error: 'required' })
    const done = await call(
      submissionAction,
      path,
      { id: registrationFormId },
      { method: 'POST', body: { values: { agree: true } } },
    )
    expect(done.body).toEqual({ formDefinitionId: registrationFormId, values: { agree: true }, status: 'approved' })
    expect(await EventRegistration.count({ where: { roomId: room.id, userId: member.id } })).toBe(1)
  })
})

describe('events/confirmation', () => {
  it('mails the confirmation again to an approved registrant, and refuses the others', async () => {
    const person = await makeUser()
    const theirs = await signedInCookie(person.id)
    expect(
      (
        await call(
          confirmationAction,
          '/api/events/confirmation',
          {},
          { method: 'POST', body: { room: room.id }, cookie: theirs },
        )
      ).status,
    ).toBe(404)
    await EventRegistration.create({ roomId: room.id, userId: person.id, status: 'pending' })
    expect(
      (
        await call(
          confirmationAction,
          '/api/events/confirmation',
          {},
          { method: 'POST', body: { room: room.id }, cookie: theirs },
        )
      ).status,
    ).toBe(409)
    await EventRegistration.update({ status: 'approved' }, { where: { roomId: room.id, userId: person.id } })
    expect(
      (
        await call(
          confirmationAction,
          '/api/events/confirmation',
          {},
          { method: 'POST', body: { room: room.id }, cookie: theirs },
        )
      ).body,
    ).toEqual({ sent: true })
    expect(await OutboxMessage.count({ where: { recipient: person.emailAddress! } })).toBe(1)
    expect(
      (
        await call(
          confirmationAction,
          '/api/events/confirmation',
          {},
          { method: 'POST', body: { room: 'bad id!' }, cookie: theirs },
        )
      ).status,
    ).toBe(400)
  })
})
