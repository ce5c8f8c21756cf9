// GET /me/recordings/{id}: a personal room's recording, for its owner only (anyone else, and an id
// that does not exist, get the same 404), streamed from the store with ranges so it plays in the page.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/lib/http/guards.server'
import { findPersonalRecording } from '#app/lib/media/personal-recordings.server'
import { storedFileResponse } from '#app/lib/media/stored-file-response.server'

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  const item = await findPersonalRecording(args.context, user.id, args.params.mediaId ?? '')
  if (!item) throw new Response('Not found', { status: 404 })
  return storedFileResponse(args.request, {
    storageKey: item.storageKey,
    contentType: item.contentType,
    size: item.size,
    name: item.name,
    inline: true,
    cache: 'private',
  })
}
