import { randomBytes } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { logger } from '../platform/logger.server'

/** The widest and tallest picture accepted, read from its header before anything is decoded. */
export const AVATAR_MAX_SIDE = 4096
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

/** Thrown when a file that looks like an image cannot be decoded (corrupt, truncated). */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError'
}

/** Thrown for an image wider or taller than AVATAR_MAX_SIDE (however few bytes it takes). */
export class ImageTooLargeError extends Error {
  override name = 'ImageTooLargeError'
}

/**
 * Crops and scales an image to fill AVATAR_SIZE×AVATAR_SIZE (cover) and writes it as a PNG named
 * {userId}-{random}.png. Returns its URL path. The kind is checked by the bytes, not the name.
 *
 * A few hundred bytes of PNG can declare 20000×20000 pixels, 1.6 GB once decoded: the size is read
 * from the header first (metadata() decodes no pixels) and anything over AVATAR_MAX_SIDE is refused
 * there; limitInputPixels makes libvips refuse it again should a header and the data disagree.
 */
export async function storeAvatar(userId: string, bytes: Uint8Array): Promise<string> {
  if (!sniffImage(bytes)) throw new UnreadableImageError('Not an image')
  let png: Buffer
  try {
    // Unlimited here, so that an oversized picture is told apart (libvips applies the pixel limit
    // when it opens the file, and would call it unreadable).
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata()
    if (!width || !height) throw new UnreadableImageError('The image has no size')
    if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE)
      throw new ImageTooLargeError(`${width}×${height} is over ${AVATAR_MAX_SIDE}×${AVATAR_MAX_SIDE}`)
    // rotate() turns a phone photo upright by its EXIF orientation before the crop; an animated
    // GIF or WebP gives its first frame (sharp reads one page unless asked for more).
    png = await sharp(bytes, { limitInputPixels: AVATAR_MAX_SIDE * AVATAR_MAX_SIDE, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .png()
      .toBuffer()
  } catch (error) {
    if (error instanceof ImageTooLargeError || error instanceof UnreadableImageError) throw error
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
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      logger.warn({ err: error }, 'old avatar could not be removed')
  }
}
