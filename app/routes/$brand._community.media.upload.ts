// POST /{brand}/media/upload?type=images: the upload the library page sends where JavaScript runs
// (XMLHttpRequest, for its progress events). Same checks and storage as the page's plain form;
// the answer is JSON: where to go next (with the flash cookie set), or the refusal to show.
import { type ActionFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { flashHeader } from '#app/lib/http/flash.server'
import { libraryPlace, mediaUrl } from '#app/lib/media/media-rules'
import { openLibrary } from '#app/lib/media/media-library.server'
import { uploadToLibrary } from '#app/lib/media/upload-to-library.server'

export async function action(args: ActionFunctionArgs) {
  const { brand, user, permissions } = await requireCommunityPermission(args, 'access-community')
  const place = libraryPlace(new URL(args.request.url))
  // A group's library (?room=) takes additions from those who may post in the group (openLibrary).
  const library = await openLibrary(brand, user, place.roomId, permissions)
  if (!library) return Response.json({ form: 'upload', error: 'media:errors.noLibrary' }, { status: 404 })
  if (!library.add) return Response.json({ form: 'upload', error: 'media:errors.libraryClosed' }, { status: 403 })
  const roomId = library.room?.id ?? null
  const outcome = await uploadToLibrary({ request: args.request, brand, user, roomId, tab: place.tab })
  if (!outcome.ok)
    return Response.json({ form: 'upload', error: outcome.error, values: outcome.values }, { status: outcome.status })
  const flash = await flashHeader({
    kind: 'success',
    message: 'media:flash.uploaded',
    values: { count: outcome.count },
  })
  return Response.json({ redirectTo: mediaUrl(brand.slug, place.tab, 1, roomId) }, { headers: { 'Set-Cookie': flash } })
}

// Only the upload: the library itself is the page.
export function loader() {
  throw new Response('Not found', { status: 404 })
}
