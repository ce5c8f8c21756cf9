// Blocks and mutes (users can block or mute others; the blocked-user and muted-user comment
// notices): the forms, their refusals, and the visibility functions the feed and the messages call
// (hiddenAuthorIds, mayContact, commentNotices).
import { beforeEach, describe, expect, it } from 'vitest'
import { commentNotices, hiddenAuthorIds, mayContact } from '#app/lib/connections/visibility.server'
import { action as personAction } from '#app/routes/$brand._community.contacts_.$userId/route'
import { loader as contactsLoader } from '#app/routes/$brand._community.contacts'
import { Membership, UserBlock, UserConnection, type Brand, type User } from '#models/index'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let ana: User
let ben: User
let cy: User

beforeEach(async () => {
  ;({ brand } = await makeCommunity())
  ;[ana, ben, cy] = (await Promise.all(['Ana', 'Ben', 'Cy'].map((name) => makeUser({ name })))) as [User, User, User]
  for (const user of [ana, ben, cy]) await grantRole(user, brand)
})

async function act(as: User, intent: string, other: User) {
  const args = routeArgs(
    `/${brand.slug}/contacts/${other.id}`,
    { brand: brand.slug, userId: other.id },
    {
      method: 'POST',
      body: new URLSearchParams({ intent, userId: other.id }),
      headers: { Cookie: await signedInCookie(as.id) },
    },
  )
  try {
    const result = await personAction(args)
    return { status: initOf(result).status, error: (unwrap(result) as { error: string }).error }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, error: null }
  }
}

describe('blocking', () => {
  it('refuses connection requests both ways, and ends any connection or request between them', async () => {
    await act(ana, 'request', ben)
    await act(ben, 'accept', ana)
    await act(cy, 'request', ana)
    expect((await act(ana, 'block', ben)).status).toBe(302)
    expect((await act(ana, 'block', cy)).status).toBe(302)
    expect(await UserConnection.count({ where: { brandId: brand.id } })).toBe(0)

    expect(await act(ben, 'request', ana)).toEqual({ status: 403, error: 'connections:errors.blocked' })
    expect(await act(ana, 'request', ben)).toEqual({ status: 403, error: 'connections:errors.blocked' })
    expect(await UserConnection.count({ where: { brandId: brand.id } })).toBe(0)
  })

  it('is undone by unblocking, after which requests work again', async () => {
    await act(ana, 'block', ben)
    expect((await act(ana, 'unblock', ben)).status).toBe(302)
    expect((await act(ben, 'request', ana)).status).toBe(302)
  })

  it('refuses blocking twice (409), oneself (400), someone not in the community (404), and unblocking someone not blocked (404)', async () => {
    await act(ana, 'block', ben)
    expect(await act(ana, 'block', ben)).toEqual({ status: 409, error: 'connections:errors.alreadyBlocked' })
    expect(await act(ana, 'block', ana)).toEqual({ status: 400, error: 'connections:errors.self' })
    const { owner: outsider } = await makeCommunity()
    expect(await act(ana, 'block', outsider)).toEqual({ status: 404, error: 'connections:errors.notMember' })
    expect(await act(ana, 'unblock', cy)).toEqual({ status: 404, error: 'connections:errors.notBlocked' })
    expect(await UserBlock.count({ where: { brandId: brand.id } })).toBe(1)
  })

  it('can be undone after the blocked person left the community', async () => {
    await act(ana, 'block', ben)
    await Membership.update({ status: 'deleted' }, { where: { brandId: brand.id, userId: ben.id } })
    expect((await act(ana, 'unblock', ben)).status).toBe(302)
    expect(await UserBlock.count({ where: { brandId: brand.id } })).toBe(0)
  })

  it('holds in one community only', async () => {
    const { brand: other } = await makeCommunity()
    await grantRole(ana, other)
    await grantRole(ben, other)
    await act(ana, 'block', ben)
    expect(await mayContact(ben.id, ana.id, brand.id)).toBe(false)
    expect(await mayContact(ben.id, ana.id, other.id)).toBe(true)
  })
})

describe('muting', () => {
  it('mutes and unmutes once, and leaves requests possible', async () => {
    expect((await act(ana, 'mute', ben)).status).toBe(302)
    expect(await act(ana, 'mute', ben)).toEqual({ status: 409, error: 'connections:errors.alreadyMuted' })
    expect((await act(ben, 'request', ana)).status).toBe(302)
    expect((await act(ana, 'unmute', ben)).status).toBe(302)
    expect(await act(ana, 'unmute', ben)).toEqual({ status: 404, error: 'connections:errors.notMuted' })
  })
})

describe('the visibility the feed and the messages ask', () => {
  it('hides from the viewer people blocked either way and people the viewer muted, not those who muted the viewer', async () => {
    await act(ana, 'block', ben)
    await act(ana, 'mute', cy)
    expect((await hiddenAuthorIds(ana.id, brand.id)).sort()).toEqual([ben.id, cy.id].sort())
    expect(await hiddenAuthorIds(ben.id, brand.id)).toEqual([ana.id])
    // Cy was muted by Ana: Cy still sees Ana's posts.
    expect(await hiddenAuthorIds(cy.id, brand.id)).toEqual([])
  })

  it('lets people contact each other unless either blocked the other; a mute does not stop messages', async () => {
    expect(await mayContact(ana.id, ben.id, brand.id)).toBe(true)
    await act(ana, 'mute', ben)
    expect(await mayContact(ben.id, ana.id, brand.id)).toBe(true)
    await act(ana, 'block', ben)
    expect(await mayContact(ana.id, ben.id, brand.id)).toBe(false)
    expect(await mayContact(ben.id, ana.id, brand.id)).toBe(false)
    expect(await mayContact(cy.id, ben.id, brand.id)).toBe(true)
  })

  it('gives the blocked-user and muted-user comment notices to the one who blocked or muted, a block outranking a mute', async () => {
    await act(ana, 'mute', ben)
    await act(ana, 'mute', cy)
    await act(ana, 'block', cy)
    const notices = await commentNotices(ana.id, brand.id)
    expect(Object.fromEntries(notices)).toEqual({
      [ben.id]: 'connections:notices.mutedComment',
      [cy.id]: 'connections:notices.blockedComment',
    })
    expect((await commentNotices(cy.id, brand.id)).size).toBe(0)
  })

  it('lists the blocked and the muted in the contacts drawer of the one who did it', async () => {
    await act(ana, 'block', ben)
    await act(ana, 'mute', cy)
    const data = await contactsLoader(
      routeArgs(
        `/${brand.slug}/contacts`,
        { brand: brand.slug },
        { headers: { Cookie: await signedInCookie(ana.id) } },
      ),
    )
    expect(data.blocks).toEqual({
      blocked: [{ userId: ben.id, name: 'Ben', avatar: null }],
      muted: [{ userId: cy.id, name: 'Cy', avatar: null }],
    })
  })
})
