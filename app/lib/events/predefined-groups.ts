// Predefined breakout groups of an event's composition ("Breakout invitations need at least 2 valid
// email addresses."; a CSV upload has one column of comma-separated emails, one row per group): the
// pasted text or the file's text read into groups, every row judged, and nothing kept when any row
// is wrong. Pure: no database.
import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import { GROUPS_MAX, GROUP_MAX_EMAILS, GROUP_MIN_EMAILS } from './event-members-rules'

export type GroupProblem =
  | { row: number; problem: 'tooFew' }
  | { row: number; problem: 'tooMany' }
  | { row: number; problem: 'invalidEmail'; email: string }
  | { row: number; problem: 'twice'; email: string; first: number }

export type GroupsReading =
  | { ok: true; groups: string[][] }
  | {
      ok: false
      fileProblem:
        | 'eventMembers:groups.errors.empty'
        | 'eventMembers:groups.errors.notCsv'
        | 'eventMembers:groups.errors.tooManyGroups'
      problems: []
    }
  | { ok: false; fileProblem: null; problems: GroupProblem[] }

const email = z.string().max(254).email()

/**
 * The groups in `text`, one a line. A file's one column holds comma-separated addresses: quoted
 * ("a@x.org, b@x.org") it is one cell; unquoted, a CSV reader splits it into several. Both mean
 * the same group, so every cell of a row is split again on commas, semicolons and spaces.
 */
export function readGroups(text: string): GroupsReading {
  if (text.includes('\u0000')) return { ok: false, fileProblem: 'eventMembers:groups.errors.notCsv', problems: [] }
  if (!text.trim()) return { ok: false, fileProblem: 'eventMembers:groups.errors.empty', problems: [] }
  let records: string[][]
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][]
  } catch {
    return { ok: false, fileProblem: 'eventMembers:groups.errors.notCsv', problems: [] }
  }
  const rows = records
    .map((cells) => cells.flatMap((cell) => cell.split(/[,;\s]+/)).filter(Boolean))
    .filter((row) => row.length > 0)
  if (!rows.length) return { ok: false, fileProblem: 'eventMembers:groups.errors.empty', problems: [] }
  if (rows.length > GROUPS_MAX)
    return { ok: false, fileProblem: 'eventMembers:groups.errors.tooManyGroups', problems: [] }

  const problems: GroupProblem[] = []
  const firstRowOf = new Map<string, number>()
  const groups = rows.map((cells, index) => {
    const row = index + 1
    const valid: string[] = []
    for (const cell of cells) {
      const address = cell.toLowerCase()
      if (!email.safeParse(address).success) {
        problems.push({ row, problem: 'invalidEmail', email: cell.slice(0, 80) })
        continue
      }
      if (valid.includes(address)) continue
      const first = firstRowOf.get(address)
      // One person in two groups would be in two breakout rooms at once.
      if (first !== undefined) problems.push({ row, problem: 'twice', email: address, first })
      else firstRowOf.set(address, row)
      valid.push(address)
    }
    if (valid.length < GROUP_MIN_EMAILS) problems.push({ row, problem: 'tooFew' })
    if (valid.length > GROUP_MAX_EMAILS) problems.push({ row, problem: 'tooMany' })
    return valid
  })
  return problems.length ? { ok: false, fileProblem: null, problems } : { ok: true, groups }
}

/** The stored groups as the page and the meeting read them: lists of addresses, anything else dropped. */
export function storedGroups(value: unknown): string[][] {
  if (!Array.isArray(value)) return []
  return value
    .filter(Array.isArray)
    .map((group: unknown[]) => group.filter((entry): entry is string => typeof entry === 'string'))
}
