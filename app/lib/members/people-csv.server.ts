// A CSV file of people, as the member import and an event's registration import read it: a header
// naming the columns (case, spaces, dashes and underscores aside: "Full name", "email_address"),
// fullName and emailAddress among them, then one person a row. What cannot be read is refused as a
// whole, before any row is looked at; each import says so in its own words (`fail`).
import { parse } from 'csv-parse/sync'

export type PeopleCsvProblem = 'notCsv' | 'empty' | 'noHeader' | 'tooManyRows'

/**
 * The file's rows as records of the `known` columns (the first of two same-named columns wins).
 * Refuses what is not text (invalid UTF-8, NUL bytes), what does not parse as CSV, an empty file,
 * a header without fullName and emailAddress, and more rows than `maxRows`. Line numbers count
 * the header as line 1.
 */
export function readPeopleCsv<C extends string>(
  bytes: Uint8Array,
  { known, maxRows, fail }: { known: readonly C[]; maxRows: number; fail: (problem: PeopleCsvProblem) => Error },
): Array<{ line: number; cells: Partial<Record<C, string>> }> {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw fail('notCsv')
  }
  if (text.includes('\u0000')) throw fail('notCsv')
  if (!text.trim()) throw fail('empty')
  let records: string[][]
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      skip_records_with_empty_values: true,
    }) as string[][]
  } catch {
    throw fail('notCsv')
  }
  const [header, ...rows] = records
  if (!header) throw fail('empty')
  const columnOf = (cell: string) =>
    known.find((column) => column.toLowerCase() === cell.replace(/[\s_-]/g, '').toLowerCase()) ?? null
  const columns = header.map(columnOf)
  if (!columns.includes('fullName' as C) || !columns.includes('emailAddress' as C)) throw fail('noHeader')
  if (!rows.length) throw fail('empty')
  if (rows.length > maxRows) throw fail('tooManyRows')
  return rows.map((row, index) => {
    const cells: Partial<Record<C, string>> = {}
    columns.forEach((column, position) => {
      if (column && cells[column] === undefined) cells[column] = row[position] ?? ''
    })
    return { line: index + 2, cells }
  })
}

/** The message of a cell's first problem (the people rules speak in translation keys), or null when it is fine. */
export function firstIssue<Reason extends string>(result: {
  success: boolean
  error?: { issues: Array<{ message: string }> }
}): Reason | null {
  return result.success ? null : ((result.error!.issues[0]?.message ?? 'members:editor.errors.emailInvalid') as Reason)
}
