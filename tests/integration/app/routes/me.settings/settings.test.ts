import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { avatarStorageKey, removeAvatar, storeAvatar } from '#app/lib/identity/avatars.server'
import { ImageTooLargeError, sniffImage } from '#app/lib/media/uploaded-images.server'
import { mediaStorage } from '#app/lib/media/storage.server'
import { env } from '#app/lib/platform/env.server'
import { UPLOAD_MAX_BYTES } from '#app/lib/http/form-body.server'
import { RoleGrant, Room, Session, User } from '#models/index'
import { action, loader } from '#app/routes/me.settings/route'
import { formPost, routeArgs, thrownResponse } from '#tests/support/route-args'
import { grantRole, makeBrand, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'
import { pngDeclaring, solidImage } from '#tests/support/images'
import { cookiePair, initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  intent: string
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}

let user: User
let cookie: string

const GOOD_PROFILE = {
  intent: 'profile',
  name: '  Mia   Member  ',
  about: '  Reads a lot.  ',
  company: ' Acme ',
  jobTitle: 'Librarian',
  location: 'Lisbon',
  interests: 'books, tea',
  websiteUrl: ' https://mia.example.com ',
  facebookUrl: '',
  linkedinUrl: 'https://www.linkedin.com/in/mia',
  twitterUrl: '   ',
  instagramUrl: 'http://instagram.com/mia',
  calendarUrl: 'https://cal.example.com/mia?week=1',
  preferredLanguage: 'pt',
  // Checked boxes send "on"; unchecked ones send nothing.
  preferenceSmsNotifications: 'on',
  preferenceShowEmailAddress: 'on',
}

const load = async (headers: Record<string, string> = { Cookie: cookie }) =>
  loader(routeArgs('/me/settings', {}, { headers }))
const post = (fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie }) =>
  action(formPost('/me/settings', fields, headers))

/** A multipart POST, as the browser sends the picture form. */
function upload(file: File | null, headers: Record<string, string> = { Cookie: cookie }) {
  const body = new FormData()
  body.set('intent', 'avatar')
  body.set('avatar', file ?? new File([], '', { type: 'application/octet-stream' }))
  return action(routeArgs('/me/settings', {}, { method: 'POST', body, headers }))
}

async function pngOf(width: number, height: number) {
  return new Uint8Array(await solidImage('png', width, height))
}

/** Where the media store keeps avatars in these tests (MEDIA_DIR on disk), named without `.png`. */
const AVATAR_DIR = resolve(env.MEDIA_DIR, 'avatars')
const storedName = (url: string) =>
  url
    .split('/')
    .pop()!
    .replace(/\.png$/, '')

/** The stored picture's size in pixels, read from the store by its URL. */
async function sizeOf(url: string) {
  const stored = await mediaStorage.get(avatarStorageKey(url.split('/').pop()!)!)
  const { width, height } = await sharp(await buffer(stored!.body)).metadata()
  return [width, height]
}

/** What a 400 action answered: its status and the reply the form shows. */
function rejected(result: unknown) {
  expect(result).not.toBeInstanceOf(Response)
  return { status: initOf(result).status, ...(unwrap(result) as Reply) }
}

function expectRedirect(result: unknown, location: string) {
  expect(result).toBeInstanceOf(Response)
  const response = result as Response
  expect(response).toRedirectTo(location)
  return response
}

const avatarFiles = (userId: string) =>
  existsSync(AVATAR_DIR) ? readdirSync(AVATAR_DIR).filter((file) => file.startsWith(`${userId}-`)) : []

beforeAll(async () => {
  user = await makeUser({ name: 'Mia Member', emailAddress: 'mia@example.test' })
  cookie = await signedInCookie(user.id)
})

beforeEach(async () => {
  await user.reload()
})

afterAll(() => {
  for (const file of avatarFiles(user.id)) rmSync(join(AVATAR_DIR, file), { force: true })
})

describe('/me/settings loader', () => {
  it('sends a signed-out visitor to sign in, coming back here', async () => {
    const response = await thrownResponse(load({}))
    expect(response).toRedirectTo('/sign-in?redirectTo=%2Fme%2Fsettings')
  })

  it('fills the form from the profile, with the preference defaults (notifications on, visibility off)', async () => {
    const result = await load()
    const data = unwrap(result)
    expect(data.profile).toEqual({
      name: 'Mia Member',
      about: '',
      company: '',
      jobTitle: '',
      location: '',
      interests: '',
      websiteUrl: '',
      facebookUrl: '',
      linkedinUrl: '',
      twitterUrl: '',
      instagramUrl: '',
      calendarUrl: '',
      preferredLanguage: '',
      preferenceEmailNotifications: true,
      preferenceSmsNotifications: true,
      preferenceShowEmailAddress: false,
      preferenceShowPhoneNumber: false,
    })
    expect(data.avatar).toBeNull()
    expect(data.confirm).toEqual({ identifier: 'mia@example.test', kind: 'email' })
    // The constraints are computed here, so zod stays on the server.
    expect(data.constraints.profile.name).toMatchObject({ required: true })
    expect(data.constraints.avatar.avatar).toMatchObject({ required: true })
    // No flash to consume, so no cookie to write.
    expect(initOf(result).headers.get('Set-Cookie')).toBeNull()
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  })

  it('asks a phone-only account to type its phone number', async () => {
    const phoneOnly = await makeUser({ emailAddress: null, phoneNumber: '+14155550123' })
    const data = unwrap(await load({ Cookie: await signedInCookie(phoneOnly.id) }))
    expect(data.confirm).toEqual({ identifier: '+14155550123', kind: 'phone' })
  })
})

describe('/me/settings action: profile', () => {
  it('saves trimmed text, empty fields as null and unchecked boxes as false, and says so', async () => {
    const response = expectRedirect(await post(GOOD_PROFILE), '/me/settings')
    await user.reload()
    expect(user.get({ plain: true })).toMatchObject({
      name: 'Mia Member',
      about: 'Reads a lot.',
      company: 'Acme',
      jobTitle: 'Librarian',
      location: 'Lisbon',
      interests: 'books, tea',
      websiteUrl: 'https://mia.example.com',
      facebookUrl: null,
      linkedinUrl: 'https://www.linkedin.com/in/mia',
      twitterUrl: null,
      instagramUrl: 'http://instagram.com/mia',
      calendarUrl: 'https://cal.example.com/mia?week=1',
      preferredLanguage: 'pt',
      preferenceEmailNotifications: false,
      preferenceSmsNotifications: true,
      preferenceShowEmailAddress: true,
      preferenceShowPhoneNumber: false,
    })

    // The same session goes on; the next page says it was saved.
    const session = response.headers.getSetCookie().find((header) => header.startsWith('__session='))!
    expect(cookiePair(session)).toBe(cookie)
    await expect(response).toHaveFlash({ kind: 'success', message: 'account:settings.saved' })
  })

  it('clears the preferred language back to the community or browser choice', async () => {
    expectRedirect(await post({ ...GOOD_PROFILE, preferredLanguage: '' }), '/me/settings')
    await user.reload()
    expect(user.preferredLanguage).toBeNull()
  })

  it.each([
    ['a missing name', { name: '' }, 'name', 'account:errors.nameRequired'],
    ['a blank name', { name: '    ' }, 'name', 'account:errors.nameRequired'],
    ['a one-letter name', { name: 'M' }, 'name', 'account:errors.nameTooShort'],
    ['a first name only', { name: 'Mia' }, 'name', 'account:errors.nameFull'],
    ['an overlong name', { name: `Mia ${'x'.repeat(260)}` }, 'name', 'account:errors.tooLong'],
    ['an address without a scheme', { websiteUrl: 'example.com' }, 'websiteUrl', 'account:errors.urlInvalid'],
    ['a javascript: address', { facebookUrl: 'javascript:alert(1)' }, 'facebookUrl', 'account:errors.urlInvalid'],
    ['an ftp address', { calendarUrl: 'ftp://files.example.com' }, 'calendarUrl', 'account:errors.urlInvalid'],
    ['an address with spaces', { twitterUrl: 'https://twitter .com/mia' }, 'twitterUrl', 'account:errors.urlInvalid'],
    ['an overlong about', { about: 'x'.repeat(2001) }, 'about', 'account:errors.tooLong'],
    ['an unknown language', { preferredLanguage: 'fr' }, 'preferredLanguage', 'account:errors.languageInvalid'],
    [
      'a flag that is not a checkbox value',
      { preferenceShowPhoneNumber: 'maybe' },
      'preferenceShowPhoneNumber',
      'account:errors.flagInvalid',
    ],
  ])('refuses %s with 400, its message, and the typed values kept', async (_, change, field, message) => {
    const before = await User.findByPk(user.id, { raw: true })
    const fields = { ...GOOD_PROFILE, company: 'Typed Co', ...change }
    const reply = rejected(await post(fields))
    expect(reply.status).toBe(400)
    expect(reply.intent).toBe('profile')
    expect(reply.result.error?.[field]).toEqual([message])
    expect(Object.keys(reply.result.error ?? {})).toEqual([field])
    expect(reply.result.initialValue).toMatchObject({ company: 'Typed Co' })
    // What was typed comes back as typed (conform leaves an empty field out).
    expect(reply.result.initialValue?.[field] ?? '').toBe((change as Record<string, string>)[field])
    expect(await User.findByPk(user.id, { raw: true })).toEqual(before)
  })

  it('reports every bad field at once', async () => {
    const reply = rejected(
      await post({ intent: 'profile', name: 'Mia', websiteUrl: 'nope', linkedinUrl: 'mailto:x@y.z' }),
    )
    expect(reply.result.error).toEqual({
      name: ['account:errors.nameFull'],
      websiteUrl: ['account:errors.urlInvalid'],
      linkedinUrl: ['account:errors.urlInvalid'],
    })
  })

  it('refuses a signed-out post by sending it to sign in', async () => {
    const response = await thrownResponse(post(GOOD_PROFILE, {}))
    expect(response).toRedirectTo('/sign-in?redirectTo=%2Fme%2Fsettings')
  })
})

describe('/me/settings action: picture', () => {
  it('stores a real PNG as a 256×256 PNG under /uploads/avatars, and replaces the old one', async () => {
    const first = expectRedirect(
      await upload(new File([await pngOf(600, 400)], 'me.png', { type: 'image/png' })),
      '/me/settings',
    )
    expect(first.headers.get('Set-Cookie')).toBeTruthy()
    await user.reload()
    expect(user.avatar).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[0-9a-f]{24}\\.png$`))
    const firstPath = join(AVATAR_DIR, storedName(user.avatar!))
    expect(await sizeOf(user.avatar!)).toEqual([256, 256])
    expect(unwrap(await load()).avatar).toBe(user.avatar)

    // A JPEG is accepted too, stored as PNG; the previous file goes.
    const jpeg = new Uint8Array(await solidImage('jpeg', 100, 300))
    expectRedirect(await upload(new File([jpeg], 'photo.jpg', { type: 'image/jpeg' })), '/me/settings')
    const previous = user.avatar
    await user.reload()
    expect(user.avatar).not.toBe(previous)
    expect(existsSync(firstPath)).toBe(false)
    expect(avatarFiles(user.id)).toEqual([storedName(user.avatar!)])
    expect(await sizeOf(user.avatar!)).toEqual([256, 256])
  })

  it('refuses a text file named .png and typed image/png: "The file must be an image."', async () => {
    const before = user.avatar
    const text = new File(['hello, I am not a picture'], 'fake.png', { type: 'image/png' })
    const reply = rejected(await upload(text))
    expect(reply.status).toBe(400)
    expect(reply.intent).toBe('avatar')
    expect(reply.result.error).toEqual({ avatar: ['account:errors.avatarNotImage'] })
    await user.reload()
    expect(user.avatar).toBe(before)
    // What goes back to the browser is plain JSON (no File).
    expect(JSON.parse(JSON.stringify(reply))).toEqual(reply)
  })

  it('refuses a submission without a file', async () => {
    const reply = rejected(await upload(null))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toEqual({ avatar: ['account:errors.avatarRequired'] })
  })

  it('refuses a file over 5 MB, even one that starts like a PNG', async () => {
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1)
    big.set(await pngOf(10, 10))
    const reply = rejected(await upload(new File([big], 'big.png', { type: 'image/png' })))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toEqual({ avatar: ['account:errors.avatarTooLarge'] })
  })

  it('takes a WebP picture (and a GIF), named whatever, stored as a 256×256 PNG', async () => {
    for (const [format, name] of [
      ['webp', 'me.png'],
      ['gif', 'me.gif'],
    ] as const) {
      const bytes = new Uint8Array(await solidImage(format, 300, 200))
      expect(sniffImage(bytes)).toBe(format)
      const before = user.avatar
      expectRedirect(await upload(new File([bytes], name, { type: 'image/png' })), '/me/settings')
      await user.reload()
      expect(user.avatar).not.toBe(before)
      expect(await sizeOf(user.avatar!)).toEqual([256, 256])
    }
  })

  it('refuses a 1 MB PNG declaring 20000×20000 pixels from its header, quickly, with its own message', async () => {
    const huge = new Uint8Array(pngDeclaring(20_000, 20_000))
    expect(huge.length).toBeGreaterThan(900 * 1024)
    expect(huge.length).toBeLessThan(UPLOAD_MAX_BYTES)
    const before = user.avatar
    const started = performance.now()
    const reply = rejected(await upload(new File([huge], 'huge.png', { type: 'image/png' })))
    // Decoding 20000×20000 would take seconds and 1.6 GB; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(reply.status).toBe(400)
    expect(reply.result.error).toEqual({ avatar: ['account:uploads.avatarDimensions'] })
    await user.reload()
    expect(user.avatar).toBe(before)
    // The limit is 4096 a side: a whole 4096×1 picture is taken, 4097×1 is not.
    await removeAvatar(await storeAvatar(user.id, pngDeclaring(4096, 1, 1)))
    await expect(storeAvatar(user.id, pngDeclaring(4097, 1, 1))).rejects.toBeInstanceOf(ImageTooLargeError)
  })

  it('refuses an image it cannot decode (a truncated PNG)', async () => {
    const truncated = (await pngOf(50, 50)).slice(0, 40)
    const reply = rejected(await upload(new File([truncated], 'broken.png', { type: 'image/png' })))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toEqual({ avatar: ['account:errors.avatarUnreadable'] })
  })
})

describe('/me/settings action: delete account', () => {
  it('refuses the wrong text, or none, with 400 and keeps the account', async () => {
    for (const confirmation of ['someone@example.test', '', 'mia@example']) {
      const reply = rejected(await post({ intent: 'delete', confirmation }))
      expect(reply.status).toBe(400)
      expect(reply.intent).toBe('delete')
      expect(reply.result.error).toEqual({ confirmation: ['account:errors.confirmEmail'] })
    }
    expect(await User.findByPk(user.id)).not.toBeNull()
  })

  it('deletes the account, its roles and personal rooms, signs it out and goes home', async () => {
    const doomed = await makeUser({ emailAddress: 'dora@example.test' })
    const other = await makeUser()
    const brand = await makeBrand()
    await grantRole(doomed, brand)
    const personal = await makePersonalRoom(brand, doomed)
    const group = await makeRoom(brand, { hostId: doomed.id })
    const doomedCookie = await signedInCookie(doomed.id)
    expectRedirect(
      await upload(new File([await pngOf(40, 40)], 'a.png', { type: 'image/png' }), { Cookie: doomedCookie }),
      '/me/settings',
    )
    await doomed.reload()
    const avatarFile = join(AVATAR_DIR, storedName(doomed.avatar!))
    expect(existsSync(avatarFile)).toBe(true)

    // The address is compared trimmed and case-insensitively.
    const response = expectRedirect(
      await post({ intent: 'delete', confirmation: '  DORA@example.test ' }, { Cookie: doomedCookie }),
      '/',
    )
    expect(response.headers.get('Set-Cookie')).toMatch(/Expires=Thu, 01 Jan 1970/)
    expect(await User.findByPk(doomed.id)).toBeNull()
    expect(await RoleGrant.count({ where: { userId: doomed.id } })).toBe(0)
    expect(await Room.findByPk(personal.id)).toBeNull()
    expect((await Room.findByPk(group.id))!.hostId).toBeNull()
    expect(existsSync(avatarFile)).toBe(false)
    // The session row is gone: the old cookie signs nobody in.
    expect(await Session.count({ where: { id: cookieSessionId(doomedCookie) } })).toBe(0)
    expect(await User.findByPk(other.id)).not.toBeNull()
  })

  it('switches to another signed-in account when there is one', async () => {
    const doomed = await makeUser({ emailAddress: 'dan@example.test' })
    const other = await makeUser({ name: 'Ola Other' })
    const both = await signedInCookie(doomed.id, other.id)
    const response = expectRedirect(
      await post({ intent: 'delete', confirmation: 'dan@example.test' }, { Cookie: both }),
      '/',
    )
    expect(cookiePair(response.headers.get('Set-Cookie')!)).toBe(both)
    const row = await Session.findByPk(cookieSessionId(both), { rejectOnEmpty: true })
    expect(row.data).toMatchObject({
      currentUserId: other.id,
      identities: [expect.objectContaining({ userId: other.id })],
    })
    expect((row.data.identities as unknown[]).length).toBe(1)
    expect(unwrap(await load({ Cookie: both })).profile.name).toBe('Ola Other')
  })

  it('asks a phone-only account for its phone number', async () => {
    const phoneOnly = await makeUser({ emailAddress: null, phoneNumber: '+14155550199' })
    const phoneCookie = await signedInCookie(phoneOnly.id)
    const reply = rejected(await post({ intent: 'delete', confirmation: 'pia@example.test' }, { Cookie: phoneCookie }))
    expect(reply.result.error).toEqual({ confirmation: ['account:errors.confirmPhone'] })
    expectRedirect(await post({ intent: 'delete', confirmation: '+1 415 555 0199' }, { Cookie: phoneCookie }), '/')
    expect(await User.findByPk(phoneOnly.id)).toBeNull()
  })
})

/** The session row's id, from the signed cookie's value. */
function cookieSessionId(pair: string): string {
  const value = decodeURIComponent(pair.slice(pair.indexOf('=') + 1))
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('utf8')) as string
}

describe('/me/settings: your rooms', () => {
  it('lists each personal room the person hosts, in every community, at its own address', async () => {
    const host = await makeUser({ emailAddress: 'hana@example.test' })
    const [first, second] = [await makeBrand({ name: 'Alpha' }), await makeBrand({ name: 'Beta' })]
    await grantRole(host, first)
    await grantRole(host, second)
    const alpha = await makePersonalRoom(first, host, { name: 'Hana in Alpha' })
    const beta = await makePersonalRoom(second, host, { name: 'Hana in Beta' })
    // Someone else's room in the same community is not theirs to list.
    await makePersonalRoom(first, await makeUser())
    const { rooms } = unwrap(await load({ Cookie: await signedInCookie(host.id) })) as unknown as {
      rooms: Array<{ name: string; path: string; settingsUrl: string }>
    }
    expect(rooms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Hana in Alpha',
          path: `/${first.slug}/${alpha.slug}`,
          settingsUrl: `/me/rooms/${first.slug}/${alpha.slug}`,
        }),
        expect.objectContaining({
          name: 'Hana in Beta',
          path: `/${second.slug}/${beta.slug}`,
          settingsUrl: `/me/rooms/${second.slug}/${beta.slug}`,
        }),
      ]),
    )
    expect(rooms).toHaveLength(2)
    expect((unwrap(await load()) as unknown as { rooms: unknown[] }).rooms).toEqual([])
  })
})
