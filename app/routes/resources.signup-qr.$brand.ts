import type { LoaderFunctionArgs } from '@remix-run/node'
import { qrResponse } from '#app/lib/directory/room-qr.server'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { signupQrSvg } from '#app/lib/settings/signup-link.server'

// GET /resources/signup-qr/{brand}: the sign-up link's QR code (image/svg+xml), for those who manage
// the community (the settings guard): the code holds the link's secret hash.
export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  const svg = await signupQrSvg(brand)
  if (!svg) throw new Response(null, { status: 404, statusText: 'Not Found' })
  // Renewing changes the code at the same address: never reuse a stored copy.
  return qrResponse(svg, `${brand.slug}-sign-up-qr.svg`, 'private, no-store')
}
