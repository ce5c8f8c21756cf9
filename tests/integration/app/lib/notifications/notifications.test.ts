// Notifications (docs/user-guide.md#notifications): who is told of what, by
// kind and scope, with blocks and mutes; the live mail; the daily digest, sent once even across a
// restart; the panel, its marking read and the settings dialog's form, bad input included.
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Op } from 'sequelize'
import { joinCommunity } from '#app/lib/communities/community-membership.server'
import { followRoom } from '#app/lib/connections/room-follows.server'
import { performPersonAction } from '#app/lib/connections/connections.server'
import { changeGroupPerson, decideJoinRequest, submitJoinRequest } from '#app/lib/groups/group-people.server'
import { performMemberAction } from '#app/lib/members/member-actions.server'
import { pollingDigest, queueDigest, sendDueDigests } from '#app/lib/notifications/digest.server'
import { saveCommunitySetting, unreadNotificationCount } from '#app/lib/notifications/notifications.server'
import { digestSlot } from '#app/lib/notifications/notification-rules'
import { createChild, createPost } from '#app/lib/posts/posts.server'
import { action as panelAction, loader as panelLoader } from '#app/routes/$brand._community.notifications._index/route'
import {
  action as settingsAction,
  loader as settingsLoader,
} from '#app/routes/$brand._community.notifications.settings/route'
import { permissionsHeld } from '#models/access'
import {
  GroupJoinRequest,
  Notification,
  NotificationSetting,
  OutboxMessage,
  UserBlock,
  type Brand,
  type Room,
  type User,
} from '#models/index'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let owner: User
let hub: Room
let room: Room

beforeAll(async () => {
  ;({ brand, owner, hub } = await makeCommunity())
  room = await makeRoom(brand, { name: 'Book Club', open: true })
})

async function member(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser(overrides)
  await grantRole(user, brand)
  return user
}

const notificationsOf = (user: Pick<User, 'id'>, kind?: string) =>
  Notification.findAll({
    where: { recipientId: user.id, brandId: brand.id, ...(kind ? { kind } : {}) },
    order: [['createdAt', 'ASC']],
  })
const mailsTo = (user: Pick<User, 'emailAddress'>) =>
  OutboxMessage.findAll({ where: { recipient: user.emailAddress! }, order: [['createdAt', 'ASC']] })
const post = (author: User, where: Room = room, message = 'Hello there') =>
  createPost(brand, author.id, { contextRoomId: where.id, message })

describe('a post', () => {
  it("tells the room's followers, and those who follow the author, but not the author, nor members who follow neither", async () => {
    const [author, follower, fan, bystander] = await Promise.all([member(), member(), member(), member()])
    await followRoom({ brand, userId: follower.id, roomSlug: room.slug, follow: true })
    await performPersonAction({ brandId: brand.id, actorId: fan.id, intent: 'request', userId: author.id })
    await performPersonAction({ brandId: brand.id, actorId: author.id, intent: 'accept', userId: fan.id })
    await performPersonAction({ brandId: brand.id, actorId: fan.id, intent: 'follow', userId: author.id })
    const written = await post(author)
    expect((await notificationsOf(follower, 'post')).map((n) => n.postId)).toEqual([written.id])
    expect((await notificationsOf(fan, 'post')).map((n) => n.postId)).toEqual([written.id])
    expect(await notificationsOf(bystander, 'post')).toHaveLength(0)
    expect(await notificationsOf(author, 'post')).toHaveLength(0)
  })

  it('respects each scope: all hears every post, off and replies hear none, a room can say otherwise', async () => {
    const [author, everything, off, repliesOnly, roomAll, roomOff] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
      member(),
    ])
    await saveCommunitySetting(everything.id, brand.id, { scope: 'all' })
    for (const user of [off, repliesOnly, roomOff])
      await followRoom({ brand, userId: user.id, roomSlug: room.slug, follow: true })
    await saveCommunitySetting(off.id, brand.id, { scope: 'off' })
    await saveCommunitySetting(repliesOnly.id, brand.id, { scope: 'replies' })
    await NotificationSetting.create({ brandId: brand.id, userId: roomAll.id, roomId: room.id, scope: 'all' })
    await NotificationSetting.create({ brandId: brand.id, userId: roomOff.id, roomId: room.id, scope: 'off' })
    await post(author)
    expect(await notificationsOf(everything, 'post')).toHaveLength(1)
    expect(await notificationsOf(roomAll, 'post')).toHaveLength(1)
    for (const user of [off, repliesOnly, roomOff]) expect(await notificationsOf(user, 'post')).toHaveLength(0)
  })

  it('by an admin reaches every member whose scope takes admin posts', async () => {
    const [plain, adminPostsOnly, repliesOnly] = await Promise.all([member(), member(), member()])
    await saveCommunitySetting(adminPostsOnly.id, brand.id, { scope: 'adminPosts' })
    await saveCommunitySetting(repliesOnly.id, brand.id, { scope: 'replies' })
    expect((await permissionsHeld(owner.id, brand.id)).has('manage-community')).toBe(true)
    await post(owner, hub, 'From the admins')
    expect(await notificationsOf(plain, 'post')).toHaveLength(1)
    expect(await notificationsOf(adminPostsOnly, 'post')).toHaveLength(1)
    expect(await notificationsOf(repliesOnly, 'post')).toHaveLength(0)
  })

  it('never reaches someone who muted or blocked the author, or whom the author blocked', async () => {
    const [author, muter, blocker, blocked] = await Promise.all([member(), member(), member(), member()])
    for (const user of [muter, blocker, blocked]) await saveCommunitySetting(user.id, brand.id, { scope: 'all' })
    await UserBlock.create({ brandId: brand.id, userId: muter.id, targetUserId: author.id, kind: 'mute' })
    await UserBlock.create({ brandId: brand.id, userId: blocker.id, targetUserId: author.id, kind: 'block' })
    await UserBlock.create({ brandId: brand.id, userId: author.id, targetUserId: blocked.id, kind: 'block' })
    await post(author)
    for (const user of [muter, blocker, blocked]) expect(await notificationsOf(user, 'post')).toHaveLength(0)
  })

  it('in a members-only group reaches only those the group admits', async () => {
    const [author, inside, outside] = await Promise.all([member(), member(), member()])
    const group = await makeRoom(brand, { membersOnly: true, members: [author.id, inside.id] })
    for (const user of [inside, outside]) await saveCommunitySetting(user.id, brand.id, { scope: 'all' })
    await post(author, group)
    expect(await notificationsOf(inside, 'post')).toHaveLength(1)
    expect(await notificationsOf(outside, 'post')).toHaveLength(0)
  })
})

describe('comments and replies', () => {
  it("tell the post's author of a comment and the comment's author of a reply, never oneself", async () => {
    const [author, commenter, replier] = await Promise.all([member(), member(), member()])
    const written = await post(author)
    const comment = await createChild(brand, commenter.id, {
      contextRoomId: room.id,
      parentPostId: written.id,
      message: 'Nice',
    })
    await createChild(brand, replier.id, { contextRoomId: room.id, parentPostId: comment.id, message: 'Agreed' })
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: written.id, message: 'Thanks' })
    expect((await notificationsOf(author, 'comment')).map((n) => [n.actorId, n.postId])).toEqual([
      [commenter.id, written.id],
    ])
    expect((await notificationsOf(commenter, 'reply')).map((n) => [n.actorId, n.postId])).toEqual([
      [replier.id, written.id],
    ])
    expect(await notificationsOf(author, 'reply')).toHaveLength(0)
  })

  it('reach even the scope "replies", but not "off", nor an author who muted the commenter', async () => {
    const [repliesOnly, off, muter, commenter] = await Promise.all([member(), member(), member(), member()])
    await saveCommunitySetting(repliesOnly.id, brand.id, { scope: 'replies' })
    await saveCommunitySetting(off.id, brand.id, { scope: 'off' })
    await UserBlock.create({ brandId: brand.id, userId: muter.id, targetUserId: commenter.id, kind: 'mute' })
    for (const author of [repliesOnly, off, muter]) {
      const written = await post(author)
      await createChild(brand, commenter.id, { contextRoomId: room.id, parentPostId: written.id, message: 'Hi' })
    }
    expect(await notificationsOf(repliesOnly, 'comment')).toHaveLength(1)
    expect(await notificationsOf(off, 'comment')).toHaveLength(0)
    expect(await notificationsOf(muter, 'comment')).toHaveLength(0)
  })
})

describe('connections, memberships and groups', () => {
  it('tell the one asked of a connection request, and the one who asked of its acceptance', async () => {
    const [asker, asked] = await Promise.all([member(), member()])
    await performPersonAction({ brandId: brand.id, actorId: asker.id, intent: 'request', userId: asked.id })
    await performPersonAction({ brandId: brand.id, actorId: asked.id, intent: 'accept', userId: asker.id })
    expect((await notificationsOf(asked, 'connection')).map((n) => n.detail)).toEqual(['requested'])
    expect((await notificationsOf(asker, 'connection')).map((n) => n.detail)).toEqual(['accepted'])
  })

  it('tell the approvers of a request to join, and the person of the approval or the decline', async () => {
    const { brand: moderated, owner: moderatedOwner } = await makeCommunity({ brand: { memberModeration: true } })
    const [approved, declined] = await Promise.all([makeUser(), makeUser()])
    expect(await joinCommunity(moderated, approved.id)).toBe('pending')
    await joinCommunity(moderated, declined.id)
    const requests = await Notification.findAll({
      where: { brandId: moderated.id, recipientId: moderatedOwner.id, kind: 'communityRequest' },
    })
    expect(requests.map((n) => n.actorId).sort()).toEqual([approved.id, declined.id].sort())
    const held = await permissionsHeld(moderatedOwner.id, moderated.id)
    await performMemberAction({
      brand: moderated,
      actorId: moderatedOwner.id,
      held,
      command: { intent: 'approve', userId: approved.id } as never,
    })
    await performMemberAction({
      brand: moderated,
      actorId: moderatedOwner.id,
      held,
      command: { intent: 'reject', userId: declined.id } as never,
    })
    expect(
      await Notification.count({
        where: { brandId: moderated.id, recipientId: approved.id, kind: 'communityApproval' },
      }),
    ).toBe(1)
    expect(
      await Notification.count({
        where: { brandId: moderated.id, recipientId: declined.id, kind: 'communityDecline' },
      }),
    ).toBe(1)
  })

  it('tell the group host of a join request, and the person of the approval and of a promotion', async () => {
    const [host, asker] = await Promise.all([member(), member()])
    const group = await makeRoom(brand, {
      hostId: host.id,
      members: [host.id],
      allowMembershipRequests: true,
      newMemberModerationEnabled: true,
      status: 'active',
    })
    expect(await submitJoinRequest(group, asker.id, [])).toBe('requested')
    expect((await notificationsOf(host, 'groupRequest')).map((n) => n.actorId)).toEqual([asker.id])
    const request = await GroupJoinRequest.findOne({
      where: { roomId: group.id, userId: asker.id },
      rejectOnEmpty: true,
    })
    await decideJoinRequest(group, request.id, true, host.id)
    await group.reload()
    await changeGroupPerson(group, asker.id, 'promote', host.id)
    expect((await notificationsOf(asker)).map((n) => n.kind)).toEqual(['groupApproval', 'groupPromotion'])
  })
})

describe('mail', () => {
  it('goes at once for "live", never to someone who switched mail and SMS off', async () => {
    const [author, live, silent] = await Promise.all([
      member(),
      member(),
      member({ preferenceEmailNotifications: false, preferenceSmsNotifications: false }),
    ])
    const written = await post(author)
    for (const user of [live, silent])
      await createChild(brand, user.id, { contextRoomId: room.id, parentPostId: written.id, message: 'x' })
    // The author hears of both comments; now the other way round, so live and silent are told.
    const mine = await post(live)
    const theirs = await post(silent)
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: mine.id, message: 'y' })
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: theirs.id, message: 'y' })
    const [liveMail] = await mailsTo(live)
    expect(liveMail?.subject).toContain(`${author.name} commented on your post`)
    expect(liveMail?.text).toContain(`/${brand.slug}/posts/${mine.id}`)
    expect((await notificationsOf(live, 'comment'))[0]?.mailedAt).toBeInstanceOf(Date)
    expect(await mailsTo(silent)).toHaveLength(0)
    expect((await notificationsOf(silent, 'comment'))[0]?.delivery).toBe('none')
  })

  it("is in the recipient's language", async () => {
    const [author, reader] = await Promise.all([member(), member({ preferredLanguage: 'es' })])
    const written = await post(reader)
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: written.id, message: 'Hola' })
    expect((await mailsTo(reader))[0]?.subject).toContain('comentó tu publicación')
  })
})

describe('the daily digest', () => {
  const runners: Array<{ stop(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()))
  })

  it('mails a daily member one digest of what waited, once, not again after a restart, and again the next day', async () => {
    const [author, daily] = await Promise.all([member(), member()])
    await saveCommunitySetting(daily.id, brand.id, { frequency: 'daily' })
    const first = await post(daily)
    const second = await post(daily)
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: first.id, message: 'one' })
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: second.id, message: 'two' })
    expect(await mailsTo(daily)).toHaveLength(0)
    expect((await notificationsOf(daily, 'comment')).map((n) => n.delivery)).toEqual(['daily', 'daily'])

    const now = new Date()
    await sendDueDigests(now)
    const [digest] = await mailsTo(daily)
    expect(digest?.subject).toContain('2 new notifications')
    expect(digest?.text).toContain(`/${brand.slug}/posts/${first.id}`)
    expect(digest?.text).toContain(`/${brand.slug}/posts/${second.id}`)

    // A second pass the same day, and a new runner as after a restart: nothing more.
    await sendDueDigests(new Date(now.getTime() + 1000))
    const restarted = pollingDigest({ intervalMs: 60_000 })
    runners.push(restarted)
    await restarted.start()
    await restarted.stop()
    expect(await mailsTo(daily)).toHaveLength(1)

    // What arrives later waits for the next day's slot.
    const third = await post(daily)
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: third.id, message: 'three' })
    await sendDueDigests(new Date(now.getTime() + 2000))
    expect(await mailsTo(daily)).toHaveLength(1)
    const tomorrow = new Date(digestSlot(now).getTime() + 24 * 3600 * 1000 + 60_000)
    await sendDueDigests(tomorrow)
    const mails = await mailsTo(daily)
    expect(mails).toHaveLength(2)
    // Both mails are written within the same second: MariaDB's outbox times cannot order them.
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `${brand.name}: 1 new notification`,
      `${brand.name}: 2 new notifications`,
    ])
    expect(await Notification.count({ where: { recipientId: daily.id, mailedAt: { [Op.is]: null } as never } })).toBe(0)
  })

  it('runs as a BullMQ job on Redis: one digest, and none more after a restart', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
    const prefix = `hearth-test-${randomUUID()}`
    const [author, daily] = await Promise.all([member(), member()])
    await saveCommunitySetting(daily.id, brand.id, { frequency: 'daily' })
    const written = await post(daily)
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: written.id, message: 'queued' })
    const first = queueDigest({ redisUrl, prefix, intervalMs: 60_000 })
    runners.push(first)
    await first.start()
    await expect.poll(async () => (await mailsTo(daily)).length, { timeout: 15_000 }).toBe(1)
    await first.stop()
    const second = queueDigest({ redisUrl, prefix, intervalMs: 60_000 })
    runners.push(second)
    await second.start()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(await mailsTo(daily)).toHaveLength(1)
    await second.stop()
    const redis = new Redis(redisUrl)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })

  it('sends each notification once when two runners race for the same day', async () => {
    const [author, daily] = await Promise.all([member(), member()])
    await saveCommunitySetting(daily.id, brand.id, { frequency: 'daily' })
    const written = await post(daily)
    await createChild(brand, author.id, { contextRoomId: room.id, parentPostId: written.id, message: 'race' })
    const now = new Date()
    await Promise.all([sendDueDigests(now), sendDueDigests(now), sendDueDigests(now)])
    expect(await mailsTo(daily)).toHaveLength(1)
  })
})

// ---------------------------------------------------------------------------------------------
// The pages.

async function as(user: User | null, path: string, init?: RequestInit) {
  const headers = new Headers(init?.headers)
  if (user) headers.set('Cookie', await signedInCookie(user.id))
  return routeArgs(`/${brand.slug}/${path}`, { brand: brand.slug }, { ...init, headers })
}
const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })

describe('the panel', () => {
  it('lists my notifications newest first, marks one or all read, and the badge follows', async () => {
    const [me, them] = await Promise.all([member(), member()])
    const written = await post(me)
    await createChild(brand, them.id, { contextRoomId: room.id, parentPostId: written.id, message: 'first' })
    await performPersonAction({ brandId: brand.id, actorId: them.id, intent: 'request', userId: me.id })
    expect(await unreadNotificationCount(me.id, brand.id)).toBe(2)

    const data = unwrap(await panelLoader(await as(me, 'notifications')))
    expect(data.notifications.items.map((item) => item.text)).toEqual([
      'notifications:kinds.connectionRequested',
      'notifications:kinds.comment',
    ])
    expect(data.notifications.items[1]).toMatchObject({
      path: `posts/${written.id}`,
      read: false,
      values: { actor: them.name },
    })

    const one = data.notifications.items[0]!.id
    const afterOne = await thrownResponse(
      panelAction(await as(me, 'notifications', form({ intent: 'markRead', notificationId: one }))),
    )
    expect(afterOne.status).toBe(302)
    expect(await unreadNotificationCount(me.id, brand.id)).toBe(1)
    await thrownResponse(panelAction(await as(me, 'notifications', form({ intent: 'markAllRead' }))))
    expect(await unreadNotificationCount(me.id, brand.id)).toBe(0)
  })

  it("refuses junk with 400, and marks nothing of someone else's", async () => {
    const [me, other, them] = await Promise.all([member(), member(), member()])
    const written = await post(other)
    await createChild(brand, them.id, { contextRoomId: room.id, parentPostId: written.id, message: 'for other' })
    const [theirs] = await notificationsOf(other, 'comment')
    const bad = await panelAction(
      await as(me, 'notifications', form({ intent: 'markRead', notificationId: "x' OR 1=1" })),
    )
    expect(initOf(bad).status).toBe(400)
    await thrownResponse(
      panelAction(await as(me, 'notifications', form({ intent: 'markRead', notificationId: theirs!.id }))),
    )
    expect(await unreadNotificationCount(other.id, brand.id)).toBe(1)
    // Nor does my panel show theirs.
    const mine = unwrap(await panelLoader(await as(me, 'notifications')))
    expect(mine.notifications.items.map((item) => item.id)).not.toContain(theirs!.id)
  })

  it('asks a visitor to sign in and refuses someone from another community', async () => {
    const visitor = await thrownResponse(panelLoader(await as(null, 'notifications')))
    expect(visitor).toRedirectTo(/sign-in|private/)
    const { owner: outsider } = await makeCommunity()
    const refused = await thrownResponse(panelLoader(await as(outsider, 'notifications')))
    expect(refused.headers.get('Location')).toContain('access-denied')
  })
})

describe('the settings dialog', () => {
  it('keeps what was typed and says why when the input is bad (400)', async () => {
    const me = await member()
    const result = await settingsAction(
      await as(me, 'notifications/settings', form({ frequency: 'hourly', scope: 'adminPosts' })),
    )
    expect(initOf(result).status).toBe(400)
    const reply = unwrap(result) as {
      result: { initialValue: Record<string, unknown>; error: Record<string, string[]> }
    }
    expect(reply.result.initialValue).toMatchObject({ frequency: 'hourly', scope: 'adminPosts' })
    expect(reply.result.error.frequency).toEqual(['notifications:settings.errors.frequency'])
    expect(await NotificationSetting.count({ where: { userId: me.id } })).toBe(0)
    // A room override that is not an id is refused as well.
    const junkRoom = await settingsAction(
      await as(
        me,
        'notifications/settings',
        form({ frequency: 'live', scope: 'all', 'rooms[0].roomId': 'nope', 'rooms[0].scope': 'all' }),
      ),
    )
    expect(initOf(junkRoom).status).toBe(400)
  })

  it('saves frequency, scope and a followed room’s own scope, and shows them again', async () => {
    const me = await member()
    await followRoom({ brand, userId: me.id, roomSlug: room.slug, follow: true })
    const before = unwrap(await settingsLoader(await as(me, 'notifications/settings')))
    expect(before.values).toMatchObject({
      frequency: 'live',
      scope: 'posts',
      rooms: [{ roomId: room.id, scope: 'inherit' }],
    })
    const saved = await thrownResponse(
      settingsAction(
        await as(
          me,
          'notifications/settings',
          form({ frequency: 'daily', scope: 'replies', 'rooms[0].roomId': room.id, 'rooms[0].scope': 'all' }),
        ),
      ),
    )
    expect(saved).toRedirectTo(`/${brand.slug}/notifications/settings`)
    const after = unwrap(await settingsLoader(await as(me, 'notifications/settings')))
    expect(after.values).toMatchObject({
      frequency: 'daily',
      scope: 'replies',
      rooms: [{ roomId: room.id, scope: 'all' }],
    })
  })

  it('warns when mail and SMS notifications are switched off for the account', async () => {
    const [on, off] = await Promise.all([
      member(),
      member({ preferenceEmailNotifications: false, preferenceSmsNotifications: false }),
    ])
    expect(unwrap(await settingsLoader(await as(on, 'notifications/settings'))).globallyDisabled).toBe(false)
    expect(unwrap(await settingsLoader(await as(off, 'notifications/settings'))).globallyDisabled).toBe(true)
  })
})
