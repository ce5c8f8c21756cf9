// The type of a file read from its first bytes ("by content, not name"): a file renamed to
// photo.png is still the text it contains. Only the types some tab accepts are told apart; anything
// else is application/octet-stream, which no tab accepts.

/** How many leading bytes the sniffer needs to see. */
export const SNIFF_BYTES = 512

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

export function sniffContentType(bytes: Uint8Array): string {
  const starts = (signature: readonly number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte)
  // Images
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts(ascii('GIF87a')) || starts(ascii('GIF89a'))) return 'image/gif'
  if (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8)) return 'image/webp'
  // Videos: ISO media (MP4, MOV, M4V) name their brand after "ftyp"; Matroska and WebM share EBML.
  if (starts(ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12))
    if (brand === 'qt  ') return 'video/quicktime'
    if (/^(M4A |M4B )$/.test(brand)) return 'audio/mp4'
    return 'video/mp4'
  }
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm'
  if (starts(ascii('RIFF')) && starts(ascii('AVI '), 8)) return 'video/x-msvideo'
  // Files
  if (starts(ascii('%PDF-'))) return 'application/pdf'
  if (starts([0x50, 0x4b, 0x03, 0x04]) || starts([0x50, 0x4b, 0x05, 0x06])) return 'application/zip'
  if (starts(ascii('ID3')) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg'
  if (starts(ascii('OggS'))) return 'audio/ogg'
  if (starts(ascii('RIFF')) && starts(ascii('WAVE'), 8)) return 'audio/wav'
  if (isText(bytes)) return 'text/plain'
  return 'application/octet-stream'
}

/** Text: some bytes, no NUL or other control characters but tab, line breaks and form feed, and valid UTF-8 (a character cut at the sniff window's end allowed). */
function isText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false
    if (byte === 0x7f) return false
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.length < SNIFF_BYTES ? bytes : trimPartialCharacter(bytes))
    return true
  } catch {
    return false
  }
}

/** The window without a trailing, incomplete UTF-8 sequence. */
function trimPartialCharacter(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!
    if ((byte & 0xc0) !== 0x80) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
      return need > back ? bytes.slice(0, bytes.length - back) : bytes
    }
  }
  return bytes
}
