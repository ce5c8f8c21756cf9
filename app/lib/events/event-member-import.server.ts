// The Members tab's CSV import of registrations, with an upload result screen (a row: fullName,
// emailAddress, phoneNumber, status (approved or pending), coHost, eventSeries). Each row is judged
// by the people rules of the member import (name, email, phone), then its own (status, coHost, a
// second row for one address, the series); a good row registers an active member of the community,
// or makes an account (which the community may fill in until its person first signs in) with a
// membership for someone who has none, and registers them (a registration already there is
// updated). Anyone else who has an account is invited (invitations.server.ts): registered only if
// they accept. Each good row is written in a transaction of its own, and the report says row by row
// what happened.
import { UniqueConstraintError } from 'sequelize'
import { type EventRegistration, Membership, User, type Brand, type Room } from '#models/index'
import { invitePerson } from '../members/invitations.server'
import { writeRegistrations } from './imported-registrations.server'
import type { RegistrationStatus } from '#models/event'
import { addMember } from '#models/members'
import { seriesEventsFor } from '../event-series/series.server'
import { emailField, fullNameField, phoneField } from '../members/member.schema'
import { logger } from '../platform/logger.server'
import { firstIssue, readPeopleCsv } from '../members/people-csv.server'
import { isRegistrationStatus, readCoHost } from './event-members-rules'
import { eventRowToSave } from './events.server'
import { sendConfirmation } from './registration-mail.server'

export const REGISTRATION_IMPORT_MAX_ROWS = 1000
export const REGISTRATION_IMPORT_MAX_BYTES = 1024 * 1024

export type RegistrationImportReason =
  | 'members:editor.errors.nameRequired'
  | 'members:editor.errors.nameTooShort'
  | 'members:editor.errors.nameFull'
  | 'members:editor.errors.tooLong'
  | 'members:editor.errors.emailRequired'
  | 'members:editor.errors.emailInvalid'
  | 'members:editor.errors.phoneInvalid'
  | 'members:editor.errors.phoneTaken'
  | 'eventMembers:import.reasons.status'
  | 'eventMembers:import.reasons.coHost'
  | 'eventMembers:import.reasons.duplicate'
  | 'eventMembers:import.reasons.unknownSeries'
  | 'eventMembers:import.reasons.notSaved'
  | 'members:wizard.errors.invitationCapped'

export type RegistrationImportRow = {
  line: number
  fullName: string
  emailAddress: string
  outcome: 'imported' | 'updated' | 'invited' | 'refused'
  reasons: RegistrationImportReason[]
  status?: RegistrationStatus
  coHost?: boolean
  series?: string
  /** The event's registration the row made or updated (not sent to the page). */
  registration?: EventRegistration
}
export type RegistrationImportReport = {
  rows: RegistrationImportRow[]
  imported: number
  updated: number
  invited: number
  refused: number
}

export type RegistrationFileProblem =
  | 'eventMembers:import.errors.notCsv'
  | 'eventMembers:import.errors.empty'
  | 'eventMembers:import.errors.noHeader'
  | 'eventMembers:import.errors.tooManyRows'

export class RegistrationFileError extends Error {
  constructor(readonly problem: RegistrationFileProblem) {
    super(problem)
  }
}

const COLUMNS = ['fullName', 'emailAddress', 'phoneNumber', 'status', 'coHost', 'eventSeries'] as const

/** The file's rows as records of the known columns (people-csv.server.ts), refused whole in this import's words. */
export function readRegistrationCsv(bytes: Uint8Array) {
  return readPeopleCsv(bytes, {
    known: COLUMNS,
    maxRows: REGISTRATION_IMPORT_MAX_ROWS,
    fail: (problem) => new RegistrationFileError(`eventMembers:import.errors.${problem}`),
  })
}

const nameRule = fullNameField()
const emailRule = emailField()
const phoneRule = phoneField()

export type RegistrationCells = Partial<Record<(typeof COLUMNS)[number], string>>
type ImportContext = {
  brand: Brand
  /** The admin (or API caller) who imports: the invitations are theirs. */
  invitedById: string | null
  room: Pick<Room, 'id' | 'slug' | 'brandId'>
  defaultStatus: RegistrationStatus
  seen: Set<string>
  approved: EventRegistration[]
  /** Each series named in the file, looked up once (a file may name one series on every row). */
  series: Map<string, Promise<Array<{ id: string }> | null>>
}

/** The default status of an import into this event, its own row made when the room has none yet. */
async function importContext(
  brand: Brand,
  room: Pick<Room, 'id' | 'slug' | 'brandId'>,
  invitedById: string | null,
): Promise<ImportContext> {
  // Registrations hang on the event's own row: an event room made before it had one gets it now.
  const event = await eventRowToSave(room)
  return {
    brand,
    room,
    invitedById,
    defaultStatus: event.registrationModeration ? 'pending' : 'approved',
    seen: new Set(),
    approved: [],
    series: new Map(),
  }
}

/**
 * One row: judged, then (when good) written in a transaction of its own. Registrations that became
 * approved are collected in the context, to be handed on once the whole import is saved.
 */
async function importRow(
  context: ImportContext,
  line: number,
  cells: RegistrationCells,
): Promise<RegistrationImportRow> {
  const { room, defaultStatus, seen } = context
  const reasons: RegistrationImportReason[] = []
  const name = nameRule.safeParse(cells.fullName ?? '')
  const email = emailRule.safeParse(cells.emailAddress ?? '')
  const phone = phoneRule.safeParse(cells.phoneNumber ?? '')
  for (const problem of [
    firstIssue<RegistrationImportReason>(name),
    firstIssue<RegistrationImportReason>(email),
    firstIssue<RegistrationImportReason>(phone),
  ])
    if (problem) reasons.push(problem)
  const statusCell = (cells.status ?? '').trim().toLowerCase()
  const status = statusCell === '' ? defaultStatus : isRegistrationStatus(statusCell) ? statusCell : null
  if (!status) reasons.push('eventMembers:import.reasons.status')
  const coHost = readCoHost(cells.coHost ?? '')
  if (coHost === null) reasons.push('eventMembers:import.reasons.coHost')

  const emailAddress = email.success ? email.data : (cells.emailAddress ?? '').trim()
  const phoneNumber = phone.success ? phone.data : ''
  const series = (cells.eventSeries ?? '').trim()
  const row: RegistrationImportRow = {
    line,
    fullName: (cells.fullName ?? '').trim(),
    emailAddress,
    outcome: 'refused',
    reasons,
    series: series || undefined,
  }
  // A second row for one address is refused whatever the first one's fate.
  if (email.success) {
    if (seen.has(emailAddress)) reasons.push('eventMembers:import.reasons.duplicate')
    seen.add(emailAddress)
  }
  // The series' events are registered too; a series that is not found refuses the row.
  const key = series.toLowerCase()
  if (series && !context.series.has(key)) context.series.set(key, seriesEventsFor(room.brandId, series))
  const seriesEvents = series ? await context.series.get(key)! : []
  if (seriesEvents === null) reasons.push('eventMembers:import.reasons.unknownSeries')
  if (reasons.length || !name.success || !email.success || !status || coHost === null || seriesEvents === null)
    return row
  row.status = status
  row.coHost = coHost

  const roomIds = [...new Set([room.id, ...seriesEvents.map((seriesEvent) => seriesEvent.id)])]
  const existing = await User.findOne({ where: { emailAddress } })
  const member =
    existing && (await Membership.count({ where: { brandId: room.brandId, userId: existing.id, status: 'active' } }))
  if (existing && !member) {
    // Not this community's to register: they are asked, and registered only if they accept.
    const invited = await invitePerson({
      brand: context.brand,
      user: existing,
      invitedById: context.invitedById,
      invitation: { kind: 'registration', offer: { roomIds, status, coHost } },
    })
    if (invited === 'invited') row.outcome = 'invited'
    else reasons.push('members:wizard.errors.invitationCapped')
    return row
  }
  // A new account's phone must be nobody else's.
  if (phoneNumber && !existing && (await User.count({ where: { phoneNumber } }))) {
    reasons.push('members:editor.errors.phoneTaken')
    return row
  }
  try {
    // Approvals are handed on only once their row is saved (a rolled-back row sends nothing).
    const written = await User.sequelize!.transaction(async (transaction) => {
      let user = existing
      if (!user) {
        user = await User.create(
          { name: name.data, emailAddress, phoneNumber: phoneNumber || null, managedByBrandId: room.brandId },
          { transaction },
        )
        await addMember({
          brandId: room.brandId,
          userId: user.id,
          roles: ['community-member'],
          status: 'active',
          source: 'import',
          transaction,
        })
      }
      return writeRegistrations({ userId: user.id, roomIds, status, coHost, transaction })
    })
    row.outcome = written.main?.updated ? 'updated' : 'imported'
    row.registration = written.main?.registration
    context.approved.push(...written.newlyApproved)
  } catch (error) {
    row.registration = undefined
    if (!(error instanceof UniqueConstraintError))
      logger.error({ err: error, roomId: room.id, line }, 'registration import row not saved')
    reasons.push('eventMembers:import.reasons.notSaved')
  }
  return row
}

/** Each registration the import approved gets its confirmation mail, once everything is saved. */
async function mailApprovals(context: ImportContext) {
  for (const registration of context.approved) await sendConfirmation(context.brand, registration)
}

/**
 * Imports the file's rows as registrations of the event; returns the per-row report. An empty
 * status cell takes the event's own default (pending when it moderates registrations, else
 * approved). Registrations that become approved are mailed their confirmation once all is saved.
 */
export async function importRegistrations(input: {
  brand: Brand
  room: Pick<Room, 'id' | 'slug' | 'brandId'>
  bytes: Uint8Array
  invitedById: string
}): Promise<RegistrationImportReport> {
  const rows = readRegistrationCsv(input.bytes)
  const context = await importContext(input.brand, input.room, input.invitedById)
  const report: RegistrationImportRow[] = []
  for (const { line, cells } of rows) report.push(await importRow(context, line, cells))
  await mailApprovals(context)
  const count = (outcome: RegistrationImportRow['outcome']) => report.filter((row) => row.outcome === outcome).length
  return {
    rows: report.map(({ registration: _saved, ...row }) => row),
    imported: count('imported'),
    updated: count('updated'),
    invited: count('invited'),
    refused: count('refused'),
  }
}

/** One registration imported by the JSON API (POST /registration/importUser): the same rules as a file's row. */
export async function importOneRegistration(
  brand: Brand,
  room: Pick<Room, 'id' | 'slug' | 'brandId'>,
  cells: RegistrationCells,
  invitedById: string,
): Promise<RegistrationImportRow> {
  const context = await importContext(brand, room, invitedById)
  const row = await importRow(context, 1, cells)
  await mailApprovals(context)
  return row
}
