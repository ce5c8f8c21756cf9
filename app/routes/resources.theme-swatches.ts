import type { LoaderFunctionArgs } from '@remix-run/node'
import { resolvedColors, swatchStyles } from '#app/lib/communities/theme'

/**
 * The theme picker's swatch colours as a stylesheet (a <style> the client adds while navigating
 * would carry no CSP nonce and be refused). Public and read-only: it reads no community, only the
 * palettes and the custom colours named in the query (each checked as a hex colour), so the
 * address changes whenever the custom colours do and the answer can be cached.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const custom = resolvedColors({ theme: 'custom', colors: Object.fromEntries(new URL(request.url).searchParams) })
  return new Response(swatchStyles(custom), {
    headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
