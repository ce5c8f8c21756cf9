// POST /resources/meeting-avatar: the picture chosen on the meeting's device check. Access as on the
// room page; judged by its bytes; a member's becomes their account's, a guest's is named after their
// guest id (which is what lets the edge show it, isOwnAvatarUpload).
import { beforeAll, describe, expect, it } from 'vitest'
import { isOwnAvatarUpload } from '#edge/contract/peers'
import { guestCookie } from '#app/lib/identity/guest-identity.server'
import { mediaStorage } from '#app/lib/media/storage.server'
import { avatarStorageKey } from '#app/lib/identity/avatars.server'
import { UPLOAD_MAX_BYTES } from '#app/lib/http/form-body.server'
import { LIMITS } from '#app/lib/platform/rate-limit.server'
import { action } from '#app/routes/resources.meeting-avatar'
import { User } from '#models/index'
import { seedDemo } from '#models/seed'
import { solidImage } from '#tests/support/images'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let mia: User

beforeAll(async () => {
  await seedDemo()
  mia = await User.findOne({ where: { emailAddress: 'mia@demo.hearth.test' }, rejectOnEmpty: true })
})

const png = async () => new File([new Uint8Array(await solidImage('png', 300, 200))], 'me.png', { type: 'image/png' })

async function upload(fields: { brand?: string; room?: string; avatar?: File }, cookie?: string, language = 'en') {
  const body = new FormData()
  if (fields.brand) body.set('brand', fields.brand)
  if (fields.room) body.set('room', fields.room)
  if (fields.avatar) body.set('avatar', fields.avatar)
  const headers: Record<string, string> = { 'Accept-Language': language }
  if (cookie) headers.Cookie = cookie
  const response = (await action(
    routeArgs('/resources/meeting-avatar', {}, { method: 'POST', body, headers }),
  )) as Response
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, string> }
}

/** A guest id as the cookie holds one (36 characters), and the browser's signed cookie for it. */
const guestId = (name: string) => name.padEnd(36, '0')
const guestOf = async (name: string) => (await guestCookie.serialize(guestId(name))).split(';')[0]!

describe('/resources/meeting-avatar', () => {
  it("a member's picture becomes their account's, stored as a PNG the edge will show for them", async () => {
    const { status, body } = await upload(
      { brand: 'demo', room: 'book-club', avatar: await png() },
      await signedInCookie(mia.id),
    )
    expect(status).toBe(200)
    expect(isOwnAvatarUpload(body.avatar!, mia.id)).toBe(true)
    await mia.reload()
    expect(mia.avatar).toBe(body.avatar)
    expect(await mediaStorage.get(avatarStorageKey(body.avatar!.split('/').pop()!)!)).not.toBeNull()
  })

  it("a guest's is named after their guest id and changes no account", async () => {
    const cookie = await guestOf('browserKim01')
    const { status, body } = await upload({ brand: 'demo', room: 'hub', avatar: await png() }, cookie)
    expect(status).toBe(200)
    expect(isOwnAvatarUpload(body.avatar!, `guest:${guestId('browserKim01')}`)).toBe(true)
    expect(isOwnAvatarUpload(body.avatar!, `guest:${guestId('browserLee01')}`)).toBe(false)
  })

  it('refuses what is no picture, no file, a file over the limit, in the visitor language, keeping the old picture', async () => {
    const cookie = await signedInCookie(mia.id)
    await mia.reload()
    const before = mia.avatar
    const text = new File(['hello, I am not a picture'], 'fake.png', { type: 'image/png' })
    expect(await upload({ brand: 'demo', room: 'hub', avatar: text }, cookie)).toMatchObject({
      status: 400,
      body: { error: 'refused', message: 'The file must be an image.' },
    })
    const missing = await upload({ brand: 'demo', room: 'hub' }, cookie, 'es')
    expect(missing.status).toBe(400)
    expect(missing.body.message).toMatch(/imagen/i)
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1)
    expect((await upload({ brand: 'demo', room: 'hub', avatar: new File([big], 'big.png') }, cookie)).status).toBe(413)
    await mia.reload()
    expect(mia.avatar).toBe(before)
  })

  it('checks access as the room page does: 403 a room the visitor may not enter, 404 an unknown one, 400 no room', async () => {
    const avatar = await png()
    expect((await upload({ brand: 'demo', room: 'book-club', avatar }, await guestOf('browserOut1'))).status).toBe(403)
    expect((await upload({ brand: 'demo', room: 'nope', avatar })).status).toBe(404)
    expect((await upload({ brand: 'demo', avatar })).status).toBe(400)
  })

  it('counts pictures per person: the one past the limit is refused with a wait', async () => {
    const cookie = await guestOf('browserMany1')
    const avatar = await png()
    for (let i = 0; i < LIMITS.meetingAvatarsPerPerson.max; i++)
      expect((await upload({ brand: 'demo', room: 'hub', avatar }, cookie)).status).toBe(200)
    const refused = await upload({ brand: 'demo', room: 'hub', avatar }, cookie)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('You have changed your picture many times. Try again later.')
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
  })
})
