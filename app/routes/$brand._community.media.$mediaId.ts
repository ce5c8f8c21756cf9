// The media library's files: GET /{brand}/media/{id} (and the spec's DELETE /media/{id} for
// scripts; the page deletes with a plain form). Every read is checked (the item's owner or
// the community's admins; anyone else gets the same 404 as for an id that does not exist), then the
// bytes come from the store: a short-lived direct address when the store has one, streamed here
// otherwise, one byte range at a time when asked (a video's seek).
import { createReadableStreamFromReadable, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { parseByteRange } from '#app/lib/media/byte-range'
import { findMedia, mayHandleMedia, removeMedia } from '#app/lib/media/media-library.server'
import { mediaStorage } from '#app/lib/media/storage.server'

export async function loader(args: LoaderFunctionArgs) {
  const { brand, user, permissions } = await requireCommunityPermission(args, 'access-community')
  const item = await findMedia(args.params.mediaId ?? '')
  if (!item || !mayHandleMedia(item, brand, user, permissions)) throw new Response('Not found', { status: 404 })
  const direct = await mediaStorage.url(item.storageKey)
  if (direct) return redirect(direct)
  const range = parseByteRange(args.request.headers.get('Range'), item.size)
  if (range === 'unsatisfiable') throw new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${item.size}` } })
  const stored = await mediaStorage.get(item.storageKey, range ?? undefined)
  if (!stored) throw new Response('Not found', { status: 404 })
  // Pictures and videos show in the page; any other file downloads, so a stored text or PDF never
  // runs as a page of this site. The sandbox keeps even a mistaken inline file inert.
  const inline = item.kind !== 'file'
  const headers = new Headers({
    'Content-Type': item.contentType,
    'Content-Length': String(range ? range.end - range.start + 1 : stored.size),
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(item.name)}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, max-age=3600',
    'Accept-Ranges': 'bytes',
  })
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`)
  return new Response(createReadableStreamFromReadable(stored.body), { status: range ? 206 : 200, headers })
}

/** DELETE /{brand}/media/{id}: 204 once gone, 404 for an item the caller may not have (the same rule as reading it). */
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== 'DELETE') throw new Response(null, { status: 405, headers: { Allow: 'GET, DELETE' } })
  const { brand, user, permissions } = await requireCommunityPermission(args, 'access-community')
  const item = await findMedia(args.params.mediaId ?? '')
  if (!item || !mayHandleMedia(item, brand, user, permissions)) throw new Response('Not found', { status: 404 })
  await removeMedia(item)
  return new Response(null, { status: 204 })
}
