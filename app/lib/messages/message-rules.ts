// The rules of direct messages that both the forms and the server need (the New message form).
// The attachment limits are ours. Three files of at
// most 1.5 MB each keep a whole message under the form upload limit (UPLOAD_BODY_LIMIT, 5 MB plus
// the fields), so a message that breaks them is answered with a field error, never a bare 413.
// The video message limits are ours too: one video of at most 25 MB,
// about a minute and a half of what a browser's MediaRecorder makes of a camera, of the types a
// browser records or a phone films (WebM, MP4, QuickTime), read from the file's first bytes.

export const MESSAGE_MAX_LENGTH = 5000
export const ATTACHMENTS_PER_MESSAGE = 3
export const ATTACHMENT_MAX_BYTES = 1.5 * 1024 * 1024
export const VIDEO_MESSAGE_MAX_BYTES = 25 * 1024 * 1024
/** The video types a message takes, as the content sniffer (app/lib/media/media-sniff.ts) names them. */
export const VIDEO_MESSAGE_TYPES = ['video/webm', 'video/mp4', 'video/quicktime'] as const
/** Conversation lists are paged from page 0; a page holds as many as a connections page. */
export const CONVERSATIONS_PER_PAGE = 30
/** A magic link lasts 24 hours; an external recipient's reply link is one. */
export const REPLY_LINK_TTL_MS = 24 * 3600 * 1000

/** The attachment types we accept, each recognised by its first bytes (never by its name or the browser's word). */
const SIGNATURES: ReadonlyArray<{ type: string; matches: (bytes: Uint8Array) => boolean }> = [
  { type: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', matches: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) },
  {
    type: 'image/webp',
    matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
  { type: 'application/pdf', matches: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
]
export const ATTACHMENT_TYPES = SIGNATURES.map((signature) => signature.type)

function startsWith(bytes: Uint8Array, prefix: readonly number[]) {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)
}

/** The accepted type the bytes are, or null when they are none of them. */
export function attachmentType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null
}

/** A file name safe to show and to send back in a download header: no path, no control characters, at most 255 characters. */
export function attachmentName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
  return (clean || 'file').slice(-255)
}

/**
 * An external recipient's address may not be the sender's own (compared as stored: lowercased email, normalised
 * phone).
 */
export function isOwnAddress(
  sender: { emailAddress: string | null; phoneNumber: string | null },
  external: { emailAddress?: string; phoneNumber?: string },
) {
  if (
    external.emailAddress &&
    sender.emailAddress &&
    external.emailAddress === sender.emailAddress.trim().toLowerCase()
  )
    return true
  if (external.phoneNumber && sender.phoneNumber && external.phoneNumber === sender.phoneNumber) return true
  return false
}
