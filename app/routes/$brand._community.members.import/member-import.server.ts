import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { readFormWithFile } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#app/lib/members/member.schema'
import {
  ImportFileError,
  importMembers,
  type FileProblem,
  type ImportReport,
} from '#app/lib/members/member-import.server'

export async function memberImportLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, 'manage-community-members')
  return {
    messages: await routeMessages(args, 'members'),
    brandSlug: brand.slug,
    maxRows: IMPORT_MAX_ROWS,
    maxKilobytes: IMPORT_MAX_BYTES / 1024,
  }
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

export type ImportActionData =
  | { report: ImportReport; problem: null }
  | { report: null; problem: FileProblem | 'members:import.errors.tooLarge' | 'members:import.errors.fileRequired' }

const refused = (problem: Exclude<ImportActionData['problem'], null>) =>
  data<ImportActionData>({ report: null, problem }, { status: 400 })

export async function memberImportAction(args: ActionFunctionArgs) {
  const { brand, permissions, user } = await requireCommunityPermission(args, 'manage-community-members')
  const form = await readFormWithFile(args.request, 'file', IMPORT_MAX_BYTES)
  if (!form) return refused('members:import.errors.tooLarge')
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0)
    return refused(
      file instanceof File && file.name ? 'members:import.errors.empty' : 'members:import.errors.fileRequired',
    )
  if (!/\.csv$/i.test(file.name) || !CSV_TYPES.has(file.type.split(';')[0]!.trim().toLowerCase()))
    return refused('members:import.errors.notCsv')
  try {
    const report = await importMembers({
      brand,
      held: permissions,
      invitedById: user.id,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })
    return data<ImportActionData>({ report, problem: null })
  } catch (error) {
    if (error instanceof ImportFileError) return refused(error.problem)
    throw error
  }
}
