// Accounts belong to their people (docs/security.md "Who may change what about a person"): a
// community never writes another person's account, and naming someone who has an account (the
// new-member wizard, the member CSV import, a registration import and its API) invites them
// instead of making them a member. The takeover chain found live is replayed end to end.
import { beforeEach, describe, expect, it } from 'vitest'
import { EventRegistration, MemberInvitation, Membership, OutboxMessage, Room, User, type Brand } from '#models/index'
import { communityRolesOf } from '#models/members'
import { action as editorAction, loader as editorLoader } from '#app/routes/$brand._community.members.$userId/route'
import { action as wizardAction } from '#app/routes/$brand._community.members.new/route'
import { action as importAction } from '#app/routes/$brand._community.members.import/route'
import { action as invitationAction, loader as invitationLoader } from '#app/routes/invitations.$token/route'
import {
  action as invitationsAction,
  loader as invitationsLoader,
} from '#app/routes/$brand._community.members.invitations/route'
import { importOneRegistration } from '#app/lib/events/event-member-import.server'
import { getSession, startSession } from '#app/lib/http/session.server'
import { grantRole, makeCommunity, makeEventRoom, makePersonalRoom, makeUser, unique } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let owner: User
let ownerCookie: string

beforeEach(async () => {
  ;({ brand, owner } = await makeCommunity())
  ownerCookie = await signedInCookie(owner.id)
})

function post(path: string, params: Record<string, string>, fields: Record<string, string | string[]>, cookie: string) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return routeArgs(path, params, { method: 'POST', body, headers: { Cookie: cookie } })
}

const wizard = (community: Brand, cookie: string, fields: Record<string, string>) =>
  thrownResponse(
    wizardAction(
      post(
        `/${community.slug}/members/new`,
        { brand: community.slug },
        {
          name: 'Their room',
          roomLink: `room-${unique()}`,
          fullName: 'Some Body',
          roles: 'community-member',
          ...fields,
        },
        cookie,
      ),
    ),
  )
const edit = (community: Brand, userId: string, fields: Record<string, string | string[]>, cookie: string) =>
  editorAction(post(`/${community.slug}/members/${userId}`, { brand: community.slug, userId }, fields, cookie))

/** The invitation links' tokens in every mail to `address` (MariaDB's whole-second stamps cannot order two mails of one second). */
async function invitationTokens(address: string) {
  const mails = await OutboxMessage.findAll({ where: { recipient: address } })
  return mails
    .map((mail) => /\/invitations\/([\w-]+)/.exec(mail.text ?? '')?.[1])
    .filter((token): token is string => Boolean(token))
}

/** The token of the one invitation mailed to `address`. */
async function invitationToken(address: string) {
  const tokens = await invitationTokens(address)
  expect(tokens, 'one invitation link mailed').toHaveLength(1)
  return tokens[0]!
}

const invitationArgs = (token: string, cookie?: string, intent?: string) =>
  routeArgs(
    `/invitations/${token}`,
    { token },
    intent
      ? { method: 'POST', body: new URLSearchParams({ intent }), headers: cookie ? { Cookie: cookie } : {} }
      : { headers: cookie ? { Cookie: cookie } : {} },
  )

describe('the takeover found live', () => {
  it('a stranger who registers a community, adds another community’s owner and edits their email gets nothing', async () => {
    const { brand: attackers, owner: attacker } = await makeCommunity()
    const attackerCookie = await signedInCookie(attacker.id)
    const victimAddress = owner.emailAddress!

    // Adding the victim invites them: no membership, and their account is untouched.
    const added = await wizard(attackers, attackerCookie, { emailAddress: victimAddress, fullName: 'Not Their Name' })
    expect(added.status).toBe(302)
    expect(await Membership.count({ where: { brandId: attackers.id, userId: owner.id } })).toBe(0)
    expect(await MemberInvitation.count({ where: { brandId: attackers.id, userId: owner.id, status: 'open' } })).toBe(1)

    // The editor does not reach a person who is not a member…
    expect(
      (
        await thrownResponse(
          edit(
            attackers,
            owner.id,
            { roomLink: 'x', emailAddress: 'attacker@evil.example', name: 'Owned Now' },
            attackerCookie,
          ),
        )
      ).status,
    ).toBe(404)
    // …and the account keeps its address: signing in with the attacker's address finds no one.
    expect((await User.findByPk(owner.id))!.emailAddress).toBe(victimAddress)
    expect(await User.count({ where: { emailAddress: 'attacker@evil.example' } })).toBe(0)
  })

  it('an admin of the same community cannot rewrite the owner’s email, phone, name or end-of-meeting redirect', async () => {
    const admin = await makeUser()
    await grantRole(admin, brand, 'community-admin')
    const before = (await User.findByPk(owner.id))!.toJSON()
    const room = await makePersonalRoom(brand, owner, { slug: `owner-${unique()}` })
    const result = await edit(
      brand,
      owner.id,
      {
        roomLink: room.slug,
        roles: ['community-owner'],
        name: 'Locked Out',
        emailAddress: 'admin-owns-this@evil.example',
        phoneNumber: '+14155550199',
        redirectOnEndUrl: 'https://phish.example/login',
        about: 'rewritten',
      },
      await signedInCookie(admin.id),
    ).catch((thrown) => thrown)
    expect(result instanceof Response ? result.status : initOf(result).status).toBe(302)
    const after = (await User.findByPk(owner.id))!.toJSON()
    for (const field of ['name', 'emailAddress', 'phoneNumber', 'redirectOnEndUrl', 'about'] as const)
      expect(after[field], field).toEqual(before[field])
  })

  it('the editor offers the account’s fields only for an account this community made and nobody signed in to yet', async () => {
    const own = await makeUser()
    await grantRole(own, brand)
    const managed = await makeUser({ managedByBrandId: brand.id })
    await grantRole(managed, brand)
    const load = async (userId: string) =>
      unwrap(
        await editorLoader(
          routeArgs(
            `/${brand.slug}/members/${userId}`,
            { brand: brand.slug, userId },
            { headers: { Cookie: ownerCookie } },
          ),
        ),
      )
    expect((await load(own.id)).managed).toBe(false)
    expect((await load(managed.id)).managed).toBe(true)
  })
})

describe('accounts a community made', () => {
  it('are filled in by that community until their person first signs in, then never again', async () => {
    const created = await wizard(brand, ownerCookie, {
      emailAddress: `new-${unique()}@example.org`,
      fullName: 'New Person',
    })
    expect(created.status).toBe(302)
    const person = (await User.findOne({ where: { name: 'New Person', managedByBrandId: brand.id } }))!
    expect(person.firstSignedInAt).toBeNull()
    const room = (await Room.findOne({ where: { brandId: brand.id, hostId: person.id } }))!

    const fixed = `fixed-${unique()}@example.org`
    await thrownResponse(
      edit(
        brand,
        person.id,
        { roomLink: room.slug, roles: ['community-member'], name: 'New Person', emailAddress: fixed },
        ownerCookie,
      ),
    )
    expect((await person.reload()).emailAddress).toBe(fixed)

    // The person signs in (every sign-in goes through startSession): the account is theirs now.
    await startSession(await getSession(new Request('http://localhost/')), person.id, '/me')
    expect((await person.reload()).firstSignedInAt).toBeInstanceOf(Date)
    const result = await edit(
      brand,
      person.id,
      {
        roomLink: room.slug,
        roles: ['community-member'],
        name: 'Renamed',
        emailAddress: `again-${unique()}@example.org`,
      },
      ownerCookie,
    ).catch((thrown) => thrown)
    expect(result instanceof Response ? result.status : initOf(result).status).toBe(302)
    expect((await person.reload()).emailAddress).toBe(fixed)
    expect(person.name).toBe('New Person')
  })

  it('another community never fills in an account the first one made', async () => {
    const { brand: other, owner: otherOwner } = await makeCommunity()
    const person = await makeUser({ managedByBrandId: brand.id })
    await grantRole(person, other)
    const room = await makePersonalRoom(other, person, { slug: `p-${unique()}` })
    await edit(
      other,
      person.id,
      {
        roomLink: room.slug,
        roles: ['community-member'],
        name: 'Other Name',
        emailAddress: `x-${unique()}@example.org`,
      },
      await signedInCookie(otherOwner.id),
    ).catch(() => null)
    const after = (await User.findByPk(person.id))!
    expect(after.emailAddress).toBe(person.emailAddress)
    expect(after.name).toBe(person.name)
  })
})

describe('invitations', () => {
  async function invitedPerson(roles = 'community-moderator') {
    const person = await makeUser({ name: 'Ivy Invited' })
    const roomLink = `ivy-${unique()}`
    await wizard(brand, ownerCookie, { emailAddress: person.emailAddress!, roomLink, roles })
    return { person, roomLink, token: await invitationToken(person.emailAddress!) }
  }

  it('the invitee, signed in, accepts: the membership, roles and room the admin offered, once', async () => {
    const { person, roomLink, token } = await invitedPerson()
    const cookie = await signedInCookie(person.id)
    const page = unwrap(await invitationLoader(invitationArgs(token, cookie)))
    expect(page.invitation).toMatchObject({ community: brand.name, who: 'invitee', address: person.emailAddress })

    const accepted = await thrownResponse(invitationAction(invitationArgs(token, cookie, 'accept')))
    expect(accepted).toRedirectTo(`/${brand.slug}`)
    expect((await Membership.findOne({ where: { brandId: brand.id, userId: person.id } }))?.status).toBe('active')
    expect(await communityRolesOf(person.id, brand.id)).toContain('community-moderator')
    expect(await Room.count({ where: { brandId: brand.id, hostId: person.id, slug: roomLink } })).toBe(1)
    // Spent: the link is gone.
    expect(initOf(await invitationLoader(invitationArgs(token, cookie))).status).toBe(410)
  })

  it('declining gives nothing; a signed-out visitor and another account are told whose it is and cannot answer', async () => {
    const { person, token } = await invitedPerson()
    const stranger = await makeUser()
    const strangerCookie = await signedInCookie(stranger.id)

    const signedOut = unwrap(await invitationLoader(invitationArgs(token)))
    expect(signedOut.invitation).toMatchObject({ who: 'signedOut' })
    expect(signedOut.invitation!.address).not.toBe(person.emailAddress)
    expect(unwrap(await invitationLoader(invitationArgs(token, strangerCookie))).invitation).toMatchObject({
      who: 'otherAccount',
    })
    expect((await thrownResponse(invitationAction(invitationArgs(token, strangerCookie, 'accept')))).status).toBe(403)
    expect((await thrownResponse(invitationAction(invitationArgs(token, undefined, 'accept')))).status).toBe(403)
    expect(await Membership.count({ where: { brandId: brand.id, userId: stranger.id } })).toBe(0)

    const declined = await thrownResponse(
      invitationAction(invitationArgs(token, await signedInCookie(person.id), 'decline')),
    )
    expect(declined).toRedirectTo('/me')
    expect(await Membership.count({ where: { brandId: brand.id, userId: person.id } })).toBe(0)
    expect((await MemberInvitation.findOne({ where: { userId: person.id } }))?.status).toBe('declined')
  })

  it('an unknown, odd, replaced or expired link is gone (410); inviting again replaces the old link', async () => {
    const { person, token } = await invitedPerson()
    await wizard(brand, ownerCookie, { emailAddress: person.emailAddress!, roomLink: `ivy-${unique()}` })
    const tokens = await invitationTokens(person.emailAddress!)
    expect(tokens).toHaveLength(2)
    const newer = tokens.find((mailed) => mailed !== token)!
    const cookie = await signedInCookie(person.id)
    for (const gone of [token, 'nope', 'x'.repeat(300), '../../etc'])
      expect(initOf(await invitationLoader(invitationArgs(gone, cookie))).status, gone).toBe(410)
    await MemberInvitation.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { userId: person.id, status: 'open' } },
    )
    expect(initOf(await invitationLoader(invitationArgs(newer, cookie))).status).toBe(410)
    expect(await Membership.count({ where: { brandId: brand.id, userId: person.id } })).toBe(0)
  })

  it('the member CSV import invites people who have an account and makes accounts (managed) for the rest', async () => {
    const existing = await makeUser()
    const newcomer = `csv-${unique()}@example.org`
    const csv = `fullName,emailAddress,phoneNumber,roles\nEx Isting,${existing.emailAddress},,community-member\nNew Comer,${newcomer},,community-member\n`
    const form = new FormData()
    form.append('file', new File([csv], 'people.csv', { type: 'text/csv' }))
    const result = unwrap(
      await importAction(
        routeArgs(
          `/${brand.slug}/members/import`,
          { brand: brand.slug },
          { method: 'POST', body: form, headers: { Cookie: ownerCookie } },
        ),
      ),
    ) as {
      report: { imported: number; invited: number; rows: Array<{ invited?: boolean; imported: boolean }> }
    }
    expect(result.report).toMatchObject({ imported: 1, invited: 1 })
    expect(await Membership.count({ where: { brandId: brand.id, userId: existing.id } })).toBe(0)
    expect(await MemberInvitation.count({ where: { brandId: brand.id, userId: existing.id, kind: 'member' } })).toBe(1)
    expect((await User.findOne({ where: { emailAddress: newcomer } }))?.managedByBrandId).toBe(brand.id)
  })

  it('a registration import invites an outsider with an account and registers them only once they accept', async () => {
    const event = await makeEventRoom(brand)
    const outsider = await makeUser()
    const row = await importOneRegistration(
      brand,
      event,
      { fullName: 'Out Sider', emailAddress: outsider.emailAddress!, status: 'approved' },
      owner.id,
    )
    expect(row.outcome).toBe('invited')
    expect(await EventRegistration.count({ where: { roomId: event.id, userId: outsider.id } })).toBe(0)
    expect(await Membership.count({ where: { brandId: brand.id, userId: outsider.id } })).toBe(0)

    const token = await invitationToken(outsider.emailAddress!)
    const cookie = await signedInCookie(outsider.id)
    const accepted = await thrownResponse(invitationAction(invitationArgs(token, cookie, 'accept')))
    expect(accepted).toRedirectTo(`/${brand.slug}/events/${event.slug}`)
    expect((await EventRegistration.findOne({ where: { roomId: event.id, userId: outsider.id } }))?.status).toBe(
      'approved',
    )
    expect((await Membership.findOne({ where: { brandId: brand.id, userId: outsider.id } }))?.status).toBe('active')
  })

  it('a registration import registers an active member directly, as before', async () => {
    const event = await makeEventRoom(brand)
    const member = await makeUser()
    await grantRole(member, brand)
    const row = await importOneRegistration(
      brand,
      event,
      { fullName: 'Mem Ber', emailAddress: member.emailAddress!, status: 'approved' },
      owner.id,
    )
    expect(row.outcome).toBe('imported')
    expect(await EventRegistration.count({ where: { roomId: event.id, userId: member.id } })).toBe(1)
  })

  it('invitation mails to one person are capped per day, whoever sends them', async () => {
    const person = await makeUser()
    for (let n = 0; n < 5; n += 1) {
      const { brand: community, owner: inviter } = await makeCommunity()
      expect(
        (await wizard(community, await signedInCookie(inviter.id), { emailAddress: person.emailAddress! })).status,
      ).toBe(302)
    }
    const { brand: sixth, owner: sixthOwner } = await makeCommunity()
    const refused = await wizardAction(
      post(
        `/${sixth.slug}/members/new`,
        { brand: sixth.slug },
        {
          name: 'Room',
          roomLink: `r-${unique()}`,
          fullName: 'Some Body',
          roles: 'community-member',
          emailAddress: person.emailAddress!,
        },
        await signedInCookie(sixthOwner.id),
      ),
    )
    expect(initOf(refused).status).toBe(400)
    expect(await OutboxMessage.count({ where: { recipient: person.emailAddress! } })).toBe(5)
  })

  it('admins see the invitations waiting for an answer and withdraw one: its link stops working; an odd or foreign id is refused', async () => {
    const { person, token } = await invitedPerson()
    const path = `/${brand.slug}/members/invitations`
    const listed = unwrap(
      await invitationsLoader(routeArgs(path, { brand: brand.slug }, { headers: { Cookie: ownerCookie } })),
    )
    expect(listed.invitations).toEqual([
      expect.objectContaining({
        kind: 'member',
        name: 'Ivy Invited',
        emailAddress: person.emailAddress,
        invitedBy: owner.name,
      }),
    ])
    const id = listed.invitations[0]!.id

    const { brand: other, owner: otherOwner } = await makeCommunity()
    const foreign = await invitationsAction(
      post(
        `/${other.slug}/members/invitations`,
        { brand: other.slug },
        { intent: 'withdraw', invitationId: id },
        await signedInCookie(otherOwner.id),
      ),
    )
    expect(initOf(foreign).status).toBe(400)
    for (const fields of [
      { intent: 'withdraw', invitationId: '../x' },
      { intent: 'withdraw' },
      { intent: 'accept', invitationId: id },
    ] as Array<Record<string, string>>) {
      expect(
        initOf(await invitationsAction(post(path, { brand: brand.slug }, fields, ownerCookie))).status,
        JSON.stringify(fields),
      ).toBe(400)
    }
    expect(
      unwrap(await invitationLoader(invitationArgs(token, await signedInCookie(person.id)))).invitation,
    ).not.toBeNull()

    const withdrawn = await thrownResponse(
      invitationsAction(post(path, { brand: brand.slug }, { intent: 'withdraw', invitationId: id }, ownerCookie)),
    )
    expect(withdrawn).toRedirectTo(path)
    expect(initOf(await invitationLoader(invitationArgs(token, await signedInCookie(person.id)))).status).toBe(410)
    expect(
      unwrap(await invitationsLoader(routeArgs(path, { brand: brand.slug }, { headers: { Cookie: ownerCookie } })))
        .invitations,
    ).toEqual([])
    // Withdrawn once is not withdrawn twice.
    expect(
      initOf(
        await invitationsAction(
          post(path, { brand: brand.slug }, { intent: 'withdraw', invitationId: id }, ownerCookie),
        ),
      ).status,
    ).toBe(400)
  })
})
