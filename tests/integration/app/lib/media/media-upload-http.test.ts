// Media uploads over HTTP, against the real server (`node server.js` on the production build):
// the library takes files larger than the ordinary upload limit that server.js applies to every
// other multipart post, streams them to disk, and cuts one over its tab's limit mid-stream with
// the refusal page, without keeping anything.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { env } from '#app/lib/platform/env.server'
import { UPLOAD_BODY_LIMIT } from '#app/lib/http/form-body.server'
import { MEDIA_MAX_BYTES } from '#app/lib/media/media-rules'
import { Brand, Media, User } from '#models/index'
import { DEMO_ACCOUNTS, DEMO_BRAND_SLUG, seedDemo } from '#models/seed'
import { ensureBuild, serverEnv, startServer } from '#tests/bench/server.mjs'
import { signedInCookie } from '#tests/support/session'

const root = fileURLToPath(new URL('../../../../..', import.meta.url))
let base: string
let server: { stop: () => Promise<void> }
let user: User
let mediaDir: string

beforeAll(async () => {
  await seedDemo()
  user = await User.findOne({ where: { emailAddress: DEMO_ACCOUNTS[2].emailAddress }, rejectOnEmpty: true })
  ensureBuild(root)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  mediaDir = await mkdtemp(join(tmpdir(), 'media-http-'))
  const environment = {
    ...serverEnv(process.env.DATABASE_URL, port),
    SESSION_SECRET: env.SESSION_SECRET,
    MEDIA_DIR: mediaDir,
  } as NodeJS.ProcessEnv
  server = await startServer(root, environment, base)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true })
})

async function post(path: string, name: string, size: number) {
  const body = new FormData()
  body.append('files', new File([new Uint8Array(size).fill(0x61)], name))
  const response = await fetch(base + path, {
    method: 'POST',
    body,
    headers: { Cookie: await signedInCookie(user.id), 'Accept-Language': 'en' },
    redirect: 'manual',
  })
  return { status: response.status, location: response.headers.get('Location'), text: await response.text() }
}

async function itemsOfUser() {
  const brand = await Brand.findOne({ where: { slug: DEMO_BRAND_SLUG }, rejectOnEmpty: true })
  return Media.findAll({ where: { brandId: brand.id, userId: user.id } })
}

describe('media uploads through the server', () => {
  it('takes a file larger than the ordinary upload limit, kept in MEDIA_DIR', { timeout: 60_000 }, async () => {
    const answer = await post(`/${DEMO_BRAND_SLUG}/media?type=files`, 'large.txt', UPLOAD_BODY_LIMIT + 1024 * 1024)
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`/${DEMO_BRAND_SLUG}/media?type=files`)
    const [item] = await itemsOfUser()
    expect(item!.size).toBe(UPLOAD_BODY_LIMIT + 1024 * 1024)
    expect(await readdir(join(mediaDir, ...item!.storageKey.split('/').slice(0, -1)))).toEqual([item!.id])
  })

  it('answers the JSON upload route for the same size', { timeout: 60_000 }, async () => {
    const answer = await post(`/${DEMO_BRAND_SLUG}/media/upload?type=files`, 'large2.txt', UPLOAD_BODY_LIMIT + 1)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({ redirectTo: `/${DEMO_BRAND_SLUG}/media?type=files` })
  })

  it(
    'cuts a file over its tab limit with the refusal shown on the page, keeping nothing',
    { timeout: 60_000 },
    async () => {
      const before = (await itemsOfUser()).length
      const answer = await post(`/${DEMO_BRAND_SLUG}/media`, 'too-big.png', MEDIA_MAX_BYTES.image + 1)
      // The first bytes are text, not an image: refused before the size even matters.
      expect(answer.status).toBe(415)
      expect(answer.text).toContain('is not an accepted type: the file&#x27;s type must contain one of image/.')
      const tooLarge = await post(`/${DEMO_BRAND_SLUG}/media?type=files`, 'too-big.txt', MEDIA_MAX_BYTES.file + 1)
      expect(tooLarge.status).toBe(413)
      expect(tooLarge.text).toContain('“too-big.txt” is too large: the limit is 25 MB.')
      expect(await itemsOfUser()).toHaveLength(before)
    },
  )

  it('still holds every other multipart post to the ordinary limit', async () => {
    const answer = await post('/me/settings', 'avatar.png', UPLOAD_BODY_LIMIT + 1)
    expect(answer.status).toBe(413)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
