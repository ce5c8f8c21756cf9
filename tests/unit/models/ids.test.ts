import { describe, expect, it } from 'vitest'
import { ID_LENGTH, ID_PATTERN, newId } from '#models/ids'

describe('newId', () => {
  it('is 36 characters long, as the spec says', () => {
    expect(ID_LENGTH).toBe(36)
    for (let i = 0; i < 200; i++) expect(newId()).toHaveLength(36)
  })

  it('uses only the URL-safe alphabet A-Z a-z 0-9 _ -', () => {
    for (let i = 0; i < 1000; i++) {
      const id = newId()
      expect(id).toMatch(/^[A-Za-z0-9_-]{36}$/)
      expect(encodeURIComponent(id)).toBe(id)
    }
  })

  it('never repeats over 10,000 ids', () => {
    const ids = new Set<string>()
    for (let i = 0; i < 10_000; i++) ids.add(newId())
    expect(ids.size).toBe(10_000)
  })

  it('draws on the whole alphabet, including _ and -', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i++) for (const char of newId()) seen.add(char)
    expect(seen.size).toBe(64)
  })

  it('matches ID_PATTERN, which rejects anything else', () => {
    expect(ID_PATTERN.test(newId())).toBe(true)
    expect(ID_PATTERN.test('a'.repeat(35))).toBe(false)
    expect(ID_PATTERN.test('a'.repeat(37))).toBe(false)
    expect(ID_PATTERN.test(`${'a'.repeat(35)}=`)).toBe(false)
    expect(ID_PATTERN.test(`${'a'.repeat(35)}+`)).toBe(false)
    expect(ID_PATTERN.test(`${'a'.repeat(35)}/`)).toBe(false)
    expect(ID_PATTERN.test(`${'a'.repeat(36)}\n`)).toBe(false)
    expect(ID_PATTERN.test(`${'A'.repeat(18)}_-${'9'.repeat(16)}`)).toBe(true)
  })
})
