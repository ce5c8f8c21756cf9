// A finished recording goes into the media library of the host who started it, in the meeting's
// community: the edge keeps it in the same store the web app serves the library from (MEDIA_DIR,
// models/media-storage.ts) and writes the library's row, as it writes the meeting's rows. The
// library then lists, plays and deletes it like an upload, with its own access rule; nothing has
// to travel to the web app, which may not be reachable from an edge.
import { createReadStream } from 'node:fs'
import { Media, libraryStorageKey } from '#models/media'
import type { MediaStorage } from '#models/media-storage'
import type { RecordedFile } from './ffmpeg-recording'

/** The library item's name: the start time in UTC, short enough that the library's rule keeps it whole (20 characters). */
export function recordingName(startedAt: Date, extension: string) {
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `rec-${stamp}.${extension}`
}

/** Stores the file and adds it to the owner's videos; the stored bytes are removed again if the row cannot be written. */
export async function keepRecording(
  storage: MediaStorage,
  file: RecordedFile,
  owner: { brandId: string; userId: string },
  startedAt: Date,
): Promise<string> {
  const item = Media.build({
    brandId: owner.brandId,
    userId: owner.userId,
    kind: 'video',
    name: recordingName(startedAt, file.container.extension),
    contentType: file.container.contentType,
    size: file.size,
    storageKey: '',
  })
  item.storageKey = libraryStorageKey(item)
  await storage.put(item.storageKey, createReadStream(file.path))
  try {
    await item.save()
  } catch (error) {
    await storage.delete(item.storageKey)
    throw error
  }
  return item.id
}
