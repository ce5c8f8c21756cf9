import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OutboxMessage } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { DeliveryError, deliver } from '#app/lib/platform/outbox.server'
import { sendSignInCode } from '#app/lib/identity/sign-in-messages.server'
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server'

// The env module parsed process.env when the setup file imported it; the mail module reads
// env.SMTP_URL at each send, so pointing it at a loopback server here is enough.
const originalSmtpUrl = env.SMTP_URL
let smtp: TestSmtpServer
let refusing: TestSmtpServer

const CODE = '482913'
const LINK = 'http://localhost:3000/magic?token=tok_Abc123&brand=demo'

beforeAll(async () => {
  smtp = await startSmtpServer()
  refusing = await startSmtpServer({ rejectRecipient: (address) => address.endsWith('@nowhere.test') })
})

afterEach(() => {
  env.SMTP_URL = originalSmtpUrl
})

afterAll(async () => {
  await smtp.close()
  await refusing.close()
})

describe('mail through SMTP', () => {
  const cases = [
    {
      language: 'en',
      subject: `Your Hearth sign-in code: ${CODE}`,
      text: [
        'Sign in to Hearth',
        'Enter this code to sign in:',
        'The code expires in 10 minutes.',
        `Sign in: ${LINK}`,
        'If you did not ask for this, ignore this message.',
      ],
      button: '>Sign in</a>',
    },
    {
      language: 'es',
      subject: `Tu código de acceso a Hearth: ${CODE}`,
      text: [
        'Inicia sesión en Hearth',
        'El código caduca en 10 minutos.',
        `Iniciar sesión: ${LINK}`,
        'Si no lo has solicitado, ignora este mensaje.',
      ],
      button: '>Iniciar sesión</a>',
    },
    {
      language: 'pt',
      subject: `Seu código de acesso a Hearth: ${CODE}`,
      text: [
        'Entre em Hearth',
        'O código expira em 10 minutos.',
        `Entrar: ${LINK}`,
        'Se você não pediu isto, ignore esta mensagem.',
      ],
      button: '>Entrar</a>',
    },
  ] as const

  for (const { language, subject, text, button } of cases) {
    it(`delivers a sign-in code in ${language} with subject, text and HTML parts`, async () => {
      env.SMTP_URL = smtp.url
      const to = `reader-${language}@example.test`
      const row = await sendSignInCode({ channel: 'mail', to, code: CODE, link: LINK, language })

      const mail = await smtp.waitForMessage(to)
      expect(mail.envelope.to).toEqual([to])
      expect(mail.headers.from).toBe(env.MAIL_FROM)
      expect(mail.subject).toBe(subject)
      for (const line of text) expect(mail.text).toContain(line)
      expect(mail.text).toContain(`\n${CODE}\n`)
      expect(mail.html).toContain(`<html lang="${language}">`)
      expect(mail.html).toContain(`>${CODE}</p>`)
      expect(mail.html).toContain(button)
      // The link sits in an attribute, so its & is escaped there; a mail client reads it back as &.
      expect(mail.html).toContain(`href="${LINK.replace('&', '&#38;')}"`)

      expect(row.status).toBe('sent')
      expect(row.recipient).toBe(to)
    })
  }

  it('records the sent message without the code or the link', async () => {
    env.SMTP_URL = smtp.url
    const to = 'private@example.test'
    const { id } = await sendSignInCode({ channel: 'mail', to, code: CODE, link: LINK, language: 'en' })
    await smtp.waitForMessage(to)

    const row = await OutboxMessage.findByPk(id, { rejectOnEmpty: true })
    expect(row.status).toBe('sent')
    expect(row.attempts).toBe(1)
    expect(row.sentAt).toBeInstanceOf(Date)
    expect(row.lastError).toBeNull()
    expect(row.meta).toEqual({ providerId: expect.any(String) })
    expect(row.subject).toBe('Your Hearth sign-in code: [redacted]')
    const stored = JSON.stringify(row.toJSON())
    expect(stored).not.toContain(CODE)
    expect(stored).not.toContain('tok_Abc123')
  })

  it('keeps other meta, and sends content it was given as it is', async () => {
    env.SMTP_URL = smtp.url
    const to = 'plain@example.test'
    const row = await deliver({
      channel: 'mail',
      recipient: to,
      subject: 'Hello',
      text: 'Just text',
      meta: { kind: 'welcome' },
    })
    const mail = await smtp.waitForMessage(to)
    expect(mail.subject).toBe('Hello')
    expect(mail.text).toBe('Just text')
    expect(mail.html).toBeNull()
    expect(row.meta).toEqual({ kind: 'welcome', providerId: expect.any(String) })
  })
})

describe('mail without SMTP_URL (dev outbox)', () => {
  it('stores the message as dev with its code and link, and sends nothing', async () => {
    env.SMTP_URL = undefined
    const before = smtp.messages.length
    const { id } = await sendSignInCode({
      channel: 'mail',
      to: 'dev@example.test',
      code: CODE,
      link: LINK,
      language: 'en',
    })

    const row = await OutboxMessage.findByPk(id, { rejectOnEmpty: true })
    expect(row.status).toBe('dev')
    expect(row.attempts).toBe(0)
    expect(row.sentAt).toBeNull()
    expect(row.meta).toEqual({ code: CODE, link: LINK })
    expect(row.subject).toBe(`Your Hearth sign-in code: ${CODE}`)
    expect(row.text).toContain(CODE)
    expect(row.html).toContain(CODE)
    expect(smtp.messages.length).toBe(before)
  })
})

describe('mail the SMTP server refuses', () => {
  it('records a failed row and throws a DeliveryError', async () => {
    env.SMTP_URL = refusing.url
    const error = await sendSignInCode({
      channel: 'mail',
      to: 'ghost@nowhere.test',
      code: CODE,
      link: LINK,
      language: 'en',
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(DeliveryError)
    const failure = error as DeliveryError
    expect(failure.channel).toBe('mail')
    expect(failure.reason).toMatch(/550/)
    expect(failure.message).not.toContain('ghost@nowhere.test')

    const row = await OutboxMessage.findByPk(failure.outboxId, { rejectOnEmpty: true })
    expect(row.status).toBe('failed')
    expect(row.attempts).toBe(1)
    expect(row.sentAt).toBeNull()
    expect(row.lastError).toBe(failure.reason)
    expect(row.meta).toEqual({})
    expect(JSON.stringify(row.toJSON())).not.toContain(CODE)
    expect(refusing.messages).toHaveLength(0)
  })

  it('fails the same way when nothing listens at SMTP_URL', async () => {
    const closed = await startSmtpServer()
    await closed.close()
    env.SMTP_URL = closed.url
    const error = await deliver({ channel: 'mail', recipient: 'a@example.test', subject: 'S', text: 'T' }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(DeliveryError)
    const row = await OutboxMessage.findByPk((error as DeliveryError).outboxId, { rejectOnEmpty: true })
    expect(row.status).toBe('failed')
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i)
  })
})
