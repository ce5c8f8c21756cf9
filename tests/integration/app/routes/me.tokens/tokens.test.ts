// /me/tokens through its loader and action on a real database: a token is made from the form (its secret in
// that answer only), listed by name and prefix, and revoked; bad input keeps what was typed and makes
// nothing; a token is kept only to a community of its owner; nobody revokes another's token.
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiToken, type Brand, type User } from '#models/index'
import { action, loader } from '#app/routes/me.tokens/route'
import { TestBrowser } from '#tests/support/browser'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'

const PAGE = '/me/tokens'
let brand: Brand
let member: User
beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand, 'community-member')
})

const create = (browser: TestBrowser, fields: Record<string, string>) =>
  browser.run(action, PAGE, { fields: { intent: 'create', scope: 'read', lifetime: '30', ...fields } })

describe('/me/tokens', () => {
  it('asks the signed out to sign in', async () => {
    const browser = new TestBrowser()
    expect((await browser.run(loader, PAGE)).location).toMatch(/^\/sign-in\?redirectTo=%2Fme%2Ftokens/)
    expect((await create(browser, { name: 'x' })).location).toMatch(/^\/sign-in/)
  })

  it('makes a token shown once, lists it, and revokes it', async () => {
    const browser = await TestBrowser.signedIn(member.id)
    expect((await browser.run(loader, PAGE)).data).toMatchObject({
      tokens: [],
      communities: [{ id: brand.id, name: brand.name }],
    })
    const made = await create(browser, { name: 'Calendar sync', scope: 'write', brandId: brand.id, lifetime: '90' })
    expect(made.status).toBe(200)
    expect(made.headers.get('Cache-Control')).toBe('private, no-store')
    expect(made.data.secret).toMatch(/^hearth_[A-Za-z0-9_-]{43}$/)
    const row = await ApiToken.findOne({ where: { userId: member.id }, rejectOnEmpty: true })
    expect(row).toMatchObject({ name: 'Calendar sync', scope: 'write', brandId: brand.id })
    expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000)).toBe(90)

    const page = await browser.run(loader, PAGE)
    expect(page.data.tokens).toEqual([
      expect.objectContaining({ id: row.id, name: 'Calendar sync', community: brand.name, prefix: row.prefix }),
    ])
    // The list never carries a secret again.
    expect(JSON.stringify(page.data)).not.toContain(made.data.secret)

    const revoked = await browser.run(action, PAGE, { fields: { intent: 'revoke', tokenId: row.id } })
    expect(revoked.location).toBe(PAGE)
    expect(revoked.flash).toMatchObject({ message: 'account:tokens.revoked', values: { name: 'Calendar sync' } })
    expect((await browser.run(loader, PAGE)).data.tokens).toEqual([])
  })

  it('refuses bad input with 400, keeps what was typed, and makes nothing', async () => {
    const browser = await TestBrowser.signedIn(member.id)
    const before = await ApiToken.count()
    for (const [fields, field, error] of [
      [{ name: '  ' }, 'name', 'account:tokens.errors.nameRequired'],
      [{ name: 'x'.repeat(81) }, 'name', 'account:tokens.errors.nameTooLong'],
      [{ name: 'Script', scope: 'root' }, 'scope', 'account:tokens.errors.scope'],
      [{ name: 'Script', lifetime: '3650' }, 'lifetime', 'account:tokens.errors.lifetime'],
      [{ name: 'Script', brandId: 'not-an-id' }, 'brandId', 'account:tokens.errors.community'],
    ] as const) {
      const refused = await create(browser, fields)
      expect(refused.status, JSON.stringify(fields)).toBe(400)
      expect(refused.data.result.error[field]).toEqual([error])
      expect(refused.data.result.initialValue).toMatchObject(fields.name.trim() ? { name: fields.name } : {})
      expect(refused.data.secret).toBeUndefined()
    }
    expect(await ApiToken.count()).toBe(before)
  })

  it('keeps a token only to a community its owner belongs to', async () => {
    const { brand: foreign } = await makeCommunity()
    const browser = await TestBrowser.signedIn(member.id)
    const refused = await create(browser, { name: 'Elsewhere', brandId: foreign.id })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error.brandId).toEqual(['account:tokens.errors.community'])
    expect(await ApiToken.count({ where: { brandId: foreign.id } })).toBe(0)
  })

  it('lets nobody revoke another person’s token, and says so', async () => {
    const owner = await TestBrowser.signedIn(member.id)
    await create(owner, { name: 'Mine' })
    const token = await ApiToken.findOne({ where: { userId: member.id, name: 'Mine' }, rejectOnEmpty: true })
    const stranger = await TestBrowser.signedIn((await makeUser()).id)
    const refused = await stranger.run(action, PAGE, { fields: { intent: 'revoke', tokenId: token.id } })
    expect(refused.status).toBe(404)
    expect(refused.data.revokeError).toBe('account:tokens.errors.notFound')
    expect((await token.reload()).revokedAt).toBeNull()
    const junk = await stranger.run(action, PAGE, { fields: { intent: 'revoke', tokenId: "1' OR 1=1" } })
    expect(junk.status).toBe(400)
  })

  it('stops at 50 tokens that work', async () => {
    const busy = await makeUser()
    const browser = await TestBrowser.signedIn(busy.id)
    await ApiToken.bulkCreate(
      Array.from({ length: 50 }, (_, n) => ({
        userId: busy.id,
        brandId: null,
        name: `Token ${n}`,
        scope: 'read' as const,
        prefix: 'hearth_xxxxxx',
        tokenHash: `${n}-${busy.id}`.padEnd(64, '0'),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    )
    const refused = await create(browser, { name: 'One more' })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error['']).toEqual(['account:tokens.errors.tooMany'])
  })
})
