// CSV user import, with an upload result screen (imported users start as pending): columns
// fullName, emailAddress, phoneNumber and roles (optional, `;`-separated role slugs). Every row is
// checked by the people rules of the editor; each good row is written in a transaction of its own
// (the person, the pending membership, the roles: all or nothing), and the report says, row by row,
// what was imported and why the rest was refused. Someone who already has an account is not
// imported but invited (invitations.server.ts): they join only if they accept.
import { UniqueConstraintError } from 'sequelize'
import { Membership, User, type Brand } from '#models/index'
import { addMember } from '#models/members'
import { isCommunityRole, type CommunityRole, type PermissionSlug } from '#models/permissions'
import { logger } from '../platform/logger.server'
import { invitePerson } from './invitations.server'
import { firstIssue, readPeopleCsv } from './people-csv.server'
import { IMPORT_MAX_ROWS, emailField, fullNameField, phoneField } from './member.schema'
import { rolesForNewMember } from './member-roles.server'

export type ImportReason =
  | 'members:editor.errors.nameRequired'
  | 'members:editor.errors.nameTooShort'
  | 'members:editor.errors.nameFull'
  | 'members:editor.errors.tooLong'
  | 'members:editor.errors.emailRequired'
  | 'members:editor.errors.emailInvalid'
  | 'members:editor.errors.phoneInvalid'
  | 'members:editor.errors.phoneTaken'
  | 'members:editor.errors.roleNotAllowed'
  | 'members:editor.errors.rolesRequired'
  | 'members:editor.errors.roleUnknown'
  | 'members:import.reasons.duplicate'
  | 'members:import.reasons.alreadyMember'
  | 'members:import.reasons.roleUnknown'
  | 'members:import.reasons.notSaved'
  | 'members:wizard.errors.invitationCapped'

export type ImportRow = {
  line: number
  fullName: string
  emailAddress: string
  imported: boolean
  invited?: boolean
  reasons: ImportReason[]
  roleLabel?: string
}
export type ImportReport = { rows: ImportRow[]; imported: number; invited: number; refused: number }

/** Why a whole file is refused (400), before any row is looked at. */
export type FileProblem =
  | 'members:import.errors.notCsv'
  | 'members:import.errors.empty'
  | 'members:import.errors.noHeader'
  | 'members:import.errors.tooManyRows'

export class ImportFileError extends Error {
  constructor(readonly problem: FileProblem) {
    super(problem)
  }
}

const COLUMNS = ['fullName', 'emailAddress', 'phoneNumber', 'roles'] as const

/** The file's rows as records of the known columns (people-csv.server.ts), refused whole in this import's words. */
export function readCsv(bytes: Uint8Array) {
  return readPeopleCsv(bytes, {
    known: COLUMNS,
    maxRows: IMPORT_MAX_ROWS,
    fail: (problem) => new ImportFileError(`members:import.errors.${problem}`),
  })
}

const nameRule = fullNameField()
const emailRule = emailField()
const phoneRule = phoneField()

/** Imports the file's rows into the community as pending members; returns the per-row report. */
export async function importMembers(input: {
  brand: Brand
  held: ReadonlySet<PermissionSlug>
  bytes: Uint8Array
  invitedById: string
}): Promise<ImportReport> {
  const { brand, held, invitedById } = input
  const rows = readCsv(input.bytes)
  const seenEmails = new Set<string>()
  const seenPhones = new Set<string>()
  const report: ImportRow[] = []

  for (const { line, cells } of rows) {
    const reasons: ImportReason[] = []
    const name = nameRule.safeParse(cells.fullName ?? '')
    const email = emailRule.safeParse(cells.emailAddress ?? '')
    const phone = phoneRule.safeParse(cells.phoneNumber ?? '')
    for (const problem of [
      firstIssue<ImportReason>(name),
      firstIssue<ImportReason>(email),
      firstIssue<ImportReason>(phone),
    ])
      if (problem) reasons.push(problem)

    const slugs = (cells.roles ?? '')
      .split(';')
      .map((slug) => slug.trim().toLowerCase())
      .filter(Boolean)
    const unknown = slugs.filter((slug) => !isCommunityRole(slug))
    if (unknown.length) reasons.push('members:import.reasons.roleUnknown')
    const roles = rolesForNewMember(held, slugs.filter(isCommunityRole) as CommunityRole[])
    if (!roles.ok) reasons.push(roles.error)

    const emailAddress = email.success ? email.data : (cells.emailAddress ?? '').trim()
    const phoneNumber = phone.success ? phone.data : ''
    const row: ImportRow = {
      line,
      fullName: (cells.fullName ?? '').trim(),
      emailAddress,
      imported: false,
      reasons,
      roleLabel: unknown.join(', ') || undefined,
    }
    report.push(row)

    // A second row for the same person is refused whatever the first one's fate.
    if (email.success) {
      if (seenEmails.has(emailAddress)) reasons.push('members:import.reasons.duplicate')
      seenEmails.add(emailAddress)
    }
    if (phoneNumber) {
      if (seenPhones.has(phoneNumber) && !reasons.includes('members:import.reasons.duplicate'))
        reasons.push('members:import.reasons.duplicate')
      seenPhones.add(phoneNumber)
    }
    if (reasons.length || !name.success || !email.success || !roles.ok) continue

    const existing = await User.findOne({ where: { emailAddress } })
    if (existing && (await Membership.count({ where: { brandId: brand.id, userId: existing.id } }))) {
      reasons.push('members:import.reasons.alreadyMember')
      continue
    }
    if (existing) {
      // Their account stays as it is, and they join only if they say yes.
      const offer = { roles: roles.roles, status: 'pending' as const, source: 'import' as const }
      const invited = await invitePerson({ brand, user: existing, invitedById, invitation: { kind: 'member', offer } })
      if (invited === 'invited') row.invited = true
      else reasons.push('members:wizard.errors.invitationCapped')
      continue
    }
    // A new account's phone must be nobody else's.
    if (phoneNumber && (await User.count({ where: { phoneNumber } }))) {
      reasons.push('members:editor.errors.phoneTaken')
      continue
    }

    try {
      await User.sequelize!.transaction(async (transaction) => {
        // A new account, which this community may fill in until its person first signs in.
        const user = await User.create(
          { name: name.data, emailAddress, phoneNumber: phoneNumber || null, managedByBrandId: brand.id },
          { transaction },
        )
        await addMember({
          brandId: brand.id,
          userId: user.id,
          roles: roles.roles,
          status: 'pending',
          source: 'import',
          transaction,
        })
      })
      row.imported = true
    } catch (error) {
      if (error instanceof UniqueConstraintError) reasons.push('members:import.reasons.alreadyMember')
      else {
        logger.error({ err: error, brandId: brand.id, line }, 'import row not saved')
        reasons.push('members:import.reasons.notSaved')
      }
    }
  }
  const imported = report.filter((row) => row.imported).length
  const invited = report.filter((row) => row.invited).length
  return { rows: report, imported, invited, refused: report.length - imported - invited }
}
