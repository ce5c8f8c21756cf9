// The host profile ({room}/host): the host's own profile fields for a personal room; only the host
// sees it unless the host is verified (the spec's rule), and a room the visitor may not open, or one
// that is not personal, is a 404.
import { describe, expect, it } from 'vitest'
import { loader } from '#app/routes/$room.host'
import { grantRole, makeBrand, makePersonalRoom, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

async function open(roomSlug: string, brandSlug: string, userId?: string) {
  const headers: Record<string, string> = userId ? { Cookie: await signedInCookie(userId) } : {}
  return loader(routeArgs(`/${roomSlug}/host?community=${brandSlug}`, { room: roomSlug }, { headers }))
}

describe('{room}/host', () => {
  it("shows a verified host's profile to visitors, with the way into the room and the calendar", async () => {
    const brand = await makeBrand()
    const host = await makeUser({
      name: 'Vera Verified',
      verified: true,
      about: 'I run the Tuesday clinic.',
      company: 'Clinic Co',
      jobTitle: 'Nurse',
      websiteUrl: 'https://vera.example',
      linkedinUrl: 'https://www.linkedin.com/in/vera',
      calendarUrl: 'https://cal.example/vera',
    })
    const room = await makePersonalRoom(brand, host, { slug: 'vera-room', name: 'Vera’s room' })
    const visitor = await makeUser()
    await grantRole(visitor, brand)
    expect(await open(room.slug, brand.slug, visitor.id)).toMatchObject({
      isHost: false,
      room: { name: 'Vera’s room', path: `/${brand.slug}/vera-room` },
      host: {
        name: 'Vera Verified',
        about: 'I run the Tuesday clinic.',
        company: 'Clinic Co',
        jobTitle: 'Nurse',
        calendarUrl: 'https://cal.example/vera',
        links: [
          { name: 'websiteUrl', url: 'https://vera.example' },
          { name: 'linkedinUrl', url: 'https://www.linkedin.com/in/vera' },
        ],
      },
    })
  })

  it('keeps an unverified host’s profile to the host alone', async () => {
    const brand = await makeBrand()
    const host = await makeUser({ name: 'Una Unverified', verified: false })
    const room = await makePersonalRoom(brand, host, { slug: 'una-room' })
    await grantRole(host, brand)
    expect(await open(room.slug, brand.slug, host.id)).toMatchObject({ isHost: true, host: { name: 'Una Unverified' } })
    const visitor = await makeUser()
    await grantRole(visitor, brand)
    expect((await thrownResponse(open(room.slug, brand.slug, visitor.id))).status).toBe(404)
  })

  it('is a 404 for a group room, an unknown room and a room in another community', async () => {
    const brand = await makeBrand()
    const host = await makeUser({ verified: true })
    await makeRoom(brand, { slug: 'a-group', context: 'group', hostId: host.id })
    await grantRole(host, brand)
    expect((await thrownResponse(open('a-group', brand.slug, host.id))).status).toBe(404)
    expect((await thrownResponse(open('nobody-here', brand.slug, host.id))).status).toBe(404)
    await makePersonalRoom(brand, host, { slug: 'elsewhere-room' })
    expect((await thrownResponse(open('elsewhere-room', 'me', host.id))).status).toBe(404)
  })
})
