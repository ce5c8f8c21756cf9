// The sign-up link as a community's admins manage it: every community has one from the start,
// closed until opened; the sign-up tab opens, closes and renews it (the old link then 404s), the QR
// code follows the link, and PUT /api/brand/sign-up-link/{id} renews it for other clients.
import { describe, expect, it } from 'vitest'
import type { Brand, User } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { registerCommunity } from '#app/lib/communities/community-registration.server'
import { env } from '#app/lib/platform/env.server'
import { signupQuestions } from '#app/lib/settings/signup-link.server'
import { selfSignupLoader } from '#app/routes/$brand.$room/self-signup.server'
import { loader as rootLoader } from '#app/root'
import { action as tabAction, loader as tabLoader } from '#app/routes/$brand._community.settings.sign-up/route'
import { loader as qrLoader } from '#app/routes/resources.signup-qr.$brand'
import { action as renewCall, loader as renewCallGet } from '#app/routes/api.brand.sign-up-link.$id'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

async function newCommunity() {
  const { owner, brand } = await registerCommunity({
    fullName: 'Rosa Diaz',
    emailAddress: `rosa-${Math.random().toString(36).slice(2)}@signup-link.example`,
    communityName: `Garden club ${Math.random().toString(36).slice(2, 8)}`,
  })
  return { owner, brand }
}

const tabPath = (brand: Brand) => `/${brand.slug}/settings/sign-up`
const asOwner = async (owner: User) => ({ Cookie: await signedInCookie(owner.id) })

async function change(owner: User, brand: Brand, value: string) {
  return tabAction(
    routeArgs(
      tabPath(brand),
      { brand: brand.slug },
      { method: 'POST', body: new URLSearchParams({ change: value }), headers: await asOwner(owner) },
    ),
  )
}

/** Whether the sign-up page answers at this hash (a 404 otherwise). */
async function linkWorks(brand: Brand, hash: string) {
  const room = `signup-${hash}`
  try {
    await selfSignupLoader(routeArgs(`/${brand.slug}/${room}`, { brand: brand.slug, room }))
    return true
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 404) return false
    throw thrown
  }
}

describe('the sign-up tab', () => {
  it('shows the link of a new community, closed until its admins open it', async () => {
    const { owner, brand } = await newCommunity()
    expect(brand.selfSignupHash).toMatch(ID_PATTERN)
    expect(brand.allowSignUps).toBe(false)
    const shown = await tabLoader(routeArgs(tabPath(brand), { brand: brand.slug }, { headers: await asOwner(owner) }))
    expect(shown).toMatchObject({
      slug: brand.slug,
      url: `${env.PUBLIC_URL}/${brand.slug}/signup-${brand.selfSignupHash}`,
      open: false,
      moderated: false,
      phoneRequired: false,
    })
    expect(await linkWorks(brand, brand.selfSignupHash!)).toBe(false)
  })

  it('opens, renews (the old link stops working) and closes, saying so each time', async () => {
    const { owner, brand } = await newCommunity()
    const first = brand.selfSignupHash!

    const opened = await thrownResponse(change(owner, brand, 'open'))
    expect(opened).toRedirectTo(tabPath(brand))
    expect(opened.headers.get('Set-Cookie')).toContain('__flash=')
    await brand.reload()
    expect(brand.allowSignUps).toBe(true)
    expect(await linkWorks(brand, first)).toBe(true)

    await thrownResponse(change(owner, brand, 'renew'))
    await brand.reload()
    const second = brand.selfSignupHash!
    expect(second).toMatch(ID_PATTERN)
    expect(second).not.toBe(first)
    expect(brand.allowSignUps).toBe(true)
    expect(await linkWorks(brand, first)).toBe(false)
    expect(await linkWorks(brand, second)).toBe(true)

    await thrownResponse(change(owner, brand, 'close'))
    await brand.reload()
    expect(brand.allowSignUps).toBe(false)
    expect(brand.selfSignupHash).toBe(second)
    expect(await linkWorks(brand, second)).toBe(false)
  })

  it('opening a community that never had a link issues one', async () => {
    const { owner, brand } = await newCommunity()
    await brand.update({ selfSignupHash: null })
    await thrownResponse(change(owner, brand, 'open'))
    await brand.reload()
    expect(brand.selfSignupHash).toMatch(ID_PATTERN)
    expect(await linkWorks(brand, brand.selfSignupHash!)).toBe(true)
  })

  it('refuses an unknown change with 400 and changes nothing', async () => {
    const { owner, brand } = await newCommunity()
    for (const value of ['', 'delete', 'renew '.repeat(50)]) {
      const answer = await change(owner, brand, value)
      expect(initOf(answer).status).toBe(400)
      expect(
        unwrap(answer as { data: { result: { error: Record<string, string[]> } }; init: unknown }).result.error,
      ).toEqual({
        change: ['settings:errors.choiceInvalid'],
      })
    }
    const before = brand.selfSignupHash
    await brand.reload()
    expect(brand).toMatchObject({ selfSignupHash: before, allowSignUps: false })
  })

  it("answers a list button's intent no page sends (JSON, not conform's) with 400, not a failure", async () => {
    const { owner, brand } = await newCommunity()
    const body = new URLSearchParams({ intent: '%00%ZZ', change: 'renew', __intent__: '9'.repeat(40) })
    const answer = await tabAction(
      routeArgs(tabPath(brand), { brand: brand.slug }, { method: 'POST', body, headers: await asOwner(owner) }),
    )
    expect(initOf(answer).status).toBe(400)
    const before = brand.selfSignupHash
    await brand.reload()
    expect(brand.selfSignupHash).toBe(before)
  })

  it('draws the QR code of the current link, never cached', async () => {
    const { owner, brand } = await newCommunity()
    const qr = async () =>
      qrLoader(
        routeArgs(`/resources/signup-qr/${brand.slug}`, { brand: brand.slug }, { headers: await asOwner(owner) }),
      )
    const before = await qr()
    expect(before.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
    expect(before.headers.get('Cache-Control')).toBe('private, no-store')
    const drawn = await before.text()
    expect(drawn).toMatch(/^<svg /)
    await thrownResponse(change(owner, brand, 'renew'))
    expect(await (await qr()).text()).not.toBe(drawn)
  })
})

describe('the sign-up questions', () => {
  const saveQuestions = async (owner: User, brand: Brand, fields: Record<string, string>) =>
    tabAction(
      routeArgs(
        tabPath(brand),
        { brand: brand.slug },
        {
          method: 'POST',
          body: new URLSearchParams({ intent: 'signup-form', ...fields }),
          headers: await asOwner(owner),
        },
      ),
    )

  it('are built with the form builder, turned on, and kept when turned off', async () => {
    const { owner, brand } = await newCommunity()
    const saved = await thrownResponse(
      saveQuestions(owner, brand, {
        customSignUp: 'on',
        'steps[0].fields[0].type': 'shortText',
        'steps[0].fields[0].label': 'How did you hear of us?',
        'steps[0].fields[0].required': 'on',
      }),
    )
    expect(saved).toRedirectTo(tabPath(brand))
    await brand.reload()
    expect(brand.customSignUp).toBe(true)
    expect(brand.customSignUpForm).toEqual([
      [expect.objectContaining({ name: 'how_did_you_hear_of_us', type: 'shortText', required: true })],
    ])
    expect(signupQuestions(brand)).toHaveLength(1)

    await thrownResponse(
      saveQuestions(owner, brand, {
        'steps[0].fields[0].name': 'how_did_you_hear_of_us',
        'steps[0].fields[0].type': 'shortText',
        'steps[0].fields[0].label': 'How did you hear of us?',
      }),
    )
    await brand.reload()
    expect(brand.customSignUp).toBe(false)
    expect(signupQuestions(brand)).toEqual([])
    expect(brand.customSignUpForm).toHaveLength(1)
  })

  it('refuse a bad definition with 400 and keep the stored questions', async () => {
    const { owner, brand } = await newCommunity()
    const refused = await saveQuestions(owner, brand, { customSignUp: 'on', 'steps[0].addType': 'shortText' })
    expect(initOf(refused).status).toBe(400)
    expect(
      unwrap(refused as { data: { result: { error: Record<string, string[]> } }; init: unknown }).result.error.steps,
    ).toEqual(['forms:errors.emptyStep'])
    await brand.reload()
    expect(brand.customSignUp).toBe(false)
  })
})

describe('PUT /api/brand/sign-up-link/{id}', () => {
  const put = async (owner: User | null, id: string, method = 'PUT') =>
    routeArgs(`/api/brand/sign-up-link/${id}`, { id }, { method, headers: owner ? await asOwner(owner) : {} })

  it('renews the link and answers the new hash', async () => {
    const { owner, brand } = await newCommunity()
    const old = brand.selfSignupHash!
    await brand.update({ allowSignUps: true })
    const answer = await renewCall(await put(owner, brand.id))
    expect(answer.status).toBe(200)
    const { hash } = (await answer.json()) as { hash: string }
    await brand.reload()
    expect(hash).toBe(brand.selfSignupHash)
    expect(hash).not.toBe(old)
    expect(await linkWorks(brand, old)).toBe(false)
    expect(await linkWorks(brand, hash)).toBe(true)
  })

  it('answers 404 for an unknown community, 401 signed out and 405 for another method', async () => {
    const { owner, brand } = await newCommunity()
    const hash = brand.selfSignupHash
    expect((await renewCall(await put(owner, 'x'.repeat(36)))).status).toBe(404)
    expect((await renewCall(await put(null, brand.id))).status).toBe(401)
    expect((await renewCall(await put(owner, brand.id, 'POST'))).status).toBe(405)
    expect((await renewCallGet(await put(owner, brand.id, 'GET'))).status).toBe(405)
    await brand.reload()
    expect(brand.selfSignupHash).toBe(hash)
  })
})

describe("the header's Sign up, beside Sign in", () => {
  const signUpUrl = async (path: string, params: Record<string, string>, headers?: Record<string, string>) =>
    (unwrap(await rootLoader(routeArgs(path, params, { headers }))) as { account: { signUpUrl: string | null } })
      .account.signUpUrl

  it('leads to the sign-up link a community publishes, or outside any community to /register; not when signed in', async () => {
    const { owner, brand } = await newCommunity()
    await brand.update({ allowSignUps: true, directorySettings: { ...brand.directorySettings, selfSignup: true } })
    expect(await signUpUrl(`/${brand.slug}`, { brand: brand.slug })).toBe(
      `/${brand.slug}/signup-${brand.selfSignupHash}`,
    )
    expect(await signUpUrl('/', {})).toBe('/register')
    expect(await signUpUrl(`/${brand.slug}`, { brand: brand.slug }, await asOwner(owner))).toBeNull()
  })

  it('is not offered where a community keeps its link to those it hands it to, or is closed', async () => {
    const { brand } = await newCommunity()
    expect(await signUpUrl(`/${brand.slug}`, { brand: brand.slug })).toBeNull()
  })
})
