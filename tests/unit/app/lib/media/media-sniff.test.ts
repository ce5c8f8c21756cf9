import { describe, expect, it } from 'vitest'
import { sniffContentType } from '#app/lib/media/media-sniff'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)),
  )

describe('sniffContentType: the type by content, not name', () => {
  it.each([
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['image/gif', bytes('GIF89a')],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['video/mp4', bytes([0, 0, 0, 0x18], 'ftypisom')],
    ['video/quicktime', bytes([0, 0, 0, 0x14], 'ftypqt  ')],
    ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3])],
    ['application/pdf', bytes('%PDF-1.7')],
    ['application/zip', bytes('PK', [3, 4])],
    ['audio/mpeg', bytes('ID3', [4, 0])],
    ['audio/ogg', bytes('OggS')],
    ['text/plain', bytes('name,email\nAda,ada@example.com\n')],
    ['text/plain', new TextEncoder().encode('ñandú café')],
  ])('reads %s', (type, head) => {
    expect(sniffContentType(head)).toBe(type)
  })

  it('calls anything else application/octet-stream', () => {
    expect(sniffContentType(bytes([0, 1, 2, 3, 0xfe]))).toBe('application/octet-stream')
    expect(sniffContentType(new Uint8Array())).toBe('application/octet-stream')
    // Invalid UTF-8 is not text.
    expect(sniffContentType(bytes([0x61, 0xc3, 0x28, 0x61]))).toBe('application/octet-stream')
  })
})
