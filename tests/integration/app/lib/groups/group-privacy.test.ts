// Group privacy (docs/security.md): a private group is for the community's active members
// only ("Only members can enter private groups"), whatever its own lists say; its host sees
// people's addresses only as they allow (preferenceShowEmailAddress); a nameless person is never
// shown by an address; and the invite form never tells whether an address belongs to a member.
// The transcripts page refuses those who are not members, as drafts do.
import { describe, expect, it } from 'vitest'
import { checkAccess } from '#models/access'
import { GroupJoinRequest, Room, type Brand, type User } from '#models/index'
import { action as groupAction, loader as groupLoader } from '#app/routes/$brand._community.groups.$room/route'
import { action as joinAction, loader as joinLoader } from '#app/routes/$brand._community.join.$room/route'
import { loader as roomLoader } from '#app/routes/$brand.$room/route'
import { loader as draftsLoader } from '#app/routes/$brand._community.drafts/route'
import { loader as transcriptsLoader } from '#app/routes/$brand._community.transcripts._index'
import { loader as membersLoader } from '#app/routes/$brand._community.members._index/route'
import * as posts from '#app/routes/api.posts._index'
import { createPost } from '#app/lib/posts/posts.server'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

async function as(user: User | null, path: string, params: Record<string, string>, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (user) headers.set('Cookie', await signedInCookie(user.id))
  return routeArgs(path, params, { ...init, headers })
}

/** What an action did: the redirect it threw (status, location) or the data it returned (status, body). */
async function run(action: () => Promise<unknown>) {
  try {
    const result = await action()
    return {
      status: initOf(result).status,
      body: unwrap(result) as Record<string, unknown>,
      location: null as string | null,
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, body: null, location: thrown.headers.get('Location') }
  }
}

/** A community whose groups page is open to guests (so an outsider reaches a group's pages), with a member and an outsider (another community's owner). */
async function world(brandFields: Partial<Brand> = {}) {
  const { brand, owner } = await makeCommunity({
    brand: { publicAccess: { hub: false, groups: true, members: false, subcommunities: false }, ...brandFields },
  })
  const member = await makeUser({ name: 'Mel Member' })
  await grantRole(member, brand)
  const { owner: outsider } = await makeCommunity()
  const group = await makeRoom(brand, {
    name: 'Secret Readers',
    roomType: 'private',
    hostId: owner.id,
    members: [owner.id],
    allowMembershipRequests: true,
    newMemberModerationEnabled: true,
  } as never)
  return { brand, owner, member, outsider, group }
}

const params = (brand: Brand, room: Room) => ({ brand: brand.slug, room: room.slug })
const join = async (brand: Brand, room: Room, user: User) =>
  run(async () =>
    joinAction(
      await as(user, `/${brand.slug}/join/${room.slug}`, params(brand, room), {
        method: 'POST',
        body: new URLSearchParams(),
      }),
    ),
  )
const manage = async (brand: Brand, room: Room, user: User, fields: Record<string, string>) =>
  run(async () =>
    groupAction(
      await as(user, `/${brand.slug}/groups/${room.slug}`, params(brand, room), {
        method: 'POST',
        body: new URLSearchParams(fields),
      }),
    ),
  )
const groupPage = async (brand: Brand, room: Room, user: User | null) =>
  unwrap(await groupLoader(await as(user, `/${brand.slug}/groups/${room.slug}`, params(brand, room))))

describe('a private group and those outside its community', () => {
  it('refuses an outsider’s join request and offers the community’s sign-up where it publishes one', async () => {
    const { brand, outsider, member, group } = await world()
    const page = unwrap(await joinLoader(await as(outsider, `/${brand.slug}/join/${group.slug}`, params(brand, group))))
    expect(page).toMatchObject({ communityMember: false, member: false, community: { signupPath: null } })

    const asked = await join(brand, group, outsider)
    expect(asked.status).toBe(403)
    expect(asked.body?.result).toMatchObject({ error: { '': ['groups:join.notCommunityMember'] } })
    expect(await GroupJoinRequest.count({ where: { roomId: group.id } })).toBe(0)

    // A community that offers self sign-up (its directory setting, sign-ups open) shows its link.
    await brand.update({
      allowSignUps: true,
      selfSignupHash: 'hash123',
      directorySettings: { ...brand.directorySettings, selfSignup: true },
    })
    const offered = unwrap(
      await joinLoader(await as(outsider, `/${brand.slug}/join/${group.slug}`, params(brand, group))),
    )
    expect(offered.community.signupPath).toBe(`/${brand.slug}/signup-hash123`)
    // A member of the community still asks as before, and sees no sign-up.
    const mine = unwrap(await joinLoader(await as(member, `/${brand.slug}/join/${group.slug}`, params(brand, group))))
    expect(mine).toMatchObject({ communityMember: true, community: { signupPath: null } })
    expect((await join(brand, group, member)).status).toBe(302)
  })

  it('lets no approval, promotion or old listing open the group to an outsider: page, feed, /api/posts and meeting pass', async () => {
    const { brand, owner, member, outsider, group } = await world()
    // A request from before the rule (an outsider asked), and an outsider already approved into the lists.
    const request = await GroupJoinRequest.create({
      brandId: brand.id,
      roomId: group.id,
      userId: outsider.id,
      status: 'pending',
    })
    const approved = await manage(brand, group, owner, { intent: 'approveRequest', requestId: request.id })
    expect(approved.status).toBe(400)
    expect(approved.body?.error).toBe('groups:people.notCommunityMember')
    expect((await GroupJoinRequest.findByPk(request.id))!.status).toBe('pending')
    expect((await Room.findByPk(group.id))!.members).toEqual([owner.id])

    await group.update({ members: [owner.id, member.id, outsider.id] })
    const promoted = await manage(brand, group, owner, { intent: 'promote', userId: outsider.id })
    expect(promoted.body?.error).toBe('groups:people.notCommunityMember')
    expect((await Room.findByPk(group.id))!.coHosts ?? []).toEqual([])

    const post = await createPost(brand, member.id, { contextRoomId: group.id, message: 'Only for the group' })
    // The member of the community reads it; the listed outsider does not, anywhere.
    expect((await groupPage(brand, group, member)).feed!.posts.map((item) => item.id)).toEqual([post.id])
    const page = await groupPage(brand, group, outsider)
    expect(page.feed).toBeNull()
    expect(JSON.stringify(page)).not.toContain('Only for the group')
    expect((await checkAccess({ brand, userId: outsider.id, room: { slug: group.slug } })).ok).toBe(false)

    expect((await apiCall(posts.loader, `/api/posts?contextRoomId=${group.id}`, { as: member })).status).toBe(200)
    expect((await apiCall(posts.loader, `/api/posts?contextRoomId=${group.id}`, { as: outsider })).status).toBe(403)
    expect(
      (await apiCall(posts.loader, `/api/posts?contextRoomId=${group.id}&postId=${post.id}`, { as: outsider })).status,
    ).toBe(403)

    // The meeting room (and with it the edge's pass) refuses them as it refuses any stranger.
    const meeting = await thrownResponse(
      roomLoader(await as(outsider, `/${brand.slug}/${group.slug}`, params(brand, group))),
    )
    expect(meeting).toRedirectTo(new RegExp(`^/${brand.slug}/access-denied`))
    const inside = unwrap(await roomLoader(await as(member, `/${brand.slug}/${group.slug}`, params(brand, group)))) as {
      pass: { token: string } | null
    }
    expect(inside.pass?.token).toBeTruthy()

    // Listed as co-host (made one before the rule) changes nothing either.
    await group.update({ coHosts: [outsider.id] })
    expect((await checkAccess({ brand, userId: outsider.id, room: { slug: group.slug } })).ok).toBe(false)
  })
})

describe('the transcripts page', () => {
  it('refuses someone outside the community as the drafts page does, and lets a member in', async () => {
    const { brand, member, outsider } = await world()
    const path = `/${brand.slug}/transcripts`
    const refusal = async (loader: typeof transcriptsLoader | typeof draftsLoader, user: User | null, to: string) =>
      (await thrownResponse(loader(await as(user, to, { brand: brand.slug })))).headers.get('Location')!.split('?')[0]
    expect(await refusal(transcriptsLoader, outsider, path)).toBe(
      await refusal(draftsLoader, outsider, `/${brand.slug}/drafts`),
    )
    expect(await refusal(transcriptsLoader, outsider, path)).toBe(`/${brand.slug}/access-denied`)
    expect(await refusal(transcriptsLoader, null, path)).toBe(
      await refusal(draftsLoader, null, `/${brand.slug}/drafts`),
    )
    expect((await transcriptsLoader(await as(member, path, { brand: brand.slug }))).transcripts).toEqual([])
  })
})

describe('people’s addresses', () => {
  it('show on the group page and its join requests only as each person allows (and to those who manage members)', async () => {
    const { brand, owner, group } = await world()
    const host = await makeUser({ name: 'Hana Host' })
    await grantRole(host, brand)
    const [shy, open, nameless] = [
      await makeUser({ name: 'Shy Person', emailAddress: 'shy@example.test' }),
      await makeUser({ name: 'Open Person', emailAddress: 'open@example.test', preferenceShowEmailAddress: true }),
      await makeUser({ name: null, emailAddress: 'nameless@example.test', phoneNumber: '+15550001111' }),
    ]
    for (const user of [shy, open, nameless]) await grantRole(user, brand)
    await group.update({ hostId: host.id, members: [host.id, shy.id, nameless.id] })
    await GroupJoinRequest.create({ brandId: brand.id, roomId: group.id, userId: open.id, status: 'pending' })
    await GroupJoinRequest.create({
      brandId: brand.id,
      roomId: group.id,
      userId: (await makeUser({ name: 'Shy Asker', emailAddress: 'asker@example.test' })).id,
      status: 'pending',
    })

    const page = await groupPage(brand, group, host)
    const email = (name: string) =>
      [...page.people, ...page.requests].find((person) => person.name === name)?.emailAddress
    expect(email('Shy Person')).toBeNull()
    expect(email('Shy Asker')).toBeNull()
    expect(email('Open Person')).toBe('open@example.test')
    // The nameless member: no name, and never the address or phone in its place.
    expect(page.people.find((person) => person.userId === nameless.id)).toMatchObject({ name: '', emailAddress: null })
    const text = JSON.stringify({ people: page.people, requests: page.requests })
    for (const hidden of ['shy@example.test', 'asker@example.test', 'nameless@example.test', '+15550001111'])
      expect(text).not.toContain(hidden)

    // The community's owner manages its members: they see addresses here as in the members list.
    const managed = await groupPage(brand, group, owner)
    expect(managed.people.find((person) => person.userId === shy.id)?.emailAddress).toBe('shy@example.test')
  })

  it('never stand in for a nameless member’s name in the members list', async () => {
    const { brand, member } = await world()
    const nameless = await makeUser({ name: null, emailAddress: 'noname@example.test', phoneNumber: '+15550002222' })
    await grantRole(nameless, brand)
    const listing = unwrap(
      await membersLoader(await as(member, `/${brand.slug}/members`, { brand: brand.slug })),
    ).listing
    const row = listing.rows.find((entry) => entry.userId === nameless.id)
    expect(row).toMatchObject({ name: '', emailAddress: null, phoneNumber: null })
    expect(JSON.stringify(listing)).not.toContain('noname@example.test')
  })
})

describe('the group invite form', () => {
  it('answers the same whether the address is an active member’s, someone else’s, nobody’s or already in the group', async () => {
    const { brand, owner, member, outsider, group } = await world()
    const invite = async (emailAddress: string) => {
      const done = await manage(brand, group, owner, { intent: 'invite', emailAddress })
      return { status: done.status, location: done.location }
    }
    const added = await invite(member.emailAddress!)
    expect(added).toEqual({ status: 302, location: `/${brand.slug}/groups/${group.slug}` })
    // The member was really added; the outsider was not.
    expect((await Room.findByPk(group.id))!.members).toEqual([owner.id, member.id])
    expect(await invite(outsider.emailAddress!)).toEqual(added)
    expect(await invite('nobody-at-all@example.test')).toEqual(added)
    expect(await invite(member.emailAddress!)).toEqual(added)
    expect((await Room.findByPk(group.id))!.members).toEqual([owner.id, member.id])
    // Bad input is still bad input.
    expect((await invite('not-an-email')).status).toBe(400)
  })
})
