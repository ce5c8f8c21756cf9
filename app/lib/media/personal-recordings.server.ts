// Recordings made in personal rooms (issue 14 item 5). The edge keeps a recording in the library of
// the room's community; a personal room's community is the main brand (/me), which nobody is a
// member of, so its library page is closed to the room's host. /me/recordings lists, plays and
// deletes them instead: each person sees their own recordings there and nobody else's.
import { mainBrand } from '#models/main-brand'
import type { Media } from '#models/index'
import { findMedia, listMedia } from './media-library.server'

/** One page of the person's recordings, newest first. */
export async function listPersonalRecordings(userId: string, page: number) {
  return listMedia({ brandId: (await mainBrand()).id, userId, kind: 'video', page })
}

/** The recording when it is this person's, else null (someone else's answers as one that does not exist). */
export async function findPersonalRecording(userId: string, id: string): Promise<Media | null> {
  const item = await findMedia(id)
  if (!item || item.userId !== userId || item.kind !== 'video') return null
  return item.brandId === (await mainBrand()).id ? item : null
}
