// The logo form of the settings panel's theme tab (/{community}/settings/theme, intent "logo" and
// "removeLogo"), posted as a browser without JavaScript posts it: a multipart form. Admins upload and
// remove; a refused file answers 400 with a translated message and keeps the old logo; a member
// changes nothing.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { Brand, type User } from '#models/index'
import { action as themeAction, loader as themeLoader } from '#app/routes/$brand._community.settings.theme/route'
import { LOGO_MAX_BYTES } from '#app/lib/communities/community-logo'
import { env } from '#app/lib/platform/env.server'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { pngDeclaring, solidImage } from '#tests/support/images'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let admin: User
let member: User

beforeEach(async () => {
  ;({ brand } = await makeCommunity())
  admin = await makeUser()
  member = await makeUser()
  await grantRole(admin, brand, 'community-admin')
  await grantRole(member, brand, 'community-member')
})

const themePath = () => `/${brand.slug}/settings/theme`
const storedLogo = async () => (await Brand.findByPk(brand.id, { rejectOnEmpty: true })).logos
const logoFiles = () => readdir(join(env.MEDIA_DIR, 'logos')).catch(() => [] as string[])
const fileOf = (url: string | null) =>
  url
    ?.split('/')
    .pop()
    ?.replace(/\.png$/, '')

/** The logo form as a browser posts it: multipart, the file under `logo`. */
async function postLogo(as: User, file: File | null, intent = 'logo') {
  const body = new FormData()
  body.set('intent', intent)
  if (file) body.set('logo', file)
  return themeAction(
    routeArgs(
      themePath(),
      { brand: brand.slug },
      { method: 'POST', body, headers: { Cookie: await signedInCookie(as.id) } },
    ),
  )
}

const png = async (width: number, height: number) =>
  new File([new Uint8Array(await solidImage('png', width, height))], 'logo.png', { type: 'image/png' })

/** A refused logo: 400, the logo field's message, nothing sent back of the file. */
async function refusedWith(work: Promise<unknown>, message: string) {
  const result = await work
  expect(result).not.toBeInstanceOf(Response)
  expect(initOf(result).status).toBe(400)
  const reply = unwrap(
    result as { data: { intent: string; result: { error: Record<string, string[]> } }; init: unknown },
  )
  expect(reply.intent).toBe('logo')
  expect(reply.result.error).toEqual({ logo: [message] })
}

describe('uploading the logo', () => {
  it('stores an admin’s PNG, shows it on the tab, and drops the old file when replaced', async () => {
    const saved = await thrownResponse(postLogo(admin, await png(1024, 256)))
    expect(saved).toRedirectTo(themePath())
    await expect(saved).toHaveFlash({ message: 'settings:flash.saved' })
    const first = (await storedLogo()).light
    expect(first).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.png$/)
    const data = await themeLoader(
      routeArgs(themePath(), { brand: brand.slug }, { headers: { Cookie: await signedInCookie(admin.id) } }),
    )
    expect(data.logo.logo).toBe(first)
    expect(data.logo.limits).toEqual({ megabytes: 2, side: 4096, width: 512, height: 128 })

    await thrownResponse(postLogo(admin, await png(300, 300)))
    const second = (await storedLogo()).light
    expect(second).not.toBe(first)
    expect(await logoFiles()).toContain(fileOf(second))
    expect(await logoFiles()).not.toContain(fileOf(first))
    // The other logo slots are kept as they were.
    expect(await storedLogo()).toMatchObject({ dark: null, icon: null })
  })

  it.each([
    ['no file', null, 'settings:errors.logoRequired'],
    ['an empty file', new File([], 'empty.png', { type: 'image/png' }), 'settings:errors.logoRequired'],
    [
      'a text file named .png',
      new File(['just some text, not a picture'], 'logo.png', { type: 'image/png' }),
      'settings:errors.logoNotImage',
    ],
    [
      'a PNG declaring 20000×20000 pixels',
      new File([new Uint8Array(pngDeclaring(20_000, 20_000, 4096))], 'huge.png', { type: 'image/png' }),
      'settings:errors.logoDimensions',
    ],
    [
      'a PNG cut in half',
      new File([new Uint8Array(pngDeclaring(600, 200, 64 * 1024).subarray(0, 20_000))], 'cut.png', {
        type: 'image/png',
      }),
      'settings:errors.logoUnreadable',
    ],
  ])('refuses %s with 400 and keeps the old logo', async (_, file, message) => {
    await thrownResponse(postLogo(admin, await png(400, 100)))
    const before = await storedLogo()
    const files = await logoFiles()
    await refusedWith(postLogo(admin, file), message)
    expect(await storedLogo()).toEqual(before)
    expect(await logoFiles()).toEqual(files)
  })

  it('refuses a file over the byte limit, cut on its way in, and keeps the old logo', async () => {
    await thrownResponse(postLogo(admin, await png(400, 100)))
    const before = await storedLogo()
    const tooBig = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' })
    await refusedWith(postLogo(admin, tooBig), 'settings:errors.logoTooLarge')
    expect(await storedLogo()).toEqual(before)
  })
})

describe('removing the logo', () => {
  it('empties the slot and removes the file', async () => {
    await thrownResponse(postLogo(admin, await png(400, 100)))
    const { light } = await storedLogo()
    const removed = await thrownResponse(postLogo(admin, null, 'removeLogo'))
    expect(removed).toRedirectTo(themePath())
    expect((await storedLogo()).light).toBeNull()
    expect(await logoFiles()).not.toContain(fileOf(light))
    // Removing what is not there is no error.
    expect(await thrownResponse(postLogo(admin, null, 'removeLogo'))).toRedirectTo(themePath())
  })
})

describe('who may change it', () => {
  it('sends a member to access denied, uploading or removing, and changes nothing', async () => {
    await thrownResponse(postLogo(admin, await png(400, 100)))
    const before = await storedLogo()
    const files = await logoFiles()
    for (const [file, intent] of [
      [await png(200, 50), 'logo'],
      [null, 'removeLogo'],
    ] as const) {
      const refused = await thrownResponse(postLogo(member, file, intent))
      expect(refused.headers.get('Location')).toContain(`/${brand.slug}/access-denied`)
    }
    expect(await storedLogo()).toEqual(before)
    expect(await logoFiles()).toEqual(files)
  })
})
