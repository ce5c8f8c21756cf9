import { describe, expect, it } from 'vitest'
import { createMagicLink } from '#app/lib/auth.server'
import { MagicLink, Session, User } from '#app/lib/db.server'
import { sessionStorage } from '#app/lib/session.server'
import { loader as callbackLoader } from '#app/routes/callback'
import { loader as magicLinkLoader } from '#app/routes/ml.$id'
import { routeArgs, thrownResponse } from '../support/route-args'

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
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/demo')
    expect(await currentUserOf(response)).toBe(user.id)
    const { id } = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(await Session.findByPk(id)).not.toBeNull()

    // Spent: the second click asks to sign in instead (410), and signs nobody in.
    const again = (await magicLinkLoader(routeArgs(`/ml/${linkId(url)}`, { id: linkId(url) }))) as unknown as { init: ResponseInit; data: { signInUrl: string } }
    expect(again.init.status).toBe(410)
    expect(again.data.signInUrl).toBe('/sign-in?redirectTo=%2Fdemo')
  })

  it('ask to sign in when expired', async () => {
    const user = await User.create({ name: 'Late User', emailAddress: 'late@example.com' })
    const url = await createMagicLink(user.id, '/demo/hub', DAY)
    await MagicLink.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: linkId(url) } })
    const result = (await magicLinkLoader(routeArgs(`/ml/${linkId(url)}`, { id: linkId(url) }))) as unknown as { init: ResponseInit; data: { signInUrl: string } }
    expect(result.init.status).toBe(410)
    expect(result.data.signInUrl).toBe('/sign-in?redirectTo=%2Fdemo%2Fhub')
  })

  it('treat an unknown id like an expired link', async () => {
    const result = (await magicLinkLoader(routeArgs('/ml/nope', { id: 'nope' }))) as unknown as { init: ResponseInit; data: { signInUrl: string } }
    expect(result.init.status).toBe(410)
    expect(result.data.signInUrl).toBe('/sign-in?redirectTo=%2Fme')
  })

  it('never redirect off-site, whatever destination was stored', async () => {
    const user = await User.create({ name: 'Safe User', emailAddress: 'safe@example.com' })
    const url = await createMagicLink(user.id, '//evil.example/steal', DAY)
    const response = await thrownResponse(magicLinkLoader(routeArgs(`/ml/${linkId(url)}`, { id: linkId(url) })))
    expect(response.headers.get('Location')).toBe('/me')
  })
})

describe('the sign-in callback', () => {
  it('signs in with an access token (a) and goes to r', async () => {
    const user = await User.create({ name: 'Callback User', emailAddress: 'callback@example.com' })
    const url = await createMagicLink(user.id, '/me', DAY)
    const response = await thrownResponse(callbackLoader(routeArgs(`/callback?a=${linkId(url)}&r=%2Fdemo&aj=1`)))
    expect(response.headers.get('Location')).toBe('/demo')
    const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(session.get('currentUserId')).toBe(user.id)
    expect(session.get('flags')).toEqual({ autoJoin: true, embedded: false })
  })

  it('signs out the identity named by s', async () => {
    const user = await User.create({ name: 'Leaving User', emailAddress: 'leaving@example.com' })
    const url = await createMagicLink(user.id, '/me', DAY)
    const signedIn = await thrownResponse(callbackLoader(routeArgs(`/callback?a=${linkId(url)}`)))
    const cookie = signedIn.headers.get('Set-Cookie')!.split(';')[0]!
    const response = await thrownResponse(callbackLoader(routeArgs(`/callback?s=${user.id}&r=%2F`, {}, { headers: { Cookie: cookie } })))
    expect(response.headers.get('Location')).toBe('/')
    // The last identity gone, the session row goes too.
    const { id } = await sessionStorage.getSession(cookie)
    expect(id).toMatch(/.{36}/)
    expect(await Session.findByPk(id)).toBeNull()
  })

  it('asks to sign in when the link could not be used (ml) or the token is spent', async () => {
    const flagged = (await callbackLoader(routeArgs('/callback?ml=1&r=%2Fdemo'))) as unknown as { init: ResponseInit; data: { signInUrl: string } }
    expect(flagged.init.status).toBe(410)
    expect(flagged.data.signInUrl).toBe('/sign-in?redirectTo=%2Fdemo')
    const spent = (await callbackLoader(routeArgs('/callback?a=unknown'))) as unknown as { init: ResponseInit }
    expect(spent.init.status).toBe(410)
  })

  it('treats aj=0 as no auto-join and goes to /me without r', async () => {
    const response = await thrownResponse(callbackLoader(routeArgs('/callback?aj=0&bex=1')))
    expect(response.headers.get('Location')).toBe('/me')
    const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
    expect(session.get('flags')).toEqual({ autoJoin: false, embedded: true })
  })
})
