// A personal room's recordings: the edge keeps them in the main brand's library
// (media-edge/recording-library.ts, used here as the edge uses it), and /me/recordings lists, plays
// and deletes them for their owner only. A community room's recordings stay in that community.
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keepRecording } from '#edge/recording-library'
import { mainBrand } from '#models/main-brand'
import { Media, type Brand, type User } from '#models/index'
import { mediaStorage } from '#app/lib/media/storage.server'
import { MEDIA_PAGE_SIZE } from '#app/lib/media/media-rules'
import { action, loader } from '#app/routes/me.recordings._index/route'
import { loader as fileLoader } from '#app/routes/me.recordings.$mediaId'
import { loader as roomLoader } from '#app/routes/$brand.$room/route'
import { makeCommunity, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'
import { formPost, routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

const bytes = Buffer.from('\x1aE\xdf\xa3 a recording for the tests')
let taken = 0

/** A recording kept the way the edge keeps one, in `brand` for `user`. */
async function recorded(brand: Pick<Brand, 'id'>, user: Pick<User, 'id'>) {
  const path = join(tmpdir(), `hearth-recording-${process.pid}-${(taken += 1)}.webm`)
  writeFileSync(path, bytes)
  const startedAt = new Date(Date.UTC(2026, 10, 25, 9, taken))
  const id = await keepRecording(
    mediaStorage,
    { path, size: bytes.length, container: { extension: 'webm', contentType: 'video/webm' } },
    { brandId: brand.id, userId: user.id },
    startedAt,
  )
  // Kept a minute apart, so the newest-first order is known (MariaDB's times have whole seconds).
  await Media.sequelize!.query('UPDATE media SET createdAt = ? WHERE id = ?', { replacements: [startedAt, id] })
  return Media.findByPk(id, { rejectOnEmpty: true })
}

const as = async (user: Pick<User, 'id'>) => ({ Cookie: await signedInCookie(user.id) })
const list = async (user: Pick<User, 'id'>, path = '/me/recordings') =>
  unwrap(await loader(routeArgs(path, {}, { headers: await as(user) })))
const file = async (user: Pick<User, 'id'>, id: string, headers: Record<string, string> = {}) =>
  fileLoader(routeArgs(`/me/recordings/${id}`, { mediaId: id }, { headers: { ...(await as(user)), ...headers } }))

describe('/me/recordings', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const response = await thrownResponse(loader(routeArgs('/me/recordings')))
    expect(response).toRedirectTo('/sign-in?redirectTo=%2Fme%2Frecordings')
  })

  it('lists the recordings of my personal rooms, newest first, and nobody else’s nor a community’s', async () => {
    const main = await mainBrand()
    const { brand } = await makeCommunity()
    const ann = await makeUser({ name: 'Ann Host' })
    const bea = await makeUser({ name: 'Bea Host' })
    const first = await recorded(main, ann)
    const second = await recorded(main, ann)
    await recorded(main, bea)
    await recorded(brand, ann)
    const { listing } = await list(ann)
    expect(listing.rows.map((row) => row.id)).toEqual([second.id, first.id])
    expect(listing.rows[0]).toMatchObject({ name: 'rec-20261125-090200.webm', kind: 'video', size: bytes.length })
    expect((await list(await makeUser())).listing.total).toBe(0)
  })

  it('pages a long list, and reads an odd page as the first', async () => {
    const main = await mainBrand()
    const ann = await makeUser()
    for (let index = 0; index <= MEDIA_PAGE_SIZE; index++) await recorded(main, ann)
    expect((await list(ann)).listing).toMatchObject({ page: 1, pages: 2, total: MEDIA_PAGE_SIZE + 1 })
    expect((await list(ann, '/me/recordings?page=2')).listing.rows).toHaveLength(1)
    expect((await list(ann, '/me/recordings?page=zero')).listing.page).toBe(1)
  })

  it('plays my recording, with ranges, and answers 404 to anyone else and for a community’s item', async () => {
    const main = await mainBrand()
    const { brand } = await makeCommunity()
    const ann = await makeUser()
    const bea = await makeUser()
    const mine = await recorded(main, ann)
    const response = await file(ann, mine.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('video/webm')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
    const part = await file(ann, mine.id, { Range: 'bytes=0-3' })
    expect(part.status).toBe(206)
    for (const [who, id] of [
      [bea, mine.id],
      [ann, (await recorded(brand, ann)).id],
      [ann, 'not-an-id'],
    ] as const) {
      expect((await thrownResponse(file(who, id))).status).toBe(404)
    }
  })

  it('deletes my recording (bytes and row) with a notice; someone else’s or a bad request changes nothing', async () => {
    const main = await mainBrand()
    const ann = await makeUser()
    const bea = await makeUser()
    const mine = await recorded(main, ann)
    const post = async (user: Pick<User, 'id'>, fields: Record<string, string>) =>
      action(formPost('/me/recordings', fields, await as(user)))

    const refused = await post(bea, { intent: 'delete', mediaId: mine.id })
    expect(initOf(refused).status).toBe(404)
    expect(unwrap(refused)).toEqual({ mediaId: mine.id, error: 'account:recordings.errors.notFound' })
    const bad = await post(ann, { intent: 'delete', mediaId: 'short' })
    expect(initOf(bad).status).toBe(400)
    expect(unwrap(bad)).toEqual({ mediaId: 'short', error: 'account:recordings.errors.badRequest' })
    expect(await Media.findByPk(mine.id)).not.toBeNull()

    const done = await thrownResponse(post(ann, { intent: 'delete', mediaId: mine.id }))
    expect(done).toRedirectTo('/me/recordings')
    expect(await Media.findByPk(mine.id)).toBeNull()
    expect(await mediaStorage.get(mine.storageKey)).toBeNull()
  })

  it('is where the meeting sends a personal room’s host after recording: the room page says the room is personal', async () => {
    const main = await mainBrand()
    const { brand, owner } = await makeCommunity()
    const personal = await makePersonalRoom(main, owner)
    const group = await makeRoom(brand, { hostId: owner.id })
    const meeting = async (community: Pick<Brand, 'slug'>, room: { slug: string }) =>
      unwrap(
        await roomLoader(
          routeArgs(
            `/${community.slug}/${room.slug}`,
            { brand: community.slug, room: room.slug },
            { headers: await as(owner) },
          ),
        ),
      ) as { room?: { personal?: boolean } }
    expect((await meeting(main, personal)).room?.personal).toBe(true)
    expect((await meeting(brand, group)).room?.personal).toBe(false)
  })
})
