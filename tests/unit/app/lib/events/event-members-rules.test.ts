// The Members tab's pure rules: the import's coHost cell, the export's formula guard, the filter,
// and the predefined breakout groups' reading (at least 2 valid emails a row).
import { describe, expect, it } from 'vitest'
import { inertCell, readCoHost, registrationFilter } from '#app/lib/events/event-members-rules'
import { readGroups, storedGroups } from '#app/lib/events/predefined-groups'

describe('readCoHost', () => {
  it('takes yes/no, true/false, 1/0 in any case and empty as no; refuses anything else', () => {
    for (const yes of ['yes', 'YES', 'True', '1', ' yes ']) expect(readCoHost(yes)).toBe(true)
    for (const no of ['no', 'No', 'false', 'FALSE', '0', '', '  ']) expect(readCoHost(no)).toBe(false)
    for (const bad of ['y', 'n', 'si', '2', 'host', 'yes please']) expect(readCoHost(bad)).toBeNull()
  })
})

describe('inertCell', () => {
  it('puts an apostrophe before what a spreadsheet would run as a formula', () => {
    expect(inertCell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`)
    expect(inertCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)")
    expect(inertCell('+cmd|calc')).toBe("'+cmd|calc")
    expect(inertCell('-2+3+cmd|calc')).toBe("'-2+3+cmd|calc")
    expect(inertCell('\t=1')).toBe("'\t=1")
  })
  it('leaves plain text, phone numbers and negative numbers as they are', () => {
    expect(inertCell('Ada Lovelace')).toBe('Ada Lovelace')
    expect(inertCell('+14155550132')).toBe('+14155550132')
    expect(inertCell('+1 415 555 0132')).toBe('+1 415 555 0132')
    expect(inertCell('-12')).toBe('-12')
    expect(inertCell('a=b')).toBe('a=b')
    expect(inertCell('')).toBe('')
  })
})

describe('registrationFilter', () => {
  it('is all unless the query names a status', () => {
    expect(registrationFilter(null)).toBe('all')
    expect(registrationFilter('approved')).toBe('approved')
    expect(registrationFilter('pending')).toBe('pending')
    expect(registrationFilter('deleted')).toBe('all')
  })
})

describe('readGroups', () => {
  it('reads one group a row, quoted or not, addresses lowercased and repeated ones in a row dropped', () => {
    const reading = readGroups(
      '"ada@example.com, Grace@Example.com"\nlin@example.com,max@example.com;zoe@example.com\n\nbob@example.com bob@example.com sue@example.com\n',
    )
    expect(reading).toEqual({
      ok: true,
      groups: [
        ['ada@example.com', 'grace@example.com'],
        ['lin@example.com', 'max@example.com', 'zoe@example.com'],
        ['bob@example.com', 'sue@example.com'],
      ],
    })
  })

  it('needs at least 2 valid addresses in every row, and names each wrong row', () => {
    const reading = readGroups(
      'ada@example.com,grace@example.com\nlonely@example.com\nnot-an-email,max@example.com,zoe@example.com\nbob@example.com,bob@example.com',
    )
    expect(reading.ok).toBe(false)
    if (reading.ok) return
    expect(reading.problems).toEqual([
      { row: 2, problem: 'tooFew' },
      { row: 3, problem: 'invalidEmail', email: 'not-an-email' },
      { row: 4, problem: 'tooFew' },
    ])
  })

  it('refuses one person in two groups', () => {
    const reading = readGroups('ada@example.com,grace@example.com\nlin@example.com,ADA@example.com')
    expect(reading).toMatchObject({
      ok: false,
      problems: [{ row: 2, problem: 'twice', email: 'ada@example.com', first: 1 }],
    })
  })

  it('refuses a group larger than a breakout can be', () => {
    const big = Array.from({ length: 51 }, (_, n) => `p${n}@example.com`).join(',')
    expect(readGroups(big)).toMatchObject({ ok: false, problems: [{ row: 1, problem: 'tooMany' }] })
    expect(readGroups(Array.from({ length: 50 }, (_, n) => `p${n}@example.com`).join(',')).ok).toBe(true)
  })

  it('refuses an empty text, binary and more than 500 groups as a whole', () => {
    expect(readGroups('  \n ')).toMatchObject({ ok: false, fileProblem: 'eventMembers:groups.errors.empty' })
    expect(readGroups('a@b.co,c@d.co\u0000')).toMatchObject({
      ok: false,
      fileProblem: 'eventMembers:groups.errors.notCsv',
    })
    const many = Array.from({ length: 501 }, (_, n) => `a${n}@x.org,b${n}@x.org`).join('\n')
    expect(readGroups(many)).toMatchObject({ ok: false, fileProblem: 'eventMembers:groups.errors.tooManyGroups' })
  })
})

describe('storedGroups', () => {
  it('reads lists of addresses and drops anything else', () => {
    expect(storedGroups(null)).toEqual([])
    expect(storedGroups('x')).toEqual([])
    expect(storedGroups([['a@b.co', 3, 'c@d.co'], 'x', []])).toEqual([['a@b.co', 'c@d.co'], []])
  })
})
