// The media libraries within a community: each person's own, and each group's, shared by those
// its room admits (the spec's media `context`/`roomId`). Listing a tab, keeping uploads, deleting,
// and the one rule for who may read or delete an item.
import { createReadStream } from 'node:fs'
import { Media, type Brand, type Room, type User } from '#models/index'
import { logger } from '../platform/logger.server'
import { roomPostRights } from '../posts/post-guard.server'
import { ID_PATTERN } from '#models/ids'
import { libraryStorageKey } from '#models/media'
import type { PermissionSlug } from '#models/permissions'
import { MEDIA_PAGE_SIZE, type MediaKind } from './media-rules'
import { prepareImage } from './media-images.server'
import { UploadRefused, type ReceivedFile } from './media-upload.server'
import { mediaStorage, type MediaStorage } from './storage.server'

export type MediaRow = {
  id: string
  /** Who added it (in a group's library, one of several). */
  uploaderId: string
  name: string
  kind: MediaKind
  contentType: string
  size: number
  width: number | null
  height: number | null
  createdAt: string
}

/** An item as lists and answers show it. */
export const mediaRow = (item: Media): MediaRow => ({
  id: item.id,
  uploaderId: item.userId,
  name: item.name,
  kind: item.kind,
  contentType: item.contentType,
  size: item.size,
  width: item.width ?? null,
  height: item.height ?? null,
  createdAt: item.createdAt.toISOString(),
})

/**
 * A library a person opened: their own (room null), or a group's, where reading follows its feed
 * (those its room admits), adding follows posting there and removing anyone's item follows
 * moderating it (models/post-access.ts). Null when the community has no such live room.
 */
export type Library = { room: Room | null; read: boolean; add: boolean; moderate: boolean }

export async function openLibrary(
  brand: Brand,
  user: Pick<User, 'id'>,
  roomId: string | null,
  permissions: ReadonlySet<PermissionSlug>,
): Promise<Library | null> {
  if (roomId === null) return { room: null, read: true, add: true, moderate: permissions.has('manage-community') }
  const found = ID_PATTERN.test(roomId) ? await roomPostRights(brand, user.id, roomId) : null
  if (!found) return null
  const { room, rights } = found
  return { room, read: rights.read, add: rights.post, moderate: rights.moderate || permissions.has('manage-community') }
}

/** One page of a library's items of one kind (a person's own, or a group's with `roomId`), newest first. */
export async function listMedia({
  brandId,
  userId,
  roomId = null,
  kind,
  page,
}: {
  brandId: string
  userId: string
  roomId?: string | null
  kind: MediaKind
  page: number
}) {
  const { rows, count } = await Media.findAndCountAll({
    where: roomId ? { brandId, roomId, kind } : { brandId, userId, roomId: null, kind },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    limit: MEDIA_PAGE_SIZE,
    offset: (page - 1) * MEDIA_PAGE_SIZE,
  })
  const pages = Math.max(1, Math.ceil(count / MEDIA_PAGE_SIZE))
  return { rows: rows.map(mediaRow), total: count, page, pages, perPage: MEDIA_PAGE_SIZE }
}

/**
 * Keeps received files in the owner's library: images are shrunk first, then every file goes to
 * the store and gets its row. All or nothing: if one fails, what was already kept is removed.
 */
export async function keepUploads(
  {
    brand,
    user,
    roomId = null,
    kind,
    files,
  }: {
    brand: Pick<Brand, 'id'>
    user: Pick<User, 'id'>
    roomId?: string | null
    kind: MediaKind
    files: ReceivedFile[]
  },
  storage: MediaStorage = mediaStorage,
): Promise<Media[]> {
  const kept: Media[] = []
  try {
    for (const file of files) {
      const facts = kind === 'image' ? await prepareImage(file) : { size: file.size, width: null, height: null }
      const item = Media.build({
        brandId: brand.id,
        userId: user.id,
        roomId,
        kind,
        name: file.name,
        contentType: file.contentType,
        ...facts,
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
      kept.push(item)
    }
  } catch (error) {
    for (const item of kept) await removeMedia(item, storage)
    if (error instanceof UploadRefused) throw error
    logger.error({ err: error, kind }, 'media upload could not be stored')
    // The product's own words for a video; the general upload error otherwise.
    throw new UploadRefused(400, kind === 'video' ? 'media:errors.video' : 'media:errors.upload')
  }
  return kept
}

/**
 * Who may see or delete an item: its uploader and the community's admins (manage-community), who
 * look after what is kept in their community; in a group's library, also whoever reads it (to see)
 * and moderates it (to delete). Nobody else, in any community: an item of another community is as
 * unknown as one that does not exist.
 */
export async function mediaRights(
  item: Pick<Media, 'brandId' | 'userId' | 'roomId'>,
  brand: Brand,
  user: Pick<User, 'id'>,
  permissions: ReadonlySet<PermissionSlug>,
): Promise<{ read: boolean; remove: boolean }> {
  if (item.brandId !== brand.id) return { read: false, remove: false }
  const own = item.userId === user.id || permissions.has('manage-community')
  const library = item.roomId ? await openLibrary(brand, user, item.roomId, permissions) : null
  return { read: own || Boolean(library?.read), remove: own || Boolean(library?.moderate) }
}

export async function findMedia(id: string): Promise<Media | null> {
  if (!ID_PATTERN.test(id)) return null
  return Media.findByPk(id)
}

/** Removes the row and then the bytes (a failure on the bytes leaves an orphan file, logged, never a row without a file). */
export async function removeMedia(item: Media, storage: MediaStorage = mediaStorage) {
  await item.destroy()
  try {
    await storage.delete(item.storageKey)
  } catch (error) {
    logger.warn({ err: error, key: item.storageKey }, 'media file could not be removed')
  }
}
