import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { findMedia, listMedia, mayHandleMedia, removeMedia } from '#app/lib/media/media-library.server'
import {
  ACCEPTED_TYPES,
  MEDIA_BATCH_MAX,
  MEDIA_MAX_BYTES,
  TAB_KIND,
  libraryPlace,
  mediaUrl,
} from '#app/lib/media/media-rules'
import { MediaDeleteSchema } from '#app/lib/media/media.schema'
import { uploadToLibrary } from '#app/lib/media/upload-to-library.server'

// The library is each signed-in person's own (otherwise access-community is needed).
const requireLibrary = (args: LoaderFunctionArgs | ActionFunctionArgs) =>
  requireCommunityPermission(args, 'access-community')

export async function mediaLoader(args: LoaderFunctionArgs) {
  const { brand, user } = await requireLibrary(args)
  const place = libraryPlace(new URL(args.request.url))
  const kind = TAB_KIND[place.tab]
  return {
    messages: await routeMessages(args, 'media'),
    community: { slug: brand.slug },
    tab: place.tab,
    listing: await listMedia({ brandId: brand.id, userId: user.id, kind, page: place.page }),
    limits: {
      max: MEDIA_BATCH_MAX,
      sizeMb: Math.round(MEDIA_MAX_BYTES[kind] / (1024 * 1024)),
      accepted: ACCEPTED_TYPES[kind].join(', '),
    },
  }
}

/** What a refused form gets back: which form, the message and its values. */
export type MediaActionData = {
  form: 'upload' | 'delete'
  mediaId?: string
  error: TranslationKey
  values?: Record<string, string | number>
}

export async function mediaAction(args: ActionFunctionArgs) {
  const { brand, user, permissions } = await requireLibrary(args)
  const place = libraryPlace(new URL(args.request.url))
  const back = mediaUrl(brand.slug, place.tab, place.page)
  const isUpload = /^multipart\/form-data\b/i.test(args.request.headers.get('Content-Type') ?? '')

  if (isUpload) {
    const outcome = await uploadToLibrary({ request: args.request, brand, user, tab: place.tab })
    if (!outcome.ok)
      return data<MediaActionData>(
        { form: 'upload', error: outcome.error, values: outcome.values },
        { status: outcome.status },
      )
    throw await redirectWithFlash(back, {
      kind: 'success',
      message: 'media:flash.uploaded',
      values: { count: outcome.count },
    })
  }

  const form = await readForm(args.request)
  const submission = parseWithZod(form, { schema: MediaDeleteSchema })
  const mediaId = String(form.get('mediaId') ?? '').slice(0, 36)
  if (submission.status !== 'success')
    return data<MediaActionData>({ form: 'delete', mediaId, error: 'media:errors.badRequest' }, { status: 400 })
  const item = await findMedia(submission.value.mediaId)
  // Someone else's item answers as one that does not exist: ids are not confirmed to strangers.
  if (!item || !mayHandleMedia(item, brand, user, permissions))
    return data<MediaActionData>({ form: 'delete', mediaId, error: 'media:errors.notFound' }, { status: 404 })
  await removeMedia(item)
  throw await redirectWithFlash(back, { kind: 'success', message: 'media:flash.deleted' })
}
