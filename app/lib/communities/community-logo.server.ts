// The community logo's file: judged by its bytes like every uploaded picture
// (media/uploaded-images.server.ts), fitted inside LOGO_MAX_WIDTH×LOGO_MAX_HEIGHT as a PNG (which
// keeps a transparent background), kept in the media store under logos/ and served at
// /uploads/logos/{file}.png (app/routes/uploads.$kind.$file.ts).
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { mediaStorage, type MediaStorage } from '../media/storage.server'
import { reencodeImage, removeUploadedImage } from '../media/uploaded-images.server'
import { LOGO_FILE_NAME, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH, LOGO_URL_PREFIX } from './community-logo'

export const LOGO_TYPE = 'image/png'

/** The store key of a logo's file name, `{32 hex}.png` → `logos/{32 hex}`; null for any other name. */
export function logoStorageKey(file: string): string | null {
  const name = LOGO_FILE_NAME.exec(file)?.[1]
  return name ? `logos/${name}` : null
}

/**
 * Stores an uploaded logo under a new random name and returns its URL path, or throws
 * UnreadableImageError / ImageTooLargeError. The name is never written again, so browsers and mail
 * clients may cache it for good; a new logo is a new name.
 */
export async function storeLogo(bytes: Uint8Array, storage: MediaStorage = mediaStorage): Promise<string> {
  const png = await reencodeImage(bytes, (image) =>
    image.resize(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true }).png(),
  )
  const file = `${randomBytes(16).toString('hex')}.png`
  await storage.put(logoStorageKey(file)!, Readable.from([png]))
  return LOGO_URL_PREFIX + file
}

/** Removes a logo Hearth stored; any other value is left alone, and a failure is only logged. */
export async function removeLogo(url: string | null | undefined, storage: MediaStorage = mediaStorage) {
  await removeUploadedImage(url, { prefix: LOGO_URL_PREFIX, storageKey: logoStorageKey }, storage)
}
