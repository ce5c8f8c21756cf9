// Registering for an event (docs/user-guide.md#registering-for-an-event): making and updating a
// registration with its answers, the limit held under concurrency, approval, and the auto-join
// code. The mails live in registration-mail.server.ts. Access (who may open the register page) is
// the caller's guard; these functions trust their arguments.
import { Op, type Transaction } from 'sequelize'
import { CommunityEvent, EventRegistration, FormSubmission, Room, type Brand } from '#models/index'
import type { RegistrationStatus } from '#models/event'
import { completeValues, isCompleteSubmission, type FormSteps, type FormValues } from '../forms/form-definition'
import { readFormSteps } from '../forms/forms.server'
import { newRegistrationStatus, registrationClosed, type RegistrationClosed } from './registration-rules'
import { sendConfirmation, sendPendingNotice } from './registration-mail.server'
import { placeInRoom } from './registration-room.server'

/** Places held: approved and pending registrations (the limit counts both). */
export function placesTaken(roomId: string, transaction?: Transaction): Promise<number> {
  return EventRegistration.count({ where: { roomId, status: { [Op.in]: ['approved', 'pending'] } }, transaction })
}

export function findRegistration(roomId: string, userId: string) {
  return EventRegistration.findOne({ where: { roomId, userId } })
}

/** What the event and register pages say about registering now, for this person. */
export async function registrationState(room: Room, event: CommunityEvent, userId: string | null, now = new Date()) {
  const [taken, mine] = await Promise.all([placesTaken(room.id), userId ? findRegistration(room.id, userId) : null])
  return {
    closed: registrationClosed({ event, room, taken, alreadyRegistered: Boolean(mine), now }),
    status: (mine?.status ?? null) as RegistrationStatus | null,
    registration: mine,
  }
}

/** The answers already given, to show again when someone comes back to change them. */
export async function savedAnswers(formId: string | null, userId: string | null): Promise<FormValues> {
  if (!formId || !userId) return {}
  const submission = await FormSubmission.findOne({ where: { formDefinitionId: formId, userId } })
  return (submission?.values ?? {}) as FormValues
}

/** Stores one person's answers to a form (one row per person and form: answering again replaces them). */
export async function saveSubmission(
  input: { formId: string; userId: string; steps: FormSteps; parsed: Record<string, unknown> },
  transaction?: Transaction,
): Promise<FormSubmission> {
  const values = completeValues(input.steps, input.parsed)
  // completeValues always covers the fields exactly; the check guards the product's rule against a future change.
  if (!isCompleteSubmission(input.steps, values)) throw new Error('an incomplete submission was about to be stored')
  const existing = await FormSubmission.findOne({
    where: { formDefinitionId: input.formId, userId: input.userId },
    transaction,
  })
  if (existing) return existing.update({ values }, { transaction })
  return FormSubmission.create({ formDefinitionId: input.formId, userId: input.userId, values }, { transaction })
}

export type RegisterOutcome =
  | { ok: true; status: RegistrationStatus; updated: boolean; registrationId: string }
  | { ok: false; closed: RegistrationClosed }

/**
 * Registers someone (or updates their answers when they are registered already). The event's row
 * is locked for the count and the insert, so two people taking the last place cannot both get it
 * (MariaDB: SELECT … FOR UPDATE; SQLite: the IMMEDIATE transaction holds the write lock). The
 * mail goes out after the commit. `termsAccepted`: they accepted the community's terms just now
 * (termsToAccept asked them); the first acceptance's time is the one kept.
 */
export async function register(input: {
  brand: Brand
  room: Room
  userId: string
  parsed: Record<string, unknown>
  termsAccepted?: boolean
  now?: Date
}): Promise<RegisterOutcome> {
  const { brand, room, userId, parsed, termsAccepted = false, now = new Date() } = input
  const termsAcceptedAt = termsAccepted ? now : null
  const outcome = await Room.sequelize!.transaction(async (transaction): Promise<RegisterOutcome> => {
    const event = await CommunityEvent.findByPk(room.id, { transaction, lock: transaction.LOCK.UPDATE })
    if (!event) return { ok: false, closed: 'notEnabled' }
    const existing = await EventRegistration.findOne({ where: { roomId: room.id, userId }, transaction })
    const taken = await placesTaken(room.id, transaction)
    const closed = registrationClosed({ event, room, taken, alreadyRegistered: Boolean(existing), now })
    if (closed) return { ok: false, closed }
    const steps = (await readFormSteps(room.brandId, event.registrationFormId, transaction)) ?? []
    const submission =
      event.registrationFormId && steps.length
        ? await saveSubmission({ formId: event.registrationFormId, userId, steps, parsed }, transaction)
        : null
    if (existing) {
      await existing.update(
        {
          submissionId: submission?.id ?? existing.submissionId,
          termsAcceptedAt: existing.termsAcceptedAt ?? termsAcceptedAt,
        },
        { transaction },
      )
      return { ok: true, status: existing.status, updated: true, registrationId: existing.id }
    }
    const status = newRegistrationStatus(event)
    const created = await EventRegistration.create(
      { roomId: room.id, userId, status, source: 'form', submissionId: submission?.id ?? null, termsAcceptedAt },
      { transaction },
    )
    await placeInRoom(room.id, userId, created, transaction)
    return { ok: true, status, updated: false, registrationId: created.id }
  })
  if (outcome.ok && !outcome.updated) {
    const registration = await EventRegistration.findByPk(outcome.registrationId)
    if (registration)
      await (outcome.status === 'approved'
        ? sendConfirmation(brand, registration)
        : sendPendingNotice(brand, registration))
  }
  return outcome
}

/**
 * Approves a pending registration (the Members tab's Approve) and mails the confirmation with its
 * calendar invitation and auto-join link. False when there is no such pending registration.
 */
export async function approveRegistration(brand: Brand, registrationId: string): Promise<boolean> {
  const approved = await Room.sequelize!.transaction(async (transaction) => {
    const registration = await EventRegistration.findByPk(registrationId, {
      transaction,
      lock: transaction.LOCK.UPDATE,
    })
    if (!registration || registration.status !== 'pending') return null
    const room = await Room.findOne({ where: { id: registration.roomId, brandId: brand.id }, transaction })
    if (!room) return null
    await registration.update({ status: 'approved' }, { transaction })
    await placeInRoom(room.id, registration.userId, registration, transaction)
    return registration
  })
  if (!approved) return false
  await sendConfirmation(brand, approved)
  return true
}
