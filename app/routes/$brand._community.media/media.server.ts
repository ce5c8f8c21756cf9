import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { refusalLocation } from '#app/lib/communities/access-refusal'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { findMedia, listMedia, mediaRights, openLibrary, removeMedia } from '#app/lib/media/media-library.server'
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

/**
 * The library the address names: each signed-in person's own (access-community), or with ?room=
 * a group's, shared by those its room admits (openLibrary). An unknown room is a 404; a group
 * that does not admit the person, the access-denied page.
 */
async function requireLibrary(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const access = await requireCommunityPermission(args, 'access-community')
  const url = new URL(args.request.url)
  const place = libraryPlace(url)
  const library = await openLibrary(access.brand, access.user, place.roomId, access.permissions)
  if (!library) throw new Response('Not found', { status: 404 })
  if (!library.read) throw redirect(refusalLocation('accessDenied', access.brand.slug, url.pathname + url.search))
  return { ...access, place, library, roomId: library.room?.id ?? null }
}

export async function mediaLoader(args: LoaderFunctionArgs) {
  const { brand, user, place, library, roomId } = await requireLibrary(args)
  const kind = TAB_KIND[place.tab]
  return {
    messages: await routeMessages(args, 'media'),
    community: { slug: brand.slug },
    // A group's library: its name, where to go back to, and whether this person may add to it.
    group: library.room
      ? {
          id: library.room.id,
          name: library.room.name ?? library.room.slug,
          url: `/${brand.slug}/${library.room.context === 'event' ? 'events' : 'groups'}/${library.room.slug}`,
        }
      : null,
    mayAdd: library.add,
    tab: place.tab,
    listing: await listMedia({ brandId: brand.id, userId: user.id, roomId, kind, page: place.page }).then(
      (listing) => ({
        ...listing,
        // Delete buttons only where the item's rule lets this person delete it (mediaRights).
        rows: listing.rows.map((row) => ({ ...row, removable: library.moderate || row.uploaderId === user.id })),
      }),
    ),
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
  const { brand, user, permissions, place, library, roomId } = await requireLibrary(args)
  const back = mediaUrl(brand.slug, place.tab, place.page, roomId)
  const isUpload = /^multipart\/form-data\b/i.test(args.request.headers.get('Content-Type') ?? '')

  if (isUpload) {
    if (!library.add)
      return data<MediaActionData>({ form: 'upload', error: 'media:errors.libraryClosed' }, { status: 403 })
    const outcome = await uploadToLibrary({ request: args.request, brand, user, roomId, tab: place.tab })
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
  if (!item || item.roomId !== roomId || !(await mediaRights(item, brand, user, permissions)).remove)
    return data<MediaActionData>({ form: 'delete', mediaId, error: 'media:errors.notFound' }, { status: 404 })
  await removeMedia(item)
  throw await redirectWithFlash(back, { kind: 'success', message: 'media:flash.deleted' })
}
