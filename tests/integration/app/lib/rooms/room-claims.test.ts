import { describe, expect, it } from 'vitest'
import { Brand, OutboxMessage, Role, RoleGrant, Room, User } from '#models/index'
import { suggestRoomLink } from '#app/lib/rooms/room-claims.server'
import { sessionStorage } from '#app/lib/http/session.server'
import { userCommunities } from '#app/lib/rooms/user-rooms.server'
import { mainBrand } from '#models/main-brand'
import { loader as claimedLoader } from '#app/routes/$slug.claimed'
import { loader as reservedLoader } from '#app/routes/$slug.reserved'
import { action as claimAction, loader as claimLoader } from '#app/routes/register.room/route'
import { action as registeredAction, loader as registeredLoader } from '#app/routes/registered.$slug'
import { loader as registerLoader, action as registerAction } from '#app/routes/register._index/route'
import { loader as welcomeLoader } from '#app/routes/welcome-aboard'
import { formPost, routeArgs, thrownResponse } from '#tests/support/route-args'
import { cookiePair, initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = { initialValue: Record<string, string>; error: Record<string, string[]> }
type ClaimResult = {
  result: Reply
  error: { message: string } | null
  unavailable: { label: string; suggestion: string; state: string } | null
}

const latestCode = async (to: string) =>
  (await OutboxMessage.findOne({ where: { recipient: to }, order: [['createdAt', 'DESC']] }))!.meta.code!

/** Someone else's personal room, claimed already. */
async function existingRoom(slug: string, fields: Partial<Room> = {}) {
  const brand = await mainBrand()
  const host = await User.create({ name: `Host ${slug}`, emailAddress: `${slug}@hosts.example` })
  return Room.create({
    slug,
    brandId: brand.id,
    hostId: host.id,
    context: 'personal',
    type: 'personal',
    name: host.name,
    ...fields,
  })
}

const postLink = (roomLink: string, headers: Record<string, string> = {}) =>
  claimAction(formPost('/register/room', { intent: 'link', roomLink }, headers))

const postRegistered = (slug: string, fields: Record<string, string>, cookie: string) =>
  registeredAction({ ...formPost(`/registered/${slug}`, fields, { Cookie: cookie }), params: { slug } })

/** Steps 1 and 2 for a visitor: the link, then the name and email. Returns the browser's cookie. */
async function startClaim(roomLink: string, fullName: string, emailAddress: string) {
  const linked = (await postLink(roomLink)) as Response
  expect(linked).toRedirectTo('/register/room')
  const details = (await claimAction(
    formPost(
      '/register/room',
      { intent: 'details', fullName, emailAddress },
      { Cookie: cookiePair(linked.headers.get('Set-Cookie')!) },
    ),
  )) as Response
  expect(details.status).toBe(302)
  return { cookie: cookiePair(details.headers.get('Set-Cookie')!), location: details.headers.get('Location') }
}

describe('the room link rules', () => {
  it.each([
    ['', 'signup:errors.linkRequired'],
    ['   ', 'signup:errors.linkRequired'],
    ['a', 'signup:errors.linkTooShort'],
    ['-ab', 'signup:errors.linkStart'],
    ['_ab', 'signup:errors.linkStart'],
    ['my room', 'signup:errors.linkCharacters'],
    ['café', 'signup:errors.linkCharacters'],
    ['a'.repeat(65), 'signup:errors.linkTooLong'],
  ])('refuses %j with one reason, keeps what was typed, and claims nothing (400)', async (typed, reason) => {
    const result = await postLink(typed)
    expect(initOf(result).status).toBe(400)
    const { result: reply } = unwrap(result) as unknown as ClaimResult
    expect(reply.error.roomLink).toEqual([reason])
    if (typed.trim()) expect(reply.initialValue.roomLink).toBe(typed)
    expect(await Room.count({ where: { context: 'personal' } })).toBe(0)
  })
})

describe('a link that is taken or reserved', () => {
  it('says "Sorry, but {label} is not available" with what was typed, and offers a free link (409)', async () => {
    await existingRoom('olivia')
    await existingRoom('olivia-2')
    const result = await postLink(' Olivia ')
    expect(initOf(result).status).toBe(409)
    expect((unwrap(result) as unknown as ClaimResult).unavailable).toEqual({
      label: 'Olivia',
      suggestion: 'olivia-3',
      state: 'claimed',
    })
  })

  it('counts product paths, pages under /me and rooms put aside as reserved', async () => {
    await existingRoom('vip', { reserved: true })
    for (const typed of ['members', 'settings', 'signup-abc', 'vip', 'Claimed']) {
      const result = await postLink(typed)
      expect(initOf(result).status).toBe(409)
      expect((unwrap(result) as unknown as ClaimResult).unavailable?.state).toBe('reserved')
    }
  })

  it('suggests the next number rather than stacking numbers', async () => {
    await existingRoom('ana-2')
    expect(await suggestRoomLink('ana-2')).toBe('ana-3')
    expect(await suggestRoomLink('x'.repeat(64))).toBe(`${'x'.repeat(57)}-2`)
  })

  it('has status pages that send each link to the page that tells its story', async () => {
    await existingRoom('mia')
    await existingRoom('kept', { reserved: true })
    const claimed = await claimedLoader(routeArgs('/mia/claimed', { slug: 'Mia' }))
    expect(claimed).toMatchObject({ slug: 'mia', path: '/me/mia', suggestion: 'mia-2' })
    expect(await reservedLoader(routeArgs('/kept/reserved', { slug: 'kept' }))).toMatchObject({
      slug: 'kept',
      suggestion: 'kept-2',
    })
    expect(await reservedLoader(routeArgs('/settings/reserved', { slug: 'settings' }))).toMatchObject({
      slug: 'settings',
    })

    expect(
      (await thrownResponse(claimedLoader(routeArgs('/kept/claimed', { slug: 'kept' })))).headers.get('Location'),
    ).toBe('/kept/reserved')
    expect(
      (await thrownResponse(reservedLoader(routeArgs('/mia/reserved', { slug: 'mia' })))).headers.get('Location'),
    ).toBe('/mia/claimed')
    expect(
      (await thrownResponse(claimedLoader(routeArgs('/free/claimed', { slug: 'free' })))).headers.get('Location'),
    ).toBe('/register/room?slug=free')
    expect((await thrownResponse(claimedLoader(routeArgs('/-x/claimed', { slug: '-x' })))).status).toBe(404)

    // A link handed to the claim form goes to its status page when it cannot be had.
    expect(await thrownResponse(claimLoader(routeArgs('/register/room?slug=Mia')))).toRedirectTo('/mia/claimed')
    expect(await claimLoader(routeArgs('/register/room?slug=Fresh'))).toMatchObject({ step: 'link', asked: 'Fresh' })
  })
})

describe('claiming a personal room as a visitor', () => {
  it('checks the link, proves the email by code, then makes the account and the room and signs in', async () => {
    const { cookie, location } = await startClaim('Ana-Room', ' Ana  Souza ', 'Ana@Example.com ')
    expect(location).toBe('/registered/ana-room')
    const waiting = (await registeredLoader(
      routeArgs('/registered/ana-room', { slug: 'ana-room' }, { headers: { Cookie: cookie } }),
    )) as Record<string, unknown>
    expect(waiting).toMatchObject({
      step: 'code',
      label: 'Ana-Room',
      path: '/me/ana-room',
      emailAddress: 'ana@example.com',
    })
    // The mail's button returns to the page where the code goes in.
    const mail = (await OutboxMessage.findOne({ where: { recipient: 'ana@example.com' } }))!
    expect(mail.meta.link).toMatch(/\/registered\/ana-room$/)

    const code = await latestCode('ana@example.com')
    const wrong = await postRegistered(
      'ana-room',
      { intent: 'verify', code: code === '000000' ? '111111' : '000000' },
      cookie,
    )
    expect(initOf(wrong).status).toBe(400)
    expect((unwrap(wrong) as unknown as ClaimResult).error?.message).toBe('auth:errors.invalidCode')
    const short = await postRegistered('ana-room', { intent: 'verify', code: '12' }, cookie)
    expect(initOf(short).status).toBe(400)
    expect((unwrap(short) as unknown as ClaimResult).result.error.code).toEqual(['auth:errors.codeLength'])
    expect(await User.count({ where: { emailAddress: 'ana@example.com' } })).toBe(0)

    const done = (await postRegistered('ana-room', { intent: 'verify', code }, cookie)) as Response
    expect(done).toRedirectTo('/welcome-aboard')
    const user = (await User.findOne({ where: { emailAddress: 'ana@example.com' } }))!
    expect(user).toMatchObject({ name: 'Ana  Souza', verified: true })
    const session = await sessionStorage.getSession(done.headers.get('Set-Cookie'))
    expect(session.get('currentUserId')).toBe(user.id)

    const brand = await mainBrand()
    expect(brand.slug).toBe('me')
    const room = (await Room.findOne({ where: { brandId: brand.id, slug: 'ana-room' } }))!
    expect(room).toMatchObject({ hostId: user.id, type: 'personal', context: 'personal', name: 'Ana  Souza' })
    const hostRole = (await Role.findOne({ where: { slug: 'room-host' } }))!
    // The host role names the room: never the whole main brand, where it would reach other people's rooms.
    expect(await RoleGrant.findAll({ where: { userId: user.id, brandId: brand.id }, raw: true })).toEqual([
      expect.objectContaining({ roleId: hostRole.id, roomId: room.id }),
    ])

    const signedIn = { headers: { Cookie: cookiePair(done.headers.get('Set-Cookie')!) } }
    expect(await welcomeLoader(routeArgs('/welcome-aboard', {}, signedIn))).toMatchObject({
      name: 'Ana  Souza',
      room: { path: '/me/ana-room', url: expect.stringMatching(/\/me\/ana-room$/) },
    })
    // The me screen lists it.
    expect((await userCommunities(user.id)).map((community) => community.rooms.map((entry) => entry.slug))).toEqual([
      ['ana-room'],
    ])
    // And the link is now somebody's.
    expect((unwrap(await postLink('ana-room')) as unknown as ClaimResult).unavailable?.state).toBe('claimed')
  })

  it('keeps bad details with their reasons and sends nothing (400)', async () => {
    const linked = (await postLink('bo-room')) as Response
    const cookie = cookiePair(linked.headers.get('Set-Cookie')!)
    expect(await claimLoader(routeArgs('/register/room', {}, { headers: { Cookie: cookie } }))).toMatchObject({
      step: 'details',
      claim: { slug: 'bo-room', label: 'bo-room', path: '/me/bo-room' },
    })
    const before = await OutboxMessage.count()
    const result = await claimAction(
      formPost('/register/room', { intent: 'details', fullName: 'Bo', emailAddress: 'nope' }, { Cookie: cookie }),
    )
    expect(initOf(result).status).toBe(400)
    const { result: reply } = unwrap(result) as unknown as ClaimResult
    expect(reply.error).toEqual({
      fullName: ['auth:errors.fullNameRequired'],
      emailAddress: ['auth:errors.emailRequired'],
    })
    expect(reply.initialValue).toMatchObject({ fullName: 'Bo', emailAddress: 'nope' })
    expect(await OutboxMessage.count()).toBe(before)
  })

  it('refuses an email that already has an account and sends nothing', async () => {
    await User.create({ name: 'Existing Person', emailAddress: 'taken@example.com' })
    const linked = (await postLink('taken-room')) as Response
    const before = await OutboxMessage.count()
    const result = await claimAction(
      formPost(
        '/register/room',
        { intent: 'details', fullName: 'New Person', emailAddress: 'taken@example.com' },
        { Cookie: cookiePair(linked.headers.get('Set-Cookie')!) },
      ),
    )
    expect(initOf(result).status).toBe(400)
    expect((unwrap(result) as unknown as ClaimResult).error?.message).toBe('auth:errors.accountExists')
    expect(await OutboxMessage.count()).toBe(before)
  })

  it('creates nothing when the link is taken while the code is on its way, and offers another', async () => {
    const { cookie } = await startClaim('race', 'Rae Race', 'rae@example.com')
    await existingRoom('race')
    const result = await postRegistered('race', { intent: 'verify', code: await latestCode('rae@example.com') }, cookie)
    expect(initOf(result).status).toBe(409)
    expect((unwrap(result) as unknown as ClaimResult).unavailable).toEqual({
      label: 'race',
      suggestion: 'race-2',
      state: 'claimed',
    })
    expect(await User.count({ where: { emailAddress: 'rae@example.com' } })).toBe(0)
  })

  it('says when nothing waits for a code, and a code for one sign-up never completes another', async () => {
    expect(await registeredLoader(routeArgs('/registered/ghost', { slug: 'ghost' }))).toMatchObject({
      step: 'none',
      claimPath: '/register/room?slug=ghost',
    })
    // A code posted for a link that is not the one waiting goes back to the page, unused.
    const { cookie } = await startClaim('mine', 'Mo Mine', 'mo@example.com')
    const elsewhere = (await postRegistered(
      'other',
      { intent: 'verify', code: await latestCode('mo@example.com') },
      cookie,
    )) as Response
    expect(elsewhere).toRedirectTo('/registered/other')

    // Starting to create a community in the same browser drops the claim.
    const registering = (await registerAction(
      formPost(
        '/register',
        { intent: 'details', fullName: 'Mo Mine', emailAddress: 'mo2@example.com', communityName: 'Mo Club' },
        { Cookie: cookie },
      ),
    )) as Response
    const next = { headers: { Cookie: cookiePair(registering.headers.get('Set-Cookie')!) } }
    expect(await registeredLoader(routeArgs('/registered/mine', { slug: 'mine' }, next))).toMatchObject({
      step: 'none',
    })
    expect(await registerLoader(routeArgs('/register', {}, next))).toMatchObject({
      pending: { emailAddress: 'mo2@example.com' },
    })
  })
})

describe('claiming a personal room when signed in', () => {
  it('claims at once, then shows the room instead of the form', async () => {
    const user = await User.create({ name: 'Sam Signed', emailAddress: 'sam@example.com' })
    const cookie = await signedInCookie(user.id)
    const claimed = (await postLink('Sam', { Cookie: cookie })) as Response
    expect(claimed).toRedirectTo('/welcome-aboard')
    const brand = (await Brand.findOne({ where: { slug: 'me' } }))!
    expect(await Room.count({ where: { brandId: brand.id, hostId: user.id } })).toBe(1)

    expect(await claimLoader(routeArgs('/register/room', {}, { headers: { Cookie: cookie } }))).toMatchObject({
      step: 'existing',
      existing: { path: '/me/sam' },
    })
    // One personal room each: a second claim leaves the first as it is.
    await postLink('sam-again', { Cookie: cookie })
    expect(await Room.count({ where: { brandId: brand.id, hostId: user.id } })).toBe(1)
  })

  it('sends a visitor of welcome-aboard to sign in', async () => {
    const redirect = await thrownResponse(welcomeLoader(routeArgs('/welcome-aboard')))
    expect(redirect).toRedirectTo('/sign-in?redirectTo=%2Fwelcome-aboard')
  })
})
