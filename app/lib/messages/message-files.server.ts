// A message's files, video and the video's thumbnail: kept in the media store (the one storage
// interface, app/lib/media/storage.server.ts) under `messages/{brandId}/{id}`, each a
// MessageAttachment row by its role, and served through storedFileResponse once the route has
// checked that the one asking is in the conversation.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { newId } from '#models/ids'
import type { AttachmentRole, MessageAttachment } from '#models/message'
import type { ReceivedFile } from '../media/media-upload.server'
import { storedFileResponse } from '../media/stored-file-response.server'
import { mediaStorage, type MediaStorage } from '../media/storage.server'
import { makeVideoThumbnail } from '../media/video-thumbnail.server'
import { logger } from '../platform/logger.server'

/** An attachment read into memory and typed by its content (conversations.server.ts readAttachments). */
export type IncomingAttachment = { bytes: Uint8Array; contentType: string; fileName: string }

/** What a message row will point at: one stored file each. */
export type StoredFile = { key: string; contentType: string; fileName: string; size: number; role: AttachmentRole }

const VIDEO_NAMES: Record<string, string> = {
  'video/webm': 'video.webm',
  'video/mp4': 'video.mp4',
  'video/quicktime': 'video.mov',
}

/**
 * Keeps a message's attachments and its video (with a thumbnail when ffmpeg makes one), all or
 * nothing: if one cannot be kept, those already kept are removed and the error goes on.
 */
export async function keepMessageFiles(
  brandId: string,
  { files, video }: { files: IncomingAttachment[]; video: ReceivedFile | null },
  storage: MediaStorage = mediaStorage,
): Promise<StoredFile[]> {
  const kept: StoredFile[] = []
  const keep = async (file: Omit<StoredFile, 'key'>, body: () => Readable) => {
    const key = `messages/${brandId}/${newId()}`
    await storage.put(key, body())
    kept.push({ ...file, key })
  }
  try {
    for (const file of files)
      await keep(
        { contentType: file.contentType, fileName: file.fileName, size: file.bytes.byteLength, role: 'file' },
        () => Readable.from([file.bytes]),
      )
    if (video) {
      await keep(
        {
          contentType: video.contentType,
          fileName: VIDEO_NAMES[video.contentType] ?? 'video',
          size: video.size,
          role: 'video',
        },
        () => createReadStream(video.path),
      )
      const thumbnail = `${video.path}.jpg`
      if (await makeVideoThumbnail(video.path, thumbnail)) {
        const { size } = await stat(thumbnail)
        await keep({ contentType: 'image/jpeg', fileName: 'thumbnail.jpg', size, role: 'thumbnail' }, () =>
          createReadStream(thumbnail),
        )
      }
    }
  } catch (error) {
    await dropMessageFiles(kept, storage)
    throw error
  }
  return kept
}

/** Removes stored files (a message that was not sent, or is gone); a failure leaves an orphan, logged. */
export async function dropMessageFiles(files: readonly { key: string }[], storage: MediaStorage = mediaStorage) {
  for (const file of files) {
    try {
      await storage.delete(file.key)
    } catch (error) {
      logger.warn({ err: error, key: file.key }, 'message file could not be removed')
    }
  }
}

/**
 * A message's file for someone the route let in (404 for none). The video and its thumbnail show in
 * the page, with byte ranges for seeking; any other file downloads. Never cached: the next person
 * on a shared computer must not find it.
 */
export function messageFileResponse(request: Request, attachment: MessageAttachment | null): Promise<Response> {
  if (!attachment) throw new Response('Not found', { status: 404 })
  return storedFileResponse(request, {
    storageKey: attachment.storageKey,
    contentType: attachment.contentType,
    size: attachment.size,
    name: attachment.fileName,
    inline: attachment.role !== 'file',
    cache: 'no-store',
  })
}
