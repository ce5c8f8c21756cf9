// Profile pictures: judged by their bytes, cropped to one square PNG, kept in the media store (S3 or
// MEDIA_DIR, app/lib/media/storage.server.ts) so that every web machine serves every picture, at the URL
// they always had, /uploads/avatars/{file}.png (app/routes/uploads.$kind.$file.ts).
import { randomBytes } from 'node:crypto'
import { unlink } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { mediaStorage, type MediaStorage } from '../media/storage.server'
import { logger } from '../platform/logger.server'

/** The widest and tallest picture accepted, read from its header before anything is decoded. */
export const AVATAR_MAX_SIDE = 4096
/** Avatars are stored square, this many pixels a side. */
export const AVATAR_SIZE = 256
/** The URL path avatars are served under (a row's `avatar` holds the whole path), and their type. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/'
export const AVATAR_TYPE = 'image/png'
/**
 * Where avatars were written before migration 0029 copied them into the store. express.static still
 * serves what a machine holds there; removeAvatar removes a picture from there too.
 */
export const LEGACY_AVATAR_DIR = resolve('public/uploads/avatars')

/**
 * The store key of an avatar's file name: `{userId}-{random}.png` is kept as `avatars/{userId}-{random}`
 * (store keys have no dots; the type is always PNG). Null for a name Hearth never gave an avatar.
 */
export function avatarStorageKey(file: string): string | null {
  const name = /^([A-Za-z0-9_-]{1,64})\.png$/.exec(file)?.[1]
  return name ? `avatars/${name}` : null
}

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
 * Crops and scales an image to fill AVATAR_SIZE×AVATAR_SIZE (cover) and keeps it as a PNG named
 * {userId}-{random}.png. Returns its URL path. The kind is checked by the bytes, not the name. The
 * name is new for every picture and never written again, which is what lets browsers cache it for good.
 *
 * A few hundred bytes of PNG can declare 20000×20000 pixels, 1.6 GB once decoded: the size is read
 * from the header first (metadata() decodes no pixels) and anything over AVATAR_MAX_SIDE is refused
 * there; limitInputPixels makes libvips refuse it again should a header and the data disagree.
 */
export async function storeAvatar(
  userId: string,
  bytes: Uint8Array,
  storage: MediaStorage = mediaStorage,
): Promise<string> {
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
  const file = `${userId}-${randomBytes(12).toString('hex')}.png`
  await storage.put(avatarStorageKey(file)!, Readable.from([png]))
  return AVATAR_URL_PREFIX + file
}

/**
 * Removes an avatar Hearth stored, from the store and from the legacy directory; any other value (an
 * outside URL, null) is left alone. A failure is logged, not thrown: the row no longer points there.
 */
export async function removeAvatar(url: string | null | undefined, storage: MediaStorage = mediaStorage) {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return
  const file = url.slice(AVATAR_URL_PREFIX.length)
  const key = avatarStorageKey(file)
  if (!key) return
  try {
    await storage.delete(key)
    await unlink(join(LEGACY_AVATAR_DIR, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
  } catch (error) {
    logger.warn({ err: error }, 'old avatar could not be removed')
  }
}
