// The community's terms on event registration (docs/user-guide.md#registering-for-an-event): where
// the community links terms or a privacy policy, the form that registers asks them accepted,
// refuses without (400, what was typed kept, nothing written) and the registration keeps the time;
// a community without terms asks and stores nothing. Through the register route's loader and
// action, and the JSON call that registers.
import { describe, expect, it } from 'vitest'
import {
  CommunityEvent,
  EventRegistration,
  FormDefinition,
  FormSubmission,
  OutboxMessage,
  User,
  type Brand,
} from '#models/index'
import type { FormSteps } from '#app/lib/forms/form-definition'
import { action, loader } from '#app/routes/$brand._community.events.$room.register/route'
import { action as submissionAction } from '#app/routes/api.forms.$id.submission'
import { apiCall } from '#tests/support/api-call'
import { TestBrowser } from '#tests/support/browser'
import { grantRole, makeCommunity, makeEventRoom, makeUser, unique } from '#tests/support/factories'

const HOUR = 3600_000
const TERMS = { communityToS: 'https://club.example/terms', communityPP: 'https://club.example/privacy' }
const NOTE: FormSteps = [[{ name: 'note', type: 'shortText', label: 'Note', required: false }]]

/** A community (with or without terms), a member of it, and an event of it taking registrations. */
async function setting(brandFields: Partial<Brand> = {}, steps: FormSteps | null = NOTE) {
  const { brand } = await makeCommunity({ brand: brandFields })
  const member = await makeUser()
  await grantRole(member, brand)
  const room = await makeEventRoom(brand, {
    roomType: 'public',
    startsAt: new Date(Date.now() + 24 * HOUR),
    endsAt: new Date(Date.now() + 25 * HOUR),
  })
  const form = steps ? await FormDefinition.create({ brandId: brand.id, steps: steps as never }) : null
  await CommunityEvent.create({ roomId: room.id, registrationEnabled: true, registrationFormId: form?.id ?? null })
  const path = `/${brand.slug}/events/${room.slug}/register`
  const params = { brand: brand.slug, room: room.slug }
  return { brand, member, room, form, path, params }
}

type Setting = Awaited<ReturnType<typeof setting>>

const open = (browser: TestBrowser, { path, params }: Setting) => browser.run(loader, path, { params })
const post = (browser: TestBrowser, { path, params }: Setting, fields: Record<string, string>) =>
  browser.run(action, path, { params, fields })

/** Nothing of a registration was written: no row, no answers, no account, no mail. */
async function nothingWritten({ room, form }: Setting, email?: string) {
  expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(0)
  if (form) expect(await FormSubmission.count({ where: { formDefinitionId: form.id } })).toBe(0)
  if (email) {
    expect(await User.count({ where: { emailAddress: email } })).toBe(0)
    expect(await OutboxMessage.count({ where: { recipient: email } })).toBe(0)
  }
}

describe('a community with terms', () => {
  it('asks them on the last step, refuses without and keeps the answers, keeps the time when accepted', async () => {
    const place = await setting(TERMS)
    const me = await TestBrowser.signedIn(place.member.id)
    const page = await open(me, place)
    expect(page.data).toMatchObject({
      stage: 'step',
      terms: { termsUrl: TERMS.communityToS, privacyUrl: TERMS.communityPP },
    })
    expect(page.data.constraints.step.acceptTerms).toBeDefined()

    const refused = await post(me, place, { intent: 'step', step: '0', note: 'Bringing seeds' })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error).toEqual({ acceptTerms: ['registration:errors.termsRequired'] })
    expect(refused.data.result.initialValue.note).toBe('Bringing seeds')
    await nothingWritten(place)

    // Bad input in the box itself: refused the same, still nothing written.
    const garbled = await post(me, place, { intent: 'step', step: '0', note: 'x', acceptTerms: 'yes please' })
    expect(garbled.status).toBe(400)
    expect(garbled.data.result.error.acceptTerms).toEqual(['registration:errors.termsRequired'])
    await nothingWritten(place)

    const before = Date.now()
    const done = await post(me, place, { intent: 'step', step: '0', note: 'Bringing seeds', acceptTerms: 'on' })
    expect(done.flash).toMatchObject({ message: 'registration:flash.approved' })
    const registration = await EventRegistration.findOne({
      where: { roomId: place.room.id, userId: place.member.id },
      rejectOnEmpty: true,
    })
    const acceptedAt = registration.termsAcceptedAt!.getTime()
    expect(acceptedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(acceptedAt).toBeLessThanOrEqual(Date.now() + 1000)
    // The box is no answer to the form.
    expect((await FormSubmission.findByPk(registration.submissionId!))!.values).toEqual({ note: 'Bringing seeds' })

    // Changing the answers later asks nothing again and keeps the first time.
    expect((await open(me, place)).data.terms).toBeNull()
    const updated = await post(me, place, { intent: 'step', step: '0', note: 'Bringing tea' })
    expect(updated.flash).toMatchObject({ message: 'registration:flash.updated' })
    expect((await registration.reload()).termsAcceptedAt!.getTime()).toBe(acceptedAt)
  })

  it('asks a visitor on the name-and-email form when the event asks nothing, before any code goes', async () => {
    const place = await setting(TERMS, null)
    const visitor = new TestBrowser()
    const email = `terms-${unique()}@example.com`
    expect((await open(visitor, place)).data).toMatchObject({
      stage: 'about',
      stepCount: 0,
      terms: { termsUrl: TERMS.communityToS },
    })

    const refused = await post(visitor, place, { intent: 'about', fullName: 'Vera Visitor', emailAddress: email })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error).toEqual({ acceptTerms: ['registration:errors.termsRequired'] })
    expect(refused.data.result.initialValue).toMatchObject({ fullName: 'Vera Visitor', emailAddress: email })
    await nothingWritten(place, email)

    const sent = await post(visitor, place, {
      intent: 'about',
      fullName: 'Vera Visitor',
      emailAddress: email,
      acceptTerms: 'on',
    })
    expect(sent.location).toBe(place.path)
    const code = (await OutboxMessage.findOne({ where: { recipient: email }, order: [['createdAt', 'DESC']] }))!.meta
      .code
    const done = await post(visitor, place, { intent: 'verify', code: String(code) })
    expect(done.flash).toMatchObject({ message: 'registration:flash.approved' })
    const user = await User.findOne({ where: { emailAddress: email }, rejectOnEmpty: true })
    const registration = await EventRegistration.findOne({ where: { roomId: place.room.id, userId: user.id } })
    expect(registration!.termsAcceptedAt).toBeInstanceOf(Date)
  })

  it('asks again someone registered before the community had terms', async () => {
    const place = await setting()
    const me = await TestBrowser.signedIn(place.member.id)
    await post(me, place, { intent: 'step', step: '0', note: 'Early' })
    await place.brand.update(TERMS)
    expect((await open(me, place)).data.terms).toMatchObject({ termsUrl: TERMS.communityToS })
    expect((await post(me, place, { intent: 'step', step: '0', note: 'Later' })).status).toBe(400)
    await post(me, place, { intent: 'step', step: '0', note: 'Later', acceptTerms: 'on' })
    const registration = await EventRegistration.findOne({ where: { roomId: place.room.id, userId: place.member.id } })
    expect(registration!.termsAcceptedAt).toBeInstanceOf(Date)
  })

  it('sends back to the form a visitor whose code arrives after the community linked its terms', async () => {
    const place = await setting({}, null)
    const visitor = new TestBrowser()
    const email = `late-${unique()}@example.com`
    await post(visitor, place, { intent: 'about', fullName: 'Lou Late', emailAddress: email })
    await place.brand.update(TERMS)
    const code = (await OutboxMessage.findOne({ where: { recipient: email } }))!.meta.code
    const back = await post(visitor, place, { intent: 'verify', code: String(code) })
    expect(back.location).toBe(place.path)
    expect(await EventRegistration.count({ where: { roomId: place.room.id } })).toBe(0)
    expect((await open(visitor, place)).data).toMatchObject({ stage: 'step', terms: { termsUrl: TERMS.communityToS } })
  })

  it('asks the JSON call that registers for acceptTerms: true', async () => {
    const place = await setting(TERMS)
    const path = `/api/forms/${place.form!.id}/submission`
    const call = (body: unknown) =>
      apiCall(submissionAction as never, path, { as: place.member, body, params: { id: place.form!.id } })
    const refused = await call({ values: { note: 'By API' } })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: 'termsRequired', message: 'Accept the terms to register.' })
    expect(await EventRegistration.count({ where: { roomId: place.room.id } })).toBe(0)
    expect((await call({ values: { note: 'By API' }, acceptTerms: true })).status).toBe(200)
    const registration = await EventRegistration.findOne({ where: { roomId: place.room.id, userId: place.member.id } })
    expect(registration!.termsAcceptedAt).toBeInstanceOf(Date)
    // Accepted once: updating the answers needs it no more.
    expect((await call({ values: { note: 'Again' } })).status).toBe(200)
  })
})

describe('a community without terms', () => {
  it('shows no box and stores nothing, even when a box is posted', async () => {
    const place = await setting()
    const me = await TestBrowser.signedIn(place.member.id)
    const page = await open(me, place)
    expect(page.data.terms).toBeNull()
    const done = await post(me, place, { intent: 'step', step: '0', note: 'Plain', acceptTerms: 'on' })
    expect(done.flash).toMatchObject({ message: 'registration:flash.approved' })
    const registration = await EventRegistration.findOne({ where: { roomId: place.room.id, userId: place.member.id } })
    expect(registration!.termsAcceptedAt).toBeNull()

    const api = await setting()
    const answer = await apiCall(submissionAction as never, `/api/forms/${api.form!.id}/submission`, {
      as: api.member,
      body: { values: { note: 'By API' }, acceptTerms: true },
      params: { id: api.form!.id },
    })
    expect(answer.status).toBe(200)
    expect((await EventRegistration.findOne({ where: { roomId: api.room.id } }))!.termsAcceptedAt).toBeNull()
  })
})
