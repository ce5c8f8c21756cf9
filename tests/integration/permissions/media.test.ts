// The permission matrix for the media library. From the product's rules: "Otherwise access-community is
// needed" (the library has no route permission of its own, so everyone who enters the community
// has one: the owner, admins, moderators, members, users, viewers, guests and developers; not the
// pending, the archived, people of another community, nor anyone signed out); "delete (owner or
// admins)": an item is read and deleted by the person who uploaded it and by the
// community's admins (owner and admin roles), and to anyone else it does not exist.
// A group's library (the spec's media `context`/`roomId`) is shared by those the group admits: they
// read it; those who may post in the group add to it (edit-own-posts: not viewers or guests); those
// who moderate its posts (owner, admin, moderator; its host and co-hosts) delete anyone's item.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll } from 'vitest'
import type { Media, Room } from '#models/index'
import { action as mediaAction, loader as mediaLoader } from '#app/routes/$brand._community.media/route'
import { action as fileAction, loader as fileLoader } from '#app/routes/$brand._community.media.$mediaId'
import { action as uploadAction } from '#app/routes/$brand._community.media.upload'
import { keepUploads } from '#app/lib/media/media-library.server'
import { grantRole, makeRoom, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
  refusedAs403,
} from '../../support/permission-matrix'

let world: MatrixWorld
let picture: Buffer
let publicGroup: Room
let privateGroup: Room
beforeAll(async () => {
  world = await makeMatrixWorld()
  const host = await makeUser()
  publicGroup = await makeRoom(world.brand, { roomType: 'public', hostId: host.id })
  privateGroup = await makeRoom(world.brand, {
    roomType: 'private',
    hostId: host.id,
    members: [host.id, world.people.member.id],
  } as never)
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

/** A member's item, kept the way an upload keeps it (a fresh one per request, so a delete never changes the next case); in a group's library with `roomId`. */
async function someonesItem(w: MatrixWorld, roomId: string | null = null): Promise<Media> {
  const owner = await makeUser()
  await grantRole(owner, w.brand)
  const directory = await mkdtemp(join(tmpdir(), 'media-matrix-'))
  const path = join(directory, '1')
  await writeFile(path, picture)
  const [item] = await keepUploads({
    brand: w.brand,
    user: owner,
    roomId,
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

const WRITERS = ['owner', 'admin', 'moderator', 'member', 'user', 'developer'] as const
const MODERATORS = ['owner', 'admin', 'moderator'] as const
const groupPage = (w: MatrixWorld, room: Room) => `/${w.brand.slug}/media?room=${room.id}`

describeMatrix(
  "a group's media library",
  [
    {
      name: 'GET /{brand}/media?room={public group}',
      run: async (w, persona) =>
        mediaLoader(await argsAs(w, persona, groupPage(w, publicGroup), { brand: w.brand.slug })),
      expected: only(INSIDE),
    },
    {
      name: 'GET /{brand}/media?room={private group}',
      run: async (w, persona) =>
        mediaLoader(await argsAs(w, persona, groupPage(w, privateGroup), { brand: w.brand.slug })),
      expected: only(['member']),
    },
    {
      name: 'POST /{brand}/media?room={public group} (upload, plain form)',
      run: async (w, persona) =>
        refusedAs403(
          mediaAction(
            await argsAs(
              w,
              persona,
              groupPage(w, publicGroup),
              { brand: w.brand.slug },
              { method: 'POST', body: form() },
            ),
          ),
        ),
      expected: only(WRITERS),
    },
    {
      name: 'POST /{brand}/media/upload?room={public group} (upload with progress)',
      run: async (w, persona) =>
        refusedAs403(
          uploadAction(
            await argsAs(
              w,
              persona,
              `/${w.brand.slug}/media/upload?room=${publicGroup.id}`,
              { brand: w.brand.slug },
              { method: 'POST', body: form() },
            ),
          ),
        ),
      expected: only(WRITERS),
    },
    {
      name: 'GET /{brand}/media/{id} of another member’s item in the public group',
      run: async (w, persona: Persona) => {
        const item = await someonesItem(w, publicGroup.id)
        return notFoundIsDenied(async () =>
          fileLoader(await argsAs(w, persona, `${page(w)}/${item.id}`, { brand: w.brand.slug, mediaId: item.id })),
        )
      },
      expected: only(INSIDE),
    },
    {
      name: 'POST /{brand}/media?room={public group} delete another member’s item',
      run: async (w, persona: Persona) => {
        const item = await someonesItem(w, publicGroup.id)
        return notFoundIsDenied(async () =>
          mediaAction(
            await argsAs(
              w,
              persona,
              groupPage(w, publicGroup),
              { brand: w.brand.slug },
              { method: 'POST', body: new URLSearchParams({ intent: 'delete', mediaId: item.id }) },
            ),
          ),
        )
      },
      expected: only(MODERATORS),
    },
  ],
  () => world,
)
