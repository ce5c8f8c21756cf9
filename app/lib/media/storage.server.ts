// The process's store for uploaded bytes: an S3-compatible bucket when S3_BUCKET is set, MEDIA_DIR on
// disk otherwise (models/storage-from-env.ts, the same rule the media edge follows). Everything that
// keeps files goes through this one store: the media library, message attachments and videos, profile
// pictures, banners and community logos.
import { env } from '../platform/env.server'
import type { MediaStorage } from '#models/media-storage'
import { mediaStorageFrom } from '#models/storage-from-env'

export { assertStorageKey, diskStorage, type MediaStorage } from '#models/media-storage'

export const mediaStorage: MediaStorage = mediaStorageFrom(env.storage)
