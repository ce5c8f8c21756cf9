// The process's store for uploaded bytes: MEDIA_DIR on disk. Everything that keeps files (the media
// library, message attachments and videos) goes through this one store; an S3-compatible store
// would replace diskStorage here (the interface's calls are mapped in models/media-storage.ts).
import { env } from '../platform/env.server'
import { diskStorage, type MediaStorage } from '#models/media-storage'

export { assertStorageKey, diskStorage, type MediaStorage } from '#models/media-storage'

export const mediaStorage: MediaStorage = diskStorage(env.MEDIA_DIR)
