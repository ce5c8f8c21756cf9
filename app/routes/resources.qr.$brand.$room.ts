import type { LoaderFunctionArgs } from '@remix-run/node'
import { qrResponse, qrSvg, roomLink } from '#app/lib/directory/room-qr.server'
import { requireRoom } from '#app/lib/http/guards.server'

// GET /resources/qr/{brand}/{room}: the room link's QR code (image/svg+xml). Whoever may open the
// room may have its code; anyone else gets the room's own refusal (not found, sign in, access denied).
export async function loader(args: LoaderFunctionArgs) {
  const { brand, room } = await requireRoom(args, args.params.room)
  // Private: a members-only room's code is not for a shared cache.
  return qrResponse(await qrSvg(roomLink(brand.slug, room.slug)), `${room.slug}-qr.svg`, 'private, max-age=300')
}
