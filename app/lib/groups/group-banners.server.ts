// A group's or event's banner ("Banner must be an image file"): judged by its bytes, as profile
// pictures are (identity/avatars.server.ts), scaled to one banner size and kept beside them in the
// media store, served at the URL banners always had, /uploads/banners/{file}.webp
// (app/routes/uploads.$kind.$file.ts).
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { Readable } from 'node:stream'
import { mediaStorage, type MediaStorage } from '../media/storage.server'
import {
  ImageTooLargeError,
  UnreadableImageError,
  reencodeImage,
  removeUploadedImage,
} from '../media/uploaded-images.server'

export const BANNER_URL_PREFIX = '/uploads/banners/'
export const BANNER_TYPE = 'image/webp'
/** Where banners were written before migration 0029 copied them into the store (as for avatars). */
export const LEGACY_BANNER_DIR = resolve('public/uploads/banners')
/** Banners are stored at this size (3:1, cover): wide enough for the group page at 1280 wide. */
export const BANNER_WIDTH = 1200
export const BANNER_HEIGHT = 400

/** The store key of a banner's file name, `{32 hex}.webp` → `banners/{32 hex}`; null for any other name. */
export function bannerStorageKey(file: string): string | null {
  const name = /^([0-9a-f]{32})\.webp$/.exec(file)?.[1]
  return name ? `banners/${name}` : null
}

/**
 * Stores an uploaded banner under a new random name and returns its URL path, or throws
 * UnreadableImageError / ImageTooLargeError.
 */
export async function storeBanner(bytes: Uint8Array, storage: MediaStorage = mediaStorage): Promise<string> {
  const webp = await reencodeImage(bytes, (image) =>
    image.resize(BANNER_WIDTH, BANNER_HEIGHT, { fit: 'cover' }).webp({ quality: 82 }),
  )
  const file = `${randomBytes(16).toString('hex')}.webp`
  await storage.put(bannerStorageKey(file)!, Readable.from([webp]))
  return BANNER_URL_PREFIX + file
}

/** A form's banner stored: its URL, null when none was chosen, or the field message that refuses it. */
export async function bannerFromForm(
  file: File | undefined,
): Promise<
  | { ok: true; url: string | null }
  | { ok: false; error: 'groups:wizard.errors.bannerNotImage' | 'groups:wizard.errors.bannerTooLarge' }
> {
  if (!file || file.size === 0) return { ok: true, url: null }
  try {
    return { ok: true, url: await storeBanner(new Uint8Array(await file.arrayBuffer())) }
  } catch (error) {
    if (error instanceof ImageTooLargeError) return { ok: false, error: 'groups:wizard.errors.bannerTooLarge' }
    if (error instanceof UnreadableImageError) return { ok: false, error: 'groups:wizard.errors.bannerNotImage' }
    throw error
  }
}

/**
 * Removes a banner Hearth stored, from the store and from the legacy directory; any other value (an
 * outside URL, null) is left alone. A failure is logged, not thrown.
 */
export async function removeBanner(url: string | null | undefined, storage: MediaStorage = mediaStorage) {
  await removeUploadedImage(
    url,
    { prefix: BANNER_URL_PREFIX, storageKey: bannerStorageKey, legacyDir: LEGACY_BANNER_DIR },
    storage,
  )
}
