import type { LoaderFunctionArgs } from '@remix-run/node'
import { stringify } from 'csv-stringify/sync'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { exportMembers } from '#app/lib/members/member-list.server'

/**
 * /{brand}/members/export (route "members/export", page title Export; needs
 * manage-community-members): the community's active, pending and archived members as a CSV file.
 * The column names are fixed English words, whatever the page's language, so a spreadsheet or the
 * CSV import reads them the same way every time.
 */
const COLUMNS = ['name', 'email', 'phone', 'status', 'roles', 'joined'] as const

/**
 * A cell a spreadsheet would run as a formula ("=…", "@…", a "+" or "-" that is not a phone
 * number) gets a leading apostrophe: names are typed by anyone who signs up.
 */
function inert(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^\+?[\d\s-]+$/.test(value))) return `'${value}`
  return value
}

export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'membersExport')
  const rows = await exportMembers(brand.id)
  const csv = stringify(
    rows.map((row) => COLUMNS.map((column) => inert(row[column]))),
    { header: true, columns: [...COLUMNS], bom: true },
  )
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${brand.slug}-members.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
