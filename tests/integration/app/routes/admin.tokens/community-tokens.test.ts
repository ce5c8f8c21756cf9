// A community's API tokens (/{brand}/admin/tokens, docs/api.md#community-tokens): only those who run the community
// open the page; a token is a bot's, a member (or admin) of this community only, whose posts carry its name; the
// scope decides what it may do; revoking ends the token and the bot's membership; bad input makes nothing.
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiToken, Membership, Post, User, type Brand } from '#models/index'
import { communityRolesOf } from '#models/members'
import { action, loader } from '#app/routes/$brand._community.admin.tokens/route'
import * as posts from '#app/routes/api.posts._index'
import * as brands from '#app/routes/api.brands.$id'
import { apiCall } from '#tests/support/api-call'
import { TestBrowser } from '#tests/support/browser'
import { makeCommunity } from '#tests/support/factories'
import { argsAs, describeMatrix, makeMatrixWorld, only, type MatrixWorld } from '#tests/support/permission-matrix'

let brand: Brand
let owner: User
let world: MatrixWorld
beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  world = await makeMatrixWorld()
})

const page = () => `/${brand.slug}/admin/tokens`
const params = () => ({ brand: brand.slug })
const make = (browser: TestBrowser, fields: Record<string, string>) =>
  browser.run(action, page(), { params: params(), fields: { intent: 'create', lifetime: '30', ...fields } })
const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })

describeMatrix(
  'the community tokens page',
  [
    {
      name: 'GET /{brand}/admin/tokens',
      run: async (w, p) => loader(await argsAs(w, p, `/${w.brand.slug}/admin/tokens`, { brand: w.brand.slug })),
      expected: only(['owner', 'admin']),
    },
  ],
  () => world,
)

describe('community tokens', () => {
  it('make a bot that posts under its own name, kept to this community', async () => {
    const admin = await TestBrowser.signedIn(owner.id)
    const made = await make(admin, { name: 'CRM sync', scope: 'write', brandId: world.other.id })
    expect(made.status).toBe(200)
    const secret = made.data.secret as string
    expect(secret).toMatch(/^hearth_/)

    const token = await ApiToken.findOne({ where: { name: 'CRM sync' }, rejectOnEmpty: true })
    expect(token).toMatchObject({ brandId: brand.id, scope: 'write' })
    const bot = await User.findByPk(token.userId, { rejectOnEmpty: true })
    expect(bot).toMatchObject({ name: 'CRM sync', emailAddress: null, phoneNumber: null })
    expect(await Membership.findOne({ where: { brandId: brand.id, userId: bot.id } })).toMatchObject({
      source: 'bot',
      status: 'active',
    })
    expect(await communityRolesOf(bot.id, brand.id)).toEqual(['community-member'])

    const post = await apiCall(posts.action, '/api/posts', {
      headers: bearer(secret),
      body: { contextRoomId: brand.topLevelRoomId, message: 'Synced from the CRM' },
    })
    expect(post.status).toBe(201)
    expect(await Post.findByPk(post.body.post.id)).toMatchObject({ authorId: bot.id })
    // A member's write: not the settings.
    const settings = await apiCall(brands.action, `/api/brands/${brand.id}`, {
      headers: bearer(secret),
      method: 'PUT',
      body: { meetButtonEnabled: true },
      params: { id: brand.id },
    })
    expect(settings.status).toBe(403)
    expect((await admin.run(loader, page(), { params: params() })).data.tokens).toEqual([
      expect.objectContaining({ id: token.id, name: 'CRM sync', scope: 'write' }),
    ])
  })

  it('an admin token’s bot runs the community; revoking takes everything away', async () => {
    const admin = await TestBrowser.signedIn(owner.id)
    const { secret } = (await make(admin, { name: 'Ops bot', scope: 'admin' })).data
    const token = await ApiToken.findOne({ where: { name: 'Ops bot' }, rejectOnEmpty: true })
    expect(await communityRolesOf(token.userId, brand.id)).toEqual(['community-admin'])
    const change = () =>
      apiCall(brands.action, `/api/brands/${brand.id}`, {
        headers: bearer(secret),
        method: 'PUT',
        body: { meetButtonEnabled: true },
        params: { id: brand.id },
      })
    expect((await change()).status).toBe(200)

    const revoked = await admin.run(action, page(), {
      params: params(),
      fields: { intent: 'revoke', tokenId: token.id },
    })
    expect(revoked.location).toBe(page())
    expect(revoked.flash).toMatchObject({ message: 'account:tokens.revoked', values: { name: 'Ops bot' } })
    expect((await change()).status).toBe(401)
    expect(await Membership.findOne({ where: { brandId: brand.id, userId: token.userId } })).toMatchObject({
      status: 'deleted',
    })
    // Not twice, and never another community's token or a person's own.
    const again = await admin.run(action, page(), { params: params(), fields: { intent: 'revoke', tokenId: token.id } })
    expect(again.status).toBe(404)
  })

  it('refuses bad input with 400, keeps what was typed, and makes nothing', async () => {
    const admin = await TestBrowser.signedIn(owner.id)
    const before = [await ApiToken.count(), await User.count()]
    for (const [fields, field, error] of [
      [{ name: '', scope: 'write' }, 'name', 'account:tokens.errors.nameRequired'],
      [{ name: 'Bot', scope: 'owner' }, 'scope', 'account:tokens.errors.scope'],
      [{ name: 'Bot', scope: 'read', lifetime: 'forever' }, 'lifetime', 'account:tokens.errors.lifetime'],
    ] as const) {
      const refused = await make(admin, fields)
      expect(refused.status, JSON.stringify(fields)).toBe(400)
      expect(refused.data.result.error[field]).toEqual([error])
    }
    expect([await ApiToken.count(), await User.count()]).toEqual(before)
    const junk = await admin.run(action, page(), { params: params(), fields: { intent: 'revoke', tokenId: '../x' } })
    expect(junk.status).toBe(400)
  })
})
