// The notifications calls under /api/ (docs/api.md#notifications), through their routes: the session
// cookie says who calls; one reads and changes only one's own; 400, 401, 403 and 404 answer as JSON.
import { beforeAll, describe, expect, it } from 'vitest'
import { createChild, createPost } from '#app/lib/posts/posts.server'
import { followRoom } from '#app/lib/connections/room-follows.server'
import { loader as notificationsLoader } from '#app/routes/api.notifications.$userId'
import { action as settingAction, loader as settingLoader } from '#app/routes/api.user-notification-settings.$id'
import { action as createSetting } from '#app/routes/api.user-notification-settings._index'
import { loader as findLoader } from '#app/routes/api.user-notification-settings.findByUserAndRoom'
import { loader as countLoader } from '#app/routes/api.user-notification-settings.followerCount'
import { loader as followersLoader } from '#app/routes/api.user-notification-settings.followers'
import { newId } from '#models/ids'
import { NotificationSetting, type Brand, type Room, type User } from '#models/index'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let brand: Brand
let room: Room
let closed: Room
let me: User
let other: User

beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  room = await makeRoom(brand, { open: true })
  ;[me, other] = await Promise.all([makeUser(), makeUser()])
  for (const user of [me, other]) await grantRole(user, brand)
  closed = await makeRoom(brand, { membersOnly: true, members: [other.id] })
  const written = await createPost(brand, me.id, { contextRoomId: room.id, message: 'Mine' })
  await createChild(brand, other.id, { contextRoomId: room.id, parentPostId: written.id, message: 'Theirs' })
})

async function call(user: User | null, path: string, params: Record<string, string> = {}, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (user) headers.set('Cookie', await signedInCookie(user.id))
  return routeArgs(`/api/${path}`, params, { ...init, headers })
}
const body = (method: string, value: unknown) => ({
  method,
  body: JSON.stringify(value),
  headers: { 'Content-Type': 'application/json' },
})
const read = async (response: Response) => ({
  status: response.status,
  json: (await response.json()) as Record<string, unknown>,
})

describe('GET /api/notifications/{userId}', () => {
  it('answers my own notifications', async () => {
    const { status, json } = await read(
      await notificationsLoader(await call(me, `notifications/${me.id}`, { userId: me.id })),
    )
    expect(status).toBe(200)
    expect(json.notifications).toEqual([
      expect.objectContaining({ kind: 'comment', actorId: other.id, brandId: brand.id, read: false }),
    ])
    expect(json).toMatchObject({ page: 0, hasMore: false })
    // Pages count from 0 like every list of the API: the next page is empty.
    const next = await read(
      await notificationsLoader(await call(me, `notifications/${me.id}?page=1`, { userId: me.id })),
    )
    expect(next.json).toMatchObject({ notifications: [], page: 1, hasMore: false })
  })

  it("answers 401 to a visitor, 403 for someone else's, 404 for a junk id, 400 for a junk page", async () => {
    expect(
      (await read(await notificationsLoader(await call(null, `notifications/${me.id}`, { userId: me.id })))).json,
    ).toMatchObject({ error: 'unauthorized' })
    const forbidden = await read(
      await notificationsLoader(await call(other, `notifications/${me.id}`, { userId: me.id })),
    )
    expect(forbidden).toEqual({ status: 403, json: { error: 'forbidden', message: expect.any(String) } })
    expect((await notificationsLoader(await call(me, 'notifications/x', { userId: 'x' }))).status).toBe(404)
    expect(
      (await notificationsLoader(await call(me, `notifications/${me.id}?page=zero`, { userId: me.id }))).status,
    ).toBe(400)
  })
})

describe('user notification settings', () => {
  it('POST creates mine, GET and PUT read and change it, findByUserAndRoom finds it', async () => {
    const created = await read(
      await createSetting(
        await call(
          me,
          'user-notification-settings',
          {},
          body('POST', { brandId: brand.id, frequency: 'daily', scope: 'replies' }),
        ),
      ),
    )
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      userId: me.id,
      brandId: brand.id,
      roomId: null,
      frequency: 'daily',
      scope: 'replies',
    })
    const id = String(created.json.id)
    expect(
      (await read(await settingLoader(await call(me, `user-notification-settings/${id}`, { id })))).json,
    ).toMatchObject({ id, scope: 'replies' })
    const changed = await read(
      await settingAction(await call(me, `user-notification-settings/${id}`, { id }, body('PUT', { scope: 'all' }))),
    )
    expect(changed).toMatchObject({ status: 200, json: { scope: 'all', frequency: 'daily' } })
    const found = await read(
      await findLoader(
        await call(me, `user-notification-settings/findByUserAndRoom?userId=${me.id}&brandId=${brand.id}`),
      ),
    )
    expect(found.json.setting).toMatchObject({ id })
  })

  it("refuses someone else's setting (403), a missing one (404), bad input (400) and a visitor (401)", async () => {
    const created = await read(
      await createSetting(
        await call(other, 'user-notification-settings', {}, body('POST', { roomId: room.id, scope: 'off' })),
      ),
    )
    const id = String(created.json.id)
    expect((await settingLoader(await call(me, `user-notification-settings/${id}`, { id }))).status).toBe(403)
    expect(
      (await settingAction(await call(me, `user-notification-settings/${id}`, { id }, body('PUT', { scope: 'all' }))))
        .status,
    ).toBe(403)
    const missing = newId()
    expect((await settingLoader(await call(me, `user-notification-settings/${missing}`, { id: missing }))).status).toBe(
      404,
    )
    expect(
      (
        await settingAction(
          await call(other, `user-notification-settings/${id}`, { id }, body('PUT', { scope: 'loud' })),
        )
      ).status,
    ).toBe(400)
    // A change that changes nothing: the spec's "missing settings", in the caller's language; the setting stays.
    const empty = await read(
      await settingAction(await call(other, `user-notification-settings/${id}`, { id }, body('PUT', {}))),
    )
    expect(empty).toMatchObject({ status: 400, json: { error: 'missingSettings', message: 'missing settings' } })
    expect(await NotificationSetting.findByPk(id)).toMatchObject({ scope: 'off' })
    expect(
      (await createSetting(await call(me, 'user-notification-settings', {}, body('POST', { brandId: 'nope' })))).status,
    ).toBe(400)
    expect(
      (await createSetting(await call(null, 'user-notification-settings', {}, body('POST', { brandId: brand.id }))))
        .status,
    ).toBe(401)
    expect(
      (
        await findLoader(
          await call(me, `user-notification-settings/findByUserAndRoom?userId=${other.id}&roomId=${room.id}`),
        )
      ).status,
    ).toBe(403)
    // A room closed to me takes no setting of mine.
    expect(
      (
        await createSetting(
          await call(me, 'user-notification-settings', {}, body('POST', { roomId: closed.id, scope: 'all' })),
        )
      ).status,
    ).toBe(403)
  })

  it("counts and lists a room's followers, for those the room admits", async () => {
    const follower = await makeUser()
    await grantRole(follower, brand)
    await followRoom({ brand, userId: follower.id, roomSlug: room.slug, follow: true })
    const count = await read(
      await countLoader(await call(me, `user-notification-settings/followerCount?roomId=${room.id}`)),
    )
    expect(count).toEqual({ status: 200, json: { roomId: room.id, count: 1 } })
    const list = await read(
      await followersLoader(await call(me, `user-notification-settings/followers?roomId=${room.id}&page=0`)),
    )
    expect(list.json).toMatchObject({
      followers: [{ userId: follower.id, name: follower.name }],
      page: 0,
      hasMore: false,
    })
    expect(
      (await countLoader(await call(me, `user-notification-settings/followerCount?roomId=${closed.id}`))).status,
    ).toBe(403)
    expect(
      (await countLoader(await call(me, `user-notification-settings/followerCount?roomId=${newId()}`))).status,
    ).toBe(404)
    expect((await followersLoader(await call(me, 'user-notification-settings/followers?roomId=junk'))).status).toBe(400)
  })
})
