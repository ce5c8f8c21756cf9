// The loaders and actions of the Members tab (docs/admin-guide.md#event-members-imports-and-exports)
// and of the predefined breakout groups of the composition tab: the editor's guard
// (create-events, the editor's refusal with a 403), one schema per form, bad input answered 400,
// changes ended with a flash.
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { redirectWithFlash } from '../http/flash.server'
import { readForm, readFormWithFile } from '../http/form-body.server'
import type { TranslationKey, TranslationValues } from '../i18n/i18n'
import { routeMessages } from '../i18n/page-language.server'
import { hit, type Limit } from '../platform/rate-limit.server'
import { logger } from '../platform/logger.server'
import { eventEditorAccess } from './event-editor-routes.server'
import { limitImportConfirmations } from './import-confirmations.server'
import { eventDetails } from './events.server'
import {
  REGISTRATION_IMPORT_MAX_BYTES,
  REGISTRATION_IMPORT_MAX_ROWS,
  RegistrationFileError,
  importRegistrations,
  readRegistrationCsv,
  type RegistrationFileProblem,
  type RegistrationImportReport,
} from './event-member-import.server'
import { applyRegistrationAction, listRegistrations } from './event-members.server'
import { PredefinedGroupsSchema, RegistrationBulkSchema } from './event-members.schema'
import {
  GROUPS_FILE_MAX_BYTES,
  exportUrl,
  groupsUrl,
  isExportKind,
  membersTabUrl,
  registrationFilter,
  EXPORT_KINDS,
} from './event-members-rules'
import { csvText, exportTable } from './event-exports.server'
import { clearPredefinedGroups, savePredefinedGroups } from './predefined-groups.server'
import { storedGroups, type GroupProblem } from './predefined-groups'

/**
 * Approving sends mail (the confirmation), and so may an import of approved rows: each is counted
 * per manager, so one account cannot turn the tab into a mailing machine.
 */
export const APPROVALS_LIMIT: Limit = { name: 'event-approvals', max: 30, windowSeconds: 10 * 60 }
export const IMPORTS_LIMIT: Limit = { name: 'event-registration-imports', max: 10, windowSeconds: 10 * 60 }

const frameEvent = (room: { slug: string; name: string | null; status: string }) => ({
  slug: room.slug,
  name: room.name ?? room.slug,
  status: room.status,
})

// ── the tab: registrations ──────────────────────────────────────────────────────────────────────

export async function membersTabLoader(args: LoaderFunctionArgs) {
  const { brand, room, refusal } = await eventEditorAccess(args)
  const filter = registrationFilter(new URL(args.request.url).searchParams.get('status'))
  const page = {
    messages: await routeMessages(args, 'events', 'eventMembers'),
    brandSlug: brand.slug,
    refusal,
    filter,
    event: room ? frameEvent(room) : null,
    registrations: room ? await listRegistrations(room, filter) : null,
    exports: room ? EXPORT_KINDS.map((kind) => ({ kind, href: exportUrl(brand.slug, room.slug, kind) })) : [],
    maxRows: REGISTRATION_IMPORT_MAX_ROWS,
    maxKilobytes: REGISTRATION_IMPORT_MAX_BYTES / 1024,
  }
  return data(page, { status: refusal ? 403 : 200 })
}

export type MembersTabActionData = {
  result: SubmissionResult<string[]> | null
  error: TranslationKey | null
  values?: TranslationValues
}

export async function membersTabAction(args: ActionFunctionArgs) {
  const { brand, user, room, refusal } = await eventEditorAccess(args)
  if (!room || !user) return data<MembersTabActionData>({ result: null, error: refusal }, { status: 403 })
  const submission = parseWithZod(await readForm(args.request), { schema: RegistrationBulkSchema })
  if (submission.status !== 'success') {
    const error = (submission.error?.ids?.[0] ??
      submission.error?.intent?.[0] ??
      'eventMembers:errors.badRequest') as TranslationKey
    return data<MembersTabActionData>({ result: submission.reply(), error }, { status: 400 })
  }
  const { intent, ids } = submission.value
  if (intent === 'approve') {
    const { allowed, retryAfterSeconds } = await hit(APPROVALS_LIMIT, user.id)
    if (!allowed)
      return data<MembersTabActionData>(
        {
          result: submission.reply(),
          error: 'eventMembers:errors.tooOften',
          values: { minutes: Math.ceil(retryAfterSeconds / 60) },
        },
        { status: 429 },
      )
  }
  const changed = await applyRegistrationAction(brand, room, intent, ids)
  const filter = registrationFilter(new URL(args.request.url).searchParams.get('status'))
  throw await redirectWithFlash(membersTabUrl(brand.slug, room.slug, filter), {
    kind: 'success',
    message: `eventMembers:flash.${intent}`,
    values: { count: changed },
  })
}

// ── the import and its report ───────────────────────────────────────────────────────────────────

export async function importLoader(args: LoaderFunctionArgs) {
  const { brand, room, refusal } = await eventEditorAccess(args)
  const page = {
    messages: await routeMessages(args, 'events', 'eventMembers', 'members'),
    brandSlug: brand.slug,
    refusal,
    event: room ? frameEvent(room) : null,
    maxRows: REGISTRATION_IMPORT_MAX_ROWS,
    maxKilobytes: REGISTRATION_IMPORT_MAX_BYTES / 1024,
  }
  return data(page, { status: refusal ? 403 : 200 })
}

/** Types browsers give a .csv file (Windows with Excel says vnd.ms-excel; some say nothing). */
const CSV_TYPES = new Set([
  '',
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'text/comma-separated-values',
  'application/octet-stream',
])

export type ImportProblem =
  | RegistrationFileProblem
  | 'eventMembers:import.errors.tooLarge'
  | 'eventMembers:import.errors.fileRequired'
  | 'eventMembers:import.errors.tooOften'
  | 'eventMembers:import.errors.confirmationsAccount'
  | 'eventMembers:import.errors.confirmationsInstallation'
  | 'eventMembers:import.errors.failed'
  | 'events:errors.noPermission'
export type ImportActionData =
  { report: RegistrationImportReport; problem: null } | { report: null; problem: ImportProblem; minutes?: number }

export async function importAction(args: ActionFunctionArgs) {
  const { brand, room, user } = await eventEditorAccess(args)
  const refused = (problem: ImportProblem, status = 400, minutes?: number) =>
    data<ImportActionData>({ report: null, problem, minutes }, { status })
  if (!room || !user) return refused('events:errors.noPermission', 403)
  const form = await readFormWithFile(args.request, 'file', REGISTRATION_IMPORT_MAX_BYTES)
  if (!form) return refused('eventMembers:import.errors.tooLarge')
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0)
    return refused(
      file instanceof File && file.name
        ? 'eventMembers:import.errors.empty'
        : 'eventMembers:import.errors.fileRequired',
    )
  if (!/\.csv$/i.test(file.name) || !CSV_TYPES.has(file.type.split(';')[0]!.trim().toLowerCase()))
    return refused('eventMembers:import.errors.notCsv')
  const { allowed, retryAfterSeconds } = await hit(IMPORTS_LIMIT, user.id)
  if (!allowed) return refused('eventMembers:import.errors.tooOften', 429, Math.ceil(retryAfterSeconds / 60))
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    // Each row may be mailed a confirmation: over the account's or the installation's cap, nothing is imported.
    const capped = await limitImportConfirmations(user.id, readRegistrationCsv(bytes).length)
    if (capped) return refused(capped.message, 429, capped.minutes)
    const report = await importRegistrations({ brand, room, bytes, invitedById: user.id })
    return data<ImportActionData>({ report, problem: null })
  } catch (error) {
    if (error instanceof RegistrationFileError) return refused(error.problem)
    // The page says "Unfortunately we could not process your request."
    logger.error({ err: error, roomId: room.id }, 'registration import failed')
    return refused('eventMembers:import.errors.failed', 500)
  }
}

// ── the exports ─────────────────────────────────────────────────────────────────────────────────

/**
 * A CSV download, or back to the tab with "Nothing to export" when there is nothing in it; a
 * failure comes back with "Uh-oh, something went wrong" and the links to try again. Someone
 * who may not manage events gets a bare 403 (a download has no page to show a refusal on).
 */
export async function exportLoader(args: LoaderFunctionArgs) {
  const { brand, room } = await eventEditorAccess(args)
  if (!room) throw new Response(null, { status: 403 })
  const kind = args.params.kind
  if (!isExportKind(kind)) throw new Response(null, { status: 404 })
  const back = membersTabUrl(brand.slug, room.slug)
  let csv: string
  try {
    const table = await exportTable(room, kind)
    if (!table) throw await redirectWithFlash(back, { kind: 'error', message: 'eventMembers:export.nothing' })
    csv = csvText(table)
  } catch (error) {
    if (error instanceof Response) throw error
    logger.error({ err: error, roomId: room.id, kind }, 'event export failed')
    throw await redirectWithFlash(back, { kind: 'error', message: 'eventMembers:export.failed' })
  }
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${room.slug}-${kind}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

// ── predefined breakout groups (composition) ────────────────────────────────────────────────────

export async function groupsLoader(args: LoaderFunctionArgs) {
  const { brand, room, refusal } = await eventEditorAccess(args)
  const page = {
    messages: await routeMessages(args, 'events', 'eventMembers'),
    brandSlug: brand.slug,
    refusal,
    event: room ? frameEvent(room) : null,
    groups: room ? storedGroups((await eventDetails(room)).predefinedGroups) : [],
    maxKilobytes: GROUPS_FILE_MAX_BYTES / 1024,
  }
  return data(page, { status: refusal ? 403 : 200 })
}

export type GroupsActionData = {
  result: SubmissionResult<string[]> | null
  problems: GroupProblem[]
  error: TranslationKey | null
}

export async function groupsAction(args: ActionFunctionArgs) {
  const { brand, room, refusal } = await eventEditorAccess(args)
  if (!room) return data<GroupsActionData>({ result: null, problems: [], error: refusal }, { status: 403 })
  const form = await readFormWithFile(args.request, 'file', GROUPS_FILE_MAX_BYTES)
  if (!form)
    return data<GroupsActionData>(
      { result: null, problems: [], error: 'eventMembers:groups.errors.tooLarge' },
      { status: 400 },
    )
  const file = form.get('file')
  form.delete('file')
  const submission = parseWithZod(form, { schema: PredefinedGroupsSchema })
  if (submission.status !== 'success')
    return data<GroupsActionData>({ result: submission.reply(), problems: [], error: null }, { status: 400 })
  if (submission.value.intent === 'clear') {
    await clearPredefinedGroups(room)
    throw await redirectWithFlash(groupsUrl(brand.slug, room.slug), {
      kind: 'success',
      message: 'eventMembers:groups.flash.cleared',
    })
  }
  const saved = await savePredefinedGroups(room, {
    file: file instanceof File && file.size > 0 ? file : null,
    text: submission.value.groups ?? '',
  })
  if (!saved.ok) {
    const fieldErrors = saved.fileProblem ? { groups: [saved.fileProblem] } : undefined
    return data<GroupsActionData>(
      { result: submission.reply({ fieldErrors }), problems: saved.problems, error: null },
      { status: 400 },
    )
  }
  throw await redirectWithFlash(groupsUrl(brand.slug, room.slug), {
    kind: 'success',
    message: 'eventMembers:groups.flash.saved',
    values: { count: saved.count },
  })
}
