import { describe, expect, it } from 'vitest'
import { createMagicLink } from '#app/lib/identity/auth.server'
import { MagicLink, Session, User } from '#models/index'
import { sessionStorage } from '#app/lib/http/session.server'
import { action as callbackAction, loader as callbackLoader } from '#app/routes/callback'
import { action as magicLinkAction, loader as magicLinkLoader } from '#app/routes/ml.$id'
import { TestBrowser } from '#tests/support/browser'
import { routeArgs, thrownResponse } from '#tests/support/route-args'

const linkId = (url: string) => url.split('/ml/')[1]!
const DAY = 24 * 3600 * 1000

async function currentUserOf(response: Response) {
  const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
  return session.get('currentUserId')
}

describe('magic links (ml/{id})', () => {
  it('sign in once and go to their destination', async () => {
    const user = await User.create({ name: 'Link User', emailAddress: 'link@example.com' })
    const url = await createMagicLink(user.id, '/demo', DAY)
    expect(linkId(url)).toMatch(/^[A-Za-z0-9_-]{36}$/)

    const response = await thrownResponse(magicLinkLoader(routeArgs(`/ml/${linkId(url)}`, { id: linkId(url) })))
    expect(response).toRedirectTo('/demo')
    expect(await currentUserOf(response)).toBe(user.id)
    const { id } = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(await Session.findByPk(id)).not.toBeNull()

    // Spent: the second click asks to sign in instead (410), and signs nobody in.
    const again = (await magicLinkLoader(routeArgs(`/ml/${linkId(url)}`, { id: linkId(url) }))) as unknown as {
      init: ResponseInit
      data: { signInUrl: string }
    }
    expect(again.init.status).toBe(410)
    expect(again.data.signInUrl).toBe('/sign-in?redirectTo=%2Fdemo')
  })

  it('ask to sign in when expired', async () => {
    const user = await User.create({ name: 'Late User', emailAddress: 'late@example.com' })
    const url = await createMagicLink(user.id, '/demo/hub', DAY)
    await MagicLink.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: linkId(url) } })
    const result = (await magicLinkLoader(routeArgs(`/ml/${linkId(url)}`, { id: linkId(url) }))) as unknown as {
      init: ResponseInit
      data: { signInUrl: string }
    }
    expect(result.init.status).toBe(410)
    expect(result.data.signInUrl).toBe('/sign-in?redirectTo=%2Fdemo%2Fhub')
  })

  it('treat an unknown id like an expired link', async () => {
    const result = (await magicLinkLoader(routeArgs('/ml/nope', { id: 'nope' }))) as unknown as {
      init: ResponseInit
      data: { signInUrl: string }
    }
    expect(result.init.status).toBe(410)
    expect(result.data.signInUrl).toBe('/sign-in?redirectTo=%2Fme')
  })

  it('never redirect off-site, whatever destination was stored', async () => {
    const user = await User.create({ name: 'Safe User', emailAddress: 'safe@example.com' })
    const url = await createMagicLink(user.id, '//evil.example/steal', DAY)
    const response = await thrownResponse(magicLinkLoader(routeArgs(`/ml/${linkId(url)}`, { id: linkId(url) })))
    expect(response).toRedirectTo('/me')
  })
})

describe('the sign-in callback', () => {
  it('signs in with an access token (a) and goes to r, without arming the host flags', async () => {
    const user = await User.create({ name: 'Callback User', emailAddress: 'callback@example.com' })
    const url = await createMagicLink(user.id, '/me', DAY)
    const response = await thrownResponse(callbackLoader(routeArgs(`/callback?a=${linkId(url)}&r=%2Fdemo&aj=1&bex=1`)))
    expect(response).toRedirectTo('/demo')
    const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(session.get('currentUserId')).toBe(user.id)
    expect(session.get('flags')).toEqual({ autoJoin: false, embedded: false })
  })

  it('arms auto-join and the embedded flag only with a host token (h) it redeems', async () => {
    const host = await User.create({ name: 'Host User', emailAddress: 'host-flags@example.com' })
    const url = await createMagicLink(host.id, '/me', DAY)
    const response = await thrownResponse(
      callbackLoader(routeArgs(`/callback?h=${linkId(url)}&r=%2Fdemo%2Fhub&aj=1&bex=1`)),
    )
    expect(response).toRedirectTo('/demo/hub')
    const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(session.get('currentUserId')).toBe(host.id)
    expect(session.get('flags')).toEqual({ autoJoin: true, embedded: true })
  })

  it('ignores aj and bex on a bare link: a signed-in host opening /callback?aj=1 from another site arms nothing', async () => {
    const host = await User.create({ name: 'Armed Host', emailAddress: 'armed@example.com' })
    const browser = await TestBrowser.signedIn(host.id)
    const before = browser.cookie
    const outcome = await browser.run(callbackLoader, '/callback?aj=1&bex=1&r=%2Fdemo%2Fhub')
    expect(outcome).toMatchObject({ status: 302, location: '/demo/hub', setCookie: null })
    expect(browser.cookie).toBe(before)
    expect((await browser.session()).get('flags')).toBeUndefined()
    // Nobody signed in: no session row is made for it either.
    const sessions = await Session.count()
    expect(await new TestBrowser().run(callbackLoader, '/callback?aj=1&r=%2Fdemo')).toMatchObject({
      status: 302,
      setCookie: null,
    })
    expect(await Session.count()).toBe(sessions)
  })

  it('never signs out on a GET: ?s= is ignored (signing out is the account menu POST)', async () => {
    const user = await User.create({ name: 'Staying User', emailAddress: 'staying@example.com' })
    const browser = await TestBrowser.signedIn(user.id)
    const sessionId = await browser.sessionId()
    const outcome = await browser.run(callbackLoader, `/callback?s=${user.id}&r=%2F`)
    expect(outcome).toMatchObject({ status: 302, location: '/', setCookie: null })
    expect(await Session.findByPk(sessionId!)).not.toBeNull()
    expect((await browser.session()).get('currentUserId')).toBe(user.id)
  })

  it('asks to sign in when the link could not be used (ml) or the token is spent', async () => {
    const flagged = (await callbackLoader(routeArgs('/callback?ml=1&r=%2Fdemo'))) as unknown as {
      init: ResponseInit
      data: { signInUrl: string }
    }
    expect(flagged.init.status).toBe(410)
    expect(flagged.data.signInUrl).toBe('/sign-in?redirectTo=%2Fdemo')
    const spent = (await callbackLoader(routeArgs('/callback?a=unknown'))) as unknown as { init: ResponseInit }
    expect(spent.init.status).toBe(410)
  })

  it('treats aj=0 as no auto-join, and goes to /me without r', async () => {
    const host = await User.create({ name: 'Quiet Host', emailAddress: 'quiet-host@example.com' })
    const response = await thrownResponse(
      callbackLoader(routeArgs(`/callback?h=${linkId(await createMagicLink(host.id, '/me', DAY))}&aj=0&bex=1`)),
    )
    expect(response).toRedirectTo('/me')
    const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(session.get('flags')).toEqual({ autoJoin: false, embedded: true })
    const bare = await thrownResponse(callbackLoader(routeArgs('/callback?aj=0&bex=1')))
    expect(bare).toRedirectTo('/me')
    expect(bare.headers.get('Set-Cookie')).toBeNull()
  })
})

describe('a link for another account than the one signed in here (login CSRF)', () => {
  const routes = [
    {
      name: '/callback?a=',
      loader: callbackLoader,
      action: callbackAction,
      path: (id: string) => `/callback?a=${id}&r=%2Fdemo`,
      params: () => ({}),
      lands: '/demo',
    },
    {
      name: '/ml/{id}',
      loader: magicLinkLoader,
      action: magicLinkAction,
      path: (id: string) => `/ml/${id}`,
      params: (id: string) => ({ id }),
      lands: '/demo',
    },
  ]
  for (const route of routes) {
    it(`${route.name} asks "continue as X?" on a GET and switches only on the POST that names the account it replaces`, async () => {
      const tag = Math.random().toString(36).slice(2, 8)
      const victim = await User.create({ name: 'Victim Person', emailAddress: `victim-${tag}@example.com` })
      const attacker = await User.create({ name: 'Attacker Person', emailAddress: `attacker-${tag}@example.com` })
      const url = await createMagicLink(attacker.id, '/demo', DAY)
      const id = linkId(url)
      const browser = await TestBrowser.signedIn(victim.id)

      const asked = await browser.run(route.loader, route.path(id), { params: route.params(id) })
      expect(asked.status).toBe(200)
      expect(asked.data.prompt).toEqual({
        as: 'Attacker Person',
        current: 'Victim Person',
        currentUserId: victim.id,
        stayUrl: route.name === '/ml/{id}' ? '/' : '/demo',
      })
      expect((await browser.session()).get('currentUserId')).toBe(victim.id)
      expect((await MagicLink.findByPk(id))!.usedAt).toBeNull()

      // A POST that does not name the signed-in account (a cross-site form: no cookie, no id) asks again.
      for (const fields of [{}, { replacing: attacker.id }] as Array<Record<string, string>>) {
        const refused = await browser.run(route.action, route.path(id), { params: route.params(id), fields })
        expect(refused).toMatchObject({ status: 303, location: route.path(id) })
        expect((await browser.session()).get('currentUserId')).toBe(victim.id)
      }
      const crossSite = await new TestBrowser().run(route.action, route.path(id), {
        params: route.params(id),
        fields: { replacing: victim.id },
      })
      expect(crossSite).toMatchObject({ status: 303, setCookie: null })
      expect((await MagicLink.findByPk(id))!.usedAt).toBeNull()

      const confirmed = await browser.run(route.action, route.path(id), {
        params: route.params(id),
        fields: { replacing: victim.id },
      })
      expect(confirmed).toMatchObject({ status: 302, location: route.lands })
      expect((await browser.session()).get('currentUserId')).toBe(attacker.id)
      expect((await MagicLink.findByPk(id))!.usedAt).not.toBeNull()
    })
  }

  it('signs in without asking when nobody or the same account is signed in here', async () => {
    const user = await User.create({ name: 'Same Person', emailAddress: 'same-person@example.com' })
    const browser = await TestBrowser.signedIn(user.id)
    const id = linkId(await createMagicLink(user.id, '/demo', DAY))
    expect(await browser.run(callbackLoader, `/callback?a=${id}`)).toMatchObject({ status: 302, location: '/demo' })
  })
})
