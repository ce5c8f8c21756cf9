// The page a meeting ends on: it names the room only to someone who may enter it, in the community
// the address names, and tells anyone else no more than the slug they came with.
import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, Room, User } from '#models/index'
import { loader as roomLoader } from '#app/routes/$brand.$room/route'
import { loader } from '#app/routes/$room.thank-you'
import { mainBrand } from '#models/main-brand'
import { seedDemo } from '#models/seed'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie, unwrap } from '#tests/support/session'

let demo: Brand
let mia: User
let stranger: User

beforeAll(async () => {
  await seedDemo()
  demo = await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })
  mia = await User.findOne({ where: { emailAddress: 'mia@demo.hearth.test' }, rejectOnEmpty: true })
  stranger = await User.create({ name: 'Sam Stranger', emailAddress: 'sam@elsewhere.test' })
  // A private group of the demo community: Mia is on its list, nobody else.
  await Room.create({
    brandId: demo.id,
    slug: 'inner-circle',
    name: 'Inner Circle',
    context: 'group',
    roomType: 'private',
    members: [mia.id],
  })
})

async function thankYou(path: string, user?: User) {
  const room = path.split('/')[1]!
  const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
  return loader(routeArgs(path, { room }, { headers }))
}

const unnamed = (slug: string) => ({ name: slug, rejoinUrl: null })

describe('$room.thank-you loader', () => {
  it('is where a meeting ends: the room in its community', async () => {
    const data = unwrap(await roomLoader(routeArgs('/demo/hub', { brand: 'demo', room: 'hub' }))) as { endUrl: string }
    expect(data.endUrl).toBe('/hub/thank-you?community=demo')
  })

  it('names a room the visitor may enter, with the way back in', async () => {
    expect(await thankYou('/hub/thank-you?community=demo')).toEqual({ name: 'Community Hub', rejoinUrl: '/demo/hub' })
    expect(await thankYou('/book-club/thank-you?community=demo', mia)).toEqual({
      name: 'Book Club',
      rejoinUrl: '/demo/book-club',
    })
    expect(await thankYou('/Book-Club/thank-you?community=DEMO', mia)).toEqual({
      name: 'Book Club',
      rejoinUrl: '/demo/book-club',
    })
  })

  it('still thanks a member of a private room by its name', async () => {
    expect(await thankYou('/inner-circle/thank-you?community=demo', mia)).toEqual({
      name: 'Inner Circle',
      rejoinUrl: '/demo/inner-circle',
    })
  })

  it('tells a stranger nothing about a private room: the same answer as a room that does not exist', async () => {
    expect(await thankYou('/inner-circle/thank-you?community=demo')).toEqual(unnamed('inner-circle'))
    expect(await thankYou('/inner-circle/thank-you?community=demo', stranger)).toEqual(unnamed('inner-circle'))
    // A community member who is not on the private room's list is a stranger to it too.
    const noah = await User.findOne({ where: { emailAddress: 'noah@demo.hearth.test' }, rejectOnEmpty: true })
    expect(await thankYou('/inner-circle/thank-you?community=demo', noah)).toEqual(unnamed('inner-circle'))
    expect(await thankYou('/no-such-room/thank-you?community=demo', stranger)).toEqual(unnamed('no-such-room'))
  })

  it('names a group that is not open only to those it admits', async () => {
    expect(await thankYou('/book-club/thank-you?community=demo')).toEqual(unnamed('book-club'))
    expect(await thankYou('/book-club/thank-you?community=demo', stranger)).toEqual(unnamed('book-club'))
  })

  it('never looks a slug up across communities', async () => {
    // Without a community the address means a personal room (the main brand, /me).
    expect(await thankYou('/hub/thank-you')).toEqual(unnamed('hub'))
    expect(await thankYou('/inner-circle/thank-you', mia)).toEqual(unnamed('inner-circle'))
    expect(await thankYou('/hub/thank-you?community=no-such-community')).toEqual(unnamed('hub'))
    const other = await Brand.create({ slug: 'other', name: 'Other' })
    await Room.create({ brandId: other.id, slug: 'lounge', name: 'Other Lounge', context: 'personal' })
    expect(await thankYou('/lounge/thank-you?community=demo')).toEqual(unnamed('lounge'))
    expect(await thankYou('/lounge/thank-you?community=other')).toEqual({
      name: 'Other Lounge',
      rejoinUrl: '/other/lounge',
    })
  })

  it('names a personal room to anyone: visitors meet its host there', async () => {
    const me = await mainBrand()
    await Room.create({ brandId: me.id, slug: 'sams-room', name: 'Sam', context: 'personal', hostId: stranger.id })
    expect(await thankYou('/sams-room/thank-you')).toEqual({ name: 'Sam', rejoinUrl: '/me/sams-room' })
    expect(await thankYou('/sams-room/thank-you?community=me')).toEqual({ name: 'Sam', rejoinUrl: '/me/sams-room' })
  })

  it('answers a missing room param with an empty name', async () => {
    expect(await loader(routeArgs('/thank-you'))).toEqual(unnamed(''))
  })

  it('offers no way back into a deleted or archived room, or a room of a deleted community', async () => {
    await Room.create({
      brandId: demo.id,
      slug: 'deleted-room',
      name: 'Deleted Room',
      context: 'personal',
      deleted: true,
    })
    await Room.create({
      brandId: demo.id,
      slug: 'archived-room',
      name: 'Archived Room',
      context: 'personal',
      status: 'archived',
    })
    const gone = await Brand.create({ slug: 'gone', name: 'Gone', status: 'deleted' })
    await Room.create({ brandId: gone.id, slug: 'ghost-room', name: 'Ghost Room', context: 'personal' })

    expect(await thankYou('/deleted-room/thank-you?community=demo')).toEqual(unnamed('deleted-room'))
    expect(await thankYou('/archived-room/thank-you?community=demo')).toEqual(unnamed('archived-room'))
    expect(await thankYou('/ghost-room/thank-you?community=gone')).toEqual(unnamed('ghost-room'))
  })
})
