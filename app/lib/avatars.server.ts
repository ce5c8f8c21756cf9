import { randomBytes } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Jimp } from 'jimp'
import { logger } from './logger.server'

/** The largest picture accepted, before resizing. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/** Avatars are stored square, this many pixels a side. */
export const AVATAR_SIZE = 256
/** Where avatars are written (served by express.static('public')), and the URL path they have there. */
export const AVATAR_DIR = resolve('public/uploads/avatars')
export const AVATAR_URL_PREFIX = '/uploads/avatars/'

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif'

/**
 * What the file's first bytes say it is, whatever its name or declared type claims: JPEG, PNG, WebP
 * or GIF, or null for anything else.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte)
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts(ascii('GIF87a')) || starts(ascii('GIF89a'))) return 'gif'
  if (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8)) return 'webp'
  return null
}

/**
 * The kinds an avatar may be. WebP is recognised (so its refusal can say so) but not accepted: jimp 1
 * has no WebP decoder of its own, @jimp/wasm-webp loads its wasm with fetch(file://), which Node 20
 * does not implement (tried: "fetch failed … not implemented"), and converting
 * with a system tool (dwebp, ffmpeg) would make uploads work on one machine and fail on the next,
 * depending on what happens to be installed. A clear "use JPEG, PNG or GIF" is the same everywhere.
 */
export const AVATAR_KINDS: ReadonlySet<ImageKind> = new Set(['jpeg', 'png', 'gif'])

/** Thrown when a file that looks like an image cannot be decoded (corrupt, truncated). */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError'
}

/** Thrown for an image of a kind avatars do not take (WebP; see AVATAR_KINDS). */
export class UnsupportedImageError extends Error {
  override name = 'UnsupportedImageError'
}

/**
 * Crops and scales an image to fill AVATAR_SIZE×AVATAR_SIZE (cover) and writes it as a PNG named
 * {userId}-{random}.png. Returns its URL path. The kind is checked by the bytes, not the name.
 */
export async function storeAvatar(userId: string, bytes: Uint8Array): Promise<string> {
  const kind = sniffImage(bytes)
  if (!kind) throw new UnreadableImageError('Not an image')
  if (!AVATAR_KINDS.has(kind)) throw new UnsupportedImageError(`Avatars cannot be ${kind}`)
  let png: Buffer
  try {
    const image = await Jimp.read(Buffer.from(bytes))
    image.cover({ w: AVATAR_SIZE, h: AVATAR_SIZE })
    png = await image.getBuffer('image/png')
  } catch (error) {
    throw new UnreadableImageError('The image could not be decoded', { cause: error })
  }
  await mkdir(AVATAR_DIR, { recursive: true })
  const file = `${userId}-${randomBytes(12).toString('hex')}.png`
  await writeFile(join(AVATAR_DIR, file), png)
  return AVATAR_URL_PREFIX + file
}

/** Removes an avatar file Hearth stored; any other value (an outside URL, null) is left alone. */
export async function removeAvatar(url: string | null | undefined) {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return
  const file = url.slice(AVATAR_URL_PREFIX.length)
  if (!/^[\w-]+\.png$/.test(file)) return
  try {
    await unlink(join(AVATAR_DIR, file))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn({ err: error }, 'old avatar could not be removed')
  }
}
