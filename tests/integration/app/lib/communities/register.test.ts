import { describe, expect, it } from 'vitest'
import { Brand, OutboxMessage, RoleGrant, Role, Room, User } from '#models/index'
import { sessionStorage } from '#app/lib/http/session.server'
import { slugFromName } from '#app/lib/communities/community-registration.server'
import { action, loader } from '#app/routes/register._index/route'
import { loader as communityLoader } from '#app/routes/$brand._community._index'
import { formPost, routeArgs, thrownResponse } from '#tests/support/route-args'

const cookieOf = (response: Response) => response.headers.get('Set-Cookie')!.split(';')[0]!
const latestCode = async (to: string) =>
  (await OutboxMessage.findOne({ where: { recipient: to }, order: [['createdAt', 'DESC']] }))!.meta.code!

async function startRegistration(fields: Record<string, string>) {
  const response = (await action(formPost('/register', { intent: 'details', ...fields }))) as Response
  expect(response.status).toBe(302)
  return cookieOf(response)
}

describe('creating a community', () => {
  it('verifies the email by code, then creates the community with its owner, trial and rooms', async () => {
    const cookie = await startRegistration({
      fullName: ' Ana  Souza ',
      emailAddress: 'Ana@Example.com ',
      communityName: 'Clube do Livro',
    })
    const pending = (await loader(routeArgs('/register', {}, { headers: { Cookie: cookie } }))) as { pending: unknown }
    expect(pending.pending).toEqual({
      fullName: 'Ana  Souza',
      communityName: 'Clube do Livro',
      emailAddress: 'ana@example.com',
    })

    const code = await latestCode('ana@example.com')
    const verified = (await action(formPost('/register', { intent: 'verify', code }, { Cookie: cookie }))) as Response
    expect(verified.status).toBe(302)

    const done = await thrownResponse(loader(routeArgs('/register', {}, { headers: { Cookie: cookieOf(verified) } })))
    expect(done).toRedirectTo('/clube-do-livro')
    const session = await sessionStorage.getSession(done.headers.get('Set-Cookie'))
    const owner = await User.findOne({ where: { emailAddress: 'ana@example.com' } })
    expect(session.get('currentUserId')).toBe(owner!.id)

    const brand = (await Brand.findOne({ where: { slug: 'clube-do-livro' } }))!
    expect(brand.edition).toBe('pro')
    const trialDays = (brand.trialEndsAt!.getTime() - Date.now()) / (24 * 3600 * 1000)
    expect(trialDays).toBeGreaterThan(29.9)
    expect(trialDays).toBeLessThanOrEqual(30)
    expect(await Room.count({ where: { brandId: brand.id } })).toBe(2)
    const ownerRole = await Role.findOne({ where: { slug: 'community-owner' } })
    expect(await RoleGrant.count({ where: { userId: owner!.id, brandId: brand.id, roleId: ownerRole!.id } })).toBe(1)

    // The owner lands in it: a private community lets its members in.
    const home = await communityLoader({
      ...routeArgs('/clube-do-livro', { brand: 'clube-do-livro' }, { headers: { Cookie: cookieOf(done) } }),
    })
    expect(home.community.name).toBe('Clube do Livro')
  })

  it('keeps the typed values and says what is wrong (400)', async () => {
    const before = await OutboxMessage.count()
    const result = (await action(
      formPost('/register', { intent: 'details', fullName: 'Ana', emailAddress: 'nope', communityName: 'x' }),
    )) as unknown as {
      init: ResponseInit
      data: { result: { initialValue: Record<string, string>; error: Record<string, string[]> } }
    }
    expect(result.init.status).toBe(400)
    expect(result.data.result.error).toEqual({
      fullName: ['auth:errors.fullNameRequired'],
      emailAddress: ['auth:errors.emailRequired'],
      communityName: ['auth:errors.communityNameRequired'],
    })
    expect(result.data.result.initialValue).toMatchObject({ fullName: 'Ana', emailAddress: 'nope', communityName: 'x' })
    expect(await OutboxMessage.count()).toBe(before)
  })

  it('refuses an email that already has an account, and sends nothing', async () => {
    await User.create({ name: 'Existing Person', emailAddress: 'taken@example.com' })
    const before = await OutboxMessage.count()
    const result = (await action(
      formPost('/register', {
        intent: 'details',
        fullName: 'New Person',
        emailAddress: 'taken@example.com',
        communityName: 'Another',
      }),
    )) as unknown as {
      init: ResponseInit
      data: { error: { message: string } }
    }
    expect(result.init.status).toBe(400)
    expect(result.data.error.message).toBe('auth:errors.accountExists')
    expect(await OutboxMessage.count()).toBe(before)
  })

  it('rejects a wrong code and creates nothing', async () => {
    const cookie = await startRegistration({
      fullName: 'Bo Lind',
      emailAddress: 'bo@example.com',
      communityName: 'Bo Club',
    })
    const code = await latestCode('bo@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    const result = (await action(
      formPost('/register', { intent: 'verify', code: wrong }, { Cookie: cookie }),
    )) as unknown as { init: ResponseInit }
    expect(result.init.status).toBe(400)
    expect(await Brand.count({ where: { name: 'Bo Club' } })).toBe(0)
  })

  it('gives taken and reserved names a free link', async () => {
    expect(slugFromName('Café Society!')).toBe('cafe-society')
    expect(slugFromName('!!')).toMatch(/^community/)
    const first = await startRegistration({
      fullName: 'Kim One',
      emailAddress: 'kim1@example.com',
      communityName: 'Dev',
    })
    const verified = (await action(
      formPost('/register', { intent: 'verify', code: await latestCode('kim1@example.com') }, { Cookie: first }),
    )) as Response
    const done = await thrownResponse(loader(routeArgs('/register', {}, { headers: { Cookie: cookieOf(verified) } })))
    // "dev" is the developer console's path: the community gets dev-2.
    expect(done).toRedirectTo('/dev-2')
  })
})
