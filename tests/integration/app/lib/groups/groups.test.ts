// Groups (the groups page, the new group wizard, the group join dialog; group states and join
// requests; naming rules and banner; co-host rules; the join messages): every rule at
// its boundary, every form's bad input (a 4xx with its message, nothing changed), and the flow a
// member follows from asking to join a private group to entering its room.
import { describe, expect, it } from 'vitest'
import { checkAccess, meetingRights, permissionsHeld } from '#models/access'
import { GroupJoinRequest, MeetingPeer, MeetingRoom, Room, type Brand, type User } from '#models/index'
import { action as groupsAction, loader as groupsLoader } from '#app/routes/$brand._community.groups._index/route'
import { action as newGroupAction, loader as newGroupLoader } from '#app/routes/$brand._community.groups.new/route'
import { action as groupAction, loader as groupLoader } from '#app/routes/$brand._community.groups.$room/route'
import { action as joinAction, loader as joinLoader } from '#app/routes/$brand._community.join.$room/route'
import { loader as roomLoader } from '#app/routes/$brand.$room/route'
import { verifyEdgeToken } from '#edge/contract/token'
import { env } from '#app/lib/platform/env.server'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { solidImage } from '#tests/support/images'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  result?: { error?: Record<string, string[] | null> } | null
  refusal?: { suggestion: string } | null
  error?: string | null
}

async function as(user: User | null, path: string, params: Record<string, string>, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (user) headers.set('Cookie', await signedInCookie(user.id))
  return routeArgs(path, params, { ...init, headers })
}

/** Runs an action: the redirect it threw (status, location) or the data it returned (status, body). */
async function run(action: () => Promise<unknown>) {
  try {
    const result = await action()
    return {
      status: initOf(result).status,
      body: unwrap(result) as Reply & Record<string, unknown>,
      location: null as string | null,
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, body: null, location: thrown.headers.get('Location') }
  }
}

async function world(brandFields: Partial<Brand> = {}) {
  const { brand, owner } = await makeCommunity({ brand: brandFields })
  const admin = await makeUser({ name: 'Ada Admin' })
  await grantRole(admin, brand, 'community-admin')
  const member = await makeUser({ name: 'Mel Member' })
  await grantRole(member, brand)
  const other = await makeUser({ name: 'Otto Other' })
  await grantRole(other, brand)
  return { brand, owner, admin, member, other }
}

const groupFields = (overrides: Record<string, string> = {}) => ({
  title: 'Book Club',
  description: 'We read together',
  roomLink: `book-club-${Math.random().toString(36).slice(2, 8)}`,
  groupType: 'public',
  visibleInDirectory: 'everyone',
  ...overrides,
})

function multipart(fields: Record<string, string>, banner?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (banner) form.append('banner', new File([Buffer.from(banner.bytes)], banner.name, { type: banner.type }))
  return form
}

const createAs = async (
  brand: Brand,
  user: User,
  fields: Record<string, string>,
  banner?: { bytes: Uint8Array; name: string; type: string },
) =>
  run(async () =>
    newGroupAction(
      await as(
        user,
        `/${brand.slug}/groups/new`,
        { brand: brand.slug },
        { method: 'POST', body: multipart(fields, banner) },
      ),
    ),
  )

const groupCount = (brand: Brand) => Room.count({ where: { brandId: brand.id, context: 'group' } })

describe('the new group wizard', () => {
  it('creates an active public group with its creator as host (and the room-scoped room-host grant)', async () => {
    const { brand, member } = await world()
    const fields = groupFields({ roomLink: 'Readers', pinnedInDirectory: 'on', visibleInDirectory: 'members' })
    const done = await createAs(brand, member, fields)
    expect(done.status).toBe(302)
    // It lands on the new group.
    expect(done.location).toBe(`/${brand.slug}/groups/readers`)
    const room = await Room.findOne({ where: { brandId: brand.id, slug: 'readers' }, rejectOnEmpty: true })
    expect(room).toMatchObject({
      name: 'Book Club',
      description: 'We read together',
      context: 'group',
      roomType: 'public',
      status: 'active',
      hostId: member.id,
      visibleInDirectory: 'members',
      pinnedInDirectory: true,
    })
    expect(room.members).toEqual([member.id])
    expect(await permissionsHeld(member.id, brand.id, room.id)).toContain('kick-peer')
  })

  it('sets how people join from the wizard, or from the group type when a post has no such boxes', async () => {
    const { brand, member } = await world()
    await createAs(
      brand,
      member,
      groupFields({
        roomLink: 'asked',
        groupType: 'public',
        joiningOffered: 'on',
        manualApproval: 'on',
        questions: 'Why join?\n\nWhat do you read?',
      }),
    )
    expect(await Room.findOne({ where: { brandId: brand.id, slug: 'asked' }, rejectOnEmpty: true })).toMatchObject({
      allowMembershipRequests: false,
      newMemberModerationEnabled: true,
      newMemberFormEnabled: true,
      newMemberFormDefinition: { questions: ['Why join?', 'What do you read?'] },
    })
    await createAs(brand, member, groupFields({ roomLink: 'typed', groupType: 'private' }))
    expect(await Room.findOne({ where: { brandId: brand.id, slug: 'typed' }, rejectOnEmpty: true })).toMatchObject({
      allowMembershipRequests: true,
      newMemberModerationEnabled: true,
      newMemberFormEnabled: false,
    })
    const tooLong = await createAs(
      brand,
      member,
      groupFields({ roomLink: 'long', joiningOffered: 'on', questions: 'x'.repeat(600) }),
    )
    expect(tooLong.status).toBe(400)
    expect(tooLong.body?.result?.error).toMatchObject({ questions: ['groups:preferences.errors.questionTooLong'] })
  })

  it('refuses a short title, a short description and a bad link with their messages, and keeps what was typed', async () => {
    const { brand, member } = await world()
    const before = await groupCount(brand)
    const bad = await createAs(brand, member, groupFields({ title: 'B', description: 'Four', roomLink: '-x' }))
    expect(bad.status).toBe(400)
    expect(bad.body?.result?.error).toMatchObject({
      title: ['groups:wizard.errors.titleTooShort'],
      description: ['groups:wizard.errors.descriptionTooShort'],
      roomLink: ['members:roomLink.errors.start'],
    })
    expect((bad.body?.result as { initialValue?: Record<string, unknown> })?.initialValue).toMatchObject({
      title: 'B',
      description: 'Four',
    })
    // At the boundary: 2 and 5 characters pass.
    expect((await createAs(brand, member, groupFields({ title: 'Bo', description: 'Fives' }))).status).toBe(302)
    expect(await groupCount(brand)).toBe(before + 1)
    const empty = await createAs(brand, member, groupFields({ title: '', description: '', roomLink: '' }))
    expect(empty.body?.result?.error).toMatchObject({
      title: ['groups:wizard.errors.titleRequired'],
      description: ['groups:wizard.errors.descriptionRequired'],
      roomLink: ['members:roomLink.errors.required'],
    })
    expect((await createAs(brand, member, groupFields({ roomLink: 'a' }))).body?.result?.error?.roomLink).toEqual([
      'members:roomLink.errors.tooShort',
    ])
  })

  it('says a taken or reserved link is not available and suggests a free one', async () => {
    const { brand, member } = await world()
    await makeRoom(brand, { slug: 'chess' })
    const taken = await createAs(brand, member, groupFields({ roomLink: 'Chess' }))
    expect(taken.status).toBe(400)
    expect(taken.body?.result?.error?.roomLink).toEqual(['members:roomLink.taken'])
    expect(taken.body?.refusal?.suggestion).toBe('chess-2')
    const reserved = await createAs(brand, member, groupFields({ roomLink: 'groups' }))
    expect(reserved.body?.result?.error?.roomLink).toEqual(['members:roomLink.notAvailable'])
    // A room may be called "new"; a group may not: its page would be the new group wizard's address.
    const wizard = await createAs(brand, member, groupFields({ roomLink: 'New' }))
    expect(wizard.body?.result?.error?.roomLink).toEqual(['members:roomLink.notAvailable'])
    expect(wizard.body?.refusal?.suggestion).toBe('new-2')
    expect(await Room.count({ where: { brandId: brand.id, slug: 'chess' } })).toBe(1)
  })

  it('takes an image as the banner and refuses anything else by its bytes (spec: "Banner must be an image file")', async () => {
    const { brand, member } = await world()
    const before = await groupCount(brand)
    const fake = await createAs(brand, member, groupFields(), {
      bytes: new TextEncoder().encode('not a picture at all'),
      name: 'banner.png',
      type: 'image/png',
    })
    expect(fake.status).toBe(400)
    expect(fake.body?.result?.error?.banner).toEqual(['groups:wizard.errors.bannerNotImage'])
    expect(await groupCount(brand)).toBe(before)

    const fields = groupFields()
    const done = await createAs(brand, member, fields, {
      bytes: await solidImage('jpeg', 900, 300),
      name: 'banner.jpg',
      type: 'image/jpeg',
    })
    expect(done.status).toBe(302)
    const room = await Room.findOne({ where: { brandId: brand.id, slug: fields.roomLink }, rejectOnEmpty: true })
    expect(room.bannerImage).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.webp$/)
  })

  it('keeps new groups pending under new-group moderation, except those an admin makes', async () => {
    const { brand, member, admin } = await world({ newGroupModerationEnabled: true })
    const a = groupFields()
    const made = await createAs(brand, member, a)
    expect(made.location).toBe(`/${brand.slug}/groups?tab=mine`)
    expect((await Room.findOne({ where: { brandId: brand.id, slug: a.roomLink }, rejectOnEmpty: true })).status).toBe(
      'pending',
    )
    const b = groupFields()
    await createAs(brand, admin, b)
    expect((await Room.findOne({ where: { brandId: brand.id, slug: b.roomLink }, rejectOnEmpty: true })).status).toBe(
      'active',
    )
  })

  it('tells someone without create-groups "You do not have permission to create groups in this community." and creates nothing', async () => {
    const { brand } = await world()
    const viewer = await makeUser()
    await grantRole(viewer, brand, 'community-viewer')
    const page = await newGroupLoader(await as(viewer, `/${brand.slug}/groups/new`, { brand: brand.slug }))
    expect(initOf(page).status).toBe(403)
    expect(unwrap(page).mayCreate).toBe(false)
    const before = await groupCount(brand)
    const refused = await createAs(brand, viewer, groupFields())
    expect(refused.status).toBe(403)
    expect(refused.body?.error).toBe('groups:wizard.errors.noPermission')
    expect(await groupCount(brand)).toBe(before)
  })
})

const load = async (brand: Brand, user: User | null, query = '') =>
  unwrap(await groupsLoader(await as(user, `/${brand.slug}/groups${query}`, { brand: brand.slug })))
const bulk = async (brand: Brand, user: User, intent: string, ids: string[], query = '') => {
  const body = new URLSearchParams([['intent', intent], ...ids.map((id) => ['ids', id])])
  return run(async () =>
    groupsAction(await as(user, `/${brand.slug}/groups${query}`, { brand: brand.slug }, { method: 'POST', body })),
  )
}
const statusOf = async (room: Room) => (await Room.findByPk(room.id, { rejectOnEmpty: true })).status

describe('the groups page', () => {
  it('lists groups by tab with counts; pending and archived tabs only for those who moderate groups', async () => {
    const { brand, admin, member } = await world()
    const mine = await makeRoom(brand, { name: 'Alpha', hostId: member.id, members: [member.id] })
    await makeRoom(brand, { name: 'Beta' })
    await makeRoom(brand, { name: 'Gamma', status: 'pending' })
    await makeRoom(brand, { name: 'Delta', status: 'archived' })
    await makeRoom(brand, { name: 'Gone', status: 'deleted', deleted: true })

    const asAdmin = await load(brand, admin)
    expect(asAdmin.tabs).toEqual(['all', 'mine', 'active', 'pending', 'archived'])
    // The hub and the announcements room are the community's own, not groups.
    expect(asAdmin.listing.counts).toEqual({ all: 4, mine: 0, active: 2, pending: 1, archived: 1 })
    expect((await load(brand, admin, '?tab=pending')).listing.rows.map((row) => row.name)).toEqual(['Gamma'])

    const asMember = await load(brand, member)
    expect(asMember.tabs).toEqual(['all', 'mine', 'active'])
    expect(asMember.listing.rows.map((row) => row.name)).toEqual(['Alpha', 'Beta'])
    const alpha = asMember.listing.rows.find((row) => row.id === mine.id)!
    expect(alpha).toMatchObject({ standing: 'host', enter: true, join: false, manage: true, label: 'public' })
    // A moderation tab asked for by someone who may not see it reads as "all".
    expect((await load(brand, member, '?tab=pending')).listing.tab).toBe('all')
    expect((await load(brand, member, '?tab=mine')).listing.rows.map((row) => row.name)).toEqual(['Alpha'])
  })

  it('labels each type as the spec does', async () => {
    const { brand, admin } = await world()
    for (const [name, roomType, locked] of [
      ['A public', 'public', false],
      ['B private', 'private', false],
      ['C exclusive', 'exclusive', false],
      ['D premium', 'premium', false],
      ['E locked', 'public', true],
    ] as const) {
      await makeRoom(brand, { name, roomType, locked })
    }
    const labels = (await load(brand, admin)).listing.rows.map((row) => row.label)
    expect(labels).toEqual(['public', 'private', 'membersOnly', 'premium', 'closed'])
  })

  it('pages by the per-page selector (10, 25, 50, 100; anything else is 10)', async () => {
    const { brand, admin } = await world()
    for (let n = 0; n < 12; n += 1) await makeRoom(brand, { name: `Group ${String(n).padStart(2, '0')}` })
    const first = await load(brand, admin)
    expect(first.listing).toMatchObject({ perPage: 10, pages: 2, total: 12 })
    expect(first.listing.rows).toHaveLength(10)
    expect((await load(brand, admin, '?page=2')).listing.rows.map((row) => row.name)).toEqual(['Group 10', 'Group 11'])
    const wide = await load(brand, admin, '?perPage=25')
    expect(wide.listing).toMatchObject({ perPage: 25, pages: 1 })
    expect(wide.listing.rows).toHaveLength(12)
    expect((await load(brand, admin, '?perPage=7')).listing.perPage).toBe(10)
  })

  it('approves, rejects, archives, restores and removes the ticked groups, each only from its states', async () => {
    const { brand, admin } = await world()
    const [p1, p2, a1, a2] = await Promise.all([
      makeRoom(brand, { status: 'pending' }),
      makeRoom(brand, { status: 'pending' }),
      makeRoom(brand, { status: 'active' }),
      makeRoom(brand, { status: 'active' }),
    ])
    const approved = await bulk(brand, admin, 'approve', [p1.id, a1.id], '?tab=pending&perPage=25')
    expect(approved.status).toBe(302)
    expect(approved.location).toBe(`/${brand.slug}/groups?tab=pending&perPage=25`)
    expect([await statusOf(p1), await statusOf(a1)]).toEqual(['active', 'active'])

    expect((await bulk(brand, admin, 'reject', [p2.id])).status).toBe(302)
    expect(await statusOf(p2)).toBe('deleted')

    expect((await bulk(brand, admin, 'archive', [a1.id, a2.id])).status).toBe(302)
    expect([await statusOf(a1), await statusOf(a2)]).toEqual(['archived', 'archived'])
    expect((await bulk(brand, admin, 'restore', [a1.id])).status).toBe(302)
    expect(await statusOf(a1)).toBe('active')
    expect((await bulk(brand, admin, 'remove', [a1.id, a2.id])).status).toBe(302)
    expect((await Room.findByPk(a1.id))!.deleted).toBe(true)
    expect(await statusOf(a2)).toBe('deleted')
  })

  it('refuses a bulk action with nothing ticked, an unknown action, or only groups in the wrong state, changing nothing', async () => {
    const { brand, admin } = await world()
    const active = await makeRoom(brand)
    const none = await bulk(brand, admin, 'archive', [])
    expect(none.status).toBe(400)
    expect(none.body?.error).toBe('groups:bulk.noneSelected')
    const unknown = await bulk(brand, admin, 'explode', [active.id])
    expect(unknown.status).toBe(400)
    expect(unknown.body?.error).toBe('groups:errors.badRequest')
    const wrong = await bulk(brand, admin, 'approve', [active.id])
    expect(wrong.status).toBe(400)
    expect(wrong.body?.error).toBe('groups:bulk.wrongState')
    expect(wrong.body?.ids).toEqual([active.id])
    expect(await statusOf(active)).toBe('active')
  })

  it("never moves the hub or the announcements room, nor another community's group", async () => {
    const { brand, admin } = await world()
    const { brand: elsewhere } = await makeCommunity()
    const theirs = await makeRoom(elsewhere)
    const refused = await bulk(brand, admin, 'remove', [brand.topLevelRoomId!, brand.announcementsRoomId!, theirs.id])
    expect(refused.status).toBe(400)
    expect(
      await Room.count({
        where: { id: [brand.topLevelRoomId!, brand.announcementsRoomId!, theirs.id], status: 'active' },
      }),
    ).toBe(3)
  })
})

const join = async (brand: Brand, room: Room, user: User, answers: string[]) => {
  const body = new URLSearchParams(answers.map((answer, index) => [`answers[${index}]`, answer]))
  return run(async () =>
    joinAction(
      await as(
        user,
        `/${brand.slug}/join/${room.slug}`,
        { brand: brand.slug, room: room.slug },
        { method: 'POST', body },
      ),
    ),
  )
}
const manage = async (brand: Brand, room: Room, user: User, fields: Record<string, string>) =>
  run(async () =>
    groupAction(
      await as(
        user,
        `/${brand.slug}/groups/${room.slug}`,
        { brand: brand.slug, room: room.slug },
        { method: 'POST', body: new URLSearchParams(fields) },
      ),
    ),
  )

async function privateGroup(
  brand: Brand,
  host: User,
  questions: string[] = ['Why do you want to join?', 'Which book did you read last?'],
) {
  return makeRoom(brand, {
    name: 'Secret Readers',
    roomType: 'private',
    hostId: host.id,
    members: [host.id],
    allowMembershipRequests: true,
    newMemberModerationEnabled: true,
    newMemberFormDefinition: { questions } as Room['newMemberFormDefinition'],
  })
}

describe('joining a group', () => {
  it("a member answers the questionnaire, a co-host approves, and the member enters the group's room", async () => {
    const { brand, owner, member, other } = await world()
    const room = await privateGroup(brand, owner)
    // `other` co-hosts the group: listed, with the room's own room-co-host grant.
    await grantRole(other, brand, 'room-co-host', room)
    await room.update({ coHosts: [other.id] })

    // Before: the private group refuses them.
    expect((await checkAccess({ brand, userId: member.id, room: { slug: room.slug } })).ok).toBe(false)
    const page = unwrap(
      await joinLoader(await as(member, `/${brand.slug}/join/${room.slug}`, { brand: brand.slug, room: room.slug })),
    )
    expect(page.questions).toEqual(['Why do you want to join?', 'Which book did you read last?'])

    const asked = await join(brand, room, member, ['To read more', 'Dune'])
    expect(asked.status).toBe(302)
    const request = await GroupJoinRequest.findOne({
      where: { roomId: room.id, userId: member.id },
      rejectOnEmpty: true,
    })
    expect(request.status).toBe('pending')
    expect(request.answers).toEqual([
      { question: 'Why do you want to join?', answer: 'To read more' },
      { question: 'Which book did you read last?', answer: 'Dune' },
    ])
    expect((await checkAccess({ brand, userId: member.id, room: { slug: room.slug } })).ok).toBe(false)

    const listed = unwrap(
      await groupLoader(await as(other, `/${brand.slug}/groups/${room.slug}`, { brand: brand.slug, room: room.slug })),
    )
    expect(listed.requests.map((row) => row.userId)).toEqual([member.id])
    const approved = await manage(brand, room, other, { intent: 'approveRequest', requestId: request.id })
    expect(approved.status).toBe(302)
    expect((await GroupJoinRequest.findByPk(request.id))!.status).toBe('approved')
    expect((await checkAccess({ brand, userId: member.id, room: { slug: room.slug } })).ok).toBe(true)

    // Asking again says so.
    const again = await join(brand, room, member, ['x', 'y'])
    expect(again.status).toBe(400)
    expect(again.body?.result).toMatchObject({ error: { '': ['groups:join.alreadyMember'] } })
  })

  it('refuses missing answers with their message and saves nothing', async () => {
    const { brand, owner, member } = await world()
    const room = await privateGroup(brand, owner)
    const bad = await join(brand, room, member, ['To read more', '  '])
    expect(bad.status).toBe(400)
    expect(bad.body?.result?.error?.['answers[1]']).toEqual(['groups:join.errors.answerRequired'])
    expect(await GroupJoinRequest.count({ where: { roomId: room.id } })).toBe(0)
  })

  it('says "There was a problem submitting your request." where the group takes no requests', async () => {
    const { brand, owner, member } = await world()
    const room = await makeRoom(brand, {
      roomType: 'exclusive',
      hostId: owner.id,
      members: [owner.id],
      allowMembershipRequests: false,
    })
    const refused = await join(brand, room, member, [])
    expect(refused.status).toBe(400)
    expect(refused.body?.result).toMatchObject({ error: { '': ['groups:join.problem'] } })
    expect(await GroupJoinRequest.count({ where: { roomId: room.id } })).toBe(0)
  })

  it('joins at once where no approval is asked for; a pending or unknown group is "group not found"', async () => {
    const { brand, owner, member } = await world()
    const open = await makeRoom(brand, {
      hostId: owner.id,
      members: [owner.id],
      allowMembershipRequests: true,
      newMemberModerationEnabled: false,
    })
    const joined = await join(brand, open, member, [])
    expect(joined.location).toBe(`/${brand.slug}/groups?tab=mine`)
    expect((await Room.findByPk(open.id))!.members).toEqual([owner.id, member.id])

    const pending = await makeRoom(brand, { status: 'pending' })
    const response = await thrownResponse(
      joinLoader(await as(member, `/${brand.slug}/join/${pending.slug}`, { brand: brand.slug, room: pending.slug })),
    )
    expect(response).toRedirectTo(new RegExp(`^/${brand.slug}/group-not-found`))
  })

  it('a rejected request changes nothing and may be asked again', async () => {
    const { brand, owner, member } = await world()
    const room = await privateGroup(brand, owner, [])
    await join(brand, room, member, [])
    const request = await GroupJoinRequest.findOne({ where: { roomId: room.id }, rejectOnEmpty: true })
    expect((await manage(brand, room, owner, { intent: 'rejectRequest', requestId: request.id })).status).toBe(302)
    expect((await Room.findByPk(room.id))!.members).toEqual([owner.id])
    // Deciding twice: the request has moved on.
    expect((await manage(brand, room, owner, { intent: 'approveRequest', requestId: request.id })).body?.error).toBe(
      'groups:people.wrongState',
    )
    expect((await join(brand, room, member, [])).status).toBe(302)
    expect((await GroupJoinRequest.findByPk(request.id))!.status).toBe('pending')
  })
})

describe('co-hosts', () => {
  it("promote, demote and remove; a co-host of group A kicks and mutes in A's room and not in B's", async () => {
    const { brand, owner, member } = await world()
    const a = await makeRoom(brand, { hostId: owner.id, members: [owner.id, member.id] })
    const b = await makeRoom(brand, { hostId: owner.id, members: [owner.id, member.id] })
    expect((await manage(brand, a, owner, { intent: 'promote', userId: member.id })).status).toBe(302)
    expect((await Room.findByPk(a.id))!.coHosts).toEqual([member.id])

    const inA = await permissionsHeld(member.id, brand.id, a.id)
    const inB = await permissionsHeld(member.id, brand.id, b.id)
    expect(meetingRights(member.id, (await Room.findByPk(a.id))!, inA)).toEqual({
      isHost: false,
      isCoHost: true,
      permissions: ['kick-peer', 'mute-peer'],
    })
    expect(meetingRights(member.id, b, inB)).toEqual({ isHost: false, isCoHost: false, permissions: [] })
    // The meeting pass the edge enforces says the same, room by room.
    const claimsIn = async (room: Room) => {
      const data = unwrap(
        await roomLoader(await as(member, `/${brand.slug}/${room.slug}`, { brand: brand.slug, room: room.slug })),
      ) as { pass: { token: string } }
      return (await verifyEdgeToken(data.pass.token, env.EDGE_SECRET))!.claims
    }
    expect(await claimsIn(a)).toMatchObject({ isCoHost: true, permissions: ['kick-peer', 'mute-peer'] })
    expect(await claimsIn(b)).toMatchObject({ isCoHost: false, permissions: [] })

    // Promoting twice, or demoting a plain member, does not apply.
    expect((await manage(brand, a, owner, { intent: 'promote', userId: member.id })).body?.error).toBe(
      'groups:people.wrongState',
    )
    expect((await manage(brand, a, owner, { intent: 'demote', userId: member.id })).status).toBe(302)
    const demoted = (await Room.findByPk(a.id))!
    expect(demoted.coHosts).toEqual([])
    expect(demoted.members).toContain(member.id)
    expect(await permissionsHeld(member.id, brand.id, a.id)).not.toContain('kick-peer')

    expect((await manage(brand, a, owner, { intent: 'remove', userId: member.id })).status).toBe(302)
    expect((await Room.findByPk(a.id))!.members).toEqual([owner.id])
    // The host is never removed.
    expect((await manage(brand, a, owner, { intent: 'remove', userId: owner.id })).body?.error).toBe(
      'groups:people.wrongState',
    )
  })

  it('only co-hosts set group preferences: the questionnaire, requests and approval; an admin who is not one may not', async () => {
    const { brand, owner, admin } = await world()
    const room = await makeRoom(brand, { hostId: owner.id, members: [owner.id] })
    const saved = await manage(brand, room, owner, {
      intent: 'preferences',
      allowMembershipRequests: 'on',
      manualApproval: 'on',
      questions: 'First?\n\n  Second?  ',
    })
    expect(saved.status).toBe(302)
    const after = (await Room.findByPk(room.id))!
    expect(after).toMatchObject({
      allowMembershipRequests: true,
      newMemberModerationEnabled: true,
      newMemberFormEnabled: true,
    })
    expect(after.newMemberFormDefinition).toEqual({ questions: ['First?', 'Second?'] })

    const refused = await manage(brand, room, admin, { intent: 'preferences', questions: 'Changed?' })
    expect(refused.status).toBe(403)
    expect(refused.body?.error).toBe('groups:preferences.onlyCoHosts')
    const tooMany = await manage(brand, room, owner, {
      intent: 'preferences',
      questions: Array.from({ length: 11 }, (_, n) => `Q${n}?`).join('\n'),
    })
    expect(tooMany.status).toBe(400)
    expect((await Room.findByPk(room.id))!.newMemberFormDefinition).toEqual({ questions: ['First?', 'Second?'] })

    // The breakout preview: on with its seconds, or refused out of range with the room as it was.
    const preview = await manage(brand, room, owner, {
      intent: 'preferences',
      breakoutPreview: 'on',
      breakoutPreviewSeconds: '15',
    })
    expect(preview.status).toBe(302)
    expect(await Room.findByPk(room.id)).toMatchObject({ breakoutPreview: true, breakoutPreviewTimer: 15 })
    const tooLong = await manage(brand, room, owner, {
      intent: 'preferences',
      breakoutPreview: 'on',
      breakoutPreviewSeconds: '600',
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body?.result?.error).toMatchObject({
      breakoutPreviewSeconds: ['common:breakoutPreview.secondsInvalid'],
    })
    expect(await Room.findByPk(room.id)).toMatchObject({ breakoutPreview: true, breakoutPreviewTimer: 15 })
  })
})

describe('the group editor', () => {
  const details = (room: Room, overrides: Record<string, string> = {}) => ({
    intent: 'details',
    title: room.name ?? '',
    description: 'A group that edits well',
    roomLink: room.slug,
    groupType: 'public',
    visibleInDirectory: 'everyone',
    ...overrides,
  })
  const edit = async (brand: Brand, room: Room, user: User, fields: Record<string, string>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    return run(async () =>
      groupAction(
        await as(
          user,
          `/${brand.slug}/groups/${room.slug}`,
          { brand: brand.slug, room: room.slug },
          { method: 'POST', body: form },
        ),
      ),
    )
  }

  it('a co-host saves the details; bad input is refused with its messages and changes nothing', async () => {
    const { brand, owner, member } = await world()
    const room = await makeRoom(brand, {
      name: 'Old Name',
      hostId: owner.id,
      coHosts: [member.id],
      members: [owner.id, member.id],
    })
    const saved = await edit(
      brand,
      room,
      member,
      details(room, {
        title: 'New Name',
        groupType: 'private',
        visibleInDirectory: 'none',
        pinnedInDirectory: 'on',
        redirectOnEndUrl: 'https://example.org/after',
      }),
    )
    expect(saved.status).toBe(302)
    expect(await Room.findByPk(room.id)).toMatchObject({
      name: 'New Name',
      roomType: 'private',
      visibleInDirectory: 'none',
      enabledInDirectory: false,
      pinnedInDirectory: true,
      redirectOnEndUrl: 'https://example.org/after',
    })

    const bad = await edit(
      brand,
      room,
      member,
      details(room, { title: 'X', description: 'abc', redirectOnEndUrl: 'javascript:alert(1)' }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body?.result?.error).toMatchObject({
      title: ['groups:wizard.errors.titleTooShort'],
      description: ['groups:wizard.errors.descriptionTooShort'],
      redirectOnEndUrl: ['groups:editor.errors.urlInvalid'],
    })
    expect((await Room.findByPk(room.id))!.name).toBe('New Name')
  })

  it('asks before changing the link, then changes it; a taken link or a meeting going on refuses it', async () => {
    const { brand, owner } = await world()
    const room = await makeRoom(brand, { slug: 'first-link', hostId: owner.id, members: [owner.id] })
    await makeRoom(brand, { slug: 'taken-link' })
    const asked = await edit(brand, room, owner, details(room, { roomLink: 'second-link' }))
    expect(asked.status).toBe(200)
    expect(asked.body?.confirm).toEqual({ from: 'first-link', to: 'second-link' })
    expect((await Room.findByPk(room.id))!.slug).toBe('first-link')

    const taken = await edit(brand, room, owner, details(room, { roomLink: 'taken-link', confirm: 'taken-link' }))
    expect(taken.status).toBe(400)
    expect(taken.body?.result?.error?.roomLink).toEqual(['members:roomLink.taken'])
    expect(taken.body?.refusal?.suggestion).toBe('taken-link-2')

    const meeting = await MeetingRoom.create({ roomId: room.id, startedAt: new Date() })
    const peer = await MeetingPeer.create({
      meetingRoomId: meeting.id,
      userId: owner.id,
      joinedAt: new Date(),
      enteredAt: new Date(),
    })
    const live = await edit(brand, room, owner, details(room, { roomLink: 'second-link', confirm: 'second-link' }))
    expect(live.body?.result?.error?.roomLink).toEqual(['members:roomLink.errors.meetingLive'])
    expect((await Room.findByPk(room.id))!.slug).toBe('first-link')
    await peer.update({ leftAt: new Date() })

    const changed = await edit(brand, room, owner, details(room, { roomLink: 'Second-Link', confirm: 'second-link' }))
    expect(changed.status).toBe(302)
    expect(changed.location).toBe(`/${brand.slug}/groups/second-link`)
    expect((await Room.findByPk(room.id))!.slug).toBe('second-link')
  })

  it('replaces the banner with a new image and refuses a file that is not one', async () => {
    const { brand, owner } = await world()
    const room = await makeRoom(brand, { hostId: owner.id, members: [owner.id] })
    const form = (bytes: Uint8Array) => {
      const body = new FormData()
      for (const [name, value] of Object.entries(details(room))) body.append(name, value)
      body.append('banner', new File([Buffer.from(bytes)], 'banner.png', { type: 'image/png' }))
      return body
    }
    const post = async (bytes: Uint8Array) =>
      run(async () =>
        groupAction(
          await as(
            owner,
            `/${brand.slug}/groups/${room.slug}`,
            { brand: brand.slug, room: room.slug },
            { method: 'POST', body: form(bytes) },
          ),
        ),
      )
    const refused = await post(new TextEncoder().encode('plain text'))
    expect(refused.status).toBe(400)
    expect(refused.body?.result?.error?.banner).toEqual(['groups:wizard.errors.bannerNotImage'])
    expect((await Room.findByPk(room.id))!.bannerImage).toBeNull()
    expect((await post(await solidImage('png', 600, 200))).status).toBe(302)
    expect((await Room.findByPk(room.id))!.bannerImage).toMatch(/^\/uploads\/banners\//)
  })
})

describe('inviting to a group', () => {
  it('a co-host adds an active community member by email, even where the group takes no requests; others are not added, with the same answer', async () => {
    const { brand, owner, member, other } = await world()
    const room = await makeRoom(brand, {
      roomType: 'exclusive',
      membersOnly: true,
      hostId: owner.id,
      members: [owner.id],
      allowMembershipRequests: false,
    })
    await GroupJoinRequest.create({ brandId: brand.id, roomId: room.id, userId: other.id })
    const added = await manage(brand, room, owner, {
      intent: 'invite',
      emailAddress: `  ${member.emailAddress!.toUpperCase()} `,
    })
    expect(added.status).toBe(302)
    expect((await Room.findByPk(room.id))!.members).toEqual([owner.id, member.id])
    expect((await checkAccess({ brand, userId: member.id, room: { slug: room.slug } })).ok).toBe(true)

    // A pending request of theirs is approved with the invitation.
    await manage(brand, room, owner, { intent: 'invite', emailAddress: other.emailAddress! })
    expect((await GroupJoinRequest.findOne({ where: { roomId: room.id, userId: other.id } }))!.status).toBe('approved')

    // The form never tells whether an address belongs to someone (docs/security.md): one answer for all.
    const twice = await manage(brand, room, owner, { intent: 'invite', emailAddress: member.emailAddress! })
    expect(twice).toMatchObject({ status: added.status, location: added.location })
    const stranger = await makeUser()
    const outsider = await manage(brand, room, owner, { intent: 'invite', emailAddress: stranger.emailAddress! })
    expect(outsider).toMatchObject({ status: added.status, location: added.location })
    const bad = await manage(brand, room, owner, { intent: 'invite', emailAddress: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(bad.body?.result?.error?.emailAddress).toEqual(['members:editor.errors.emailInvalid'])
    expect((await Room.findByPk(room.id))!.members).toEqual([owner.id, member.id, other.id])
  })
})

describe('the group page (its feed and follow button)', () => {
  const pageOf = async (brand: Brand, room: Room, user: User | null) =>
    groupLoader(await as(user, `/${brand.slug}/groups/${room.slug}`, { brand: brand.slug, room: room.slug }))

  it('shows a private group’s posts to its members with the composer and follow button, and none to a member of the community outside it', async () => {
    const { createPost } = await import('#app/lib/posts/posts.server')
    const { brand, owner, member, other } = await world()
    const room = await makeRoom(brand, {
      context: 'group',
      roomType: 'private',
      hostId: owner.id,
      members: [owner.id, member.id],
    } as never)
    const post = await createPost(brand, member.id, { contextRoomId: room.id, message: 'Inside the group' })

    const inside = await pageOf(brand, room, member)
    expect(inside.mayRun).toBe(false)
    expect(inside.requests).toEqual([])
    expect(inside.people).toEqual([])
    expect(inside.feed!.posts.map((item) => item.id)).toEqual([post.id])
    expect(inside.feed!.canPost).toBe(true)
    expect(inside.following).toBe(false)

    const outside = await pageOf(brand, room, other)
    expect(outside.feed).toBeNull()
    expect(outside.following).toBeNull()
    expect(JSON.stringify(outside)).not.toContain('Inside the group')

    // The host still gets the moderation dialog, and the feed.
    const host = await pageOf(brand, room, owner)
    expect(host.mayRun).toBe(true)
    expect(host.people.length).toBeGreaterThan(0)
    expect(host.feed!.posts).toHaveLength(1)
  })

  it('leaves out the posts of those the viewer muted, and shows following once the member follows the group', async () => {
    const { createPost } = await import('#app/lib/posts/posts.server')
    const { performPersonAction } = await import('#app/lib/connections/connections.server')
    const { followRoom } = await import('#app/lib/connections/room-follows.server')
    const { brand, owner, member, other } = await world()
    const room = await makeRoom(brand, {
      context: 'group',
      roomType: 'public',
      hostId: owner.id,
      members: [owner.id],
    } as never)
    await createPost(brand, other.id, { contextRoomId: room.id, message: 'From Otto' })
    expect((await pageOf(brand, room, member)).feed!.posts).toHaveLength(1)
    await performPersonAction({ brandId: brand.id, actorId: member.id, intent: 'mute', userId: other.id })
    expect((await pageOf(brand, room, member)).feed!.posts).toHaveLength(0)
    await followRoom({ brand, userId: member.id, roomSlug: room.slug, follow: true })
    expect((await pageOf(brand, room, member)).following).toBe(true)
  })
})
