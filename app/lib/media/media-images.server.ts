// Images in the library are kept at most 1080 pixels high: a phone photo of 4000×3000
// becomes 1440×1080, anything smaller keeps its size. Every image is re-encoded in its own format,
// which also drops its metadata (a photo's EXIF location never reaches other people).
import { rename } from 'node:fs/promises'
import sharp from 'sharp'
import { UploadRefused, type ReceivedFile } from './media-upload.server'

export const IMAGE_MAX_HEIGHT = 1080
/** The most pixels an image may declare, read from its header before anything is decoded (8000×6000 and a little more). */
export const IMAGE_MAX_PIXELS = 50_000_000

const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const

/** Shrinks (and cleans) the received image in place; returns its stored size and dimensions. */
export async function prepareImage(file: ReceivedFile): Promise<{ size: number; width: number; height: number }> {
  const format = FORMATS[file.contentType as keyof typeof FORMATS]
  const unreadable = () => new UploadRefused(400, 'media:errors.unreadable', { name: file.name })
  if (!format) throw unreadable()
  let info: sharp.OutputInfo
  try {
    // The header first, unlimited, so an oversized picture is told apart from a broken one (as avatars do).
    const { width, height } = await sharp(file.path, { limitInputPixels: false }).metadata()
    if (!width || !height) throw unreadable()
    if (width * height > IMAGE_MAX_PIXELS)
      throw new UploadRefused(413, 'media:errors.tooManyPixels', { name: file.name })
    const output = `${file.path}.out`
    // rotate() turns a phone photo upright by its EXIF orientation before the size is taken;
    // an animated GIF or WebP keeps its first frame.
    info = await sharp(file.path, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ height: IMAGE_MAX_HEIGHT, withoutEnlargement: true })
      .toFormat(format)
      .toFile(output)
    await rename(output, file.path)
  } catch (error) {
    if (error instanceof UploadRefused) throw error
    throw unreadable()
  }
  return { size: info.size, width: info.width, height: info.height }
}
