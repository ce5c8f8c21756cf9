import { describe, expect, it } from 'vitest'
import { parseByteRange } from '#app/lib/media/byte-range'

describe('parseByteRange', () => {
  it('reads a start and end, an open end, and a suffix', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 })
  })

  it('answers the whole file for no header, several ranges or nonsense', () => {
    expect(parseByteRange(null, 1000)).toBeNull()
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull()
    expect(parseByteRange('lines=1-2', 1000)).toBeNull()
    expect(parseByteRange('bytes=50-10', 1000)).toBeNull()
  })

  it('calls a range past the end unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable')
  })
})
