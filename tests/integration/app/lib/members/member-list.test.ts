// The members page (member states, people rules, member messages; docs/admin-guide.md#members):
// each row action at its boundary, the list's tabs, search and paging, and the CSV export.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { Membership, OutboxMessage, RoleGrant, User, type Brand } from '#models/index'
import { renewSignupLink } from '#app/lib/communities/community-membership.server'
import { communityRolesOf } from '#models/members'
import { action as membersAction, loader as membersLoader } from '#app/routes/$brand._community.members._index/route'
import { loader as exportLoader } from '#app/routes/$brand._community.members.export'
import { selfSignupAction } from '#app/routes/$brand.$room/self-signup.server'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Listing = Awaited<ReturnType<typeof membersLoader>>
type Refusal = { intent: string; userId: string; error: string; confirmation?: string }

async function load(brand: Brand, as: User | null, query = ''): Promise<Listing> {
  const headers = as ? { Cookie: await signedInCookie(as.id) } : undefined
  return unwrap(await membersLoader(routeArgs(`/${brand.slug}/members${query}`, { brand: brand.slug }, { headers })))
}

/** Posts a row form as `as`: the flash redirect on success, or the refusal (status and data). */
async function post(brand: Brand, as: User, fields: Record<string, string>, query = '') {
  const args = routeArgs(
    `/${brand.slug}/members${query}`,
    { brand: brand.slug },
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Cookie: await signedInCookie(as.id) },
    },
  )
  try {
    const result = await membersAction(args)
    return { status: initOf(result).status, data: unwrap(result) as Refusal, location: null }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, data: null, location: thrown.headers.get('Location') }
  }
}

const statusOf = async (brand: Brand, user: User) =>
  (await Membership.findOne({ where: { brandId: brand.id, userId: user.id } }))?.status ?? null

/** A community with its owner, an admin, a moderator and a plain member. */
async function world() {
  const { brand, owner } = await makeCommunity()
  const admin = await makeUser({ name: 'Ada Admin' })
  await grantRole(admin, brand, 'community-admin')
  const moderator = await makeUser({ name: 'Mo Moderator' })
  await grantRole(moderator, brand, 'community-moderator')
  const member = await makeUser({ name: 'Mel Member' })
  await grantRole(member, brand)
  return { brand, owner, admin, moderator, member }
}

async function personIn(
  brand: Brand,
  status: 'active' | 'pending' | 'deleted' | 'rejected',
  role = 'community-member',
  fields: Partial<User> = {},
) {
  const user = await makeUser(fields)
  await grantRole(user, brand, role)
  await Membership.update({ status }, { where: { brandId: brand.id, userId: user.id } })
  return user
}

describe('approve and reject', () => {
  it("moves a pending member to active or rejected with the spec's messages; moderators may, members may not", async () => {
    const { brand, moderator, member, admin } = await world()
    const a = await personIn(brand, 'pending')
    const b = await personIn(brand, 'pending')

    const approved = await post(brand, moderator, { intent: 'approve', userId: a.id }, '?tab=pending')
    expect(approved.status).toBe(302)
    expect(approved.location).toBe(`/${brand.slug}/members?tab=pending`)
    expect(await statusOf(brand, a)).toBe('active')

    const rejected = await post(brand, admin, { intent: 'reject', userId: b.id })
    expect(rejected.status).toBe(302)
    expect(await statusOf(brand, b)).toBe('rejected')

    // Twice: the state has moved on.
    expect((await post(brand, moderator, { intent: 'approve', userId: a.id })).status).toBe(400)
    expect((await post(brand, moderator, { intent: 'approve', userId: a.id })).data?.error).toBe(
      'members:errors.wrongState',
    )

    const c = await personIn(brand, 'pending')
    const refused = await post(brand, member, { intent: 'approve', userId: c.id })
    expect(refused.location).toMatch(new RegExp(`^/${brand.slug}/access-denied`))
    expect(await statusOf(brand, c)).toBe('pending')
  })

  it('flashes "Member Approved" in the flash cookie', async () => {
    const { brand, admin } = await world()
    const a = await personIn(brand, 'pending')
    const args = routeArgs(
      `/${brand.slug}/members`,
      { brand: brand.slug },
      {
        method: 'POST',
        body: new URLSearchParams({ intent: 'approve', userId: a.id }),
        headers: { Cookie: await signedInCookie(admin.id) },
      },
    )
    const response = await thrownResponse(membersAction(args))
    expect(response.headers.get('Set-Cookie')).toMatch(/^__flash=/)
  })
})

describe('archive, restore, activate, reserve', () => {
  it('archive takes access away and keeps the roles; restore gives it back', async () => {
    const { brand, admin, moderator } = await world()
    const target = await personIn(brand, 'active', 'community-moderator')

    expect((await post(brand, moderator, { intent: 'archive', userId: target.id })).location).toMatch(/access-denied/)
    expect((await post(brand, admin, { intent: 'archive', userId: target.id })).status).toBe(302)
    expect(await statusOf(brand, target)).toBe('deleted')
    expect(await communityRolesOf(target.id, brand.id)).toEqual(['community-moderator'])
    // Archived: they no longer see the page.
    expect(await thrownResponse(load(brand, target))).toRedirectTo(/access-denied/)

    expect((await post(brand, admin, { intent: 'archive', userId: target.id })).status).toBe(400)
    expect((await post(brand, admin, { intent: 'restore', userId: target.id })).status).toBe(302)
    expect(await statusOf(brand, target)).toBe('active')
    expect((await load(brand, target)).listing.tab).toBe('active')
  })

  it('activate takes a pending member in; reserve sets an active or archived one to pending', async () => {
    const { brand, admin, moderator } = await world()
    const pending = await personIn(brand, 'pending')
    expect((await post(brand, moderator, { intent: 'activate', userId: pending.id })).location).toMatch(/access-denied/)
    expect((await post(brand, admin, { intent: 'activate', userId: pending.id })).status).toBe(302)
    expect(await statusOf(brand, pending)).toBe('active')

    expect((await post(brand, admin, { intent: 'reserve', userId: pending.id })).status).toBe(302)
    expect(await statusOf(brand, pending)).toBe('pending')
    expect((await post(brand, admin, { intent: 'reserve', userId: pending.id })).status).toBe(400)
    const archived = await personIn(brand, 'deleted')
    expect((await post(brand, admin, { intent: 'reserve', userId: archived.id })).status).toBe(302)
    expect(await statusOf(brand, archived)).toBe('pending')
  })

  it('only owners act on owners, and nobody archives, reserves or deletes themselves', async () => {
    const { brand, owner, admin } = await world()
    const second = await personIn(brand, 'active', 'community-owner')

    for (const intent of ['archive', 'reserve']) {
      const refused = await post(brand, admin, { intent, userId: second.id })
      expect(refused.status).toBe(403)
      expect(refused.data?.error).toBe('members:errors.ownerProtected')
    }
    const deleteOwner = await post(brand, admin, {
      intent: 'delete',
      userId: second.id,
      confirmation: second.emailAddress!,
    })
    expect(deleteOwner.status).toBe(403)
    expect(await statusOf(brand, second)).toBe('active')

    expect((await post(brand, owner, { intent: 'archive', userId: second.id })).status).toBe(302)
    expect(await statusOf(brand, second)).toBe('deleted')
    // Restoring an owner makes one again: admins may not.
    expect((await post(brand, admin, { intent: 'restore', userId: second.id })).status).toBe(403)

    for (const [who, intent] of [
      [admin, 'archive'],
      [admin, 'reserve'],
      [owner, 'archive'],
      [owner, 'delete'],
    ] as const) {
      const refused = await post(brand, who, { intent, userId: who.id, confirmation: who.emailAddress! })
      expect(refused.status).toBe(403)
      expect(refused.data?.error).toBe('members:errors.self')
      expect(await statusOf(brand, who)).toBe('active')
    }
  })

  it('refuses anyone who is not a member of this community, never touching another one', async () => {
    const { brand, admin } = await world()
    const { brand: other } = await makeCommunity()
    const elsewhere = await personIn(other, 'active')
    for (const intent of ['archive', 'approve', 'delete']) {
      const refused = await post(brand, admin, { intent, userId: elsewhere.id, confirmation: elsewhere.emailAddress! })
      expect(refused.status).toBe(404)
      expect(refused.data?.error).toBe('members:errors.notFound')
    }
    expect(await statusOf(other, elsewhere)).toBe('active')
    expect(await communityRolesOf(elsewhere.id, other.id)).toEqual(['community-member'])
  })

  it('answers odd input with a 400, never a 500', async () => {
    const { brand, admin, member } = await world()
    for (const fields of <Record<string, string>[]>[
      {},
      { intent: 'approve' },
      { intent: 'approve', userId: '../../x' },
      { intent: 'explode', userId: member.id },
      { intent: 'delete', userId: member.id },
    ]) {
      const refused = await post(brand, admin, fields)
      expect(refused.status).toBe(400)
    }
  })
})

describe('delete', () => {
  it('needs the email typed; a wrong one changes nothing and keeps what was typed', async () => {
    const { brand, admin } = await world()
    const target = await personIn(brand, 'active', 'community-moderator', {
      emailAddress: 'Gone.Soon@Example.test',
    } as Partial<User>)
    const room = await makeRoom(brand)
    await grantRole(target, brand, 'room-co-host', room)
    const { brand: other } = await makeCommunity()
    await grantRole(target, other, 'community-member')

    const wrong = await post(brand, admin, { intent: 'delete', userId: target.id, confirmation: 'someone@else.test' })
    expect(wrong.status).toBe(400)
    expect(wrong.data).toMatchObject({
      intent: 'delete',
      userId: target.id,
      error: 'members:delete.error',
      confirmation: 'someone@else.test',
    })
    expect(await statusOf(brand, target)).toBe('active')
    expect(await communityRolesOf(target.id, brand.id)).toEqual(['community-moderator'])

    // Case and spaces do not matter (emails are trimmed and lowercased).
    const done = await post(brand, admin, {
      intent: 'delete',
      userId: target.id,
      confirmation: '  GONE.soon@example.test ',
    })
    expect(done.status).toBe(302)
    expect(await statusOf(brand, target)).toBeNull()
    expect(await communityRolesOf(target.id, brand.id)).toEqual([])
    // The account, its room grant and its other community stay.
    expect(await User.findByPk(target.id)).not.toBeNull()
    expect(await RoleGrant.count({ where: { userId: target.id, brandId: brand.id, roomId: room.id } })).toBe(1)
    expect(await statusOf(other, target)).toBe('active')
  })
})

describe('resend invite', () => {
  it("mails a pending member a link to the community's sign-in and records when", async () => {
    const { brand, admin, member } = await world()
    const pending = await personIn(brand, 'pending')
    expect((await post(brand, admin, { intent: 'resend', userId: pending.id })).status).toBe(302)
    const mail = await OutboxMessage.findOne({
      where: { recipient: pending.emailAddress! },
      order: [['createdAt', 'DESC']],
    })
    expect(mail?.subject).toBe(`You are invited to ${brand.name}`)
    expect(mail?.text).toContain(`/sign-in?redirectTo=${encodeURIComponent(`/${brand.slug}`)}`)
    expect((await Membership.findOne({ where: { brandId: brand.id, userId: pending.id } }))?.invitedAt).toBeInstanceOf(
      Date,
    )
    // Only pending members are invited.
    expect((await post(brand, admin, { intent: 'resend', userId: member.id })).status).toBe(400)
  })
})

describe('the list', () => {
  it('counts each tab, lists only this community, and shows tabs by permission', async () => {
    const { brand, owner, admin, moderator, member } = await world()
    await personIn(brand, 'pending')
    await personIn(brand, 'pending')
    await personIn(brand, 'deleted')
    await personIn(brand, 'rejected')
    const { brand: other } = await makeCommunity()
    await personIn(other, 'active')

    const asAdmin = await load(brand, admin)
    expect(asAdmin.listing.counts).toEqual({ active: 4, pending: 2, archived: 1 })
    expect(asAdmin.tabs).toEqual(['active', 'pending', 'archived'])
    expect(asAdmin.listing.rows.map((row) => row.userId).sort()).toEqual(
      [owner.id, admin.id, moderator.id, member.id].sort(),
    )
    expect((await load(brand, admin, '?tab=archived')).listing.rows).toHaveLength(1)
    expect((await load(brand, moderator)).tabs).toEqual(['active', 'pending'])
    const asMember = await load(brand, member, '?tab=archived')
    expect(asMember.tabs).toEqual(['active'])
    // A tab they may not see reads as the active one.
    expect(asMember.listing.tab).toBe('active')
  })

  it('shows email and phone to those who manage members, else only where the member allows', async () => {
    const { brand, admin, member } = await world()
    const shy = await personIn(brand, 'active', 'community-member', {
      name: 'Shy Person',
      phoneNumber: '+15550001111',
    } as Partial<User>)
    const open = await personIn(brand, 'active', 'community-member', {
      name: 'Open Person',
      preferenceShowEmailAddress: true,
    } as Partial<User>)
    const row = (listing: Listing, user: User) => listing.listing.rows.find((r) => r.userId === user.id)!
    const asAdmin = await load(brand, admin)
    expect(row(asAdmin, shy)).toMatchObject({ emailAddress: shy.emailAddress, phoneNumber: '+15550001111' })
    const asMember = await load(brand, member)
    expect(row(asMember, shy)).toMatchObject({ emailAddress: null, phoneNumber: null, actions: [] })
    expect(row(asMember, open).emailAddress).toBe(open.emailAddress)
    // Searching by an address they cannot see finds nothing.
    expect((await load(brand, member, `?q=${encodeURIComponent(shy.emailAddress!)}`)).listing.total).toBe(0)
    expect((await load(brand, admin, `?q=${encodeURIComponent(shy.emailAddress!)}`)).listing.total).toBe(1)
  })

  it('offers each row the actions this viewer may do to it', async () => {
    const { brand, owner, admin, moderator } = await world()
    const pending = await personIn(brand, 'pending')
    const rows = async (as: User, tab = '') => (await load(brand, as, tab)).listing.rows
    expect((await rows(admin, '?tab=pending')).find((r) => r.userId === pending.id)?.actions).toEqual([
      'approve',
      'reject',
      'activate',
      'resend',
      'delete',
    ])
    expect((await rows(moderator, '?tab=pending')).find((r) => r.userId === pending.id)?.actions).toEqual([
      'approve',
      'reject',
    ])
    const adminView = await rows(admin)
    expect(adminView.find((r) => r.userId === owner.id)?.actions).toEqual([])
    expect(adminView.find((r) => r.userId === admin.id)?.actions).toEqual([])
    expect(adminView.find((r) => r.userId === moderator.id)?.actions).toEqual(['archive', 'reserve', 'delete'])
  })

  it('searches by name or email (case and wildcards as plain text) and pages 20 at a time', async () => {
    const { brand, admin } = await world()
    for (let n = 1; n <= 23; n += 1)
      await personIn(brand, 'active', 'community-member', {
        name: `Paged Person ${String(n).padStart(2, '0')}`,
      } as Partial<User>)
    await personIn(brand, 'active', 'community-member', { name: 'Per_cent 100%' } as Partial<User>)

    const first = await load(brand, admin, '?q=paged')
    expect(first.listing).toMatchObject({ total: 23, page: 1, pages: 2 })
    expect(first.listing.rows).toHaveLength(20)
    expect(first.listing.rows[0]!.name).toBe('Paged Person 01')
    const second = await load(brand, admin, '?q=PAGED&page=2')
    expect(second.listing.rows.map((row) => row.name)).toEqual([
      'Paged Person 21',
      'Paged Person 22',
      'Paged Person 23',
    ])
    // Past the end, or nonsense: the nearest page.
    expect((await load(brand, admin, '?q=paged&page=99')).listing.page).toBe(2)
    expect((await load(brand, admin, '?q=paged&page=-1')).listing.page).toBe(1)
    expect((await load(brand, admin, '?q=%25')).listing.rows.map((row) => row.name)).toEqual(['Per_cent 100%'])
    expect((await load(brand, admin, '?q=_')).listing.total).toBe(1)
    expect((await load(brand, admin, `?q=${'x'.repeat(5000)}`)).listing.query).toHaveLength(100)
  })
})

describe('pending self sign-ups', () => {
  it('a signed-in person joining through the link under moderation waits in the pending tab', async () => {
    const { brand, admin } = await world()
    await brand.update({ allowSignUps: true, memberModeration: true })
    const hash = await renewSignupLink(brand)
    const newcomer = await makeUser({ name: 'New Comer' })
    const path = `/${brand.slug}/signup-${hash}`
    const response = (await selfSignupAction(
      routeArgs(
        path,
        { brand: brand.slug, room: `signup-${hash}` },
        {
          method: 'POST',
          body: new URLSearchParams({ intent: 'join' }),
          headers: { Cookie: await signedInCookie(newcomer.id) },
        },
      ),
    )) as Response
    expect(response).toRedirectTo(`/${brand.slug}/signup-successful`)
    const pending = await load(brand, admin, '?tab=pending')
    expect(pending.listing.rows.map((row) => row.userId)).toEqual([newcomer.id])
    expect(pending.listing.rows[0]!.actions).toContain('approve')
    expect((await post(brand, admin, { intent: 'approve', userId: newcomer.id })).status).toBe(302)
    expect(await statusOf(brand, newcomer)).toBe('active')
  })
})

describe('export', () => {
  it('downloads every active, pending and archived member as CSV, for those who manage members', async () => {
    const { brand, owner, admin, moderator } = await world()
    await personIn(brand, 'pending', 'community-member', {
      name: '=HYPERLINK("x")',
      phoneNumber: '+15550002222',
    } as Partial<User>)
    await personIn(brand, 'deleted', 'community-member', { name: 'Zed Archived' } as Partial<User>)
    await personIn(brand, 'rejected', 'community-member', { name: 'Rita Rejected' } as Partial<User>)

    const exportAs = async (user: User) =>
      exportLoader(
        routeArgs(
          `/${brand.slug}/members/export`,
          { brand: brand.slug },
          { headers: { Cookie: await signedInCookie(user.id) } },
        ),
      )
    const response = await exportAs(admin)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="${brand.slug}-members.csv"`)
    const rows = parse(await response.text(), { columns: true, bom: true }) as Array<Record<string, string>>
    expect(Object.keys(rows[0]!)).toEqual(['name', 'email', 'phone', 'status', 'roles', 'joined'])
    expect(rows).toHaveLength(6)
    expect(rows.find((row) => row.email === owner.emailAddress)).toMatchObject({
      status: 'active',
      roles: 'community-owner',
    })
    expect(rows.find((row) => row.name === 'Zed Archived')?.status).toBe('archived')
    expect(rows.find((row) => row.name === 'Rita Rejected')).toBeUndefined()
    const formula = rows.find((row) => row.phone === '+15550002222')!
    expect(formula).toMatchObject({ name: `'=HYPERLINK("x")`, status: 'pending' })
    expect(formula.joined).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    expect(await thrownResponse(exportAs(moderator))).toRedirectTo(/access-denied/)
  })
})
