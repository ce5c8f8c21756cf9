// The community logo's file and where it shows: stored only when its bytes are a readable image of a
// sane size, fitted inside 512×128 as a PNG, served at /uploads/logos/{file}.png for a year, removed
// when replaced; shown in the header, the communities list and the mails, and nowhere for a value
// Hearth did not store.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root'
import { loader as uploadsLoader } from '#app/routes/uploads.$kind.$file'
import { communityLogo } from '#app/lib/communities/community-logo'
import { logoStorageKey, removeLogo, storeLogo } from '#app/lib/communities/community-logo.server'
import { ImageTooLargeError, UnreadableImageError } from '#app/lib/media/uploaded-images.server'
import { mediaStorage } from '#app/lib/media/storage.server'
import { sendMemberInvitation } from '#app/lib/members/member-invitation.server'
import { env } from '#app/lib/platform/env.server'
import { renderMailHtml, type MailContent } from '#app/lib/platform/mail.server'
import { publicCommunities } from '#app/lib/rooms/user-rooms.server'
import { makeCommunity } from '#tests/support/factories'
import { pngDeclaring, solidImage } from '#tests/support/images'
import { routeArgs } from '#tests/support/route-args'
import { unwrap } from '#tests/support/session'

const fileOf = (url: string) => url.slice('/uploads/logos/'.length)

/** The stored logo's bytes, read back from the store by its URL. */
async function storedBytes(url: string) {
  const stored = await mediaStorage.get(logoStorageKey(fileOf(url))!)
  return stored ? buffer(stored.body) : null
}

async function storedSize(url: string) {
  const { width, height, format } = await sharp((await storedBytes(url))!).metadata()
  return { width, height, format }
}

/** The logos the store holds now (MEDIA_DIR in these tests). */
function logoKeys() {
  return readdir(join(env.MEDIA_DIR, 'logos')).catch(() => [] as string[])
}

describe('storeLogo', () => {
  it.each([
    ['a wide PNG, fitted to the width', 'png', 1024, 128, { width: 512, height: 64 }],
    ['a JPEG photo, fitted to the height', 'jpeg', 2000, 1000, { width: 256, height: 128 }],
    ['a tall WebP, fitted to the height', 'webp', 100, 1000, { width: 13, height: 128 }],
    ['a small GIF, never enlarged', 'gif', 100, 40, { width: 100, height: 40 }],
  ] as const)('keeps %s as a PNG under /uploads/logos', async (_, format, width, height, expected) => {
    const url = await storeLogo(await solidImage(format, width, height))
    expect(url).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.png$/)
    expect(await storedSize(url)).toEqual({ ...expected, format: 'png' })
  })

  it('refuses a text file named .png, a PNG declaring 20000×20000 and a broken image, storing nothing', async () => {
    const before = await logoKeys()
    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg> not a png')
    await expect(storeLogo(text)).rejects.toBeInstanceOf(UnreadableImageError)
    // A few KB that would be 1.6 GB decoded: refused from the header, before any pixel is read.
    await expect(storeLogo(pngDeclaring(20_000, 20_000, 4096))).rejects.toBeInstanceOf(ImageTooLargeError)
    await expect(storeLogo(pngDeclaring(4097, 1, 1024))).rejects.toBeInstanceOf(ImageTooLargeError)
    const png = await solidImage('png', 600, 200)
    await expect(storeLogo(png.subarray(0, Math.floor(png.length / 2)))).rejects.toBeInstanceOf(UnreadableImageError)
    expect(await logoKeys()).toEqual(before)
  })

  it('is served at /uploads/logos/{file}.png as a PNG cached for a year; removeLogo takes it away', async () => {
    const url = await storeLogo(await solidImage('png', 300, 100))
    const response = await uploadsLoader(routeArgs(url, { kind: 'logos', file: fileOf(url) }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(await storedBytes(url))

    await removeLogo(url)
    expect(await storedBytes(url)).toBeNull()
    const gone = await uploadsLoader(routeArgs(url, { kind: 'logos', file: fileOf(url) })).catch((error) => error)
    expect((gone as Response).status).toBe(404)
    // Anything Hearth did not store is left alone, and a name it never gives is no file.
    await expect(removeLogo('https://example.com/logo.png')).resolves.toBeUndefined()
    expect(logoStorageKey('../avatars/x.png')).toBeNull()
  })
})

describe('where the logo shows', () => {
  it('shows only a logo Hearth stored', () => {
    const stored = `/uploads/logos/${'a1'.repeat(16)}.png`
    expect(communityLogo({ logos: { light: stored } })).toBe(stored)
    for (const light of [null, 'https://evil.example/logo.png', '/uploads/avatars/x.png', '/uploads/logos/../x.png'])
      expect(communityLogo({ logos: { light } })).toBeNull()
    expect(communityLogo({})).toBeNull()
  })

  it('puts it in the header and the public communities list', async () => {
    const { brand } = await makeCommunity({ brand: { publicCommunity: true } })
    const header = async () => unwrap(await rootLoader(routeArgs(`/${brand.slug}`, { brand: brand.slug }))).community
    expect(await header()).toEqual({ name: brand.name, slug: brand.slug, logo: null })

    const url = await storeLogo(await solidImage('png', 400, 100))
    await brand.update({ logos: { ...brand.logos, light: url } })
    expect(await header()).toEqual({ name: brand.name, slug: brand.slug, logo: url })
    const { communities, pages } = await publicCommunities(1)
    const listed = [...communities]
    for (let page = 2; page <= pages; page++) listed.push(...(await publicCommunities(page)).communities)
    expect(listed.find((community) => community.id === brand.id)?.logo).toBe(url)
  })

  it('heads a community’s mails with it, as an absolute address named by the community; without one the mail is as before', async () => {
    const content: MailContent = {
      language: 'en',
      title: 'Hello',
      heading: 'Hello',
      blocks: [{ text: 'Text' }],
      footer: ['Footer'],
    }
    const plain = { name: 'Tea & Cake', themeColors: null, fontBase: null }
    const withoutLogo = renderMailHtml(content, plain)
    expect(withoutLogo).not.toContain('<img')
    expect(renderMailHtml(content, { ...plain, logos: { light: null } })).toBe(withoutLogo)
    expect(renderMailHtml(content, { ...plain, logos: { light: 'https://evil.example/x.png' } })).toBe(withoutLogo)

    const { brand } = await makeCommunity({ name: 'Tea & Cake' })
    const url = await storeLogo(await solidImage('png', 400, 100))
    await brand.update({ logos: { ...brand.logos, light: url } })
    const mail = await sendMemberInvitation({ to: 'someone@example.test', name: null, brand, language: 'en' })
    expect(mail.html).toContain(`<img src="${env.PUBLIC_URL}${url}" alt="Tea &#38; Cake" height="48"`)
    // The logo sits above the heading.
    expect(mail.html!.indexOf('<img')).toBeLessThan(mail.html!.indexOf('<h1'))
  })
})
