import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, Room } from '#app/lib/db.server'
import { loader } from '#app/routes/$room.thank-you'
import { seedDemo } from '#models/seed'
import { routeArgs } from '../support/route-args'

beforeAll(async () => {
  await seedDemo()
})

const thankYou = (room: string) => loader(routeArgs(`/${room}/thank-you`, { room }))

describe('$room.thank-you loader', () => {
  it('answers a known room with its name and the URL to rejoin it', async () => {
    expect(await thankYou('hub')).toEqual({ name: 'Community Hub', rejoinUrl: '/demo/hub' })
    expect(await thankYou('book-club')).toEqual({ name: 'Book Club', rejoinUrl: '/demo/book-club' })
  })

  it('normalises the slug in the URL', async () => {
    expect(await thankYou('Book-Club')).toEqual({ name: 'Book Club', rejoinUrl: '/demo/book-club' })
  })

  it('answers an unknown room with its slug and no rejoin URL', async () => {
    expect(await thankYou('no-such-room')).toEqual({ name: 'no-such-room', rejoinUrl: null })
  })

  it('answers a missing room param with an empty name', async () => {
    expect(await loader(routeArgs('/thank-you'))).toEqual({ name: '', rejoinUrl: null })
  })

  it('offers no way back into a deleted or archived room, or a room of a deleted community', async () => {
    const demo = await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })
    await Room.create({ brandId: demo.id, slug: 'deleted-room', name: 'Deleted Room', deleted: true })
    await Room.create({ brandId: demo.id, slug: 'archived-room', name: 'Archived Room', status: 'archived' })
    const gone = await Brand.create({ slug: 'gone', name: 'Gone', status: 'deleted' })
    await Room.create({ brandId: gone.id, slug: 'ghost-room', name: 'Ghost Room' })

    expect(await thankYou('deleted-room')).toEqual({ name: 'deleted-room', rejoinUrl: null })
    expect(await thankYou('archived-room')).toEqual({ name: 'archived-room', rejoinUrl: null })
    expect(await thankYou('ghost-room')).toEqual({ name: 'ghost-room', rejoinUrl: null })
  })

  it('picks the oldest room when two communities use the same slug', async () => {
    const other = await Brand.create({ slug: 'other', name: 'Other' })
    await Room.create({ brandId: other.id, slug: 'hub', name: 'Other Hub', createdAt: new Date(Date.now() + 60_000) })
    const older = await Brand.create({ slug: 'older', name: 'Older' })
    await Room.create({ brandId: older.id, slug: 'lounge', name: 'Old Lounge', createdAt: new Date('2020-01-01T00:00:00Z') })
    await Room.create({ brandId: other.id, slug: 'lounge', name: 'New Lounge' })

    expect(await thankYou('hub')).toEqual({ name: 'Community Hub', rejoinUrl: '/demo/hub' })
    expect(await thankYou('lounge')).toEqual({ name: 'Old Lounge', rejoinUrl: '/older/lounge' })
  })
})
