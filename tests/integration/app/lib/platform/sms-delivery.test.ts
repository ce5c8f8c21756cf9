import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OutboxMessage } from '#models/index'
import { env } from '#app/lib/platform/env.server'
import { DeliveryError } from '#app/lib/platform/outbox.server'
import { sendSignInCode } from '#app/lib/identity/sign-in-messages.server'

/**
 * A loopback stand-in for Twilio's Messages resource. It checks what a real provider would (path,
 * basic auth, form body) and answers as Twilio does: 201 with a sid, or 400 with code and message.
 */
const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef'
const AUTH_TOKEN = 'test-auth-token'
const FROM = '+15005550006'
const INVALID_NUMBER = '+15005550001'

type Received = {
  path: string
  authorization: string | undefined
  contentType: string | undefined
  form: Record<string, string>
}
const received: Received[] = []
let server: Server
let apiUrl: string
const originalSms = env.sms

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)))
    received.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form,
    })
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.url?.startsWith('/broken/')) {
      // A proxy in front of the provider failing: an HTML page, not the provider's JSON.
      response.writeHead(502, { 'Content-Type': 'text/html' })
      return response.end('<html><body>Bad gateway</body></html>')
    }
    const expectedAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`
    if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) {
      return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 })
    }
    if (request.headers.authorization !== expectedAuth)
      return reply(401, { code: 20003, message: 'Authenticate', status: 401 })
    if (
      !request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ||
      !form.Body ||
      form.From !== FROM
    ) {
      return reply(400, { code: 21602, message: 'Message body is required.', status: 400 })
    }
    if (form.To === INVALID_NUMBER) {
      return reply(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 })
    }
    reply(201, { sid: `SM${'0'.repeat(30)}${received.length.toString().padStart(2, '0')}`, status: 'queued' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2010-04-01`
})

afterEach(() => {
  env.sms = originalSms
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const useProvider = (overrides: Partial<NonNullable<typeof env.sms>> = {}) => {
  env.sms = { apiUrl, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, ...overrides }
}

const CODE = '902114'
const LINK = 'http://localhost:3000/magic?token=sms_tok_XYZ'

describe('SMS through a Twilio-compatible provider', () => {
  it('posts the form with basic auth and records the message as sent without the code', async () => {
    useProvider()
    const before = received.length
    const row = await sendSignInCode({ channel: 'sms', to: '+15005550009', code: CODE, link: LINK, language: 'en' })

    expect(received.length).toBe(before + 1)
    const request = received.at(-1)!
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/)
    expect(request.form).toEqual({
      To: '+15005550009',
      From: FROM,
      Body: `${CODE} is your Hearth sign-in code. It expires in 10 minutes.`,
    })

    const stored = await OutboxMessage.findByPk(row.id, { rejectOnEmpty: true })
    expect(stored.channel).toBe('sms')
    expect(stored.status).toBe('sent')
    expect(stored.attempts).toBe(1)
    expect(stored.sentAt).toBeInstanceOf(Date)
    expect(stored.meta).toEqual({ providerId: expect.stringMatching(/^SM/) })
    expect(stored.text).toBe('[redacted] is your Hearth sign-in code. It expires in 10 minutes.')
    expect(JSON.stringify(stored.toJSON())).not.toContain(CODE)
    expect(JSON.stringify(stored.toJSON())).not.toContain('sms_tok_XYZ')
  })

  it("names the community and speaks the reader's language", async () => {
    useProvider()
    await sendSignInCode({
      channel: 'sms',
      to: '+15005550009',
      code: CODE,
      link: LINK,
      language: 'es',
      brand: { name: 'Club Norte' },
    })
    expect(received.at(-1)!.form.Body).toBe(`${CODE} es tu código de acceso a Club Norte. Caduca en 10 minutos.`)
    await sendSignInCode({ channel: 'sms', to: '+15005550009', code: CODE, link: LINK, language: 'pt' })
    expect(received.at(-1)!.form.Body).toBe(`${CODE} é seu código de acesso a Hearth. Ele expira em 10 minutos.`)
  })

  it("records a failed row with the provider's message and throws a DeliveryError", async () => {
    useProvider()
    const error = await sendSignInCode({
      channel: 'sms',
      to: INVALID_NUMBER,
      code: CODE,
      link: LINK,
      language: 'en',
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DeliveryError)
    const failure = error as DeliveryError
    expect(failure.channel).toBe('sms')
    expect(failure.reason).toBe("The 'To' number is not a valid phone number.")

    const row = await OutboxMessage.findByPk(failure.outboxId, { rejectOnEmpty: true })
    expect(row.status).toBe('failed')
    expect(row.attempts).toBe(1)
    expect(row.sentAt).toBeNull()
    expect(row.lastError).toBe("The 'To' number is not a valid phone number.")
    expect(row.meta).toEqual({})
    expect(JSON.stringify(row.toJSON())).not.toContain(CODE)
  })

  it('fails with the provider message when the credentials are wrong', async () => {
    useProvider({ authToken: 'wrong' })
    const error = await sendSignInCode({
      channel: 'sms',
      to: '+15005550009',
      code: CODE,
      link: LINK,
      language: 'en',
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DeliveryError)
    expect((error as DeliveryError).reason).toBe('Authenticate')
  })

  it('fails with the provider message when the API URL is wrong', async () => {
    useProvider({ apiUrl: apiUrl.replace('/2010-04-01', '/elsewhere') })
    const error = await sendSignInCode({
      channel: 'sms',
      to: '+15005550009',
      code: CODE,
      link: LINK,
      language: 'en',
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DeliveryError)
    expect((error as DeliveryError).reason).toBe('The requested resource was not found')
  })

  it('fails with the HTTP status when the answer is not the provider JSON', async () => {
    useProvider({ apiUrl: apiUrl.replace('/2010-04-01', '/broken/2010-04-01') })
    const error = await sendSignInCode({
      channel: 'sms',
      to: '+15005550009',
      code: CODE,
      link: LINK,
      language: 'en',
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DeliveryError)
    expect((error as DeliveryError).reason).toBe('The SMS provider answered HTTP 502')
  })

  it('fails when nothing listens at the API URL', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    useProvider({ apiUrl: `http://127.0.0.1:${port}/2010-04-01` })
    const error = await sendSignInCode({
      channel: 'sms',
      to: '+15005550009',
      code: CODE,
      link: LINK,
      language: 'en',
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DeliveryError)
    const row = await OutboxMessage.findByPk((error as DeliveryError).outboxId, { rejectOnEmpty: true })
    expect(row.status).toBe('failed')
    expect(row.lastError).toMatch(/^The SMS provider could not be reached: connect ECONNREFUSED/)
  })
})

describe('SMS without a provider (dev outbox)', () => {
  it('stores the message as dev with its code and link, and calls no provider', async () => {
    env.sms = null
    const before = received.length
    const row = await sendSignInCode({ channel: 'sms', to: '+15005550009', code: CODE, link: LINK, language: 'en' })

    const stored = await OutboxMessage.findByPk(row.id, { rejectOnEmpty: true })
    expect(stored.status).toBe('dev')
    expect(stored.attempts).toBe(0)
    expect(stored.subject).toBeNull()
    expect(stored.html).toBeNull()
    expect(stored.text).toBe(`${CODE} is your Hearth sign-in code. It expires in 10 minutes.`)
    expect(stored.meta).toEqual({ code: CODE, link: LINK })
    expect(received.length).toBe(before)
  })
})
