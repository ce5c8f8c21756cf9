// Personal access tokens end to end through the API's wrapper (docs/api.md#tokens): made, used, noted,
// revoked, expired; what a token does not reach (another community, the pages, a super user's powers
// short of admin scope) and its rate limit. The matrix of scopes × roles is tests/integration/permissions/api-tokens.test.ts.
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiToken, Brand, type User } from '#models/index'
import { mainBrand } from '#models/main-brand'
import { createToken, listTokens, revokeToken, tokenOf, TOKEN_PREFIX } from '#app/lib/api-tokens/api-tokens.server'
import { LIMITS, hit } from '#app/lib/platform/rate-limit.server'
import { loader as draftsLoader } from '#app/routes/api.drafts._index'
import { action as postsAction } from '#app/routes/api.posts._index'
import { action as reserveAction } from '#app/routes/api.reserved-names'
import { loader as meLoader } from '#app/routes/me._index/route'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'

let brand: Brand
let owner: User
let member: User
beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand, 'community-member')
})

const token = (user: Pick<User, 'id'>, fields: Partial<Parameters<typeof createToken>[0]> = {}) =>
  createToken({ userId: user.id, name: 'Sync script', scope: 'write', brandId: null, lifetimeDays: 30, ...fields })
const bearer = (secret: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${secret}`, ...extra })
const drafts = (headers: Record<string, string>, as?: User) =>
  apiCall(draftsLoader, `/api/drafts?brandId=${brand.id}`, { headers, as })

describe('a personal access token', () => {
  it('is shown once, kept only as a hash, and answers as its owner; its last use is noted', async () => {
    const { token: row, secret } = await token(member)
    expect(secret.startsWith(TOKEN_PREFIX)).toBe(true)
    expect(secret.length).toBeGreaterThanOrEqual(TOKEN_PREFIX.length + 43)
    const stored = await ApiToken.findByPk(row.id, { rejectOnEmpty: true })
    expect(JSON.stringify(stored.get())).not.toContain(secret.slice(TOKEN_PREFIX.length + 6))
    expect(secret.startsWith(stored.prefix)).toBe(true)
    expect(stored.lastUsedAt).toBeNull()

    expect(await drafts(bearer(secret))).toMatchObject({ status: 200, body: { drafts: expect.any(Array) } })
    const [listed] = (await listTokens(member.id)).filter((entry) => entry.id === row.id)
    expect(listed).toMatchObject({ name: 'Sync script', scope: 'write', prefix: stored.prefix, community: null })
    expect(listed!.lastUsedAt).not.toBeNull()
    expect(listed!.lastUsedAddress).toBe('127.0.0.1')
  })

  it('notes an IPv4 client by its IPv4 address, and its last use at most once a minute', async () => {
    const { token: row, secret } = await token(member)
    const now = new Date()
    await tokenOf(secret, '::ffff:192.0.2.7', now)
    await tokenOf(secret, '198.51.100.1', new Date(now.getTime() + 30_000))
    await row.reload()
    expect(row.lastUsedAddress).toBe('192.0.2.7')
    // The first read's time (MariaDB keeps whole seconds), not the second's 30 s later.
    expect(Math.abs(row.lastUsedAt!.getTime() - now.getTime())).toBeLessThan(1000)
    await tokenOf(secret, '2001:db8::1', new Date(now.getTime() + 61_000))
    expect((await row.reload()).lastUsedAddress).toBe('2001:db8::1')
  })

  it('answers for its owner whatever session cookie comes with it', async () => {
    const { secret } = await token(member)
    const post = await apiCall(postsAction, '/api/posts', {
      as: owner,
      headers: bearer(secret),
      body: { contextRoomId: brand.topLevelRoomId, message: 'Posted by a script' },
    })
    expect(post.status).toBe(201)
    expect(post.body.post.author.id).toBe(member.id)
  })

  it('is refused with 401, in the caller’s language, when unknown, malformed, revoked or expired', async () => {
    const { token: revoked, secret: revokedSecret } = await token(member)
    expect(await revokeToken(member.id, revoked.id)).toBe('Sync script')
    expect(await revokeToken(member.id, revoked.id)).toBeNull()
    const { secret: expired } = await token(member, {
      now: new Date(Date.now() - 8 * 24 * 3600 * 1000),
      lifetimeDays: 7,
    })
    for (const header of [
      `Bearer ${TOKEN_PREFIX}${'x'.repeat(43)}`,
      'Bearer',
      'Bearer one two',
      `Bearer ${revokedSecret}`,
      `Bearer ${expired}`,
    ]) {
      const response = await draftsLoader(
        routeArgs(
          `/api/drafts?brandId=${brand.id}`,
          {},
          { headers: { Authorization: header, 'Accept-Language': 'es' } },
        ),
      )
      expect(response.status, header).toBe(401)
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"')
      expect(await response.json()).toEqual({
        error: 'tokenInvalid',
        message: 'Este token de acceso no funciona: puede estar mal escrito, revocado o caducado.',
      })
    }
    // Another scheme is not a token: a browser behind a site's basic auth still calls with its session.
    const basic = { Authorization: 'Basic dXNlcjpwYXNz' }
    expect(await drafts(basic)).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
    expect((await drafts(basic, member)).status).toBe(200)
    // Neither works, nor is listed.
    expect((await listTokens(member.id)).map((entry) => entry.id)).not.toContain(revoked.id)
  })

  it('only reads at read scope: a write is 403 and writes nothing', async () => {
    const { secret } = await token(member, { scope: 'read' })
    expect((await drafts(bearer(secret))).status).toBe(200)
    const refused = await apiCall(postsAction, '/api/posts', {
      headers: bearer(secret),
      body: { contextRoomId: brand.topLevelRoomId, message: 'Should not be posted' },
    })
    expect(refused).toEqual({
      status: 403,
      body: { error: 'tokenReadOnly', message: 'This access token may only read.' },
    })
  })

  it('kept to one community, reaches nothing in another', async () => {
    const { brand: other } = await makeCommunity()
    await grantRole(member, other, 'community-member')
    const { secret } = await token(member, { brandId: other.id })
    expect((await drafts(bearer(secret))).status).toBe(403)
    expect((await apiCall(draftsLoader, `/api/drafts?brandId=${other.id}`, { headers: bearer(secret) })).status).toBe(
      200,
    )
    // A community that closes takes its tokens with it.
    await Brand.update({ status: 'deleted' }, { where: { id: other.id } })
    expect((await apiCall(draftsLoader, `/api/drafts?brandId=${other.id}`, { headers: bearer(secret) })).status).toBe(
      401,
    )
  })

  it('never reaches the pages: a page asked with a token alone asks to sign in', async () => {
    const { secret } = await token(member)
    const refused = await thrownResponse(meLoader(routeArgs('/me', {}, { headers: bearer(secret) })))
    expect(refused.headers.get('Location')).toMatch(/^\/sign-in\?redirectTo=/)
  })

  it('carries a super user’s powers only at admin scope for every community', async () => {
    const root = await makeUser({ isSuperUser: true })
    const main = await mainBrand()
    const reserve = async (fields: Partial<Parameters<typeof createToken>[0]>) => {
      const { secret } = await token(root, fields)
      return (
        await apiCall(reserveAction, '/api/reserved-names', {
          headers: bearer(secret),
          body: { names: [`root-${Date.now()}-${fields.scope}-${fields.brandId ?? 'all'}`] },
        })
      ).status
    }
    expect(await reserve({ scope: 'write' })).toBe(403)
    expect(await reserve({ scope: 'admin', brandId: main.id })).toBe(403)
    expect(await reserve({ scope: 'admin' })).toBe(200)
  })

  it('is limited per token: past the minute’s calls, 429 with Retry-After; another token is not', async () => {
    const { token: busy, secret } = await token(member)
    await hit(LIMITS.apiCallsPerToken, busy.id, LIMITS.apiCallsPerToken.max)
    const response = await draftsLoader(routeArgs(`/api/drafts?brandId=${brand.id}`, {}, { headers: bearer(secret) }))
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await response.json()).error).toBe('tooManyRequests')
    const { secret: fresh } = await token(member)
    expect((await drafts(bearer(fresh))).status).toBe(200)
  })
})
