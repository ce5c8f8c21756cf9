// Recordings made in personal rooms. The edge keeps a recording in the library of
// the room's community; a personal room's community is the main brand (/me), which nobody is a
// member of, so its library page is closed to the room's host. /me/recordings lists, plays and
// deletes them instead: each person sees their own recordings there and nobody else's.
import type { AppLoadContext } from '@remix-run/node'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import type { Media } from '#models/index'
import { findBrand } from '../communities/brands.server'
import { findMedia, listMedia } from './media-library.server'
import { MEDIA_PAGE_SIZE } from './media-rules'

/**
 * The main brand from the community cache (one lookup per request, none per query); null before
 * the first personal room was claimed, when nobody has a recording there yet.
 */
const personalRoomsCommunity = (context: AppLoadContext) => findBrand(context, MAIN_BRAND_SLUG)

/** One page of the person's recordings, newest first. */
export async function listPersonalRecordings(context: AppLoadContext, userId: string, page: number) {
  const main = await personalRoomsCommunity(context)
  if (!main) return { rows: [], total: 0, page: 1, pages: 1, perPage: MEDIA_PAGE_SIZE }
  return listMedia({ brandId: main.id, userId, kind: 'video', page })
}

/** The recording when it is this person's, else null (someone else's answers as one that does not exist). */
export async function findPersonalRecording(
  context: AppLoadContext,
  userId: string,
  id: string,
): Promise<Media | null> {
  const item = await findMedia(id)
  if (!item || item.userId !== userId || item.kind !== 'video') return null
  return item.brandId === (await personalRoomsCommunity(context))?.id ? item : null
}
