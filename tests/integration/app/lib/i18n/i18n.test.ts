import { describe, expect, it } from 'vitest'
import { languageCookie, resolveLanguage } from '#app/lib/i18n/i18n.server'

async function request({ cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string } = {}) {
  const headers = new Headers()
  if (cookie) headers.set('Cookie', (await languageCookie.serialize(cookie)).split(';')[0]!)
  if (acceptLanguage) headers.set('Accept-Language', acceptLanguage)
  return new Request('http://localhost/demo', { headers })
}

describe('resolveLanguage', () => {
  it('falls back to English when nothing says otherwise', async () => {
    expect(await resolveLanguage(await request())).toBe('en')
    expect(await resolveLanguage(await request(), { communityLanguage: null, preferredLanguage: null })).toBe('en')
  })

  it('puts the community language first', async () => {
    const all = await request({ cookie: 'es', acceptLanguage: 'es' })
    expect(await resolveLanguage(all, { communityLanguage: 'pt', preferredLanguage: 'es' })).toBe('pt')
  })

  it('then the member preferred language', async () => {
    const all = await request({ cookie: 'pt', acceptLanguage: 'pt' })
    expect(await resolveLanguage(all, { preferredLanguage: 'es' })).toBe('es')
    expect(await resolveLanguage(all, { communityLanguage: null, preferredLanguage: 'es' })).toBe('es')
  })

  it('then the language switch cookie, over the browser', async () => {
    expect(await resolveLanguage(await request({ cookie: 'pt', acceptLanguage: 'es' }))).toBe('pt')
  })

  it('then Accept-Language', async () => {
    expect(await resolveLanguage(await request({ acceptLanguage: 'es' }))).toBe('es')
    expect(await resolveLanguage(await request({ acceptLanguage: 'pt-BR,pt;q=0.9,en;q=0.8' }))).toBe('pt')
    expect(await resolveLanguage(await request({ acceptLanguage: 'es-MX' }))).toBe('es')
    expect(await resolveLanguage(await request({ acceptLanguage: 'en-GB' }))).toBe('en')
  })

  it('lets unsupported values fall through to the next source', async () => {
    const all = await request({ cookie: 'fr', acceptLanguage: 'es' })
    expect(await resolveLanguage(all, { communityLanguage: 'fr', preferredLanguage: 'de' })).toBe('es')
    expect(
      await resolveLanguage(await request({ cookie: 'pt' }), { communityLanguage: 'xx', preferredLanguage: 'es' }),
    ).toBe('es')
    expect(await resolveLanguage(await request({ cookie: 'de' }))).toBe('en')
    expect(await resolveLanguage(await request({ acceptLanguage: 'fr-FR' }))).toBe('en')
  })

  it('ignores a cookie not signed by the switch format, or garbled', async () => {
    const headers = { Cookie: 'lng=not-base64-json', 'Accept-Language': 'pt' }
    expect(await resolveLanguage(new Request('http://localhost/', { headers }))).toBe('pt')
  })

  it('takes the first supported language from Accept-Language, skipping unsupported ones', async () => {
    expect(await resolveLanguage(await request({ acceptLanguage: 'fr-FR,fr;q=0.9,es;q=0.8,en;q=0.5' }))).toBe('es')
    expect(await resolveLanguage(await request({ acceptLanguage: 'de,pt;q=0.5' }))).toBe('pt')
  })
})
