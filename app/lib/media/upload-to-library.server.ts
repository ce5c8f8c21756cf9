// One upload into a library (a person's own, or a group's with `roomId`; who may add there was
// checked by the caller, openLibrary), from the request to the kept items: the page's plain form,
// the progress-reporting upload (its JSON twin) and the API's all end here.
import { type Brand, type User } from '#models/index'
import type { TranslationKey } from '../i18n/i18n'
import { keepUploads, mediaRow, type MediaRow } from './media-library.server'
import { MEDIA_BATCH_MAX, TAB_KIND, type MediaTab } from './media-rules'
import { MediaUploadSchema } from './media.schema'
import { UploadRefused, receiveUpload } from './media-upload.server'

export type UploadOutcome =
  | { ok: true; count: number; items: MediaRow[] }
  | { ok: false; status: number; error: TranslationKey; values: Record<string, string | number> }

export async function uploadToLibrary({
  request,
  brand,
  user,
  roomId = null,
  tab,
}: {
  request: Request
  brand: Pick<Brand, 'id'>
  user: Pick<User, 'id'>
  roomId?: string | null
  tab: MediaTab
}): Promise<UploadOutcome> {
  const kind = TAB_KIND[tab]
  const refused = (error: UploadRefused): UploadOutcome => ({
    ok: false,
    status: error.status,
    error: error.key,
    values: error.values,
  })
  let upload
  try {
    upload = await receiveUpload(request, kind)
  } catch (error) {
    if (error instanceof UploadRefused) return refused(error)
    throw error
  }
  try {
    const counted = MediaUploadSchema.safeParse({ files: upload.files.map((file) => file.name) })
    if (!counted.success)
      return {
        ok: false,
        status: 400,
        error: counted.error.issues[0]!.message as TranslationKey,
        values: { max: MEDIA_BATCH_MAX },
      }
    const kept = await keepUploads({ brand, user, roomId, kind, files: upload.files })
    return { ok: true, count: kept.length, items: kept.map(mediaRow) }
  } catch (error) {
    if (error instanceof UploadRefused) return refused(error)
    throw error
  } finally {
    await upload.discard()
  }
}
