import type { LoaderFunctionArgs } from '@remix-run/node'
import { qrSvg, roomLink } from '#app/lib/directory/room-qr.server'
import { requireRoom } from '#app/lib/http/guards.server'

// GET /resources/qr/{brand}/{room}: the room link's QR code (image/svg+xml). Whoever may open the
// room may have its code; anyone else gets the room's own refusal (not found, sign in, access denied).
export async function loader(args: LoaderFunctionArgs) {
  const { brand, room } = await requireRoom(args, args.params.room)
  const svg = await qrSvg(roomLink(brand.slug, room.slug))
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // Private: a members-only room's code is not for a shared cache.
      'Cache-Control': 'private, max-age=300',
      'Content-Disposition': `inline; filename="${room.slug}-qr.svg"`,
      // Opened on its own, the SVG may do nothing but draw itself.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
