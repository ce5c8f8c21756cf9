// Social sign-in (/connect/{provider}) through the route's loader against a real OAuth2/OIDC server
// on loopback (oauth2-mock-server): the loader sends the "browser" to the provider's authorize URL,
// the test follows it like a browser would (the mock approves at once and redirects back with a
// code), and the loader handles the callback. The mock's userinfo answers whatever profile the test
// sets; its token endpoint checks the PKCE verifier against the challenge it was given.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { OAuth2Server, type MutableResponse } from 'oauth2-mock-server'
import { OAuthAccount, Session, User } from '#models/index'
import { env, parseEnv } from '#app/lib/platform/env.server'
import { getSession, viewer } from '#app/lib/http/session.server'
import { loader as connectLoader } from '#app/routes/connect.$provider'
import { loader as signInLoader } from '#app/routes/sign-in/route'
import { seedDemo } from '#models/seed'
import { TestBrowser, type Outcome } from '#tests/support/browser'

const CALLBACK = `${env.PUBLIC_URL}/connect/loopback`
const original = { providers: env.oauthProviders }
const mock = new OAuth2Server()
let base: string

type Profile = Record<string, unknown>
/** What the provider's userinfo endpoint answers next. */
let userinfo: Profile = {}
/** Token requests the provider received (their form fields). */
let tokenRequests: Array<Record<string, string>> = []
/** When set, the token endpoint answers with this status and an OAuth error instead of tokens. */
let tokenFailure: number | null = null

beforeAll(async () => {
  await seedDemo()
  await mock.issuer.keys.generate('RS256')
  await mock.start(0, '127.0.0.1')
  base = mock.issuer.url!.replace(/\/$/, '')
  mock.service.on('beforeUserinfo', (response: MutableResponse) => {
    response.body = userinfo
  })
  mock.service.on('beforeResponse', (response: MutableResponse, request: { body: Record<string, string> }) => {
    tokenRequests.push({ ...request.body })
    if (tokenFailure) Object.assign(response, { statusCode: tokenFailure, body: { error: 'invalid_grant' } })
  })
  // Configured the way an operator does it, through the same parser as the real environment.
  env.oauthProviders = parseEnv({
    NODE_ENV: 'development',
    OAUTH_PROVIDERS: 'loopback',
    OAUTH_LOOPBACK_LABEL: 'Loopback ID',
    OAUTH_LOOPBACK_CLIENT_ID: 'hearth-test',
    OAUTH_LOOPBACK_CLIENT_SECRET: 'hearth-test-secret',
    OAUTH_LOOPBACK_AUTHORIZE_URL: `${base}/authorize`,
    OAUTH_LOOPBACK_TOKEN_URL: `${base}/token`,
    OAUTH_LOOPBACK_USERINFO_URL: `${base}/userinfo`,
  }).oauthProviders
})

beforeEach(() => {
  userinfo = {}
  tokenRequests = []
  tokenFailure = null
})

afterAll(async () => {
  env.oauthProviders = original.providers
  await mock.stop()
})

// ---------------------------------------------------------------------------------------------

/** A browser going through /connect/{provider} and back to the sign-in page. */
class Browser extends TestBrowser {
  connect(path: string) {
    const provider = /^\/connect\/([^/?]+)/.exec(path)?.[1] ?? ''
    return this.run(connectLoader, path, { params: { provider } })
  }

  signInPage(path: string) {
    return this.run(signInLoader, path)
  }

  async viewer() {
    return viewer(this.args('/').request, { cache: new Map(), clientAddress: this.address })
  }
}

/** Starts the flow and checks the redirect to the provider; returns the authorize URL. */
async function start(browser: Browser, path = '/connect/loopback?redirectTo=%2Fdemo') {
  const started = await browser.connect(path)
  expect(started.status).toBe(302)
  const authorize = new URL(started.location!)
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/authorize`)
  return authorize
}

/** What the provider answers the browser at its authorize URL: the callback, with code and state. */
async function approve(authorize: URL): Promise<URL> {
  const answer = await fetch(authorize, { redirect: 'manual' })
  expect(answer.status).toBe(302)
  const back = new URL(answer.headers.get('Location')!)
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK)
  return back
}

/** The whole round trip for a person with this userinfo; returns the callback's outcome. */
async function signInWith(browser: Browser, profile: Profile, path?: string) {
  userinfo = profile
  const back = await approve(await start(browser, path))
  return browser.connect(back.pathname + back.search)
}

function expectRefused(outcome: Outcome, reason: string, redirectTo = '/demo') {
  expect(outcome.status).toBe(302)
  const location = new URL(outcome.location!, 'http://localhost')
  expect(location.pathname).toBe('/sign-in')
  expect(Object.fromEntries(location.searchParams)).toEqual({
    connect: reason,
    provider: 'loopback',
    ...(redirectTo ? { redirectTo } : {}),
  })
}

let people = 0
/** A fresh person at the provider, with a verified address unknown to Hearth. */
function person(overrides: Profile = {}): Profile {
  people += 1
  return {
    sub: `subject-${people}`,
    email: `person${people}@provider.test`,
    email_verified: true,
    name: `Person ${people}`,
    ...overrides,
  }
}

// ---------------------------------------------------------------------------------------------

describe('/connect/{provider}', () => {
  it('answers a provider that is not configured with 404', async () => {
    const outcome = await new Browser().connect('/connect/nowhere')
    expect(outcome.status).toBe(404)
  })

  it('starts the flow: state kept in the session, a PKCE challenge, nothing else of ours sent along', async () => {
    const browser = new Browser()
    const authorize = await start(browser)
    const query = Object.fromEntries(authorize.searchParams)
    expect(query).toEqual({
      response_type: 'code',
      client_id: 'hearth-test',
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
    })
    const session = await getSession(new Request('http://localhost/', { headers: { Cookie: browser.cookie! } }))
    expect(session.get('oauth2:state' as never)).toBe(query.state)
    expect(session.get('redirectTo')).toBe('/demo')
    // Another start gets another state.
    expect((await start(browser)).searchParams.get('state')).not.toBe(query.state)
  })

  it('signs a new person in: account created from the profile, link recorded, new session, stored redirect', async () => {
    const browser = new Browser()
    const profile = person({ email: '  New.Person@Provider.TEST ', name: 'Nora Newcomer' })
    userinfo = profile
    const authorize = await start(browser)
    const startedSession = await browser.sessionId()
    const back = await approve(authorize)
    const outcome = await browser.connect(back.pathname + back.search)

    expect(outcome).toMatchObject({ status: 302, location: '/demo' })
    const user = await User.findOne({ where: { emailAddress: 'new.person@provider.test' }, rejectOnEmpty: true })
    expect(user.name).toBe('Nora Newcomer')
    expect(user.verified).toBe(true)
    const links = await OAuthAccount.findAll({ where: { userId: user.id } })
    expect(links.map(({ provider, subject, email }) => ({ provider, subject, email }))).toEqual([
      { provider: 'loopback', subject: profile.sub, email: 'new.person@provider.test' },
    ])
    // Session fixation: the row that carried the state is gone, the signed-in one is new.
    expect(await browser.sessionId()).not.toBe(startedSession)
    expect(await Session.count({ where: { id: startedSession! } })).toBe(0)
    expect((await browser.viewer()).user?.id).toBe(user.id)
    // The token request proved the flow with the verifier (the mock checked it against the
    // challenge) and the client's credentials, for the same redirect URI.
    expect(tokenRequests).toHaveLength(1)
    const challenge = authorize.searchParams.get('code_challenge')
    expect(createHash('sha256').update(tokenRequests[0]!.code_verifier!).digest('base64url')).toBe(challenge)
    expect(tokenRequests[0]).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'hearth-test',
      client_secret: 'hearth-test-secret',
      redirect_uri: CALLBACK,
      code: back.searchParams.get('code'),
    })
  })

  it('signs the same person in again as the same user, whatever address the provider now gives', async () => {
    const profile = person()
    expect((await signInWith(new Browser(), profile)).location).toBe('/demo')
    const users = await User.count()
    const first = await OAuthAccount.findOne({ where: { subject: profile.sub as string }, rejectOnEmpty: true })

    const browser = new Browser()
    const again = await signInWith(
      browser,
      { ...profile, email: 'moved@provider.test', email_verified: 'true' },
      '/connect/loopback',
    )
    expect(again).toMatchObject({ status: 302, location: '/me' })
    expect(await User.count()).toBe(users)
    expect((await browser.viewer()).user?.id).toBe(first.userId)
    await first.reload()
    expect(first.email).toBe('moved@provider.test')
    // The user's own address is Hearth's business, not the provider's.
    expect((await User.findByPk(first.userId))!.emailAddress).toBe(profile.email)
  })

  it('links an existing account with the same verified address instead of making a second one', async () => {
    const owner = await User.findOne({ where: { emailAddress: 'owner@demo.hearth.test' }, rejectOnEmpty: true })
    const users = await User.count()
    const browser = new Browser()
    const outcome = await signInWith(browser, person({ email: 'OWNER@demo.hearth.test', name: 'Someone Else' }))
    expect(outcome.location).toBe('/demo')
    expect(await User.count()).toBe(users)
    expect((await browser.viewer()).user?.id).toBe(owner.id)
    expect(await OAuthAccount.count({ where: { userId: owner.id, provider: 'loopback' } })).toBe(1)
    // Linking takes nothing from the profile: the name stays the member's own.
    expect((await User.findByPk(owner.id))!.name).toBe('Olivia Owner')
  })

  it('adds the identity to the account switcher of a browser already signed in', async () => {
    const browser = new Browser()
    const first = await signInWith(browser, person())
    expect(first.status).toBe(302)
    const firstUser = (await browser.viewer()).user!.id
    await signInWith(browser, person())
    const { user, accounts } = await browser.viewer()
    expect(user?.id).not.toBe(firstUser)
    expect(accounts.map((account) => account.userId)).toEqual([user!.id, firstUser])
  })

  it.each([
    ['an unverified address', { email_verified: false }],
    ['an address without the verified claim', { email_verified: undefined }],
    ['no address at all', { email: undefined }],
    ['a malformed address', { email: 'not-an-address' }],
  ])('refuses %s: back to sign-in with the message, nobody created or linked', async (_case, overrides) => {
    const users = await User.count()
    const links = await OAuthAccount.count()
    const browser = new Browser()
    const outcome = await signInWith(browser, person(overrides))
    expectRefused(outcome, 'emailUnverified')
    expect(await User.count()).toBe(users)
    expect(await OAuthAccount.count()).toBe(links)
    expect((await browser.viewer()).user).toBeNull()

    const page = await browser.signInPage(outcome.location!)
    expect(page.status).toBe(401)
    expect(page.data.connectFailure).toEqual({
      message: 'auth:connect.emailUnverified',
      status: 401,
      provider: { name: 'loopback', label: 'Loopback ID' },
    })
  })

  it('refuses an address already linked to another account at the same provider', async () => {
    const profile = person()
    expect((await signInWith(new Browser(), profile)).location).toBe('/demo')
    const links = await OAuthAccount.count()
    const outcome = await signInWith(new Browser(), { ...profile, sub: 'someone-else' })
    expectRefused(outcome, 'emailLinked')
    expect(await OAuthAccount.count()).toBe(links)
    const page = await new Browser().signInPage(outcome.location!)
    expect(page.status).toBe(409)
    expect(page.data.connectFailure.message).toBe('auth:connect.emailLinked')
  })

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const browser = new Browser()
    userinfo = person()
    const back = await approve(await start(browser))
    back.searchParams.set('state', 'forged-state')
    expectRefused(await browser.connect(back.pathname + back.search), 'failed')
    expect(tokenRequests).toHaveLength(0)
    expect((await browser.viewer()).user).toBeNull()
  })

  it('refuses a callback in a browser that never started the flow (login CSRF)', async () => {
    userinfo = person()
    const back = await approve(await start(new Browser()))
    const stranger = new Browser()
    expectRefused(await stranger.connect(back.pathname + back.search), 'failed', '')
    expect(tokenRequests).toHaveLength(0)
    expect(stranger.cookie).toBeNull()
  })

  it('drops the state after a failure, so the callback cannot be replayed', async () => {
    const browser = new Browser()
    userinfo = person()
    const back = await approve(await start(browser))
    tokenFailure = 400
    expectRefused(await browser.connect(back.pathname + back.search), 'failed')
    tokenFailure = null
    expectRefused(await browser.connect(back.pathname + back.search), 'failed', '')
    expect(tokenRequests).toHaveLength(1)
    expect((await browser.viewer()).user).toBeNull()
  })

  it('takes denied consent (error=access_denied) back to sign-in with the try-again message', async () => {
    const browser = new Browser()
    const state = (await start(browser)).searchParams.get('state')!
    const outcome = await browser.connect(`/connect/loopback?error=access_denied&state=${state}`)
    expectRefused(outcome, 'failed')
    const page = await browser.signInPage(outcome.location!)
    expect(page.status).toBe(401)
    expect(page.data.connectFailure.message).toBe('auth:connect.failed')
    expect(page.data.redirectTo).toBe('/demo')
  })

  it('takes a userinfo endpoint that fails back to sign-in', async () => {
    const browser = new Browser()
    userinfo = {}
    const back = await approve(await start(browser))
    mock.service.once('beforeUserinfo', (response: MutableResponse) => {
      response.statusCode = 500
    })
    expectRefused(await browser.connect(back.pathname + back.search), 'failed')
  })
})

describe('the sign-in page', () => {
  it('offers each configured provider by its label', async () => {
    const page = await new Browser().signInPage('/sign-in')
    expect(page.status).toBe(200)
    expect(page.data.providers).toEqual([{ name: 'loopback', label: 'Loopback ID' }])
    expect(page.data.connectFailure).toBeNull()
  })

  it('ignores failure reasons and providers it does not know', async () => {
    for (const query of ['connect=whatever&provider=loopback', 'connect=failed&provider=nowhere', 'connect=failed']) {
      const page = await new Browser().signInPage(`/sign-in?${query}`)
      expect(page.status).toBe(200)
      expect(page.data.connectFailure).toBeNull()
    }
  })
})
