// The media library's files: GET /{brand}/media/{id} (and the product's DELETE /media/{id} for
// scripts; the page deletes with a plain form). Every read is checked (mediaRights: the item's
// uploader, the community's admins, and in a group's library whoever reads it; anyone else gets the
// same 404 as for an id that does not exist), then the
// bytes come from the store through storedFileResponse (direct address, or streamed with ranges).
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { findMedia, mediaRights, removeMedia } from '#app/lib/media/media-library.server'
import { storedFileResponse } from '#app/lib/media/stored-file-response.server'

export async function loader(args: LoaderFunctionArgs) {
  const { brand, user, permissions } = await requireCommunityPermission(args, 'access-community')
  const item = await findMedia(args.params.mediaId ?? '')
  if (!item || !(await mediaRights(item, brand, user, permissions)).read)
    throw new Response('Not found', { status: 404 })
  // Pictures and videos show in the page; any other file downloads, so a stored text or PDF never
  // runs as a page of this site.
  return storedFileResponse(args.request, {
    storageKey: item.storageKey,
    contentType: item.contentType,
    size: item.size,
    name: item.name,
    inline: item.kind !== 'file',
    cache: 'private',
  })
}

/** DELETE /{brand}/media/{id}: 204 once gone, 404 for an item the caller may not remove (mediaRights). */
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== 'DELETE') throw new Response(null, { status: 405, headers: { Allow: 'GET, DELETE' } })
  const { brand, user, permissions } = await requireCommunityPermission(args, 'access-community')
  const item = await findMedia(args.params.mediaId ?? '')
  if (!item || !(await mediaRights(item, brand, user, permissions)).remove)
    throw new Response('Not found', { status: 404 })
  await removeMedia(item)
  return new Response(null, { status: 204 })
}
