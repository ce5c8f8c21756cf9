import { describe, expect, it } from 'vitest'
import { languageCookie } from '#app/lib/i18n/i18n.server'
import { action, loader } from '#app/routes/resources.language'
import esCommon from '#locales/es/common.json'
import enCommon from '#locales/en/common.json'
import ptCommon from '#locales/pt/common.json'
import { formPost, routeArgs, thrownResponse } from '#tests/support/route-args'

const switchLanguage = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  action(formPost('/resources/language', fields, headers))

async function cookieHeader(language: string) {
  return (await languageCookie.serialize(language)).split(';')[0]!
}

describe('resources.language action', () => {
  it('remembers a supported language in the lng cookie and goes back to the page', async () => {
    const response = await switchLanguage({ language: 'es', redirectTo: '/demo?tab=events' })
    expect(response).toRedirectTo('/demo?tab=events')
    const setCookie = response.headers.get('Set-Cookie')!
    expect(setCookie).toMatch(/^lng=/)
    expect(setCookie).toMatch(/Path=\//)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Max-Age=31536000/)
    expect(await languageCookie.parse(setCookie.split(';')[0]!)).toBe('es')
  })

  it.each(['en', 'es', 'pt'])('accepts %s', async (language) => {
    const response = await switchLanguage({ language, redirectTo: '/' })
    expect(response.status).toBe(302)
    expect(await languageCookie.parse(response.headers.get('Set-Cookie'))).toBe(language)
  })

  it('goes home when there is no page to return to', async () => {
    const response = await switchLanguage({ language: 'pt' })
    expect(response).toRedirectTo('/')
  })

  it.each([
    ['a protocol-relative URL', '//evil.com'],
    ['a backslash trick', '/\\evil.com'],
    ['an absolute URL', 'https://evil.com/phish'],
    ['a relative path', 'evil'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a tab a browser drops', '/\t/evil.com'],
    ['dot segments', '/..//evil.com'],
  ])('never redirects off-site (%s)', async (_, redirectTo) => {
    const response = await switchLanguage({ language: 'en', redirectTo })
    expect(response).toRedirectTo('/')
    // The choice is still remembered.
    expect(await languageCookie.parse(response.headers.get('Set-Cookie'))).toBe('en')
  })

  it('refuses an unsupported language with a plain-text message in English by default', async () => {
    const response = await switchLanguage({ language: 'fr', redirectTo: '/demo' })
    expect(response.status).toBe(400)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(await response.text()).toBe(enCommon.language.unsupported)
  })

  it('refuses it in Spanish to a browser that asks for Spanish', async () => {
    const response = await switchLanguage({ language: 'fr' }, { 'Accept-Language': 'es-ES,es;q=0.9' })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(esCommon.language.unsupported)
  })

  it('refuses it in the language the switch chose before', async () => {
    const response = await switchLanguage(
      { language: 'fr' },
      { Cookie: await cookieHeader('pt'), 'Accept-Language': 'es' },
    )
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(ptCommon.language.unsupported)
  })

  it('refuses a form with no language, or an empty one', async () => {
    expect((await switchLanguage({})).status).toBe(400)
    expect((await switchLanguage({ language: '' })).status).toBe(400)
    expect((await switchLanguage({ language: 'ES' })).status).toBe(400)
  })

  it('has no page: GET answers 405', async () => {
    const response = await thrownResponse(() => loader())
    expect(response.status).toBe(405)
  })
})

describe('resources.language request shape', () => {
  it('reads a multipart form as well', async () => {
    const body = new FormData()
    body.set('language', 'es')
    body.set('redirectTo', '/demo')
    const response = await action(routeArgs('/resources/language', {}, { method: 'POST', body }))
    expect(response).toRedirectTo('/demo')
  })
})
