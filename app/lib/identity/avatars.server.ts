// Profile pictures: judged by their bytes, cropped to one square PNG, kept in the media store (S3 or
// MEDIA_DIR, app/lib/media/storage.server.ts) so that every web machine serves every picture, at the URL
// they always had, /uploads/avatars/{file}.png (app/routes/uploads.$kind.$file.ts).
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { Readable } from 'node:stream'
import { AVATAR_URL_PREFIX, avatarOwner } from '#edge/contract/peers'
import type { TranslationKey } from '../i18n/i18n'
import { mediaStorage, type MediaStorage } from '../media/storage.server'
import {
  ImageTooLargeError,
  UnreadableImageError,
  reencodeImage,
  removeUploadedImage,
  sniffImage,
} from '../media/uploaded-images.server'

/** Avatars are stored square, this many pixels a side. */
export const AVATAR_SIZE = 256
/** The URL path avatars are served under (shared with the edge, which shows a peer's own uploads), and their type. */
export { AVATAR_URL_PREFIX }
export const AVATAR_TYPE = 'image/png'
/**
 * Where avatars were written before migration 0029 copied them into the store. express.static still
 * serves what a machine holds there; removeAvatar removes a picture from there too.
 */
export const LEGACY_AVATAR_DIR = resolve('public/uploads/avatars')

/**
 * The store key of an avatar's file name: `{owner}-{random}.png` is kept as `avatars/{owner}-{random}`
 * (store keys have no dots; the type is always PNG). Null for a name Hearth never gave an avatar.
 */
export function avatarStorageKey(file: string): string | null {
  const name = /^([A-Za-z0-9_-]{1,64})\.png$/.exec(file)?.[1]
  return name ? `avatars/${name}` : null
}

/**
 * Crops and scales an image to fill AVATAR_SIZE×AVATAR_SIZE (cover) and keeps it as a PNG named
 * {owner}-{random}.png (avatarOwner: the user id, a guest's too). Returns its URL path, or throws UnreadableImageError / ImageTooLargeError
 * (media/uploaded-images.server.ts). The name is new for every picture and never written again,
 * which is what lets browsers cache it for good.
 */
export async function storeAvatar(
  userId: string,
  bytes: Uint8Array,
  storage: MediaStorage = mediaStorage,
): Promise<string> {
  const png = await reencodeImage(bytes, (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).png())
  const file = `${avatarOwner(userId)}-${randomBytes(12).toString('hex')}.png`
  await storage.put(avatarStorageKey(file)!, Readable.from([png]))
  return AVATAR_URL_PREFIX + file
}

/**
 * An uploaded picture judged by its bytes and stored (storeAvatar): its URL, or why it was refused
 * as a translation key. The account settings and the meeting's device check take pictures this way.
 */
export async function acceptAvatar(
  userId: string,
  bytes: Uint8Array,
): Promise<{ url: string } | { refusal: TranslationKey }> {
  if (!sniffImage(bytes)) return { refusal: 'account:errors.avatarNotImage' }
  try {
    return { url: await storeAvatar(userId, bytes) }
  } catch (error) {
    if (error instanceof ImageTooLargeError) return { refusal: 'account:uploads.avatarDimensions' }
    if (error instanceof UnreadableImageError) return { refusal: 'account:errors.avatarUnreadable' }
    throw error
  }
}

/**
 * Removes an avatar Hearth stored, from the store and from the legacy directory; any other value (an
 * outside URL, null) is left alone. A failure is logged, not thrown: the row no longer points there.
 */
export async function removeAvatar(url: string | null | undefined, storage: MediaStorage = mediaStorage) {
  await removeUploadedImage(
    url,
    { prefix: AVATAR_URL_PREFIX, storageKey: avatarStorageKey, legacyDir: LEGACY_AVATAR_DIR },
    storage,
  )
}
