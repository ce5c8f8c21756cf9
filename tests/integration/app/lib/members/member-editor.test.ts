// The member editor and the new member wizard (docs/admin-guide.md#the-member-editor): every rule at its boundary,
// through the routes' real loaders and actions on the file's own database.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { MeetingPeer, MeetingRoom, MemberInvitation, Membership, Room, User, type Brand } from '#models/index'
import { communityRolesOf } from '#models/members'
import { action as editorAction, loader as editorLoader } from '#app/routes/$brand._community.members.$userId/route'
import { action as wizardAction, loader as wizardLoader } from '#app/routes/$brand._community.members.new/route'
import { grantRole, makeCommunity, makePersonalRoom, makeUser, unique } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
  refusal: { message: string; label: string; suggestion: string } | null
  confirm: { from: string; to: string } | null
}

let brand: Brand
let owner: User
let admin: User
let ownerCookie: string
let adminCookie: string

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  admin = await makeUser({ name: 'Ada Admin' })
  await grantRole(admin, brand, 'community-admin')
  ownerCookie = await signedInCookie(owner.id)
  adminCookie = await signedInCookie(admin.id)
})

/**
 * A member of the community with a personal room. Their account is one this community made and
 * nobody has signed in to yet, so the editor may fill it in (tests/integration/app/lib/members/account-ownership.test.ts
 * has the accounts it may not touch).
 */
async function makeMember(overrides: Partial<User> = {}) {
  const n = unique()
  const user = await makeUser({ name: `Mel Member ${n}`, managedByBrandId: brand.id, ...overrides })
  await grantRole(user, brand)
  const room = await makePersonalRoom(brand, user, { slug: `mel-${n}` })
  return { user, room }
}

/** Everything the editor sends for this person, with some fields changed. */
function editorFields(user: User, room: Room | null, changes: Record<string, string | string[]> = {}) {
  return {
    name: user.name ?? '',
    emailAddress: user.emailAddress ?? '',
    roomLink: room?.slug ?? '',
    roles: ['community-member'],
    ...changes,
  }
}

function post(
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | string[]>,
  cookie = adminCookie,
) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return routeArgs(path, params, { method: 'POST', body, headers: { Cookie: cookie } })
}

const editPath = (userId: string) => `/${brand.slug}/members/${userId}`
const edit = (userId: string, fields: Record<string, string | string[]>, cookie = adminCookie) =>
  editorAction(post(editPath(userId), { brand: brand.slug, userId }, fields, cookie))

/** A save that redirected: where to, and the flash it carries. */
async function saved(work: Promise<unknown>) {
  const response = await thrownResponse(work)
  expect(response.status).toBe(302)
  return response
}

/** A reply with a status: the body and the status. */
async function replied(work: Promise<unknown>) {
  const result = await work
  return { status: initOf(result).status, body: unwrap(result) as unknown as Reply }
}

describe('member editor: loading', () => {
  it('shows the member’s stored values, social addresses as usernames, and which roles this editor may change', async () => {
    const { user, room } = await makeMember({
      twitterUrl: 'https://twitter.com/mel',
      meta: { alwaysEnableMeetButton: true },
    })
    const page = unwrap(
      await editorLoader(
        routeArgs(editPath(user.id), { brand: brand.slug, userId: user.id }, { headers: { Cookie: adminCookie } }),
      ),
    )
    expect(page.values).toMatchObject({
      name: user.name,
      roomLink: room.slug,
      twitter: 'mel',
      alwaysEnableMeetButton: true,
      roles: ['community-member'],
    })
    expect(page.roles.find((role) => role.slug === 'community-owner')).toMatchObject({
      assignable: false,
      checked: false,
    })
    expect(page.roles.find((role) => role.slug === 'community-admin')).toMatchObject({ assignable: true })
  })

  it('is not found for someone of another community, an unknown id or an odd one', async () => {
    const { brand: other } = await makeCommunity()
    const stranger = await makeUser()
    await grantRole(stranger, other)
    for (const userId of [stranger.id, 'nobody-at-all', '../../etc', 'x'.repeat(200)]) {
      const response = await thrownResponse(
        editorLoader(routeArgs(editPath(userId), { brand: brand.slug, userId }, { headers: { Cookie: adminCookie } })),
      )
      expect(response.status, userId).toBe(404)
      const refused = await thrownResponse(
        edit(userId, {
          name: 'Evil Edit',
          emailAddress: 'evil@example.com',
          roomLink: 'evil',
          roles: 'community-member',
        }),
      )
      expect(refused.status).toBe(404)
    }
    expect((await stranger.reload()).name).not.toBe('Evil Edit')
  })
})

describe('member editor: people rules', () => {
  it('saves every field, trims and lowercases the email, normalises the phone, and says "Your changes were saved."', async () => {
    const { user, room } = await makeMember()
    const response = await saved(
      edit(
        user.id,
        editorFields(user, room, {
          name: '  Melody   Member ',
          emailAddress: '  Melody.Member@Example.COM ',
          phoneNumber: '(415) 555-0132',
          location: 'Lisbon',
          about: 'Plays the cello.',
          interests: 'music',
          company: 'Acme',
          jobTitle: 'Cellist',
          websiteUrl: 'https://melody.example.com',
          calendarUrl: 'https://cal.example.com/melody',
          facebook: '@melody',
          linkedin: 'melody-m',
          twitter: 'https://twitter.com/melody',
          instagram: '',
          // Not the editor's (an open redirect for the person's meetings): ignored, the person sets it themselves.
          redirectOnEndUrl: 'https://melody.example.com/thanks',
          alwaysEnableMeetButton: 'on',
        }),
      ),
    )
    expect(response).toRedirectTo(editPath(user.id))
    expect(response.headers.get('Set-Cookie')).toContain('__flash=')
    await user.reload()
    expect(user).toMatchObject({
      name: 'Melody Member',
      emailAddress: 'melody.member@example.com',
      phoneNumber: '+14155550132',
      location: 'Lisbon',
      company: 'Acme',
      facebookUrl: 'https://www.facebook.com/melody',
      linkedinUrl: 'https://www.linkedin.com/in/melody-m',
      twitterUrl: 'https://twitter.com/melody',
      instagramUrl: null,
      redirectOnEndUrl: null,
    })
    expect(user.meta.alwaysEnableMeetButton).toBe(true)
  })

  it('reads a phone with 00 as international, and refuses one that is not a valid mobile', async () => {
    const { user, room } = await makeMember()
    await saved(edit(user.id, editorFields(user, room, { phoneNumber: '0044 7400 123456' })))
    expect((await user.reload()).phoneNumber).toBe('+447400123456')
    const { status, body } = await replied(edit(user.id, editorFields(user, room, { phoneNumber: '12345' })))
    expect(status).toBe(400)
    expect(body.result.error?.phoneNumber).toEqual(['members:editor.errors.phoneInvalid'])
  })

  it('refuses a name under 2 characters or without a last name, and keeps what was typed', async () => {
    const { user, room } = await makeMember()
    for (const [name, error] of [
      ['', 'members:editor.errors.nameRequired'],
      ['M', 'members:editor.errors.nameTooShort'],
      ['Melody', 'members:editor.errors.nameFull'],
    ] as const) {
      const { status, body } = await replied(edit(user.id, editorFields(user, room, { name, company: 'Typed Co' })))
      expect(status, name).toBe(400)
      expect(body.result.error?.name).toEqual([error])
      expect(body.result.initialValue).toMatchObject({ company: 'Typed Co' })
    }
    // Two characters with a space are a first and a last name: the boundary passes.
    await saved(edit(user.id, editorFields(user, room, { name: 'M J' })))
    expect((await user.reload()).name).toBe('M J')
  })

  it('refuses an invalid email, and one another account uses (whatever its case)', async () => {
    const { user, room } = await makeMember()
    const other = await makeUser({ emailAddress: 'taken@example.com' })
    let reply = await replied(edit(user.id, editorFields(user, room, { emailAddress: 'not-an-email' })))
    expect(reply.status).toBe(400)
    expect(reply.body.result.error?.emailAddress).toEqual(['members:editor.errors.emailInvalid'])
    reply = await replied(edit(user.id, editorFields(user, room, { emailAddress: ' TAKEN@example.com ' })))
    expect(reply.status).toBe(400)
    expect(reply.body.result.error?.emailAddress).toEqual(['members:editor.errors.emailTaken'])
    expect((await user.reload()).emailAddress).not.toBe(other.emailAddress)
  })

  it('refuses addresses that are not http(s) and odd input without a 500', async () => {
    const { user, room } = await makeMember()
    const { status, body } = await replied(
      edit(
        user.id,
        editorFields(user, room, {
          calendarUrl: 'javascript:alert(1)',
          websiteUrl: 'example.com',
          facebook: 'no spaces please',
          alwaysEnableMeetButton: 'maybe',
        }),
      ),
    )
    expect(status).toBe(400)
    expect(body.result.error).toMatchObject({
      calendarUrl: ['members:editor.errors.urlInvalid'],
      websiteUrl: ['members:editor.errors.urlInvalid'],
      facebook: ['members:editor.errors.socialInvalid'],
    })
  })
})

describe('member editor: a failed save', () => {
  it('says "Your changes were not saved" (the form kept), and changes nothing', async () => {
    const { user, room } = await makeMember()
    const spy = vi.spyOn(User.sequelize!, 'transaction').mockRejectedValueOnce(new Error('disk full'))
    try {
      const { status, body } = await replied(edit(user.id, editorFields(user, room, { company: 'Lost Co' })))
      expect(status).toBe(500)
      expect(body.result.error?.['']).toEqual(['common:flash.notSaved'])
      expect(body.result.initialValue).toMatchObject({ company: 'Lost Co' })
    } finally {
      spy.mockRestore()
    }
    expect((await user.reload()).company).toBeNull()
  })
})

describe('member editor: roles', () => {
  it('an admin changes roles below owner, and at least one role stays', async () => {
    const { user, room } = await makeMember()
    await saved(edit(user.id, editorFields(user, room, { roles: ['community-moderator', 'community-developer'] })))
    expect((await communityRolesOf(user.id, brand.id)).sort()).toEqual(['community-developer', 'community-moderator'])
    const { status, body } = await replied(edit(user.id, editorFields(user, room, { roles: [] })))
    expect(status).toBe(400)
    expect(body.result.error?.roles).toEqual(['members:editor.errors.rolesRequired'])
    const unknown = await replied(edit(user.id, editorFields(user, room, { roles: ['room-host'] })))
    expect(unknown.body.result.error?.roles).toEqual(['members:editor.errors.roleUnknown'])
  })

  it('an admin cannot make an owner, nor take the owner role away (the box is disabled: sending nothing keeps it)', async () => {
    const { user, room } = await makeMember()
    const { status, body } = await replied(
      edit(user.id, editorFields(user, room, { roles: ['community-owner', 'community-member'] })),
    )
    expect(status).toBe(400)
    expect(body.result.error?.roles).toEqual(['members:editor.errors.roleNotAllowed'])
    expect(await communityRolesOf(user.id, brand.id)).toEqual(['community-member'])

    // The owner, edited by the admin: the owner role stays whatever the form says.
    const ownerRoom = await makePersonalRoom(brand, owner, { slug: `owner-${unique()}` })
    await saved(edit(owner.id, editorFields(owner, ownerRoom, { roles: ['community-admin'] })))
    expect((await communityRolesOf(owner.id, brand.id)).sort()).toEqual(['community-admin', 'community-owner'])
  })

  it('an owner makes and unmakes owners, but the last owner keeps the role', async () => {
    const { user, room } = await makeMember()
    await saved(edit(user.id, editorFields(user, room, { roles: ['community-owner'] }), ownerCookie))
    expect(await communityRolesOf(user.id, brand.id)).toEqual(['community-owner'])
    await saved(edit(user.id, editorFields(user, room, { roles: ['community-member'] }), ownerCookie))
    expect(await communityRolesOf(user.id, brand.id)).toEqual(['community-member'])

    const { brand: solo, owner: only } = await makeCommunity()
    const soloRoom = await makePersonalRoom(solo, only, { slug: 'only-owner' })
    const soloCookie = await signedInCookie(only.id)
    const result = await editorAction(
      post(
        `/${solo.slug}/members/${only.id}`,
        { brand: solo.slug, userId: only.id },
        editorFields(only, soloRoom, { roles: ['community-admin'] }),
        soloCookie,
      ),
    )
    expect(initOf(result).status).toBe(400)
    expect((unwrap(result) as unknown as Reply).result.error?.roles).toEqual(['members:editor.errors.lastOwner'])
  })
})

describe('member editor: the room link', () => {
  it('checks the link rules at their boundaries', async () => {
    const { user, room } = await makeMember()
    for (const [roomLink, error] of [
      ['', 'members:roomLink.errors.required'],
      ['a', 'members:roomLink.errors.tooShort'],
      ['-ab', 'members:roomLink.errors.start'],
      ['ab cd', 'members:roomLink.errors.characters'],
      ['a'.repeat(65), 'members:roomLink.errors.tooLong'],
    ] as const) {
      const { status, body } = await replied(edit(user.id, editorFields(user, room, { roomLink })))
      expect(status, roomLink).toBe(400)
      expect(body.result.error?.roomLink).toEqual([error])
    }
    expect((await room.reload()).slug).toMatch(/^mel-/)
  })

  it('a reserved link is "not available" with a free suggestion; another room’s is "already taken"', async () => {
    const { user, room } = await makeMember()
    let reply = await replied(edit(user.id, editorFields(user, room, { roomLink: 'Members' })))
    expect(reply.status).toBe(400)
    expect(reply.body.refusal).toEqual({
      message: 'members:roomLink.notAvailable',
      label: 'Members',
      suggestion: 'members-2',
    })
    const { room: theirs } = await makeMember()
    reply = await replied(edit(user.id, editorFields(user, room, { roomLink: theirs.slug.toUpperCase() })))
    expect(reply.status).toBe(400)
    expect(reply.body.result.error?.roomLink).toEqual(['members:roomLink.taken'])
    expect(reply.body.refusal?.suggestion).toMatch(/^mel-\d+$/)
    expect(reply.body.refusal?.suggestion).not.toBe(theirs.slug)
    expect(await Room.count({ where: { brandId: brand.id, slug: reply.body.refusal!.suggestion } })).toBe(0)
    // The same link in another community is free here.
    const { brand: other } = await makeCommunity()
    await makeRoom(other.id, 'elsewhere-link')
    reply = await replied(edit(user.id, editorFields(user, room, { roomLink: 'elsewhere-link' })))
    expect(reply.body.confirm).toEqual({ from: room.slug, to: 'elsewhere-link' })
  })

  it('asks for confirmation first, and changes the link only on the confirmed second submit', async () => {
    const { user, room } = await makeMember()
    const before = room.slug
    const first = await replied(edit(user.id, editorFields(user, room, { roomLink: 'Mel-Studio', company: 'Kept Co' })))
    expect(first.status).toBe(200)
    expect(first.body.confirm).toEqual({ from: before, to: 'mel-studio' })
    expect(first.body.result.initialValue).toMatchObject({ roomLink: 'Mel-Studio', company: 'Kept Co' })
    expect((await room.reload()).slug).toBe(before)
    expect((await user.reload()).company).toBeNull()

    // A confirmation for another link does not count.
    const wrong = await replied(
      edit(user.id, editorFields(user, room, { roomLink: 'mel-studio', confirm: 'something-else' })),
    )
    expect(wrong.body.confirm).toEqual({ from: before, to: 'mel-studio' })

    await saved(
      edit(user.id, editorFields(user, room, { roomLink: 'Mel-Studio', company: 'Kept Co', confirm: 'mel-studio' })),
    )
    expect((await room.reload()).slug).toBe('mel-studio')
    expect((await user.reload()).company).toBe('Kept Co')
    // Unchanged afterwards: no confirmation asked.
    await saved(edit(user.id, editorFields(user, room, { roomLink: 'mel-studio' })))
  })

  it('cannot change while a meeting is live in the room (400 with its message), but can with someone at its door', async () => {
    const { user, room } = await makeMember()
    const meeting = await MeetingRoom.create({ roomId: room.id, startedAt: new Date() })
    const peer = await MeetingPeer.create({ meetingRoomId: meeting.id, userId: user.id, joinedAt: new Date() })
    // Someone only at the device check: no meeting is going on yet, and the link moves (their page follows it).
    await saved(edit(user.id, editorFields(user, room, { roomLink: 'at-the-door', confirm: 'at-the-door' })))
    expect((await room.reload()).slug).toBe('at-the-door')
    await peer.update({ enteredAt: new Date() })
    const { status, body } = await replied(
      edit(user.id, editorFields(user, room, { roomLink: 'during-meeting', confirm: 'during-meeting' })),
    )
    expect(status).toBe(400)
    expect(body.result.error?.roomLink).toEqual(['members:roomLink.errors.meetingLive'])
    expect((await room.reload()).slug).not.toBe('during-meeting')
    // Everyone left: the meeting is not live any more, and the link changes.
    await peer.update({ leftAt: new Date() })
    await saved(edit(user.id, editorFields(user, room, { roomLink: 'during-meeting', confirm: 'during-meeting' })))
    expect((await room.reload()).slug).toBe('during-meeting')
  })

  it('gives a member without a room one, with no confirmation', async () => {
    const user = await makeUser({ name: 'Roomless Person' })
    await grantRole(user, brand)
    await saved(edit(user.id, editorFields(user, null, { roomLink: 'roomless' })))
    const room = await Room.findOne({ where: { brandId: brand.id, slug: 'roomless' } })
    expect(room).toMatchObject({ hostId: user.id, context: 'personal' })
  })
})

describe('new member wizard', () => {
  const wizardPath = () => `/${brand.slug}/members/new`
  const create = (fields: Record<string, string | string[]>, cookie = adminCookie) =>
    wizardAction(post(wizardPath(), { brand: brand.slug }, fields, cookie))
  const good = (n = unique()) => ({
    name: `Studio ${n}`,
    roomLink: `studio-${n}`,
    emailAddress: ` New.Person${n}@Example.com `,
    fullName: `New Person${n}`,
    roles: ['community-member'],
    access: 'open',
    visibleInDirectory: 'everyone',
    pinnedInDirectory: 'on',
  })

  it('loads with member as the default role', async () => {
    const page = unwrap(
      await wizardLoader(routeArgs(wizardPath(), { brand: brand.slug }, { headers: { Cookie: adminCookie } })),
    )
    expect(page.roles.find((role) => role.slug === 'community-member')?.checked).toBe(true)
  })

  it('creates the account, the active membership with its roles and the personal room, then goes to the members list', async () => {
    const fields = good()
    const response = await thrownResponse(create({ ...fields, roles: ['community-member', 'community-moderator'] }))
    expect(response).toRedirectTo(`/${brand.slug}/members`)
    expect(response.headers.get('Set-Cookie')).toContain('__flash=')
    const user = await User.findOne({
      where: { emailAddress: fields.emailAddress.trim().toLowerCase() },
      rejectOnEmpty: true,
    })
    expect(user.name).toBe(fields.fullName)
    expect(await Membership.findOne({ where: { brandId: brand.id, userId: user.id } })).toMatchObject({
      status: 'active',
      source: 'invitation',
    })
    expect((await communityRolesOf(user.id, brand.id)).sort()).toEqual(['community-member', 'community-moderator'])
    expect(await Room.findOne({ where: { brandId: brand.id, slug: fields.roomLink } })).toMatchObject({
      hostId: user.id,
      name: fields.name,
      context: 'personal',
      locked: false,
      waitingRoom: false,
      visibleInDirectory: 'everyone',
      pinnedInDirectory: true,
    })
  })

  it('makes a locked room one whose host lets people in: locked, with its waiting room on', async () => {
    const fields = { ...good(), access: 'locked' }
    await thrownResponse(create(fields))
    expect(await Room.findOne({ where: { brandId: brand.id, slug: fields.roomLink } })).toMatchObject({
      locked: true,
      waitingRoom: true,
    })
  })

  it('invites an existing account instead of adding it (its name stays theirs), and refuses someone already a member', async () => {
    const existing = await makeUser({ name: 'Known Person', emailAddress: 'known@example.com' })
    await thrownResponse(create({ ...good(), emailAddress: 'KNOWN@example.com', fullName: 'Other Name' }))
    expect((await existing.reload()).name).toBe('Known Person')
    expect(await Membership.count({ where: { brandId: brand.id, userId: existing.id } })).toBe(0)
    expect(await MemberInvitation.count({ where: { brandId: brand.id, userId: existing.id, status: 'open' } })).toBe(1)

    await grantRole(existing, brand)
    const again = await replied(create({ ...good(), emailAddress: 'known@example.com' }))
    expect(again.status).toBe(400)
    expect(again.body.result.error?.emailAddress).toEqual(['members:wizard.errors.alreadyMember'])
  })

  it('refuses bad input with every message, keeps what was typed and writes nothing', async () => {
    const users = await User.count()
    const rooms = await Room.count()
    const { status, body } = await replied(
      create({
        name: 'S',
        roomLink: '_x',
        emailAddress: 'nope',
        fullName: 'Solo',
        access: 'ajar',
        visibleInDirectory: 'sometimes',
        roles: ['community-owner'],
      }),
    )
    expect(status).toBe(400)
    expect(body.result.error).toMatchObject({
      name: ['members:wizard.errors.nameTooShort'],
      roomLink: ['members:roomLink.errors.start'],
      emailAddress: ['members:editor.errors.emailInvalid'],
      fullName: ['members:editor.errors.nameFull'],
      access: ['members:wizard.errors.accessInvalid'],
      visibleInDirectory: ['members:wizard.errors.visibilityInvalid'],
    })
    expect(body.result.initialValue).toMatchObject({ fullName: 'Solo', emailAddress: 'nope' })
    // Well-formed, but an admin granting owner and a taken link.
    const taken = await replied(create({ ...good(), roomLink: 'hub', roles: ['community-owner'] }))
    expect(taken.status).toBe(400)
    expect(taken.body.result.error?.roles).toEqual(['members:editor.errors.roleNotAllowed'])
    expect(taken.body.result.error?.roomLink).toEqual(['members:roomLink.taken'])
    expect(taken.body.refusal?.suggestion).toBe('hub-2')
    expect(await User.count()).toBe(users)
    expect(await Room.count()).toBe(rooms)
  })

  it('an owner may create an owner', async () => {
    const fields = good()
    await thrownResponse(create({ ...fields, roles: ['community-owner'] }, ownerCookie))
    const user = await User.findOne({
      where: { emailAddress: fields.emailAddress.trim().toLowerCase() },
      rejectOnEmpty: true,
    })
    expect(await communityRolesOf(user.id, brand.id)).toEqual(['community-owner'])
  })
})

function makeRoom(brandId: string, slug: string) {
  return Room.create({ brandId, slug, name: slug, context: 'group' })
}
