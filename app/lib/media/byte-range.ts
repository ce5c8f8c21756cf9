// One HTTP byte range (`Range: bytes=…`), so a video can be seeked without fetching it whole.
// Several ranges at once, or anything odd, are answered with the whole file, as HTTP allows.

import type { ByteRange } from '#models/media-storage'

export type { ByteRange }

/** The range a Range header asks for within a file of `size` bytes: null for the whole file, 'unsatisfiable' for a range past its end. */
export function parseByteRange(header: string | null, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || (match[1] === '' && match[2] === '')) return null
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size) return 'unsatisfiable'
  if (end < start) return null
  return { start, end }
}
