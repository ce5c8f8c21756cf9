// The community's access-denied and not-found pages (brandAccessDenied, brandRoomPostNotFound,
// brandGroupNotFound, brandEventNotFound): what they answer, to whom, with which status.
import { beforeAll, describe, expect, it } from 'vitest'
import { Brand, GroupJoinRequest, User } from '#models/index'
import { submitJoinRequest } from '#app/lib/groups/group-people.server'
import { makeRoom } from '#tests/support/factories'
import { loader as accessDenied } from '#app/routes/$brand.access-denied'
import { loader as eventNotFound } from '#app/routes/$brand.event-not-found'
import { loader as groupNotFound } from '#app/routes/$brand.group-not-found'
import { loader as postNotFound } from '#app/routes/$brand.post-not-found'
import { DEMO_ACCOUNTS, seedDemo } from '#models/seed'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let stranger: User

beforeAll(async () => {
  await seedDemo()
  stranger = await User.create({ name: 'Sam Stranger', emailAddress: 'sam@elsewhere.test' })
})

describe('/{brand}/access-denied', () => {
  const open = async (path: string, user?: User) => {
    const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
    return accessDenied(routeArgs(path, { brand: path.split('/')[1]! }, { headers }))
  }

  it('answers 403, names the account refused and offers another, back to the refused address', async () => {
    const result = await open('/demo/access-denied?redirectTo=%2Fdemo%2Fbook-club', stranger)
    expect(initOf(result).status).toBe(403)
    expect(initOf(result).headers.get('Cache-Control')).toBe('private, no-store')
    expect(unwrap(result)).toEqual({
      community: { name: 'Hearth Demo', slug: 'demo' },
      group: null,
      event: null,
      signedInAs: 'Sam Stranger',
      signInUrl: '/sign-in?redirectTo=%2Fdemo%2Fbook-club',
    })
  })

  it("at a group's room, tells a member their request waits, or offers to ask to join", async () => {
    const demo = await Brand.findOne({ where: { slug: 'demo' }, rejectOnEmpty: true })
    const member = await User.findOne({ where: { emailAddress: DEMO_ACCOUNTS[3].emailAddress }, rejectOnEmpty: true })
    const circle = await makeRoom(demo, {
      slug: 'quiet-circle',
      name: 'Quiet Circle',
      context: 'group',
      roomType: 'private',
      allowMembershipRequests: true,
      newMemberModerationEnabled: true,
    })
    const refused = '/demo/access-denied?redirectTo=%2Fdemo%2Fquiet-circle'
    expect(unwrap(await open(refused, member))).toMatchObject({
      group: { name: 'Quiet Circle', state: 'ask', joinUrl: '/demo/join/quiet-circle' },
    })
    expect(await submitJoinRequest(circle, member.id, [])).toBe('requested')
    expect(unwrap(await open(refused, member))).toMatchObject({ group: { name: 'Quiet Circle', state: 'waiting' } })
    // Someone outside the community, another page, or a group taking no requests: the plain page.
    expect(unwrap(await open(refused, stranger))).toMatchObject({ group: null })
    expect(unwrap(await open('/demo/access-denied?redirectTo=%2Fdemo%2Fquiet-circle%2Fx', member))).toMatchObject({
      group: null,
    })
    await circle.update({ allowMembershipRequests: false })
    await GroupJoinRequest.destroy({ where: { roomId: circle.id } })
    expect(unwrap(await open(refused, member))).toMatchObject({ group: null })
  })

  it('opened signed out, offers to sign in', async () => {
    const result = await open('/demo/access-denied')
    expect(initOf(result).status).toBe(403)
    expect(unwrap(result)).toMatchObject({ signedInAs: null, signInUrl: '/sign-in' })
  })

  it('never sends the sign-in to another site', async () => {
    expect(unwrap(await open('/demo/access-denied?redirectTo=https%3A%2F%2Fevil.example%2F', stranger))).toMatchObject({
      signInUrl: '/sign-in',
    })
  })

  it('of an unknown community is the community-not-found page', async () => {
    expect(await thrownResponse(open('/nowhere/access-denied', stranger))).toRedirectTo('/community-not-found')
  })
})

describe('/{brand}/{post,group,event}-not-found', () => {
  for (const [kind, loader] of [
    ['post', postNotFound],
    ['group', groupNotFound],
    ['event', eventNotFound],
  ] as const) {
    it(`${kind}: 404, naming the community`, async () => {
      const result = await loader(routeArgs(`/demo/${kind}-not-found`, { brand: 'demo' }))
      expect(initOf(result).status).toBe(404)
      expect(unwrap(result)).toEqual({ community: { name: 'Hearth Demo', slug: 'demo' } })
      const unknown = await thrownResponse(loader(routeArgs(`/nowhere/${kind}-not-found`, { brand: 'nowhere' })))
      expect(unknown).toRedirectTo('/community-not-found')
    })
  }
})
