import { describe, expect, it } from 'vitest'
import { Membership, OutboxMessage, Role, RoleGrant, Room, User } from '#models/index'
import { permissionsHeld } from '#models/access'
import type { PermissionSlug } from '#models/permissions'
import { listMembers } from '#app/lib/members/member-list.server'
import { renewSignupLink } from '#app/lib/communities/community-membership.server'
import { sessionStorage } from '#app/lib/http/session.server'
import { loader as communityLoader } from '#app/routes/$brand._community._index'
import { loader as signinErrorLoader } from '#app/routes/$brand._community.signin-error'
import { loader as successfulLoader } from '#app/routes/$brand._community.signup-successful'
import { selfSignupAction, selfSignupLoader } from '#app/routes/$brand.$room/self-signup.server'
import { grantRole, makeBrand, makeCommunity, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { cookiePair, initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = { initialValue: Record<string, string>; error: Record<string, string[]> }
type Result = { intent: string; result: Reply; error: { message: string } | null }

const latestCode = async (to: string) =>
  (await OutboxMessage.findOne({ where: { recipient: to }, order: [['createdAt', 'DESC']] }))!.meta.code!

/** A community that takes sign-ups through a link; returns it and the link's room segment. */
async function community(fields: Parameters<typeof makeBrand>[0] = {}) {
  const { brand } = await makeCommunity({ brand: { allowSignUps: true, ...fields } })
  const hash = await renewSignupLink(brand)
  return { brand, room: `signup-${hash}`, path: `/${brand.slug}/signup-${hash}` }
}

const args = (path: string, params: Record<string, string>, init?: RequestInit) => routeArgs(path, params, init)
const post = (path: string, params: Record<string, string>, fields: Record<string, string>, cookie?: string) =>
  routeArgs(path, params, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  })

/** Name and email, then the mailed code: the whole sign-up of a visitor. Returns the final response. */
async function signUp(target: Awaited<ReturnType<typeof community>>, fullName: string, emailAddress: string) {
  const params = { brand: target.brand.slug, room: target.room }
  const sent = (await selfSignupAction(
    post(target.path, params, { intent: 'details', fullName, emailAddress }),
  )) as Response
  expect(sent).toRedirectTo(target.path)
  const cookie = cookiePair(sent.headers.get('Set-Cookie')!)
  expect(await selfSignupLoader(args(target.path, params, { headers: { Cookie: cookie } }))).toMatchObject({
    step: 'code',
    codeSentTo: emailAddress,
  })
  const done = (await selfSignupAction(
    post(target.path, params, { intent: 'verify', code: await latestCode(emailAddress) }, cookie),
  )) as Response
  expect(done.status).toBe(302)
  return done
}

describe('the sign-up link', () => {
  it('answers 404 unless the community allows sign-ups and issued this very link', async () => {
    const open = await community()
    const closed = await community({ allowSignUps: false })
    const noLink = await makeBrand({ allowSignUps: true })
    const gone = await community({ status: 'deleted' })
    const cases = [
      { brand: open.brand.slug, room: `${open.room}x` },
      { brand: open.brand.slug, room: 'signup-' },
      { brand: open.brand.slug, room: open.room.replace('signup-', 'sign-') },
      { brand: 'nowhere', room: open.room },
      { brand: closed.brand.slug, room: closed.room },
      { brand: noLink.slug, room: 'signup-' },
      { brand: gone.brand.slug, room: gone.room },
    ]
    for (const params of cases) {
      expect((await thrownResponse(selfSignupLoader(args(`/${params.brand}/${params.room}`, params)))).status).toBe(404)
      const posted = await thrownResponse(
        selfSignupAction(
          post(`/${params.brand}/${params.room}`, params, {
            intent: 'details',
            fullName: 'Ann Lee',
            emailAddress: 'ann@example.com',
          }),
        ),
      )
      expect(posted.status).toBe(404)
    }
    expect(await OutboxMessage.count({ where: { recipient: 'ann@example.com' } })).toBe(0)
    // A renewed link retires the old one.
    await renewSignupLink(open.brand)
    expect(
      (await thrownResponse(selfSignupLoader(args(open.path, { brand: open.brand.slug, room: open.room })))).status,
    ).toBe(404)
  })
})

describe('signing up through the link', () => {
  it('without moderation: the account is made, becomes a member, and lands in the community', async () => {
    const target = await community()
    const params = { brand: target.brand.slug, room: target.room }
    expect(await selfSignupLoader(args(target.path, params))).toMatchObject({
      kind: 'selfSignup',
      step: 'details',
      moderated: false,
      community: { name: target.brand.name },
    })
    const done = await signUp(target, 'Ann Lee', 'ann@example.com')
    expect(done).toRedirectTo(`/${target.brand.slug}`)

    const user = (await User.findOne({ where: { emailAddress: 'ann@example.com' } }))!
    expect(user).toMatchObject({ name: 'Ann Lee', verified: true })
    const memberRole = (await Role.findOne({ where: { slug: 'community-member' } }))!
    expect(await RoleGrant.count({ where: { userId: user.id, brandId: target.brand.id, roleId: memberRole.id } })).toBe(
      1,
    )
    expect(await Membership.findOne({ where: { userId: user.id } })).toMatchObject({
      status: 'active',
      source: 'signup-link',
    })
    expect((await sessionStorage.getSession(done.headers.get('Set-Cookie'))).get('currentUserId')).toBe(user.id)

    // The code mail speaks for the community and links back to the sign-up page.
    const mail = (await OutboxMessage.findOne({ where: { recipient: 'ann@example.com' } }))!
    expect(mail.subject).toContain(target.brand.name)
    expect(mail.meta.link).toMatch(new RegExp(`${target.path}$`))

    const cookie = cookiePair(done.headers.get('Set-Cookie')!)
    const home = await communityLoader(
      args(`/${target.brand.slug}`, { brand: target.brand.slug }, { headers: { Cookie: cookie } }),
    )
    expect(home.community.name).toBe(target.brand.name)
    // Back at the link, a member is sent in.
    const again = await thrownResponse(selfSignupLoader(args(target.path, params, { headers: { Cookie: cookie } })))
    expect(again).toRedirectTo(`/${target.brand.slug}`)
  })

  it('with member moderation: pending, not yet a member, and told so', async () => {
    const target = await community({ memberModeration: true })
    const params = { brand: target.brand.slug, room: target.room }
    expect(await selfSignupLoader(args(target.path, params))).toMatchObject({ moderated: true })
    const done = await signUp(target, 'Pat Pending', 'pat@example.com')
    expect(done).toRedirectTo(`/${target.brand.slug}/signup-successful`)

    const user = (await User.findOne({ where: { emailAddress: 'pat@example.com' } }))!
    // The member role waits with the membership: it counts once an admin approves.
    expect(await RoleGrant.count({ where: { userId: user.id, brandId: target.brand.id } })).toBe(1)
    expect(await Membership.findOne({ where: { userId: user.id, brandId: target.brand.id } })).toMatchObject({
      status: 'pending',
      source: 'signup-link',
    })
    expect(await permissionsHeld(user.id, target.brand.id)).toEqual(new Set())

    const cookie = cookiePair(done.headers.get('Set-Cookie')!)
    const signedIn = { headers: { Cookie: cookie } }
    expect(
      await successfulLoader(args(`/${target.brand.slug}/signup-successful`, { brand: target.brand.slug }, signedIn)),
    ).toMatchObject({
      status: 'pending',
      community: { name: target.brand.name },
    })
    // Pending holds no permission: the community's home stays closed (signed in: access denied).
    const home = await thrownResponse(
      communityLoader(args(`/${target.brand.slug}`, { brand: target.brand.slug }, signedIn)),
    )
    expect(home).toRedirectTo(`/${target.brand.slug}/access-denied?redirectTo=%2F${target.brand.slug}`)
    // Signing up again changes nothing.
    const again = await thrownResponse(selfSignupLoader(args(target.path, params, signedIn)))
    expect(again).toRedirectTo(`/${target.brand.slug}/signup-successful`)
    expect(await Membership.count({ where: { userId: user.id } })).toBe(1)
  })

  it('moderates a public community even when moderation is off', async () => {
    const target = await community({ publicCommunity: true, memberModeration: false })
    const done = await signUp(target, 'Quinn Public', 'quinn@example.com')
    expect(done).toRedirectTo(`/${target.brand.slug}/signup-successful`)
  })

  it('keeps bad details and refuses wrong codes, creating nothing (400)', async () => {
    const target = await community()
    const params = { brand: target.brand.slug, room: target.room }
    const bad = await selfSignupAction(
      post(target.path, params, { intent: 'details', fullName: 'Ann', emailAddress: 'nope' }),
    )
    expect(initOf(bad).status).toBe(400)
    const { result } = unwrap(bad) as unknown as Result
    expect(result.error).toEqual({
      fullName: ['auth:errors.fullNameRequired'],
      emailAddress: ['auth:errors.emailRequired'],
    })
    expect(result.initialValue).toMatchObject({ fullName: 'Ann', emailAddress: 'nope' })
    expect(await OutboxMessage.count({ where: { recipient: 'nope' } })).toBe(0)

    const sent = (await selfSignupAction(
      post(target.path, params, { intent: 'details', fullName: 'Wes Wrong', emailAddress: 'wes@example.com' }),
    )) as Response
    const cookie = cookiePair(sent.headers.get('Set-Cookie')!)
    const code = await latestCode('wes@example.com')
    const wrong = await selfSignupAction(
      post(target.path, params, { intent: 'verify', code: code === '000000' ? '111111' : '000000' }, cookie),
    )
    expect(initOf(wrong).status).toBe(400)
    expect((unwrap(wrong) as unknown as Result).error?.message).toBe('auth:errors.invalidCode')
    const empty = await selfSignupAction(post(target.path, params, { intent: 'verify', code: '' }, cookie))
    expect(initOf(empty).status).toBe(400)
    expect((unwrap(empty) as unknown as Result).result.error.code).toEqual(['auth:errors.codeRequired'])
    expect(await User.count({ where: { emailAddress: 'wes@example.com' } })).toBe(0)

    // Start over forgets the code.
    const over = (await selfSignupAction(post(target.path, params, { intent: 'cancel' }, cookie))) as Response
    expect(
      await selfSignupLoader(
        args(target.path, params, { headers: { Cookie: cookiePair(over.headers.get('Set-Cookie')!) } }),
      ),
    ).toMatchObject({ step: 'details' })
  })

  it('sends an existing account to sign in instead, and mails nothing', async () => {
    const target = await community()
    await makeUser({ emailAddress: 'old@example.com' })
    const result = await selfSignupAction(
      post(
        target.path,
        { brand: target.brand.slug, room: target.room },
        { intent: 'details', fullName: 'Old Timer', emailAddress: 'old@example.com' },
      ),
    )
    expect(initOf(result).status).toBe(400)
    expect((unwrap(result) as unknown as Result).error?.message).toBe('auth:errors.accountExists')
    expect(await OutboxMessage.count({ where: { recipient: 'old@example.com' } })).toBe(0)
  })

  it('a code sent for one community does not sign up to another', async () => {
    const first = await community()
    const second = await community()
    const sent = (await selfSignupAction(
      post(
        first.path,
        { brand: first.brand.slug, room: first.room },
        { intent: 'details', fullName: 'Cross Over', emailAddress: 'cross@example.com' },
      ),
    )) as Response
    const cookie = cookiePair(sent.headers.get('Set-Cookie')!)
    const elsewhere = (await selfSignupAction(
      post(
        second.path,
        { brand: second.brand.slug, room: second.room },
        { intent: 'verify', code: await latestCode('cross@example.com') },
        cookie,
      ),
    )) as Response
    expect(elsewhere).toRedirectTo(second.path)
    expect(await User.count({ where: { emailAddress: 'cross@example.com' } })).toBe(0)
  })
})

describe('joining while signed in', () => {
  it('joins with one button, no code', async () => {
    const target = await community()
    const params = { brand: target.brand.slug, room: target.room }
    const user = await makeUser({ name: 'Jo Joiner' })
    const cookie = await signedInCookie(user.id)
    expect(await selfSignupLoader(args(target.path, params, { headers: { Cookie: cookie } }))).toMatchObject({
      step: 'join',
      signedInAs: 'Jo Joiner',
    })
    const joined = (await selfSignupAction(post(target.path, params, { intent: 'join' }, cookie))) as Response
    expect(joined).toRedirectTo(`/${target.brand.slug}`)
    expect(await RoleGrant.count({ where: { userId: user.id, brandId: target.brand.id } })).toBe(1)
  })

  it('lands where the community sends people first: its hub or its announcements, as its landing page says', async () => {
    for (const [landing, room] of [
      ['hub', 'topLevelRoomId'],
      ['announcements', 'announcementsRoomId'],
    ] as const) {
      const target = await community({ defaultLandingPage: landing })
      const { slug } = (await Room.findByPk(target.brand[room]!, { rejectOnEmpty: true }))!
      const user = await makeUser()
      const joined = (await selfSignupAction(
        post(
          target.path,
          { brand: target.brand.slug, room: target.room },
          { intent: 'join' },
          await signedInCookie(user.id),
        ),
      )) as Response
      expect(joined).toRedirectTo(`/${target.brand.slug}/${slug}`)
    }
  })

  it('a declined request stays declined', async () => {
    const target = await community({ memberModeration: true })
    const user = await makeUser()
    await Membership.create({ brandId: target.brand.id, userId: user.id, status: 'rejected' })
    const cookie = await signedInCookie(user.id)
    const joined = (await selfSignupAction(
      post(target.path, { brand: target.brand.slug, room: target.room }, { intent: 'join' }, cookie),
    )) as Response
    expect(joined).toRedirectTo(`/${target.brand.slug}/signup-successful`)
    expect(await Membership.findOne({ where: { userId: user.id } })).toMatchObject({ status: 'rejected' })
    expect(
      await successfulLoader(
        args('/x/signup-successful', { brand: target.brand.slug }, { headers: { Cookie: cookie } }),
      ),
    ).toMatchObject({ status: 'rejected' })
  })
})

describe('what the community asks for', () => {
  const TERMS = { communityToS: 'https://club.example/terms', communityPP: 'https://club.example/privacy' }
  const latestTo = async (to: string) =>
    (await OutboxMessage.findOne({ where: { recipient: to }, order: [['createdAt', 'DESC']] }))!
  const errorsOf = (answer: unknown) => (unwrap(answer) as unknown as Result).result.error

  it('asks for the terms where the community links them, and keeps when they were accepted', async () => {
    const target = await community(TERMS)
    const params = { brand: target.brand.slug, room: target.room }
    expect(await selfSignupLoader(args(target.path, params))).toMatchObject({
      asks: { phone: false, terms: true },
      terms: { termsUrl: TERMS.communityToS, privacyUrl: TERMS.communityPP },
    })
    const details = { intent: 'details', fullName: 'Tia Terms', emailAddress: 'tia@example.com' }
    for (const acceptTerms of [undefined, 'yes']) {
      const refused = await selfSignupAction(
        post(target.path, params, { ...details, ...(acceptTerms ? { acceptTerms } : {}) }),
      )
      expect(initOf(refused).status).toBe(400)
      expect(errorsOf(refused)).toEqual({ acceptTerms: ['signup:errors.termsRequired'] })
    }
    expect(await OutboxMessage.count({ where: { recipient: 'tia@example.com' } })).toBe(0)

    const before = Date.now()
    const sent = (await selfSignupAction(post(target.path, params, { ...details, acceptTerms: 'on' }))) as Response
    const cookie = cookiePair(sent.headers.get('Set-Cookie')!)
    const mail = await latestTo('tia@example.com')
    expect(mail.subject).toBe(`Your code to join ${target.brand.name}: ${mail.meta.code}`)
    const done = (await selfSignupAction(
      post(target.path, params, { intent: 'verify', code: mail.meta.code! }, cookie),
    )) as Response
    expect(done).toRedirectTo(`/${target.brand.slug}`)
    const user = (await User.findOne({ where: { emailAddress: 'tia@example.com' } }))!
    const membership = (await Membership.findOne({ where: { userId: user.id, brandId: target.brand.id } }))!
    expect(membership.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)

    // Without terms, nothing is asked and nothing is recorded.
    const plain = await community()
    await signUp(plain, 'Nat Noterms', 'nat@example.com')
    const nat = (await User.findOne({ where: { emailAddress: 'nat@example.com' } }))!
    expect((await Membership.findOne({ where: { userId: nat.id } }))!.termsAcceptedAt).toBeNull()
  })

  it('proves a mobile number with a texted code after the mailed one, and keeps it on the account', async () => {
    const target = await community({ requireMemberPhoneNumber: true, memberModeration: true })
    const params = { brand: target.brand.slug, room: target.room }
    const details = { intent: 'details', fullName: 'Pia Phone', emailAddress: 'pia@example.com', country: 'US' }
    expect(await selfSignupLoader(args(target.path, params))).toMatchObject({ asks: { phone: true, terms: false } })

    // No number, a landline-shaped or foreign nonsense number, a number another account has.
    await makeUser({ phoneNumber: '+14155550177' })
    const cases = [
      [{}, 'signup:errors.phoneRequired'],
      [{ phoneNumber: '12' }, 'account:errors.phoneInvalid'],
      [{ phoneNumber: '(415) 555-0177' }, 'account:errors.phoneTaken'],
    ] as const
    for (const [fields, message] of cases) {
      const refused = await selfSignupAction(post(target.path, params, { ...details, ...fields }))
      expect(initOf(refused).status).toBe(400)
      expect(errorsOf(refused)).toEqual({ phoneNumber: [message] })
      expect((unwrap(refused) as unknown as Result).result.initialValue).toMatchObject({ fullName: 'Pia Phone' })
    }
    expect(await OutboxMessage.count({ where: { recipient: 'pia@example.com' } })).toBe(0)

    const sent = (await selfSignupAction(
      post(target.path, params, { ...details, phoneNumber: '(415) 555-0178' }),
    )) as Response
    const cookie = cookiePair(sent.headers.get('Set-Cookie')!)
    const signedCookie = { headers: { Cookie: cookie } }
    expect(await selfSignupLoader(args(target.path, params, signedCookie))).toMatchObject({ step: 'code' })
    const mailed = await latestCode('pia@example.com')
    const texting = (await selfSignupAction(
      post(target.path, params, { intent: 'verify', code: mailed }, cookie),
    )) as Response
    expect(texting).toRedirectTo(target.path)
    // The email is proved, no account yet: the texted code is the last step.
    expect(await User.count({ where: { emailAddress: 'pia@example.com' } })).toBe(0)
    expect(await selfSignupLoader(args(target.path, params, signedCookie))).toMatchObject({
      step: 'phoneCode',
      codeSentTo: '+1 415 555 0178',
    })
    const text = await latestTo('+14155550178')
    expect(text.text).toBe(`${text.meta.code} is your code to join ${target.brand.name}. It expires in 10 minutes.`)
    const wrong = await selfSignupAction(
      post(target.path, params, { intent: 'verify', code: text.meta.code === '000000' ? '111111' : '000000' }, cookie),
    )
    expect(initOf(wrong).status).toBe(400)
    expect(await User.count({ where: { emailAddress: 'pia@example.com' } })).toBe(0)

    const done = (await selfSignupAction(
      post(target.path, params, { intent: 'verify', code: text.meta.code! }, cookie),
    )) as Response
    expect(done).toRedirectTo(`/${target.brand.slug}/signup-successful`)
    const user = (await User.findOne({ where: { emailAddress: 'pia@example.com' } }))!
    expect(user).toMatchObject({ name: 'Pia Phone', phoneNumber: '+14155550178', verified: true })
    expect(await Membership.findOne({ where: { userId: user.id } })).toMatchObject({ status: 'pending' })
  })

  it("asks the community's questions and shows the answers to the admins who approve", async () => {
    const questions = [
      [
        { name: 'heard', type: 'shortText', label: 'How did you hear of us?', required: true },
        { name: 'newsletter', type: 'toggle', label: 'Newsletter?', required: false },
      ],
    ]
    const target = await community({ memberModeration: true, customSignUp: true, customSignUpForm: questions as never })
    const params = { brand: target.brand.slug, room: target.room }
    expect(await selfSignupLoader(args(target.path, params))).toMatchObject({ asks: { questions } })
    const details = { intent: 'details', fullName: 'Quin Answers', emailAddress: 'quin@example.com' }
    const missing = await selfSignupAction(post(target.path, params, details))
    expect(initOf(missing).status).toBe(400)
    expect(errorsOf(missing)).toEqual({ 'answers.heard': [expect.stringMatching(/^forms:errors\./)] })
    expect(await OutboxMessage.count({ where: { recipient: 'quin@example.com' } })).toBe(0)

    const sent = (await selfSignupAction(
      post(target.path, params, { ...details, 'answers.heard': 'A friend', 'answers.newsletter': 'on' }),
    )) as Response
    const cookie = cookiePair(sent.headers.get('Set-Cookie')!)
    const code = await latestCode('quin@example.com')
    expect(await selfSignupAction(post(target.path, params, { intent: 'verify', code }, cookie))).toRedirectTo(
      `/${target.brand.slug}/signup-successful`,
    )
    const user = (await User.findOne({ where: { emailAddress: 'quin@example.com' } }))!
    const answers = [
      { label: 'How did you hear of us?', value: 'A friend' },
      { label: 'Newsletter?', value: true },
    ]
    expect((await Membership.findOne({ where: { userId: user.id } }))!.signupAnswers).toEqual(answers)

    // The pending tab shows them to those who manage or approve members, not to a member.
    const listing = (held: Set<PermissionSlug>) =>
      listMembers({ brandId: target.brand.id, viewerId: null, held, tab: 'pending', query: '', page: 1 })
    const admin = await listing(new Set(['manage-community-members']))
    expect(admin.rows.find((row) => row.userId === user.id)!.signup).toEqual({ termsAcceptedAt: null, answers })
    const moderator = await listing(new Set<PermissionSlug>(['access-community-members', 'approve-community-members']))
    expect(moderator.rows.find((row) => row.userId === user.id)!.signup).toEqual({ termsAcceptedAt: null, answers })
    const member = await listing(new Set<PermissionSlug>(['access-community-members']))
    expect(member.rows.find((row) => row.userId === user.id)?.signup ?? null).toBeNull()
  })

  it('a signed-in person proves a number only if their account has none', async () => {
    const target = await community({ requireMemberPhoneNumber: true })
    const params = { brand: target.brand.slug, room: target.room }
    const withPhone = await makeUser({ phoneNumber: '+14155550181' })
    const hasOne = await signedInCookie(withPhone.id)
    expect(await selfSignupLoader(args(target.path, params, { headers: { Cookie: hasOne } }))).toMatchObject({
      step: 'join',
      asks: { phone: false },
    })
    expect(await selfSignupAction(post(target.path, params, { intent: 'join' }, hasOne))).toRedirectTo(
      `/${target.brand.slug}`,
    )

    const without = await makeUser({ name: 'Wren Nophone' })
    const cookie = await signedInCookie(without.id)
    const missing = await selfSignupAction(post(target.path, params, { intent: 'join' }, cookie))
    expect(initOf(missing).status).toBe(400)
    expect(errorsOf(missing)).toEqual({ phoneNumber: ['signup:errors.phoneRequired'] })
    const texting = (await selfSignupAction(
      post(target.path, params, { intent: 'join', phoneNumber: '+1 415 555 0182' }, cookie),
    )) as Response
    expect(texting).toRedirectTo(target.path)
    const session = cookiePair(texting.headers.get('Set-Cookie') ?? '') || cookie
    expect(await selfSignupLoader(args(target.path, params, { headers: { Cookie: session } }))).toMatchObject({
      step: 'phoneCode',
    })
    const code = (await latestTo('+14155550182')).meta.code!
    const done = (await selfSignupAction(post(target.path, params, { intent: 'verify', code }, session))) as Response
    expect(done).toRedirectTo(`/${target.brand.slug}`)
    await without.reload()
    expect(without.phoneNumber).toBe('+14155550182')
    expect(await Membership.findOne({ where: { userId: without.id } })).toMatchObject({ status: 'active' })
  })
})

describe('the outcome pages', () => {
  it('signup-successful sends members in and asks visitors to sign in', async () => {
    const target = await community()
    const member = await makeUser()
    await grantRole(member, target.brand)
    const inside = await thrownResponse(
      successfulLoader(
        args('/x', { brand: target.brand.slug }, { headers: { Cookie: await signedInCookie(member.id) } }),
      ),
    )
    expect(inside).toRedirectTo(`/${target.brand.slug}`)
    expect(await successfulLoader(args('/x', { brand: target.brand.slug }))).toMatchObject({ status: 'none' })
    expect(await thrownResponse(successfulLoader(args('/x', { brand: 'nowhere' })))).toRedirectTo(
      '/community-not-found',
    )
  })

  it('signin-error retries sign-in towards a path on this site only', async () => {
    const target = await community()
    const slug = target.brand.slug
    expect(await signinErrorLoader(args(`/${slug}/signin-error`, { brand: slug }))).toMatchObject({
      messages: { signup: { signinError: expect.objectContaining({ title: 'Sign-in failed' }) } },
      community: target.brand.name,
      retryUrl: `/sign-in?redirectTo=${encodeURIComponent(`/${slug}`)}`,
    })
    expect(
      await signinErrorLoader(args(`/${slug}/signin-error?redirectTo=/${slug}/groups`, { brand: slug })),
    ).toMatchObject({
      retryUrl: `/sign-in?redirectTo=${encodeURIComponent(`/${slug}/groups`)}`,
    })
    expect(
      await signinErrorLoader(args(`/${slug}/signin-error?redirectTo=//evil.example`, { brand: slug })),
    ).toMatchObject({
      retryUrl: `/sign-in?redirectTo=${encodeURIComponent(`/${slug}`)}`,
    })
  })
})
