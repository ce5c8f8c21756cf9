import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OutboxMessage } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { sendMagicLink, sendSignInCode } from '#app/lib/identity/sign-in-messages.server'
import { DEFAULT_THEME } from '#app/lib/communities/theme'
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server'

// Most tests read the dev outbox, which keeps the full message; one goes through SMTP to show the
// received HTML is escaped the same way.
const original = { smtpUrl: env.SMTP_URL, sms: env.sms }
let smtp: TestSmtpServer

beforeAll(async () => {
  smtp = await startSmtpServer()
})

beforeEach(() => {
  env.SMTP_URL = undefined
  env.sms = null
})

afterEach(() => {
  env.SMTP_URL = original.smtpUrl
  env.sms = original.sms
})

afterAll(async () => {
  await smtp.close()
})

const CODE = '315790'
const LINK = 'http://localhost:3000/magic?token=tok_1&next=%2Fdemo'
const HOSTILE = { name: '<b>&"Club"</b>', themeColors: { primary: '#0a7d5a', onPrimary: '#fafafa' }, fontBase: 'Inter' }
const HOSTILE_ESCAPED = '&#60;b&#62;&#38;&#34;Club&#34;&#60;/b&#62;'

async function stored(row: OutboxMessage) {
  return OutboxMessage.findByPk(row.id, { rejectOnEmpty: true })
}

describe('sendSignInCode', () => {
  it("escapes the community's name in the HTML part and keeps it plain in the subject and text", async () => {
    const row = await stored(
      await sendSignInCode({
        channel: 'mail',
        to: 'a@example.test',
        code: CODE,
        link: LINK,
        language: 'en',
        brand: HOSTILE,
      }),
    )
    expect(row.subject).toBe(`Your <b>&"Club"</b> sign-in code: ${CODE}`)
    expect(row.text).toContain('Sign in to <b>&"Club"</b>')
    expect(row.html).toContain(`Sign in to ${HOSTILE_ESCAPED}</h1>`)
    expect(row.html).toContain(`Sent by ${HOSTILE_ESCAPED}</p>`)
    expect(row.html).not.toContain('<b>')
    expect(row.html).not.toContain('"Club"')
  })

  it('sends that escaped HTML through SMTP too', async () => {
    env.SMTP_URL = smtp.url
    await sendSignInCode({
      channel: 'mail',
      to: 'escaped@example.test',
      code: CODE,
      link: LINK,
      language: 'es',
      brand: HOSTILE,
    })
    const mail = await smtp.waitForMessage('escaped@example.test')
    expect(mail.subject).toBe(`Tu código de acceso a <b>&"Club"</b>: ${CODE}`)
    expect(mail.html).toContain(`Inicia sesión en ${HOSTILE_ESCAPED}</h1>`)
    expect(mail.html).not.toContain('<b>')
  })

  it("paints the button in the community's primary colour and font", async () => {
    const row = await stored(
      await sendSignInCode({
        channel: 'mail',
        to: 'a@example.test',
        code: CODE,
        link: LINK,
        language: 'en',
        brand: HOSTILE,
      }),
    )
    expect(row.html).toContain('<td style="border-radius:6px;background:#0a7d5a;">')
    expect(row.html).toContain('color:#fafafa;')
    expect(row.html).toContain("font-family:'Inter',Roboto")
    expect(row.html).not.toContain(DEFAULT_THEME.primary)
  })

  it('falls back to the default colours and font when the community gives values that are not safe', async () => {
    const brand = {
      name: 'Club',
      themeColors: { primary: 'red;background:url(https://evil.test/x)', onPrimary: '#000' },
      fontBase: "x';}",
    }
    const row = await stored(
      await sendSignInCode({ channel: 'mail', to: 'a@example.test', code: CODE, link: LINK, language: 'en', brand }),
    )
    expect(row.html).toContain(`background:${DEFAULT_THEME.primary};`)
    expect(row.html).toContain(`color:${DEFAULT_THEME.onPrimary};`)
    expect(row.html).not.toContain('evil.test')
    expect(row.html).not.toContain("x';}")
    expect(row.html).toContain('font-family:Roboto')
  })

  it('uses the default colours without a brand, and the community name Hearth', async () => {
    const row = await stored(
      await sendSignInCode({
        channel: 'mail',
        to: 'a@example.test',
        code: CODE,
        link: LINK,
        language: 'en',
        brand: null,
      }),
    )
    expect(row.subject).toBe(`Your Hearth sign-in code: ${CODE}`)
    expect(row.html).toContain(`background:${DEFAULT_THEME.primary};`)
  })

  it('states the code, its expiry, the link and the ignore line in text and HTML', async () => {
    const row = await stored(
      await sendSignInCode({ channel: 'mail', to: 'a@example.test', code: CODE, link: LINK, language: 'en' }),
    )
    expect(row.text).toBe(
      [
        'Sign in to Hearth',
        '',
        'Enter this code to sign in:',
        '',
        CODE,
        '',
        'The code expires in 10 minutes.',
        '',
        `Sign in: ${LINK}`,
        '',
        '-- ',
        'If you did not ask for this, ignore this message.',
        'Sent by Hearth',
        '',
      ].join('\n'),
    )
    expect(row.html).toContain('The code expires in 10 minutes.')
    expect(row.html).toContain(`<a href="${LINK.replace('&', '&#38;')}"`)
    expect(row.html).toContain('If you did not ask for this, ignore this message.')
    expect(row.meta).toEqual({ code: CODE, link: LINK })
  })

  it('reads a language Hearth does not speak as English', async () => {
    const row = await stored(
      await sendSignInCode({ channel: 'mail', to: 'a@example.test', code: CODE, link: LINK, language: 'fr' }),
    )
    expect(row.subject).toBe(`Your Hearth sign-in code: ${CODE}`)
    expect(row.html).toContain('<html lang="en">')
  })

  it('writes one short SMS line', async () => {
    const row = await stored(
      await sendSignInCode({
        channel: 'sms',
        to: '+15550001111',
        code: CODE,
        link: LINK,
        language: 'en',
        brand: HOSTILE,
      }),
    )
    expect(row.text).toBe(`${CODE} is your <b>&"Club"</b> sign-in code. It expires in 10 minutes.`)
    expect(row.subject).toBeNull()
    expect(row.html).toBeNull()
  })

  it('says "join" for a sign-up link and names the event for a registration, by mail and SMS', async () => {
    const club = { name: 'Garden Club' }
    const send = (channel: 'mail' | 'sms', purpose: Parameters<typeof sendSignInCode>[0]['purpose'], language = 'en') =>
      sendSignInCode({
        channel,
        to: channel === 'sms' ? '+15550001111' : 'a@example.test',
        code: CODE,
        link: LINK,
        language,
        brand: club,
        purpose,
      }).then(stored)

    const join = await send('mail', { kind: 'join' })
    expect(join.subject).toBe(`Your code to join Garden Club: ${CODE}`)
    expect(join.text).toContain('Enter this code to finish joining Garden Club:')
    expect(join.text).not.toMatch(/sign in/i)
    expect((await send('sms', { kind: 'join' })).text).toBe(
      `${CODE} is your code to join Garden Club. It expires in 10 minutes.`,
    )

    const register = await send('mail', { kind: 'register', event: 'Spring Swap' })
    expect(register.subject).toBe(`Your code to register for Spring Swap: ${CODE}`)
    expect(register.html).toContain('Register for Spring Swap</h1>')
    expect(register.text).toContain('Enter this code to finish registering for Spring Swap in Garden Club:')
    expect(register.text).not.toMatch(/sign in/i)
    expect((await send('sms', { kind: 'register', event: 'Spring Swap' }, 'es')).text).toBe(
      `${CODE} es tu código para inscribirte en Spring Swap. Caduca en 10 minutos.`,
    )
  })
})

describe('sendMagicLink', () => {
  it('sends a generic link mail that expires in 24 hours', async () => {
    const row = await stored(await sendMagicLink({ channel: 'mail', to: 'a@example.test', link: LINK, language: 'en' }))
    expect(row.subject).toBe('Your link to Hearth')
    expect(row.text).toContain('Open the link to continue to Hearth.')
    expect(row.text).toContain('The link expires in 24 hours.')
    expect(row.text).toContain(`Open the link: ${LINK}`)
    expect(row.html).toContain('>Open the link</a>')
    expect(row.meta).toEqual({ link: LINK })
  })

  it("takes the caller's subject and message, escaped in HTML", async () => {
    const row = await stored(
      await sendMagicLink({
        channel: 'mail',
        to: 'a@example.test',
        link: LINK,
        language: 'pt',
        brand: { name: 'Clube' },
        subject: 'Sua sala está pronta',
        message: 'Visite sua sala <agora>',
      }),
    )
    expect(row.subject).toBe('Sua sala está pronta')
    expect(row.text).toContain('Visite sua sala <agora>')
    expect(row.html).toContain('Visite sua sala &#60;agora&#62;')
    expect(row.html).toContain('>Abrir o link</a>')
    expect(row.text).toContain('O link expira em 24 horas.')
  })

  it('sends the link in one SMS line', async () => {
    const generic = await stored(
      await sendMagicLink({ channel: 'sms', to: '+15550001111', link: LINK, language: 'es', brand: { name: 'Club' } }),
    )
    expect(generic.text).toBe(`Abre el enlace para continuar en Club: ${LINK} Caduca en 24 horas.`)
    const custom = await stored(
      await sendMagicLink({
        channel: 'sms',
        to: '+15550001111',
        link: LINK,
        language: 'en',
        message: 'Visit your room:',
      }),
    )
    expect(custom.text).toBe(`Visit your room: ${LINK}`)
    expect(custom.meta).toEqual({ link: LINK })
  })

  it('keeps the link out of the stored row when a transport sends it', async () => {
    env.SMTP_URL = smtp.url
    const row = await stored(
      await sendMagicLink({ channel: 'mail', to: 'link@example.test', link: LINK, language: 'en' }),
    )
    const mail = await smtp.waitForMessage('link@example.test')
    expect(mail.text).toContain(LINK)
    expect(row.status).toBe('sent')
    expect(row.text).not.toContain('tok_1')
    expect(row.html).not.toContain('tok_1')
  })
})
