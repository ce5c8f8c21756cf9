// Send install instructions ("Site domain must be a valid URL. Install instructions need a
// recipient email."; an existing site says so; the call
// POST /api/brand/send-install-instructions with toEmailAddresses, ccEmailAddresses, domain,
// customMessage): each rule at its boundary, nothing sent on bad input, one mail a recipient.
import { Op } from 'sequelize'
import { beforeEach, describe, expect, it } from 'vitest'
import { OutboxMessage, type Brand, type User } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { action as installAction, loader as installLoader } from '#app/routes/$brand._community.settings.install/route'
import { action as callAction } from '#app/routes/api.brand.send-install-instructions'
import { grantRole, makeCommunity, makeUser, unique } from '#tests/support/factories'
import { startSmtpServer } from '#tests/support/smtp-server'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let admin: User

beforeEach(async () => {
  ;({ brand } = await makeCommunity())
  admin = await makeUser({ name: 'Ada Admin' })
  await grantRole(admin, brand, 'community-admin')
})

const path = () => `/${brand.slug}/settings/install`
const post = async (fields: Record<string, string>) =>
  installAction(
    routeArgs(
      path(),
      { brand: brand.slug },
      { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: await signedInCookie(admin.id) } },
    ),
  )

/** Fresh addresses per test, so the outbox rows counted are this test's. */
function addresses() {
  const n = unique()
  return { to: `web-${n}@site.test`, second: `team-${n}@site.test`, cc: `boss-${n}@site.test` }
}
const mailsTo = (...recipients: string[]) => OutboxMessage.findAll({ where: { recipient: { [Op.in]: recipients } } })

describe('sending install instructions', () => {
  it('mails each recipient, to and cc, the snippet and the public install page, and says so', async () => {
    const { to, second, cc } = addresses()
    const response = await thrownResponse(
      post({
        intent: 'sendInstructions',
        toEmailAddresses: `${to}\n${second.toUpperCase()}, ${to}`,
        ccEmailAddresses: cc,
        domain: 'https://www.club.example.org',
        customMessage: 'Please add it to the home page.',
      }),
    )
    expect(response).toRedirectTo(path())
    const mails = await mailsTo(to, second, cc)
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([to, second, cc].sort())
    for (const mail of mails) {
      expect(mail.subject).toBe(`How to add ${brand.name} to www.club.example.org`)
      expect(mail.text).toContain('Ada Admin wrote:')
      expect(mail.text).toContain('Please add it to the home page.')
      expect(mail.text).toContain(
        `<script src="${env.PUBLIC_URL}/directory-embed.js" data-community="${brand.slug}" async></script>`,
      )
      expect(mail.text).toContain(`${env.PUBLIC_URL}/${brand.slug}/install`)
    }
  })

  it('leaves the custom message out when there is none', async () => {
    const { to } = addresses()
    await thrownResponse(post({ intent: 'sendInstructions', toEmailAddresses: to, domain: 'https://club.example.org' }))
    const [mail] = await mailsTo(to)
    expect(mail!.text).not.toContain('wrote:')
  })

  it.each([
    ['no recipient', { toEmailAddresses: '' }, 'toEmailAddresses', 'directory:errors.recipientRequired'],
    ['only a cc', { toEmailAddresses: ' , ' }, 'toEmailAddresses', 'directory:errors.recipientRequired'],
    [
      'a bad address',
      { toEmailAddresses: 'web@site.test\nnot-an-address' },
      'toEmailAddresses',
      'directory:errors.emailInvalid',
    ],
    ['a bad cc', { ccEmailAddresses: 'boss@' }, 'ccEmailAddresses', 'directory:errors.emailInvalid'],
    [
      '21 recipients',
      { toEmailAddresses: Array.from({ length: 21 }, (_, i) => `p${i}@site.test`).join('\n') },
      'toEmailAddresses',
      'directory:errors.tooManyRecipients',
    ],
    ['no domain', { domain: '' }, 'domain', 'settings:errors.siteUrlInvalid'],
    ['a domain without a scheme', { domain: 'club.example.org' }, 'domain', 'settings:errors.siteUrlInvalid'],
    ['a javascript: domain', { domain: 'javascript:alert(1)' }, 'domain', 'settings:errors.siteUrlInvalid'],
    [
      'a message over 2000 characters',
      { customMessage: 'x'.repeat(2001) },
      'customMessage',
      'directory:errors.messageTooLong',
    ],
  ])('refuses %s: 400, its message, what was typed kept, nothing sent', async (_name, change, field, message) => {
    const { to, cc } = addresses()
    const fields = {
      intent: 'sendInstructions',
      toEmailAddresses: to,
      ccEmailAddresses: cc,
      domain: 'https://club.example.org',
      customMessage: 'Hello',
      ...change,
    }
    const result = await post(fields)
    expect(initOf(result).status).toBe(400)
    const reply = unwrap(result) as {
      intent: string
      result: { error: Record<string, string[]>; initialValue: Record<string, string> }
    }
    expect(reply.intent).toBe('sendInstructions')
    expect(reply.result.error[field]).toEqual([message])
    expect(reply.result.initialValue.customMessage).toBe(fields.customMessage)
    expect(
      await mailsTo(to, cc, 'web@site.test', 'boss@', ...Array.from({ length: 21 }, (_, i) => `p${i}@site.test`)),
    ).toEqual([])
  })

  it('accepts exactly 20 recipients and a 2000-character message', async () => {
    const n = unique()
    const many = Array.from({ length: 20 }, (_, i) => `many-${n}-${i}@site.test`)
    await thrownResponse(
      post({
        intent: 'sendInstructions',
        toEmailAddresses: many.join(','),
        domain: 'https://club.example.org',
        customMessage: 'y'.repeat(2000),
      }),
    )
    expect(await mailsTo(...many)).toHaveLength(20)
  })
})

describe('when the mail server refuses', () => {
  it('says the instructions were not sent, keeping what was typed', async () => {
    const refusing = await startSmtpServer({ rejectRecipient: (address) => address.endsWith('@nowhere.test') })
    const original = env.SMTP_URL
    env.SMTP_URL = refusing.url
    try {
      const result = await post({
        intent: 'sendInstructions',
        toEmailAddresses: 'web@nowhere.test',
        domain: 'https://club.example.org',
        customMessage: 'Kept',
      })
      expect(initOf(result).status).toBe(502)
      const reply = unwrap(result) as {
        result: { error: Record<string, string[]>; initialValue: Record<string, string> }
      }
      expect(reply.result.error['']).toEqual(['directory:errors.sendFailed'])
      expect(reply.result.initialValue.customMessage).toBe('Kept')
    } finally {
      env.SMTP_URL = original
      await refusing.close()
    }
  })
})

describe('how often', () => {
  it('allows a community 10 sends an hour; the 11th is a 429 that sends nothing', async () => {
    const sent: string[] = []
    for (let i = 0; i < 10; i += 1) {
      const { to } = addresses()
      sent.push(to)
      expect(
        (
          await thrownResponse(
            post({ intent: 'sendInstructions', toEmailAddresses: to, domain: 'https://club.example.org' }),
          )
        ).status,
      ).toBe(302)
    }
    expect(await mailsTo(...sent)).toHaveLength(10)
    const { to } = addresses()
    const result = await post({ intent: 'sendInstructions', toEmailAddresses: to, domain: 'https://club.example.org' })
    expect(initOf(result).status).toBe(429)
    expect((unwrap(result) as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      'directory:errors.tooManySends',
    ])
    expect(await mailsTo(to)).toEqual([])
    // Another community's sends are its own.
    const { brand: other, owner } = await makeCommunity()
    const { to: elsewhere } = addresses()
    const response = await thrownResponse(
      installAction(
        routeArgs(
          `/${other.slug}/settings/install`,
          { brand: other.slug },
          {
            method: 'POST',
            body: new URLSearchParams({
              intent: 'sendInstructions',
              toEmailAddresses: elsewhere,
              domain: 'https://club.example.org',
            }),
            headers: { Cookie: await signedInCookie(owner.id) },
          },
        ),
      ),
    )
    expect(response.status).toBe(302)
  })
})

describe('the install tab', () => {
  it('says when the community already has a site, and offers it as the domain', async () => {
    const load = async () =>
      installLoader(routeArgs(path(), { brand: brand.slug }, { headers: { Cookie: await signedInCookie(admin.id) } }))
    expect((await load()).siteUrl).toBeNull()
    await brand.update({ embeddedClientUrl: 'https://club.example.org/', documentDomain: 'club.example.org' })
    expect((await load()).siteUrl).toBe('https://club.example.org/')
    expect((await load()).snippets.script).toBe(
      `<script src="${env.PUBLIC_URL}/directory-embed.js" data-community="${brand.slug}" async></script>`,
    )
  })

  it('still saves the site address through its own form', async () => {
    const response = await thrownResponse(post({ intent: 'install', siteUrl: 'https://club.example.org/home' }))
    expect(response.status).toBe(302)
  })
})

describe('POST /api/brand/send-install-instructions (JSON)', () => {
  const call = async (body: unknown, as: User | null = admin, type = 'application/json') =>
    callAction(
      routeArgs(
        '/api/brand/send-install-instructions',
        {},
        {
          method: 'POST',
          body: typeof body === 'string' ? body : JSON.stringify(body),
          headers: { 'Content-Type': type, ...(as ? { Cookie: await signedInCookie(as.id) } : {}) },
        },
      ),
    )

  it('sends to each address of the lists, as the form does', async () => {
    const { to, second, cc } = addresses()
    const response = await call({
      toEmailAddresses: [to, second],
      ccEmailAddresses: [cc],
      domain: 'https://club.example.org',
      customMessage: '',
      brandId: brand.id,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ sent: 3 })
    expect(await mailsTo(to, second, cc)).toHaveLength(3)
  })

  it("answers the form's messages by field, and sends nothing", async () => {
    const response = await call({ toEmailAddresses: [], domain: 'club.example.org', brandId: brand.id })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      errors: { toEmailAddresses: ['directory:errors.recipientRequired'], domain: ['settings:errors.siteUrlInvalid'] },
    })
  })

  it('refuses a body that is not JSON, and a community that is not there, in JSON', async () => {
    const form = await call('toEmailAddresses=a@b.test', admin, 'application/x-www-form-urlencoded')
    expect(form.status).toBe(415)
    expect(await form.json()).toMatchObject({ error: 'notJson' })
    expect((await call('{not json')).status).toBe(400)
    expect(await (await call('[]')).json()).toMatchObject({ error: 'notAnObject' })
    const missing = await call({
      toEmailAddresses: ['a@b.test'],
      domain: 'https://club.example.org',
      brandId: 'no-such-community',
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'communityNotFound', message: 'This community does not exist.' })
  })

  it("is for the community's admins only, like the install tab", async () => {
    const member = await makeUser()
    await grantRole(member, brand)
    const { to } = addresses()
    const body = { toEmailAddresses: [to], domain: 'https://club.example.org', brandId: brand.id }
    const denied = await call(body, member)
    expect(denied.status).toBe(403)
    expect(await denied.json()).toMatchObject({ error: 'forbidden' })
    const signedOut = await call(body, null)
    expect(signedOut.status).toBe(401)
    expect(await signedOut.json()).toMatchObject({ error: 'unauthorized' })
    expect(await mailsTo(to)).toEqual([])
  })
})
