// The web app with its media store in S3 (S3_BUCKET set): the process's store is swapped for one made
// by mediaStorageFrom() on a real S3 server (s3rver on loopback), so every module that keeps or serves
// files goes through S3 as it would in production. A library file comes back streamed through the app
// with its headers and ranges; a profile picture and a banner land in the bucket and are served at the
// URLs they always had (/uploads/avatars/…, /uploads/banners/…).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { Media, type Brand, type User } from '#models/index'
import { diskStorage } from '#models/media-storage'
import { mediaStorageFrom } from '#models/storage-from-env'
import { removeBanner, storeBanner } from '#app/lib/groups/group-banners.server'
import { env } from '#app/lib/platform/env.server'
import { action as mediaAction } from '#app/routes/$brand._community.media/route'
import { loader as fileLoader } from '#app/routes/$brand._community.media.$mediaId'
import { action as settingsAction } from '#app/routes/me.settings/route'
import { loader as uploadsLoader } from '#app/routes/uploads.$kind.$file'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { solidImage } from '#tests/support/images'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'
import type { S3Server } from '#tests/support/s3-server'

const s3 = vi.hoisted(() => ({ server: undefined as S3Server | undefined }))

vi.mock('#app/lib/media/storage.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#app/lib/media/storage.server')>()
  const { startS3Server } = await import('#tests/support/s3-server')
  const { mediaStorageFrom } = await import('#models/storage-from-env')
  s3.server = await startS3Server()
  return { ...actual, mediaStorage: mediaStorageFrom(s3.server.settings) }
})

afterAll(() => s3.server?.close())

/** What MEDIA_DIR holds: the store the app would have used without S3_BUCKET. */
const onDisk = diskStorage(env.MEDIA_DIR)
/** The bucket itself, read with a store of its own: what landed there, whatever the app says. */
const bucket = () => mediaStorageFrom(s3.server!.settings)
const inBucket = async (key: string) => {
  const stored = await bucket().get(key)
  return stored && buffer(stored.body)
}

async function fetchUpload(kind: string, file: string) {
  try {
    return await uploadsLoader(routeArgs(`/uploads/${kind}/${file}`, { kind, file }))
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

async function uploadToLibrary(brand: Brand, as: User, file: File) {
  const body = new FormData()
  body.append('files', file)
  const args = routeArgs(
    `/${brand.slug}/media?type=files`,
    { brand: brand.slug },
    { method: 'POST', body, headers: { Cookie: await signedInCookie(as.id) } },
  )
  await mediaAction(args).catch((thrown) => {
    if (!(thrown instanceof Response) || thrown.status !== 302) throw thrown
  })
}

describe('the media library on S3', () => {
  it('keeps an upload in the bucket and streams it back through the app, one range at a time', async () => {
    const { brand } = await makeCommunity()
    const member = await makeUser()
    await grantRole(member, brand)
    await uploadToLibrary(brand, member, new File(['0123456789 abcdefghij'], 'range.txt', { type: 'text/plain' }))
    const [item] = await Media.findAll({ where: { brandId: brand.id, userId: member.id } })
    expect((await inBucket(item!.storageKey))?.toString()).toBe('0123456789 abcdefghij')
    expect(await onDisk.get(item!.storageKey)).toBeNull()

    const get = async (headers: Record<string, string>) =>
      fileLoader(
        routeArgs(
          `/${brand.slug}/media/${item!.id}`,
          { brand: brand.slug, mediaId: item!.id },
          { headers: { ...headers, Cookie: await signedInCookie(member.id) } },
        ),
      ).catch((thrown: unknown) => {
        if (thrown instanceof Response) return thrown
        throw thrown
      })
    const part = await get({ Range: 'bytes=11-14' })
    // Streamed, not redirected to the bucket: the app's own type, sandbox and download headers hold.
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe('bytes 11-14/21')
    expect(part.headers.get('Content-Length')).toBe('4')
    expect(part.headers.get('Content-Type')).toBe('text/plain')
    expect(part.headers.get('Content-Disposition')).toMatch(/^attachment;/)
    expect(part.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    expect(part.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(await part.text()).toBe('abcd')
    const whole = await get({})
    expect(whole.status).toBe(200)
    expect(await whole.text()).toBe('0123456789 abcdefghij')
    expect((await get({ Range: 'bytes=21-' })).status).toBe(416)
  })
})

describe('profile pictures and banners on S3', () => {
  it('keeps an uploaded avatar in the bucket, serves it at /uploads/avatars/…, and drops the old one', async () => {
    const user = await makeUser()
    const cookie = await signedInCookie(user.id)
    const upload = async (bytes: Buffer) => {
      const body = new FormData()
      body.set('intent', 'avatar')
      body.set('avatar', new File([new Uint8Array(bytes)], 'me.jpg', { type: 'image/jpeg' }))
      const result = await settingsAction(
        routeArgs('/me/settings', {}, { method: 'POST', body, headers: { Cookie: cookie } }),
      )
      expect((result as Response).status).toBe(302)
      await user.reload()
      return user.avatar!
    }
    const first = await upload(await solidImage('jpeg', 600, 400))
    expect(first).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[0-9a-f]{24}\\.png$`))
    const file = first.split('/').pop()!
    const kept = await inBucket(`avatars/${file.replace(/\.png$/, '')}`)
    expect(await sharp(kept!).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 })
    expect(s3.server!.requests).toContainEqual(expect.stringMatching(`^PUT /hearth-test/avatars/${user.id}-`))
    expect(await onDisk.get(`avatars/${file.replace(/\.png$/, '')}`)).toBeNull()
    expect(existsSync(join('public/uploads/avatars', file))).toBe(false)

    const served = await fetchUpload('avatars', file)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/png')
    expect(served.headers.get('Content-Length')).toBe(String(kept!.length))
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(Buffer.from(await served.arrayBuffer()).equals(kept!)).toBe(true)

    const second = await upload(await solidImage('png', 300, 300))
    expect(second).not.toBe(first)
    expect(await inBucket(`avatars/${file.replace(/\.png$/, '')}`)).toBeNull()
    expect((await fetchUpload('avatars', file)).status).toBe(404)
    expect((await fetchUpload('avatars', second.split('/').pop()!)).status).toBe(200)
  })

  it('keeps a banner in the bucket, serves it at /uploads/banners/… as WebP, and removes it', async () => {
    const url = await storeBanner(new Uint8Array(await solidImage('png', 1600, 900)))
    expect(url).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.webp$/)
    const file = url.split('/').pop()!
    const served = await fetchUpload('banners', file)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 400,
    })
    await removeBanner(url)
    expect(await inBucket(`banners/${file.replace(/\.webp$/, '')}`)).toBeNull()
    expect((await fetchUpload('banners', file)).status).toBe(404)
  })

  it('answers 404 for any other name or kind, reading nothing it was not asked to serve', async () => {
    const url = await storeBanner(new Uint8Array(await solidImage('png', 1200, 400)))
    const name = url
      .split('/')
      .pop()!
      .replace(/\.webp$/, '')
    for (const [kind, file] of [
      ['banners', `${name}.png`], // a banner is only ever WebP
      ['banners', name], // the store's key, not a URL
      ['avatars', `${name}.webp`],
      ['media', `${name}.webp`],
      ['constructor', 'x.png'],
      ['avatars', '..%2Fbanners%2Fx.png'],
      ['avatars', 'nobody-0123456789abcdef01234567.png'],
    ]) {
      const response = await fetchUpload(kind!, file!)
      expect(response.status, `${kind}/${file}`).toBe(404)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    }
  })
})
