// The permission matrix for the media library. From the product's rules: "Otherwise access-community is
// needed" (the library has no route permission of its own, so everyone who enters the community
// has one: the owner, admins, moderators, members, users, viewers, guests and developers; not the
// pending, the archived, people of another community, nor anyone signed out); "delete (owner or
// admins)": an item is read and deleted by the person who uploaded it and by the
// community's admins (owner and admin roles), and to anyone else it does not exist.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll } from 'vitest'
import type { Media } from '#models/index'
import { action as mediaAction, loader as mediaLoader } from '#app/routes/$brand._community.media/route'
import { action as fileAction, loader as fileLoader } from '#app/routes/$brand._community.media.$mediaId'
import { action as uploadAction } from '#app/routes/$brand._community.media.upload'
import { keepUploads } from '#app/lib/media/media-library.server'
import { grantRole, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let picture: Buffer
beforeAll(async () => {
  world = await makeMatrixWorld()
  picture = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
    .png()
    .toBuffer()
})

const INSIDE = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const ADMINS = ['owner', 'admin'] as const

const page = (w: MatrixWorld) => `/${w.brand.slug}/media`
const form = () => {
  const body = new FormData()
  body.append('files', new File([new Uint8Array(picture)], 'p.png'))
  return body
}

/** A member's item, kept the way an upload keeps it (a fresh one per request, so a delete never changes the next case). */
async function someonesItem(w: MatrixWorld): Promise<Media> {
  const owner = await makeUser()
  await grantRole(owner, w.brand)
  const directory = await mkdtemp(join(tmpdir(), 'media-matrix-'))
  const path = join(directory, '1')
  await writeFile(path, picture)
  const [item] = await keepUploads({
    brand: w.brand,
    user: owner,
    kind: 'image',
    files: [{ name: 'p.png', path, size: picture.length, contentType: 'image/png' }],
  })
  return item!
}

/** Someone else's item answers 404 to those who may not have it: in this table, refused. */
async function notFoundIsDenied(run: () => Promise<unknown>) {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 404) throw new Response(null, { status: 403 })
    throw thrown
  }
  const status =
    result instanceof Response ? result.status : (result as { init?: { status?: number } } | null)?.init?.status
  if (status === 404) throw new Response(null, { status: 403 })
  return result
}

describeMatrix(
  'media library',
  [
    {
      name: 'GET /{brand}/media',
      run: async (w, persona) => mediaLoader(await argsAs(w, persona, page(w), { brand: w.brand.slug })),
      expected: only(INSIDE),
    },
    {
      name: 'POST /{brand}/media (upload, plain form)',
      run: async (w, persona) =>
        mediaAction(await argsAs(w, persona, page(w), { brand: w.brand.slug }, { method: 'POST', body: form() })),
      expected: only(INSIDE),
    },
    {
      name: 'POST /{brand}/media/upload (upload with progress)',
      run: async (w, persona) =>
        uploadAction(
          await argsAs(w, persona, `${page(w)}/upload`, { brand: w.brand.slug }, { method: 'POST', body: form() }),
        ),
      expected: only(INSIDE),
    },
    {
      name: 'GET /{brand}/media/{id} of another member’s item',
      run: async (w, persona: Persona) => {
        const item = await someonesItem(w)
        return notFoundIsDenied(async () =>
          fileLoader(await argsAs(w, persona, `${page(w)}/${item.id}`, { brand: w.brand.slug, mediaId: item.id })),
        )
      },
      expected: only(ADMINS),
    },
    {
      name: 'POST /{brand}/media delete another member’s item',
      run: async (w, persona: Persona) => {
        const item = await someonesItem(w)
        return notFoundIsDenied(async () =>
          mediaAction(
            await argsAs(
              w,
              persona,
              page(w),
              { brand: w.brand.slug },
              { method: 'POST', body: new URLSearchParams({ intent: 'delete', mediaId: item.id }) },
            ),
          ),
        )
      },
      expected: only(ADMINS),
    },
    {
      name: 'DELETE /{brand}/media/{id} of another member’s item',
      run: async (w, persona: Persona) => {
        const item = await someonesItem(w)
        return notFoundIsDenied(async () =>
          fileAction(
            await argsAs(
              w,
              persona,
              `${page(w)}/${item.id}`,
              { brand: w.brand.slug, mediaId: item.id },
              { method: 'DELETE' },
            ),
          ),
        )
      },
      expected: only(ADMINS),
    },
  ],
  () => world,
)
