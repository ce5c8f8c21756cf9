// /embedded (claim, claim-your-name, claimed/{slug}): the claim's framed entry points,
// framed only by the main site's embedding page; the document headers that open the directory and
// /embedded to exactly that origin and keep every other page to Hearth itself.
import { describe, expect, it } from 'vitest'
import { Room, User } from '#models/index'
import { mainBrand } from '#models/main-brand'
import { documentSecurityHeaders } from '#app/lib/http/security-headers.server'
import { handle as embeddedHandle, loader as embeddedLoader } from '#app/routes/embedded'
import { loader as embeddedIndexLoader } from '#app/routes/embedded._index'
import { loader as claimLoader } from '#app/routes/embedded.claim'
import { loader as claimedLoader } from '#app/routes/embedded.claimed.$slug'
import { unique } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'

async function claimedRoom() {
  const slug = `taken${unique()}room`
  const brand = await mainBrand()
  const host = await User.create({ name: `Host ${slug}`, emailAddress: `${slug}@hosts.example` })
  await Room.create({
    slug,
    brandId: brand.id,
    hostId: host.id,
    context: 'personal',
    type: 'personal',
    name: host.name,
  })
  return slug
}

describe('/embedded', () => {
  it("is framed by the main site's embedding page only, once one is set", async () => {
    const brand = await mainBrand()
    await brand.update({ embeddedClientUrl: null })
    expect(embeddedHandle.frameAncestors(await embeddedLoader(routeArgs('/embedded/claim')))).toEqual([])
    await brand.update({ embeddedClientUrl: 'https://extension.example.org/panel' })
    expect(embeddedHandle.frameAncestors(await embeddedLoader(routeArgs('/embedded/claim')))).toEqual([
      'https://extension.example.org/panel',
    ])
    await brand.update({ embeddedClientUrl: null })
  })

  it('starts at the claim', async () => {
    const response = embeddedIndexLoader()
    expect(response).toRedirectTo('/embedded/claim')
  })

  it("fills the claim in with the link it is handed, at most a link's length", () => {
    expect(claimLoader(routeArgs('/embedded/claim?slug=ada'))).toEqual({ asked: 'ada' })
    expect(claimLoader(routeArgs(`/embedded/claim?slug=${'a'.repeat(80)}`)).asked).toHaveLength(64)
  })

  it('says a claimed link is taken and offers a free one; a free link goes to the claim', async () => {
    const slug = await claimedRoom()
    const data = await claimedLoader(routeArgs(`/embedded/claimed/${slug}`, { slug }))
    expect(data).toMatchObject({ slug, suggestion: `${slug}-2` })
    const free = await thrownResponse(
      claimedLoader(routeArgs('/embedded/claimed/nobody-has-this', { slug: 'nobody-has-this' })),
    )
    expect(free).toRedirectTo('/register/room?slug=nobody-has-this')
  })
})

describe('frame-ancestors', () => {
  it('opens a page that names its embedding origin to exactly that origin, with no X-Frame-Options', () => {
    const headers = documentSecurityHeaders('nonce', {
      embeddable: false,
      frameAncestors: ['https://club.example.org/home?x=1'],
    })
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'self' https://club.example.org")
    expect(headers['Content-Security-Policy']).not.toContain('frame-ancestors *')
    expect(headers['X-Frame-Options']).toBeUndefined()
  })

  it('keeps every other page to Hearth itself', () => {
    const headers = documentSecurityHeaders('nonce', { embeddable: false, frameAncestors: [] })
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'self'")
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN')
  })
})
