// Pictures people upload through a form (profile pictures, banners, community logos): judged by their
// bytes, never by their name or declared type, checked for size before anything is decoded, and
// re-encoded by sharp, so what is kept is an image Hearth wrote (no metadata, no trailing payload).
// Each kind decides its own shape and format; this module holds what they share.
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import type { MediaStorage } from './storage.server'
import { logger } from '../platform/logger.server'

/** The widest and tallest picture accepted, read from its header before anything is decoded. */
export const UPLOADED_IMAGE_MAX_SIDE = 4096

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

/** Thrown when a file is not an image, or looks like one but cannot be decoded (corrupt, truncated). */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError'
}

/** Thrown for an image wider or taller than UPLOADED_IMAGE_MAX_SIDE (however few bytes it takes). */
export class ImageTooLargeError extends Error {
  override name = 'ImageTooLargeError'
}

/**
 * Decodes an uploaded picture and re-encodes it as `encode` says (its resize and output format),
 * or throws UnreadableImageError / ImageTooLargeError.
 *
 * A few hundred bytes of PNG can declare 20000×20000 pixels, 1.6 GB once decoded: the size is read
 * from the header first (metadata() decodes no pixels) and anything over the limit is refused
 * there; limitInputPixels makes libvips refuse it again should a header and the data disagree.
 */
export async function reencodeImage(bytes: Uint8Array, encode: (image: Sharp) => Sharp): Promise<Buffer> {
  if (!sniffImage(bytes)) throw new UnreadableImageError('Not an image')
  const max = UPLOADED_IMAGE_MAX_SIDE
  try {
    // Unlimited here, so that an oversized picture is told apart (libvips applies the pixel limit
    // when it opens the file, and would call it unreadable).
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata()
    if (!width || !height) throw new UnreadableImageError('The image has no size')
    if (width > max || height > max) throw new ImageTooLargeError(`${width}×${height} is over ${max}×${max}`)
    // rotate() turns a phone photo upright by its EXIF orientation before the resize; an animated
    // GIF or WebP gives its first frame (sharp reads one page unless asked for more).
    return await encode(sharp(bytes, { limitInputPixels: max * max, failOn: 'error' }).rotate()).toBuffer()
  } catch (error) {
    if (error instanceof ImageTooLargeError || error instanceof UnreadableImageError) throw error
    throw new UnreadableImageError('The image could not be decoded', { cause: error })
  }
}

/**
 * Removes a picture Hearth stored under `prefix` (its URL path), from the store and, for the kinds
 * written to public/uploads before migration 0029, from `legacyDir`. Any other value (an outside
 * URL, null, a name Hearth never gave) is left alone. A failure is logged, not thrown: the row no
 * longer points there, and a stray file costs only its bytes.
 */
export async function removeUploadedImage(
  url: string | null | undefined,
  kind: { prefix: string; storageKey: (file: string) => string | null; legacyDir?: string },
  storage: MediaStorage,
) {
  if (!url?.startsWith(kind.prefix)) return
  const file = url.slice(kind.prefix.length)
  const key = kind.storageKey(file)
  if (!key) return
  try {
    await storage.delete(key)
    if (kind.legacyDir)
      await unlink(join(kind.legacyDir, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
  } catch (error) {
    logger.warn({ err: error, key }, 'old picture could not be removed')
  }
}
