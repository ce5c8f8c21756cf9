// The one way a stored file reaches a browser (a media library item, a message's file, video or
// thumbnail), after the route has checked who is asking: a short-lived direct address when the
// store has one, streamed from the store otherwise, one byte range at a time when asked (a video's
// seek), always with the type we read from its content and never as a page of this site.
import { createReadableStreamFromReadable, redirect } from '@remix-run/node'
import { parseByteRange } from './byte-range'
import { mediaStorage, type MediaStorage } from './storage.server'

export type StoredFile = {
  storageKey: string
  contentType: string
  /** The whole file's size, as recorded when it was kept (ranges are checked against it). */
  size: number
  /** The name a download is saved under. */
  name: string
  /** Shown in the page (pictures, videos) rather than downloaded (any other file). */
  inline: boolean
  /** `private`: may stay in the browser's cache a while; `no-store`: never kept (message files). */
  cache: 'private' | 'no-store'
}

/** The response for a stored file, or a thrown 404 when the store has lost its bytes, 416 for a range past its end. */
export async function storedFileResponse(
  request: Request,
  file: StoredFile,
  storage: MediaStorage = mediaStorage,
): Promise<Response> {
  const direct = await storage.url(file.storageKey)
  if (direct) return redirect(direct)
  const range = parseByteRange(request.headers.get('Range'), file.size)
  if (range === 'unsatisfiable')
    throw new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${file.size}` } })
  const stored = await storage.get(file.storageKey, range ?? undefined)
  if (!stored) throw new Response('Not found', { status: 404 })
  const headers = new Headers({
    'Content-Type': file.contentType,
    'Content-Length': String(range ? range.end - range.start + 1 : stored.size),
    'Content-Disposition': `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    // The sandbox keeps even a mistaken inline file inert; nosniff keeps the browser to our type.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': file.cache === 'private' ? 'private, max-age=3600' : 'private, no-store',
    'Accept-Ranges': 'bytes',
  })
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`)
  return new Response(createReadableStreamFromReadable(stored.body), { status: range ? 206 : 200, headers })
}
