// docs/spec-coverage.md counts the spec's items by hand, part by part; its summary table must add up to the rows
// below it, so a row changed to "built" without the summary (or the other way round) fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const STATUSES = ['built', 'partial', 'missing', 'n/a'] as const
type Counts = Record<(typeof STATUSES)[number], number>

const doc = readFileSync('docs/spec-coverage.md', 'utf8')
const [summary = '', ...parts] = doc.split(/^## \d\. /m)

function countRows(text: string): Counts {
  const counts: Counts = { built: 0, partial: 0, missing: 0, 'n/a': 0 }
  for (const [, status] of text.matchAll(/^\| [^|]+ \| [^|]+ \| (built|partial|missing|n\/a) \|/gm))
    counts[status as keyof Counts] += 1
  return counts
}

/** The summary's row for each part: items, built, partial, missing, n/a. */
const summaryRows = [
  ...summary.matchAll(/^\| \[[^\]]+\]\([^)]+\) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$/gm),
].map((match) => match.slice(1).map(Number))

describe('docs/spec-coverage.md', () => {
  it("has a summary row for each part that adds up that part's rows", () => {
    expect(parts).toHaveLength(5)
    expect(summaryRows).toHaveLength(parts.length)
    parts.forEach((part, index) => {
      const counts = countRows(part)
      const total = STATUSES.reduce((sum, status) => sum + counts[status], 0)
      expect(summaryRows[index]).toEqual([total, counts.built, counts.partial, counts.missing, counts['n/a']])
    })
  })

  it('states the share built of the items that apply, as the rows give it', () => {
    const all = parts.map(countRows).reduce((sum, counts) => {
      for (const status of STATUSES) sum[status] += counts[status]
      return sum
    })
    const applying = all.built + all.partial + all.missing
    expect(summary).toContain(
      `Of the ${applying} items that apply: **${((all.built / applying) * 100).toFixed(1)}% built**`,
    )
  })
})
