// The media library (docs/user-guide.md#media-library):
// every upload rule at its boundary (type by content, size, count, name shortening, the 1080 px
// resize), the per-person library, delete, and the access-checked file route.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { Media, type Brand, type User } from '#models/index'
import { mediaStorage } from '#app/lib/media/storage.server'
import { MEDIA_BATCH_MAX, MEDIA_MAX_BYTES } from '#app/lib/media/media-rules'
import { action as mediaAction, loader as mediaLoader } from '#app/routes/$brand._community.media/route'
import { action as fileAction, loader as fileLoader } from '#app/routes/$brand._community.media.$mediaId'
import { action as uploadAction } from '#app/routes/$brand._community.media.upload'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Refusal = { form: string; error: string; values?: Record<string, string | number>; mediaId?: string }

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer()
const file = (bytes: Uint8Array | string, name: string, type = 'application/octet-stream') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

async function world() {
  const { brand, owner } = await makeCommunity()
  const member = await makeUser({ name: 'Mel Member' })
  await grantRole(member, brand)
  const other = await makeUser({ name: 'Otto Other' })
  await grantRole(other, brand)
  const admin = await makeUser({ name: 'Ada Admin' })
  await grantRole(admin, brand, 'community-admin')
  return { brand, owner, member, other, admin }
}

/** Posts the upload form (multipart, as the browser sends it) to a tab: the redirect, or the refusal. */
async function upload(brand: Brand, as: User, files: File[], tab = 'images') {
  const body = new FormData()
  for (const each of files) body.append('files', each)
  const args = routeArgs(
    `/${brand.slug}/media?type=${tab}`,
    { brand: brand.slug },
    { method: 'POST', body, headers: { Cookie: await signedInCookie(as.id) } },
  )
  try {
    const result = await mediaAction(args)
    return { status: initOf(result).status, data: unwrap(result) as Refusal, location: null }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, data: null, location: thrown.headers.get('Location') }
  }
}

async function remove(brand: Brand, as: User, mediaId: string) {
  const args = routeArgs(
    `/${brand.slug}/media`,
    { brand: brand.slug },
    {
      method: 'POST',
      body: new URLSearchParams({ intent: 'delete', mediaId }),
      headers: { Cookie: await signedInCookie(as.id) },
    },
  )
  try {
    const result = await mediaAction(args)
    return { status: initOf(result).status, data: unwrap(result) as Refusal }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, data: null }
  }
}

async function list(brand: Brand, as: User, tab = 'images') {
  return unwrap(
    await mediaLoader(
      routeArgs(
        `/${brand.slug}/media?type=${tab}`,
        { brand: brand.slug },
        { headers: { Cookie: await signedInCookie(as.id) } },
      ),
    ),
  )
}

async function fetchFile(
  brand: Brand,
  as: User,
  mediaId: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const args = routeArgs(
    `/${brand.slug}/media/${mediaId}`,
    { brand: brand.slug, mediaId },
    { headers: { ...headers, Cookie: await signedInCookie(as.id) } },
  )
  try {
    return await fileLoader(args)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

const itemsOf = (brand: Brand, user: User) => Media.findAll({ where: { brandId: brand.id, userId: user.id } })

describe('uploading', () => {
  it('keeps an image, lists it in the images tab and redirects with the flash message', async () => {
    const { brand, member } = await world()
    const result = await upload(brand, member, [file(await png(40, 30), 'cat.png', 'image/png')])
    expect(result.status).toBe(302)
    expect(result.location).toBe(`/${brand.slug}/media`)
    const listing = (await list(brand, member)).listing
    expect(listing.rows.map((row) => [row.name, row.contentType, row.width, row.height])).toEqual([
      ['cat.png', 'image/png', 40, 30],
    ])
    const [item] = await itemsOf(brand, member)
    expect(await mediaStorage.get(item!.storageKey)).not.toBeNull()
    expect((await list(brand, member, 'videos')).listing.total).toBe(0)
  })

  it('keeps up to the batch limit in one upload and refuses one more, keeping none', async () => {
    const { brand, member, other } = await world()
    const image = await png(10, 10)
    const batch = (n: number) => Array.from({ length: n }, (_, index) => file(image, `p${index}.png`))
    expect((await upload(brand, member, batch(MEDIA_BATCH_MAX))).status).toBe(302)
    expect(await itemsOf(brand, member)).toHaveLength(MEDIA_BATCH_MAX)
    const refused = await upload(brand, other, batch(MEDIA_BATCH_MAX + 1))
    expect(refused.status).toBe(413)
    expect(refused.data).toMatchObject({
      form: 'upload',
      error: 'media:errors.tooMany',
      values: { max: MEDIA_BATCH_MAX },
    })
    expect(await itemsOf(brand, other)).toHaveLength(0)
  })

  it('holds the fields beside the files to the ordinary form limit (413), keeping nothing', async () => {
    const { brand, member } = await world()
    const body = new FormData()
    for (let index = 0; index < 40; index++) body.append(`note${index}`, 'x'.repeat(2000))
    body.append('files', file(await png(8, 8), 'after-fields.png'))
    const args = routeArgs(
      `/${brand.slug}/media`,
      { brand: brand.slug },
      { method: 'POST', body, headers: { Cookie: await signedInCookie(member.id) } },
    )
    const thrown = await thrownResponse(mediaAction(args))
    expect(thrown.status).toBe(413)
    expect(await itemsOf(brand, member)).toHaveLength(0)
  })

  it('asks for a file when none was chosen (the empty part a browser sends)', async () => {
    const { brand, member } = await world()
    const refused = await upload(brand, member, [file('', '')])
    expect(refused.status).toBe(400)
    expect(refused.data?.error).toBe('media:errors.none')
  })
})

describe('type by content, not name', () => {
  it('refuses a text file renamed to .png with the accepted-type message, and keeps nothing', async () => {
    const { brand, member } = await world()
    const refused = await upload(brand, member, [file('just some words, not a picture', 'holiday.png', 'image/png')])
    expect(refused.status).toBe(415)
    expect(refused.data).toMatchObject({
      error: 'media:errors.type',
      values: { name: 'holiday.png', accepted: 'image/' },
    })
    expect(await itemsOf(brand, member)).toHaveLength(0)
  })

  it('accepts a real picture whatever its name says, typed by its bytes', async () => {
    const { brand, member } = await world()
    expect((await upload(brand, member, [file(await png(12, 12), 'notes.txt', 'text/plain')])).status).toBe(302)
    const [item] = await itemsOf(brand, member)
    expect([item!.kind, item!.contentType, item!.name]).toEqual(['image', 'image/png', 'notes.txt'])
  })

  it('takes a PDF in files but not a picture, and not a PDF in images', async () => {
    const { brand, member } = await world()
    const pdf = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'
    expect((await upload(brand, member, [file(pdf, 'minutes.pdf')], 'files')).status).toBe(302)
    expect((await itemsOf(brand, member)).map((item) => [item.kind, item.contentType])).toEqual([
      ['file', 'application/pdf'],
    ])
    const picture = await upload(brand, member, [file(await png(5, 5), 'x.png')], 'files')
    expect(picture.status).toBe(415)
    expect(picture.data?.values?.accepted).toBe('application/pdf, application/zip, text/plain, audio/')
    expect((await upload(brand, member, [file(pdf, 'minutes.png')], 'images')).status).toBe(415)
  })

  it('takes an MP4 in videos and refuses a picture there', async () => {
    const { brand, member } = await world()
    // The ISO media header: a box size, "ftyp", the brand.
    const mp4 = new Uint8Array([
      0,
      0,
      0,
      0x18,
      ...new TextEncoder().encode('ftypisom'),
      0,
      0,
      2,
      0,
      ...new TextEncoder().encode('isomiso2'),
      0,
      0,
      0,
      8,
    ])
    expect((await upload(brand, member, [file(mp4, 'clip.mp4')], 'videos')).status).toBe(302)
    expect((await itemsOf(brand, member)).map((item) => [item.kind, item.contentType])).toEqual([
      ['video', 'video/mp4'],
    ])
    expect((await upload(brand, member, [file(await png(5, 5), 'clip.mp4')], 'videos')).status).toBe(415)
  })

  it('refuses an image that does not decode, with the unreadable message', async () => {
    const { brand, member } = await world()
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5])
    const refused = await upload(brand, member, [file(broken, 'broken.png')])
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ error: 'media:errors.unreadable', values: { name: 'broken.png' } })
    expect(await itemsOf(brand, member)).toHaveLength(0)
  })
})

describe('size limit', () => {
  const limit = MEDIA_MAX_BYTES.file
  const text = (size: number) => new Uint8Array(size).fill(0x61)

  it('keeps a file of exactly the limit', async () => {
    const { brand, member } = await world()
    expect((await upload(brand, member, [file(text(limit), 'big.txt')], 'files')).status).toBe(302)
    const [item] = await itemsOf(brand, member)
    expect(item!.size).toBe(limit)
    await remove(brand, member, item!.id)
  })

  it('refuses one byte more with the too-large message, keeping nothing', async () => {
    const { brand, member } = await world()
    const refused = await upload(brand, member, [file(text(limit + 1), 'bigger.txt')], 'files')
    expect(refused.status).toBe(413)
    expect(refused.data).toMatchObject({ error: 'media:errors.tooLarge', values: { name: 'bigger.txt', max: 25 } })
    expect(await itemsOf(brand, member)).toHaveLength(0)
  })

  it('holds images to their own, smaller limit', async () => {
    const { brand, member } = await world()
    const refused = await upload(brand, member, [file(text(MEDIA_MAX_BYTES.image + 1), 'huge.png')])
    expect(refused.status).toBe(413)
    expect(refused.data?.values?.max).toBe(10)
  })
})

describe('long names', () => {
  it('keeps a 20-character name and shortens a 21-character one to the first 10 and last 7 plus the extension', async () => {
    const { brand, member } = await world()
    const image = await png(8, 8)
    await upload(brand, member, [file(image, `${'a'.repeat(20)}.png`), file(image, 'abcdefghij1234opqrstu.png')])
    const names = (await itemsOf(brand, member)).map((item) => item.name).sort()
    expect(names).toEqual([`${'a'.repeat(20)}.png`, 'abcdefghijopqrstu.png'])
  })
})

describe('images are kept at most 1080 high', () => {
  it('shrinks a tall image to 1080 high, keeping its proportions, and serves the smaller file', async () => {
    const { brand, member } = await world()
    await upload(brand, member, [file(await png(900, 2160), 'tall.png')])
    const [item] = await itemsOf(brand, member)
    expect([item!.width, item!.height]).toEqual([450, 1080])
    const served = await fetchFile(brand, member, item!.id)
    expect(served.status).toBe(200)
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 450, height: 1080, format: 'png' })
  })

  it('leaves an image of 1080 high or less at its size', async () => {
    const { brand, member } = await world()
    await upload(brand, member, [file(await png(1920, 1080), 'wide.png')])
    const [item] = await itemsOf(brand, member)
    expect([item!.width, item!.height]).toEqual([1920, 1080])
  })
})

describe("each person's own library", () => {
  it('lists only the viewer’s items in this community', async () => {
    const { brand, member, other } = await world()
    const { brand: elsewhere } = await makeCommunity()
    await grantRole(member, elsewhere)
    await upload(brand, member, [file(await png(8, 8), 'mine.png')])
    await upload(elsewhere, member, [file(await png(8, 8), 'elsewhere.png')])
    await upload(brand, other, [file(await png(8, 8), 'theirs.png')])
    expect((await list(brand, member)).listing.rows.map((row) => row.name)).toEqual(['mine.png'])
    expect((await list(elsewhere, member)).listing.rows.map((row) => row.name)).toEqual(['elsewhere.png'])
  })

  it('serves a file to its owner and the admins, and answers 404 to anyone else', async () => {
    const { brand, member, other, admin } = await world()
    await upload(brand, member, [file(await png(8, 8), 'mine.png')])
    const [item] = await itemsOf(brand, member)
    const mine = await fetchFile(brand, member, item!.id)
    expect(mine.status).toBe(200)
    expect(mine.headers.get('Content-Type')).toBe('image/png')
    expect(mine.headers.get('Content-Disposition')).toMatch(/^inline;/)
    expect((await fetchFile(brand, admin, item!.id)).status).toBe(200)
    expect((await fetchFile(brand, other, item!.id)).status).toBe(404)
    // Asked for through another community's address, even by its owner: not found.
    const { brand: elsewhere } = await makeCommunity()
    await grantRole(member, elsewhere)
    expect((await fetchFile(elsewhere, member, item!.id)).status).toBe(404)
  })

  it('serves a byte range (a video seeking), and refuses one past the end', async () => {
    const { brand, member } = await world()
    await upload(brand, member, [file('0123456789 abcdefghij', 'range.txt')], 'files')
    const [item] = await itemsOf(brand, member)
    const part = await fetchFile(brand, member, item!.id, { Range: 'bytes=11-14' })
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe('bytes 11-14/21')
    expect(await part.text()).toBe('abcd')
    expect((await fetchFile(brand, member, item!.id, { Range: 'bytes=21-' })).status).toBe(416)
  })

  it('serves files (not pictures) as downloads', async () => {
    const { brand, member } = await world()
    await upload(brand, member, [file('<script>alert(1)</script>', 'page.txt')], 'files')
    const [item] = await itemsOf(brand, member)
    const served = await fetchFile(brand, member, item!.id)
    expect(served.headers.get('Content-Type')).toBe('text/plain')
    expect(served.headers.get('Content-Disposition')).toMatch(/^attachment;/)
  })
})

describe('deleting', () => {
  it('the owner deletes an item: row and file gone, with the flash message', async () => {
    const { brand, member } = await world()
    await upload(brand, member, [file(await png(8, 8), 'gone.png')])
    const [item] = await itemsOf(brand, member)
    const result = await remove(brand, member, item!.id)
    expect(result.status).toBe(302)
    expect(await Media.findByPk(item!.id)).toBeNull()
    expect(await mediaStorage.get(item!.storageKey)).toBeNull()
  })

  it('someone else cannot (404, nothing changed); an admin can', async () => {
    const { brand, member, other, admin } = await world()
    await upload(brand, member, [file(await png(8, 8), 'kept.png')])
    const [item] = await itemsOf(brand, member)
    const refused = await remove(brand, other, item!.id)
    expect(refused.status).toBe(404)
    expect(refused.data).toMatchObject({ form: 'delete', error: 'media:errors.notFound' })
    expect(await Media.findByPk(item!.id)).not.toBeNull()
    expect((await remove(brand, admin, item!.id)).status).toBe(302)
    expect(await Media.findByPk(item!.id)).toBeNull()
  })

  it('DELETE /{brand}/media/{id} (the spec call): 204 for the owner, 404 for anyone else, 405 for another method', async () => {
    const { brand, member, other } = await world()
    await upload(brand, member, [file(await png(8, 8), 'api.png')])
    const [item] = await itemsOf(brand, member)
    const call = async (as: User, method: string) => {
      const args = routeArgs(
        `/${brand.slug}/media/${item!.id}`,
        { brand: brand.slug, mediaId: item!.id },
        { method, headers: { Cookie: await signedInCookie(as.id) } },
      )
      try {
        return (await fileAction(args)).status
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status
        throw thrown
      }
    }
    expect(await call(member, 'POST')).toBe(405)
    expect(await call(other, 'DELETE')).toBe(404)
    expect(await Media.findByPk(item!.id)).not.toBeNull()
    expect(await call(member, 'DELETE')).toBe(204)
    expect(await Media.findByPk(item!.id)).toBeNull()
  })

  it('bad input is a 400 with nothing changed', async () => {
    const { brand, member } = await world()
    await upload(brand, member, [file(await png(8, 8), 'kept.png')])
    const refused = await remove(brand, member, 'not-an-id')
    expect(refused.status).toBe(400)
    expect(refused.data?.error).toBe('media:errors.badRequest')
    expect(await itemsOf(brand, member)).toHaveLength(1)
  })
})

describe('the upload route behind the progress bar', () => {
  async function send(brand: Brand, as: User, files: File[], tab = 'images') {
    const body = new FormData()
    for (const each of files) body.append('files', each)
    return uploadAction(
      routeArgs(
        `/${brand.slug}/media/upload?type=${tab}`,
        { brand: brand.slug },
        { method: 'POST', body, headers: { Cookie: await signedInCookie(as.id) } },
      ),
    )
  }

  it('answers where to go next, with the flash cookie set', async () => {
    const { brand, member } = await world()
    const answer = await send(brand, member, [file(await png(8, 8), 'xhr.png')], 'images')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ redirectTo: `/${brand.slug}/media` })
    expect(answer.headers.get('Set-Cookie')).toContain('__flash=')
    expect(await itemsOf(brand, member)).toHaveLength(1)
  })

  it('answers a refusal as JSON with its status', async () => {
    const { brand, member } = await world()
    const answer = await send(brand, member, [file('words', 'fake.png')])
    expect(answer.status).toBe(415)
    expect(await answer.json()).toMatchObject({ error: 'media:errors.type', values: { name: 'fake.png' } })
  })

  it('turns an anonymous visitor away before reading anything', async () => {
    const { brand } = await world()
    const thrown = await thrownResponse(
      uploadAction(
        routeArgs(`/${brand.slug}/media/upload`, { brand: brand.slug }, { method: 'POST', body: new FormData() }),
      ),
    )
    expect(thrown.status).toBe(302)
    expect(thrown.headers.get('Location')).toContain(`redirectTo=${encodeURIComponent(`/${brand.slug}/media/upload`)}`)
  })
})
