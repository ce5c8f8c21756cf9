// Profile pictures, banners and community logos: GET /uploads/avatars/{file}.png,
// /uploads/banners/{file}.webp and /uploads/logos/{file}.png, the URLs rows hold, streamed from the
// media store (S3 or MEDIA_DIR), so every web machine serves every picture. server.js's
// express.static('public') answers first when this machine still holds an avatar or banner under
// public/uploads (written before migration 0029): the same bytes.
//
// Anyone may read them, as they could the static files: the names are random and never reused, a new
// picture gets a new name, so the answer may be cached (by browsers and any CDN) for a year.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { AVATAR_TYPE, avatarStorageKey } from '#app/lib/identity/avatars.server'
import { BANNER_TYPE, bannerStorageKey } from '#app/lib/groups/group-banners.server'
import { LOGO_TYPE, logoStorageKey } from '#app/lib/communities/community-logo.server'
import { mediaStorage } from '#app/lib/media/storage.server'

const KINDS: Record<string, { storageKey: (file: string) => string | null; contentType: string }> = {
  avatars: { storageKey: avatarStorageKey, contentType: AVATAR_TYPE },
  banners: { storageKey: bannerStorageKey, contentType: BANNER_TYPE },
  logos: { storageKey: logoStorageKey, contentType: LOGO_TYPE },
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })

export async function loader({ params }: LoaderFunctionArgs) {
  const kind = Object.hasOwn(KINDS, params.kind ?? '') ? KINDS[params.kind!] : undefined
  const key = kind?.storageKey(params.file ?? '')
  if (!kind || !key) throw notFound()
  const stored = await mediaStorage.get(key)
  if (!stored) throw notFound()
  return new Response(createReadableStreamFromReadable(stored.body), {
    headers: {
      // The type Hearth encoded the picture in, whatever the stored bytes might claim.
      'Content-Type': kind.contentType,
      'Content-Length': String(stored.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Opened on its own, a picture is still never a page of this site.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
