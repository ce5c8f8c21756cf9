import { env } from './env.server'

/**
 * SMS through a Twilio-compatible REST API (Twilio itself, or any provider or mock that speaks its
 * Messages resource). Callers go through the outbox (outbox.server.ts), which records each
 * message before it is sent here.
 */

export type SmsMessage = { to: string; text: string }

// A sign-in request waits on this call; a provider that hangs must not hang the page.
const TIMEOUT_MS = 10_000

/** The provider refused the message; `message` is the provider's own explanation. */
export class SmsProviderError extends Error {
  override name = 'SmsProviderError'
  constructor(
    message: string,
    readonly status: number,
    readonly providerCode: string | number | null,
  ) {
    super(message)
  }
}

export function smsTransportConfigured(): boolean {
  return env.sms !== null
}

/** Sends one SMS; resolves with the provider's message id (`sid`), rejects on anything else. */
export async function sendSmsMessage(message: SmsMessage): Promise<{ sid: string }> {
  // Read at call time, like SMTP_URL, so tests can point it at a loopback server.
  const sms = env.sms
  if (!sms) throw new Error('SMS is not configured (SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM)')
  const response = await fetch(`${sms.apiUrl}/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: new URLSearchParams({ To: message.to, From: sms.from, Body: message.text }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new Error(networkFailure(error), { cause: error })
  })
  const body = await readJson(response)
  if (response.ok && typeof body?.sid === 'string' && body.sid) return { sid: body.sid }
  const explanation =
    typeof body?.message === 'string' && body.message
      ? body.message
      : response.ok
        ? 'The SMS provider answered without a message id'
        : `The SMS provider answered HTTP ${response.status}`
  const code = typeof body?.code === 'string' || typeof body?.code === 'number' ? body.code : null
  throw new SmsProviderError(explanation, response.status, code)
}

/** fetch says only "fetch failed"; the reason (refused, DNS, timeout) is in its cause. */
function networkFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `The SMS provider did not answer within ${TIMEOUT_MS / 1000} s`
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `The SMS provider could not be reached${cause}`
}

/** The provider's JSON, or null when it sent something else (an HTML error page from a proxy). */
async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json()
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null
  } catch {
    return null
  }
}
