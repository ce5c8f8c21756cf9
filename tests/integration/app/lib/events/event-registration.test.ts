// Registering for an event (docs/user-guide.md#registering-for-an-event: registration and its form,
// complete answers, the auto-join code, leaving an event): every rule through the routes' real
// loaders and actions on the file's own database, mail read from the dev outbox.
import { Op } from 'sequelize'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CommunityEvent,
  EventRegistration,
  FormDefinition,
  FormSubmission,
  OutboxMessage,
  Room,
  User,
  type Brand,
} from '#models/index'
import { isCompleteSubmission, type FormSteps } from '#app/lib/forms/form-definition'
import { approveRegistration, register } from '#app/lib/events/registration.server'
import { issueAutoJoinCode } from '#app/lib/events/auto-join.server'
import {
  action as registerAction,
  loader as registerLoader,
} from '#app/routes/$brand._community.events.$room.register/route'
import {
  action as autoJoinAction,
  loader as autoJoinLoader,
} from '#app/routes/$brand._community.events.$room.auto-join/route'
import {
  action as surveyAction,
  loader as surveyLoader,
} from '#app/routes/$brand._community.events.$room.survey.$kind/route'
import { loader as pageLoader } from '#app/routes/$brand._community.events.$room._index/route'
import { loader as meetingLoader } from '#app/routes/$brand.$room/route'
import { grantRole, makeCommunity, makeEventRoom, makeUser, unique } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { cookiePair, initOf, signedInCookie, unwrap } from '#tests/support/session'
import { parseInvitation } from '#tests/support/ics'
import { env } from '#app/lib/platform/env.server'
import { senderAddress } from '#app/lib/platform/mail.server'

const HOUR = 3600_000
const STEPS: FormSteps = [
  [
    { name: 'full_name', type: 'fullName', label: 'Full name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
  ],
  [
    { name: 'company', type: 'shortText', label: 'Company', required: false, max: 20 },
    { name: 'rating', type: 'rating', label: 'Rate us', required: true, max: 5 },
    { name: 'agree', type: 'toggle', label: 'I agree', required: true },
    { name: 'intro', type: 'displayText', label: '', required: false, text: 'Hello' },
  ],
]
const SURVEY: FormSteps = [[{ name: 'liked', type: 'longText', label: 'What did you like?', required: true, min: 3 }]]

let brand: Brand
let owner: User
let member: User
let ownerCookie: string
let memberCookie: string

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
  ownerCookie = await signedInCookie(owner.id)
  memberCookie = await signedInCookie(member.id)
})

async function registrationEvent(
  event: Partial<CommunityEvent> = {},
  room: Partial<Room> = {},
  steps: FormSteps = STEPS,
) {
  const eventRoom = await makeEventRoom(brand, {
    roomType: 'public',
    startsAt: new Date(Date.now() + 24 * HOUR),
    endsAt: new Date(Date.now() + 25 * HOUR),
    ...room,
  })
  const form = await FormDefinition.create({ brandId: brand.id, steps: steps as never })
  await CommunityEvent.create({
    roomId: eventRoom.id,
    registrationEnabled: true,
    registrationFormId: form.id,
    ...event,
  } as never)
  return eventRoom
}

async function surveyForm() {
  return (await FormDefinition.create({ brandId: brand.id, steps: SURVEY as never })).id
}

function body(fields: Record<string, string | string[]>) {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one)
  return form
}

/** What a loader or action gave: status, data, redirect location, and the response itself. */
async function run(
  work: Promise<unknown> | unknown,
): Promise<{ status: number; data?: any; location?: string; response?: Response }> {
  try {
    const result = await work
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get('Location') ?? undefined, response: result }
    return { status: initOf(result).status, data: unwrap(result) }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, location: thrown.headers.get('Location') ?? undefined, response: thrown }
  }
}

/** A browser: keeps the session cookie each answer sets. */
function browser(cookie = '') {
  const jar = { cookie }
  const keep = (outcome: Awaited<ReturnType<typeof run>>) => {
    const session = outcome.response?.headers.getSetCookie().find((header) => header.startsWith('__session='))
    if (session) jar.cookie = cookiePair(session)
    return outcome
  }
  const headers = (): Record<string, string> => (jar.cookie ? { Cookie: jar.cookie } : {})
  return {
    jar,
    get: async (loader: (args: never) => unknown, path: string, params: Record<string, string>) =>
      keep(await run(loader(routeArgs(path, { brand: brand.slug, ...params }, { headers: headers() }) as never))),
    post: async (
      action: (args: never) => unknown,
      path: string,
      params: Record<string, string>,
      fields: Record<string, string | string[]>,
    ) =>
      keep(
        await run(
          action(
            routeArgs(
              path,
              { brand: brand.slug, ...params },
              { method: 'POST', body: body(fields), headers: headers() },
            ) as never,
          ),
        ),
      ),
  }
}

const registerPath = (room: Room) => `/${brand.slug}/events/${room.slug}/register`
const latestMail = (to: string) => OutboxMessage.findOne({ where: { recipient: to }, order: [['createdAt', 'DESC']] })
/** The mail to `to` whose subject starts so (MariaDB's whole-second stamps can tie two mails' order). */
const mailTo = (to: string, subjectStart: string) =>
  OutboxMessage.findOne({
    where: { recipient: to, subject: { [Op.like]: `${subjectStart}%` } },
    order: [['createdAt', 'DESC']],
  })

describe('a visitor registers with an emailed code', () => {
  it('answers each step, proves the address and is signed in, registered and mailed the invitation', async () => {
    const room = await registrationEvent()
    const visitor = browser()
    const email = `visitor-${unique()}@example.com`
    const params = { room: room.slug }

    const first = await visitor.get(registerLoader, registerPath(room), params)
    expect(first.data.stage).toBe('step')
    expect(first.data.fields.map((field: { name: string }) => field.name)).toEqual(['full_name', 'email'])

    // Bad input: 400, the values kept, nothing sent.
    const bad = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'step',
      step: '0',
      full_name: 'Ann',
      email: 'not-an-email',
    })
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.full_name).toEqual(['forms:errors.fullName'])
    expect(bad.data.result.error.email).toEqual(['forms:errors.email'])
    expect(bad.data.result.initialValue.full_name).toBe('Ann')

    const step0 = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'step',
      step: '0',
      full_name: 'Ann Visitor',
      email,
    })
    expect(step0.location).toBe(`${registerPath(room)}?step=1`)
    // A step ahead of what is done is refused.
    const skip = await visitor.get(registerLoader, `${registerPath(room)}?step=5`, params)
    expect(skip.data.step).toBe(1)

    const tooLong = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'step',
      step: '1',
      company: 'x'.repeat(21),
      rating: '9',
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.data.result.error.company).toEqual(['forms:errors.maxLength'])
    expect(tooLong.data.result.error.rating).toEqual(['forms:errors.choiceInvalid'])
    expect(tooLong.data.result.error.agree).toEqual(['forms:errors.required'])

    const step1 = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'step',
      step: '1',
      rating: '4',
      agree: 'on',
    })
    expect(step1.location).toBe(registerPath(room))
    expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(0)
    const codeMail = await latestMail(email)
    expect(codeMail?.meta.code).toMatch(/^\d{6}$/)

    const waiting = await visitor.get(registerLoader, registerPath(room), params)
    expect(waiting.data.stage).toBe('code')
    expect(waiting.data.emailAddress).toBe(email)

    const wrong = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'verify',
      code: codeMail!.meta.code === '000000' ? '111111' : '000000',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.data.error.message).toBe('auth:errors.invalidCode')

    const confirmed = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'verify',
      code: String(codeMail!.meta.code),
    })
    expect(confirmed.location).toBe(`/${brand.slug}/events/${room.slug}`)
    await expect(confirmed.response!).toHaveFlash({ message: 'registration:flash.approved' })

    const user = await User.findOne({ where: { emailAddress: email }, rejectOnEmpty: true })
    expect(user.name).toBe('Ann Visitor')
    expect(user.verified).toBe(true)
    const registration = await EventRegistration.findOne({
      where: { roomId: room.id, userId: user.id },
      rejectOnEmpty: true,
    })
    expect(registration.status).toBe('approved')
    const submission = await FormSubmission.findByPk(registration.submissionId!, { rejectOnEmpty: true })
    expect(submission.values).toEqual({ full_name: 'Ann Visitor', email, company: '', rating: 4, agree: true })
    expect(isCompleteSubmission(STEPS, submission.values as never)).toBe(true)
    expect((await Room.findByPk(room.id))!.members).toContain(user.id)

    const confirmation = await mailTo(email, 'You are registered')
    expect(confirmation!.subject).toContain(room.name!)
    const attachments = confirmation!.meta.attachments as Array<{ filename: string; content: string }>
    expect(attachments[0]!.filename).toBe('invite.ics')
    // Read back as a strict calendar reads it: the organizer is the community, at the sender's address.
    expect(parseInvitation(attachments[0]!.content)).toMatchObject({
      uid: `${registration.id}@${new URL(env.PUBLIC_URL).host}`,
      summary: room.name,
      organizer: `MAILTO:${senderAddress()}`,
      organizerName: brand.name,
    })
    expect(String(confirmation!.meta.link)).toContain(`/${brand.slug}/events/${room.slug}/auto-join?code=`)
    expect(registration.autoJoinCodeHash).toMatch(/^[0-9a-f]{64}$/)

    // Signed in now: the event page says so and offers the meeting.
    const page = await visitor.get(pageLoader, `/${brand.slug}/events/${room.slug}`, params)
    expect(page.data.registration.status).toBe('approved')
    expect(page.data.joinUrl).toBe(`/${brand.slug}/${room.slug}`)
  })

  it('asks for a name and email first when the form has no such fields, and signs an existing account in', async () => {
    const room = await registrationEvent({}, {}, [
      [{ name: 'topic', type: 'dropdown', label: 'Topic', required: true, options: ['a', 'b'] }],
    ])
    const existing = await makeUser()
    const visitor = browser()
    const params = { room: room.slug }
    expect((await visitor.get(registerLoader, registerPath(room), params)).data.stage).toBe('about')
    const bad = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'about',
      fullName: 'Solo',
      emailAddress: 'x',
    })
    expect(bad.status).toBe(400)
    expect(
      (
        await visitor.post(registerAction, registerPath(room), params, {
          intent: 'about',
          fullName: 'Some One',
          emailAddress: existing.emailAddress!,
        })
      ).location,
    ).toBe(`${registerPath(room)}?step=0`)
    const badChoice = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'step',
      step: '0',
      topic: 'z',
    })
    expect(badChoice.data.result.error.topic).toEqual(['forms:errors.choiceInvalid'])
    await visitor.post(registerAction, registerPath(room), params, { intent: 'step', step: '0', topic: 'b' })
    const code = String((await latestMail(existing.emailAddress!))!.meta.code)
    const done = await visitor.post(registerAction, registerPath(room), params, { intent: 'verify', code })
    expect(done.location).toBe(`/${brand.slug}/events/${room.slug}`)
    const registration = await EventRegistration.findOne({
      where: { roomId: room.id, userId: existing.id },
      rejectOnEmpty: true,
    })
    expect(await User.count({ where: { emailAddress: existing.emailAddress! } })).toBe(1)
    expect((await FormSubmission.findByPk(registration.submissionId!))!.values).toEqual({ topic: 'b' })
  })
})

describe('registering while signed in', () => {
  it('updates the answers when registering twice, never a second row', async () => {
    const room = await registrationEvent()
    const me = browser(memberCookie)
    const params = { room: room.slug }
    const answer = async (company: string) => {
      await me.post(registerAction, registerPath(room), params, {
        intent: 'step',
        step: '0',
        full_name: 'Mem Ber',
        email: member.emailAddress!,
      })
      return me.post(registerAction, registerPath(room), params, {
        intent: 'step',
        step: '1',
        rating: '3',
        agree: 'on',
        company,
      })
    }
    const first = await answer('First')
    await expect(first.response!).toHaveFlash({ message: 'registration:flash.approved' })
    const second = await answer('Second')
    await expect(second.response!).toHaveFlash({ message: 'registration:flash.updated' })
    expect(await EventRegistration.count({ where: { roomId: room.id, userId: member.id } })).toBe(1)
    expect(
      await FormSubmission.count({
        where: { userId: member.id, formDefinitionId: (await CommunityEvent.findByPk(room.id))!.registrationFormId! },
      }),
    ).toBe(1)
    const registration = await EventRegistration.findOne({
      where: { roomId: room.id, userId: member.id },
      rejectOnEmpty: true,
    })
    expect(
      ((await FormSubmission.findByPk(registration.submissionId!))!.values as Record<string, unknown>).company,
    ).toBe('Second')
    // Shown again with the saved answers.
    const again = await me.get(registerLoader, `${registerPath(room)}?step=1`, params)
    expect(again.data.defaults).toMatchObject({ company: 'Second', rating: '3', agree: 'on' })
  })

  it('makes a pending registration when moderated, with a waiting mail; approval sends the confirmation', async () => {
    const room = await registrationEvent({ registrationModeration: true }, {}, [
      [{ name: 'note', type: 'shortText', label: 'Note', required: false }],
    ])
    const person = await makeUser()
    const outcome = await register({ brand, room, userId: person.id, parsed: {} })
    expect(outcome).toMatchObject({ ok: true, status: 'pending' })
    expect(await mailTo(person.emailAddress!, 'Registration received')).not.toBeNull()
    expect(await mailTo(person.emailAddress!, 'You are registered')).toBeNull()
    expect((await Room.findByPk(room.id))!.members).not.toContain(person.id)
    const registration = await EventRegistration.findOne({
      where: { roomId: room.id, userId: person.id },
      rejectOnEmpty: true,
    })
    expect(registration.autoJoinCodeHash).toBeNull()
    expect(await approveRegistration(brand, registration.id)).toBe(true)
    expect(await approveRegistration(brand, registration.id)).toBe(false)
    await registration.reload()
    expect(registration.status).toBe('approved')
    expect(registration.autoJoinCodeHash).not.toBeNull()
    expect(await mailTo(person.emailAddress!, 'You are registered')).not.toBeNull()
    expect((await Room.findByPk(room.id))!.members).toContain(person.id)
  })
})

describe('a mobile-phone field with SMS consent', () => {
  const PHONE_STEPS: FormSteps = [[{ name: 'mobile', type: 'mobilePhone', label: 'Mobile', required: false }]]

  it('registers at once without consent, and after the SMS code with it (a wrong one refused)', async () => {
    const params = async () => {
      const room = await registrationEvent({}, {}, PHONE_STEPS)
      return { room, params: { room: room.slug } }
    }
    const plain = await params()
    const person = await makeUser()
    const me = browser(await signedInCookie(person.id))
    const direct = await me.post(registerAction, registerPath(plain.room), plain.params, {
      intent: 'step',
      step: '0',
      mobile: '+351 912 345 678',
    })
    await expect(direct.response!).toHaveFlash({ message: 'registration:flash.approved' })

    const { room, params: p } = await params()
    const asked = await me.post(registerAction, registerPath(room), p, {
      intent: 'step',
      step: '0',
      mobile: '+351 912 345 678',
      smsConsent: 'mobile',
    })
    expect(asked.location).toBe(registerPath(room))
    expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(0)
    const sms = await OutboxMessage.findOne({
      where: { channel: 'sms', recipient: '+351912345678' },
      order: [['createdAt', 'DESC']],
    })
    const code = String(sms!.meta.code)
    expect(code).toMatch(/^\d{6}$/)
    const page = await me.get(registerLoader, registerPath(room), p)
    expect(page.data.stage).toBe('phone')
    expect(page.data.phone).toBe('+351912345678')
    const bad = await me.post(registerAction, registerPath(room), p, { intent: 'verifyPhone', code: 'abc' })
    expect(bad.status).toBe(400)
    const wrong = await me.post(registerAction, registerPath(room), p, {
      intent: 'verifyPhone',
      code: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.data.error.message).toBe('auth:errors.invalidCode')
    expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(0)
    const right = await me.post(registerAction, registerPath(room), p, { intent: 'verifyPhone', code })
    await expect(right.response!).toHaveFlash({ message: 'registration:flash.approved' })
    expect(await EventRegistration.count({ where: { roomId: room.id, userId: person.id } })).toBe(1)
  })

  it("proves a visitor's email, then their number, then signs them in registered", async () => {
    const room = await registrationEvent({}, {}, PHONE_STEPS)
    const visitor = browser()
    const params = { room: room.slug }
    const email = `phone-${unique()}@example.com`
    await visitor.post(registerAction, registerPath(room), params, {
      intent: 'about',
      fullName: 'Pat Phone',
      emailAddress: email,
    })
    await visitor.post(registerAction, registerPath(room), params, {
      intent: 'step',
      step: '0',
      mobile: '+44 7700 900123',
      smsConsent: 'mobile',
    })
    const mailed = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'verify',
      code: String((await latestMail(email))!.meta.code),
    })
    expect(mailed.location).toBe(registerPath(room))
    expect(await User.count({ where: { emailAddress: email } })).toBe(0)
    const sms = await OutboxMessage.findOne({
      where: { channel: 'sms', recipient: '+447700900123' },
      order: [['createdAt', 'DESC']],
    })
    const done = await visitor.post(registerAction, registerPath(room), params, {
      intent: 'verifyPhone',
      code: String(sms!.meta.code),
    })
    expect(done.location).toBe(`/${brand.slug}/events/${room.slug}`)
    const user = await User.findOne({ where: { emailAddress: email }, rejectOnEmpty: true })
    const registration = await EventRegistration.findOne({
      where: { roomId: room.id, userId: user.id },
      rejectOnEmpty: true,
    })
    expect((await FormSubmission.findByPk(registration.submissionId!))!.values).toEqual({ mobile: '+44 7700 900123' })
  })
})

describe('cutoff and limit', () => {
  it('takes registrations up to the cutoff instant and refuses them after', async () => {
    const cutoff = new Date(Date.now() + 2 * HOUR)
    const room = await registrationEvent({ registrationCutoffAt: cutoff }, {}, [])
    const [a, b] = [await makeUser(), await makeUser()]
    expect(await register({ brand, room, userId: a.id, parsed: {}, now: cutoff })).toMatchObject({ ok: true })
    expect(await register({ brand, room, userId: b.id, parsed: {}, now: new Date(cutoff.getTime() + 1) })).toEqual({
      ok: false,
      closed: 'cutoff',
    })
  })

  it('closes at the start when no cutoff is set, and the register page says so', async () => {
    const room = await registrationEvent(
      {},
      { startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + HOUR) },
      [],
    )
    const page = await browser(memberCookie).get(registerLoader, registerPath(room), { room: room.slug })
    expect(page.data.stage).toBe('closed')
    expect(page.data.closed).toBe('cutoff')
  })

  it('counts approved and pending places against the limit, even when two race for the last one', async () => {
    const room = await registrationEvent({ registrationLimit: 2, registrationModeration: true }, {}, [])
    const people = await Promise.all([makeUser(), makeUser(), makeUser()])
    expect(await register({ brand, room, userId: people[0]!.id, parsed: {} })).toMatchObject({
      ok: true,
      status: 'pending',
    })
    const raced = await Promise.all([
      register({ brand, room, userId: people[1]!.id, parsed: {} }),
      register({ brand, room, userId: people[2]!.id, parsed: {} }),
    ])
    expect(raced.filter((outcome) => outcome.ok)).toHaveLength(1)
    expect(raced.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, closed: 'full' }])
    expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(2)
    const full = await browser(memberCookie).get(registerLoader, registerPath(room), { room: room.slug })
    expect(full.data.closed).toBe('full')
  })
})

describe('the auto-join link', () => {
  const open = (room: Room, query: string) =>
    browser().get(autoJoinLoader, `/${brand.slug}/events/${room.slug}/auto-join${query}`, { room: room.slug })

  it('is required, valid and not expired; a good one signs in and opens the meeting', async () => {
    const room = await registrationEvent({}, {}, [])
    const person = await makeUser()
    await register({ brand, room, userId: person.id, parsed: {} })
    const registration = await EventRegistration.findOne({
      where: { roomId: room.id, userId: person.id },
      rejectOnEmpty: true,
    })
    const { code } = await issueAutoJoinCode(registration, room)

    const missing = await open(room, '')
    expect(missing.status).toBe(400)
    expect(missing.data.reason).toBe('required')
    const wrong = await open(room, '?code=not-the-code')
    expect(wrong.data.reason).toBe('invalid')

    const good = await open(room, `?code=${code}`)
    expect(good.status).toBe(302)
    expect(good.location).toBe(`/${brand.slug}/${room.slug}`)
    expect(good.response!.headers.get('Set-Cookie')).toContain('__session=')

    // Another event's code is no code here.
    const other = await registrationEvent({}, {}, [])
    expect((await open(other, `?code=${code}`)).data.reason).toBe('invalid')

    await registration.update({ autoJoinExpiresAt: new Date(Date.now() - 1) })
    const expired = await open(room, `?code=${code}`)
    expect(expired.status).toBe(410)
    expect(expired.data.reason).toBe('expired')

    // A pending registration's code (made before approval was withdrawn) opens nothing.
    await registration.update({ autoJoinExpiresAt: new Date(Date.now() + HOUR), status: 'pending' })
    expect((await open(room, `?code=${code}`)).data.reason).toBe('invalid')
  })

  it('never switches the signed-in account on a GET: it asks "continue as …?", and only that form switches', async () => {
    const room = await registrationEvent({}, {}, [])
    const registrant = await makeUser({ name: 'Reg Istrant' })
    await register({ brand, room, userId: registrant.id, parsed: {} })
    const registration = await EventRegistration.findOne({
      where: { roomId: room.id, userId: registrant.id },
      rejectOnEmpty: true,
    })
    const { code } = await issueAutoJoinCode(registration, room)
    const path = `/${brand.slug}/events/${room.slug}/auto-join?code=${code}`
    const visitor = await makeUser({ name: 'Vic Visitor' })
    const signedIn = browser(await signedInCookie(visitor.id))
    const before = signedIn.jar.cookie

    // An image or a link that loads the address: a question, no new session.
    const asked = await signedIn.get(autoJoinLoader, path, { room: room.slug })
    expect(asked.status).toBe(200)
    expect(asked.data.prompt).toMatchObject({ as: 'Reg Istrant', current: 'Vic Visitor', currentUserId: visitor.id })
    expect(signedIn.jar.cookie).toBe(before)
    // A POST that does not name the account signed in here (a forged form) goes back to asking.
    const forged = await signedIn.post(autoJoinAction, path, { room: room.slug }, {})
    expect(forged.status).toBe(303)
    expect(signedIn.jar.cookie).toBe(before)
    // The question's own form switches, into the meeting.
    const agreed = await signedIn.post(autoJoinAction, path, { room: room.slug }, { replacing: visitor.id })
    expect(agreed.status).toBe(302)
    expect(agreed.location).toBe(`/${brand.slug}/${room.slug}`)
    expect(signedIn.jar.cookie).not.toBe(before)
  })
})

describe('the meeting of a registration event', () => {
  const meeting = (room: Room, cookie: string) =>
    browser(cookie).get(meetingLoader, `/${brand.slug}/${room.slug}`, { room: room.slug })

  it('admits approved registrants and those who run it; sends others to register', async () => {
    const room = await registrationEvent({}, {}, [])
    const unregistered = await meeting(room, memberCookie)
    expect(unregistered.location).toBe(registerPath(room))
    await expect(unregistered.response!).toHaveFlash({ message: 'registration:flash.registrationRequired' })
    expect((await meeting(room, ownerCookie)).status).toBe(200)

    const pending = await makeUser()
    await grantRole(pending, brand)
    await EventRegistration.create({ roomId: room.id, userId: pending.id, status: 'pending' })
    expect((await meeting(room, await signedInCookie(pending.id))).location).toBe(`/${brand.slug}/events/${room.slug}`)

    // An approved registrant who is not a community member gets in (the event's members do).
    const outsider = await makeUser()
    await register({ brand, room, userId: outsider.id, parsed: {} })
    expect((await meeting(room, await signedInCookie(outsider.id))).status).toBe(200)
  })

  it('sends a registrant to the pre-survey first, and a plain participant to the post-survey on leaving', async () => {
    const [pre, post] = [await surveyForm(), await surveyForm()]
    const room = await registrationEvent({ preSurveyFormId: pre, postSurveyFormId: post }, {}, [])
    const person = await makeUser()
    const cookie = await signedInCookie(person.id)
    await register({ brand, room, userId: person.id, parsed: {} })
    const surveyUrl = (kind: string) => `/${brand.slug}/events/${room.slug}/survey/${kind}`
    expect((await meeting(room, cookie)).location).toBe(surveyUrl('pre'))

    const me = browser(cookie)
    const shown = await me.get(surveyLoader, surveyUrl('pre'), { room: room.slug, kind: 'pre' })
    expect(shown.data.steps).toEqual(SURVEY)
    const bad = await me.post(surveyAction, surveyUrl('pre'), { room: room.slug, kind: 'pre' }, { liked: 'x' })
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.liked).toEqual(['forms:errors.minLength'])
    const saved = await me.post(
      surveyAction,
      surveyUrl('pre'),
      { room: room.slug, kind: 'pre' },
      { liked: 'The people' },
    )
    expect(saved.location).toBe(`/${brand.slug}/${room.slug}`)

    const inside = await meeting(room, cookie)
    expect(inside.status).toBe(200)
    expect(inside.data.endUrl).toBe(surveyUrl('post'))
    // The host leaves straight to the end URL (the event page when the room names none).
    expect((await meeting(room, ownerCookie)).data.endUrl).toBe(`/${brand.slug}/events/${room.slug}`)

    const answered = await me.post(
      surveyAction,
      surveyUrl('post'),
      { room: room.slug, kind: 'post' },
      { liked: 'All of it' },
    )
    expect(answered.location).toBe(`/${brand.slug}/events/${room.slug}`)
    await expect(answered.response!).toHaveFlash({ message: 'registration:flash.surveySaved' })
    expect((await meeting(room, cookie)).data.endUrl).toBe(`/${brand.slug}/events/${room.slug}`)
    expect(await FormSubmission.count({ where: { userId: person.id } })).toBe(2)

    await room.update({ redirectOnEndUrl: 'https://example.com/thanks' })
    expect((await meeting(room, cookie)).data.endUrl).toBe('https://example.com/thanks')
  })

  it('keeps surveys from people the event does not know, and unknown kinds are 404', async () => {
    const room = await registrationEvent({ postSurveyFormId: await surveyForm() }, {}, [])
    const stranger = browser(await signedInCookie((await makeUser()).id))
    expect((await stranger.get(surveyLoader, `/x`, { room: room.slug, kind: 'post' })).location).toBe(
      `/${brand.slug}/events/${room.slug}`,
    )
    expect((await stranger.get(surveyLoader, `/x`, { room: room.slug, kind: 'during' })).status).toBe(404)
    expect((await browser().get(surveyLoader, `/x`, { room: room.slug, kind: 'post' })).location).toMatch(/^\/private/)
  })
})

describe('the event page', () => {
  it('sends a visitor of a public registration event to register, but not of a private one', async () => {
    const room = await registrationEvent({}, {}, [])
    expect((await browser().get(pageLoader, `/x`, { room: room.slug })).location).toBe(registerPath(room))
    const secret = await registrationEvent({}, { roomType: 'private' }, [])
    const refused = await browser().get(pageLoader, `/x`, { room: secret.slug })
    expect(refused.location).toMatch(/^\/private/)
    expect((await browser().get(registerLoader, `/x`, { room: secret.slug })).location).toMatch(/^\/private/)
  })

  it('offers Register to a member, without the Join link until registered', async () => {
    const room = await registrationEvent({}, {}, [])
    const page = await browser(memberCookie).get(pageLoader, `/x`, { room: room.slug })
    expect(page.data.registration).toMatchObject({ status: null, closed: null, url: registerPath(room) })
    expect(page.data.joinUrl).toBeNull()
    expect((await browser(ownerCookie).get(pageLoader, `/x`, { room: room.slug })).data.joinUrl).toBe(
      `/${brand.slug}/${room.slug}`,
    )
  })
})
