// The JSON calls of registration (GET, POST and PUT /forms/{formDefinitionId}/submission with
// values, POST /events/confirmation; docs/api.md#forms, decision 0008): the signed-in person's own
// answers to an event's registration form or survey, and a fresh copy of their confirmation. The
// same rules as the pages: a registration form's answers register (cutoff, limit, moderation, the
// community's terms accepted with `acceptTerms: true`), a survey's are saved for those the event
// admits or has registered.
import { z } from 'zod'
import { Brand, CommunityEvent, EventRegistration, FormDefinition, Room } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { answersSchema, readSteps, type FormValues } from '../forms/form-definition'
import { formDefaults } from '../events/registration-answers'
import { requireRegistrationEvent } from '../events/registration-page.server'
import { sendConfirmation } from '../events/registration-mail.server'
import { findRegistration, register, saveSubmission, savedAnswers } from '../events/registration.server'
import { termsToAccept } from '../events/registration-rules'
import { inCommunity, readBody, refuse, type ApiArgs } from '../http/api.server'
import { requireUser } from '../http/guards.server'
import { LIMITS, hit } from '../platform/rate-limit.server'
import { Op } from 'sequelize'

/** The form the address names, the event that uses it, and the signed-in person allowed to answer it. */
async function formInEvent(args: ApiArgs) {
  const user = await requireUser(args)
  const id = args.params.id ?? ''
  const form = ID_PATTERN.test(id) ? await FormDefinition.findByPk(id) : null
  const event = form
    ? await CommunityEvent.findOne({
        where: {
          [Op.or]: [{ registrationFormId: form.id }, { preSurveyFormId: form.id }, { postSurveyFormId: form.id }],
        },
      })
    : null
  const room = event ? await Room.findOne({ where: { id: event.roomId, status: 'active' } }) : null
  if (!form || !event || !room) throw refuse(404, 'api:errors.notFound')
  const guardArgs = await inCommunity(args, room.brandId)
  const page = await requireRegistrationEvent({ ...guardArgs, params: { ...guardArgs.params, room: room.slug } })
  const kind = event.registrationFormId === form.id ? ('registration' as const) : ('survey' as const)
  if (kind === 'survey' && !page.admitted && !(event.registrationEnabled && (await findRegistration(room.id, user.id))))
    throw refuse(403, 'api:errors.forbidden')
  if (kind === 'registration' && !event.registrationEnabled) throw refuse(404, 'api:errors.notFound')
  return { ...page, user, form, steps: readSteps(form.steps), kind }
}

/** GET forms/{id}/submission: the person's answers, 404 when they gave none. */
export async function readSubmissionCall(args: ApiArgs) {
  const { user, form } = await formInEvent(args)
  const values = await savedAnswers(form.id, user.id)
  if (!Object.keys(values).length) throw refuse(404, 'api:errors.notFound')
  return { formDefinitionId: form.id, values }
}

const SubmissionBody = z.object({ values: z.record(z.unknown()), acceptTerms: z.boolean().optional() })

/** POST or PUT forms/{id}/submission with values: checked like the page's form, then saved (a registration form registers). */
export async function saveSubmissionCall(args: ApiArgs) {
  const { brand, user, room, form, steps, kind } = await formInEvent(args)
  const body = await readBody(args.request, SubmissionBody)
  // The values read as the page posts them (strings, "on" for a ticked box), so both are checked alike.
  const parsed = answersSchema(steps).safeParse(formDefaults(steps.flat(), body.values))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = steps.flat().find((one) => one.name === issue?.path[0])
    throw refuse(400, (issue?.message ?? 'api:errors.badRequest') as never, {
      min: field?.min ?? 1,
      max: field?.max ?? 0,
      field: field?.name ?? '',
    })
  }
  if (kind === 'survey') {
    const saved = await saveSubmission({ formId: form.id, userId: user.id, steps, parsed: parsed.data })
    return { formDefinitionId: form.id, values: saved.values as FormValues }
  }
  // As on the page: the community's terms, until this registration holds their acceptance.
  const terms = termsToAccept(brand, await findRegistration(room.id, user.id))
  if (terms && body.acceptTerms !== true) throw refuse(400, 'registration:errors.termsRequired')
  const outcome = await register({ brand, room, userId: user.id, parsed: parsed.data, termsAccepted: terms !== null })
  if (!outcome.ok) throw refuse(409, `registration:status.${outcome.closed}`)
  return { formDefinitionId: form.id, values: await savedAnswers(form.id, user.id), status: outcome.status }
}

const ConfirmationBody = z.object({ room: z.string().regex(ID_PATTERN, 'api:errors.badRequest') })

/** POST events/confirmation with room (the event's id): the person's confirmation mailed again, with a fresh auto-join link. */
export async function resendConfirmationCall(args: ApiArgs) {
  const user = await requireUser(args)
  const body = await readBody(args.request, ConfirmationBody)
  const registration = await EventRegistration.findOne({ where: { roomId: body.room, userId: user.id } })
  const room = registration ? await Room.findOne({ where: { id: registration.roomId, status: 'active' } }) : null
  if (!registration || !room) throw refuse(404, 'api:errors.notFound')
  if (registration.status !== 'approved') throw refuse(409, 'registration:status.pending')
  const { allowed, retryAfterSeconds } = await hit(LIMITS.codesPerIdentifier, `confirmation:${registration.id}`)
  if (!allowed) throw refuse(429, 'auth:errors.tooMany', { minutes: Math.ceil(retryAfterSeconds / 60) })
  const brand = await Brand.findOne({ where: { id: room.brandId, status: 'active' } })
  if (!brand) throw refuse(404, 'api:errors.notFound')
  await sendConfirmation(brand, registration)
  return { sent: true }
}
