import { OutboxMessage } from '#models/index'
import { env } from './env.server'
import { logger } from './logger.server'
import { messagesSent } from './metrics.server'
import { escapeHtml, mailTransportConfigured, sendMailMessage, type MailAttachment } from './mail.server'
import { sendSmsMessage, smsTransportConfigured } from './sms.server'

/**
 * Every mail and SMS Hearth sends goes through deliver(): it records the message, then hands it to
 * the channel's transport. With no transport configured (no SMTP_URL, no SMS provider) the message
 * stays in the outbox as status `dev`, which the developer console (/dev) shows with its code or
 * link; that is the only place a live code may rest.
 */

export type Channel = OutboxMessage['channel']
export type OutboxMeta = { code?: string; link?: string; [key: string]: unknown }
export type OutgoingMessage = {
  channel: Channel
  recipient: string
  subject?: string | null
  text: string
  html?: string | null
  /** `code` and `link` are the secrets the message carries; they are kept only in dev mode. */
  meta?: OutboxMeta
  /** Mail only: files sent with it. The dev outbox keeps them whole (meta.attachments), a real send only their names. */
  attachments?: MailAttachment[]
}

/** A send failed. The outbox row (status `failed`) records why; `reason` is the transport's message. */
export class DeliveryError extends Error {
  override name = 'DeliveryError'
  constructor(
    readonly channel: Channel,
    readonly outboxId: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    // The message names no recipient or content, so callers may log it as it is.
    super(`The ${channel} message could not be sent (outbox ${outboxId})`, options)
  }
}

type Transport = { configured: () => boolean; send: (message: OutgoingMessage) => Promise<string> }

const TRANSPORTS: Record<Channel, Transport> = {
  mail: {
    configured: mailTransportConfigured,
    send: async ({ recipient, subject, text, html, attachments }) =>
      (await sendMailMessage({ to: recipient, subject: subject ?? '', text, html, attachments })).messageId,
  },
  sms: {
    configured: smsTransportConfigured,
    send: async ({ recipient, text }) => (await sendSmsMessage({ to: recipient, text })).sid,
  },
}

const REDACTED = '[redacted]'
// The column is VARCHAR(255); a long community name must not make MySQL refuse the row.
const SUBJECT_LENGTH = 255

export async function deliver(message: OutgoingMessage): Promise<OutboxMessage> {
  const transport = TRANSPORTS[message.channel]
  const attachments = message.attachments ?? []
  const meta: OutboxMeta = attachments.length ? { ...message.meta, attachments } : (message.meta ?? {})
  const fields = { channel: message.channel, recipient: message.recipient }

  if (!transport.configured()) {
    const row = await OutboxMessage.create({
      ...fields,
      subject: message.subject?.slice(0, SUBJECT_LENGTH) ?? null,
      text: message.text,
      html: message.html ?? null,
      meta,
      status: 'dev',
    })
    // In production this means nobody receives their code: say so loudly, once per message.
    const log = env.isProduction ? logger.warn.bind(logger) : logger.info.bind(logger)
    log(
      { outboxId: row.id, channel: row.channel, status: row.status },
      'no transport configured: message kept in the dev outbox',
    )
    messagesSent.inc({ channel: row.channel, outcome: 'kept' })
    return row
  }

  // A real transport delivers the secrets; our database must not keep a usable copy of them.
  const { code: _code, link: _link, attachments: _attachments, ...rest } = meta
  const publicMeta = attachments.length ? { ...rest, attachments: attachments.map((file) => file.filename) } : rest
  const redact = secretRedactor([meta.code, meta.link])
  const row = await OutboxMessage.create({
    ...fields,
    subject: message.subject == null ? null : redact(message.subject).slice(0, SUBJECT_LENGTH),
    text: redact(message.text),
    html: message.html == null ? null : redact(message.html),
    meta: publicMeta,
    status: 'pending',
  })
  try {
    const providerId = await transport.send(message)
    await row.update({
      status: 'sent',
      attempts: row.attempts + 1,
      sentAt: new Date(),
      lastError: null,
      meta: { ...publicMeta, providerId },
    })
    logger.info({ outboxId: row.id, channel: row.channel, status: row.status }, 'message sent')
    messagesSent.inc({ channel: row.channel, outcome: 'sent' })
    return row
  } catch (error) {
    const reason = redact(error instanceof Error ? error.message : String(error))
    await row.update({ status: 'failed', attempts: row.attempts + 1, lastError: reason })
    // The transport's message can quote the recipient's address back, so only its codes are logged.
    const { code, responseCode, providerCode } = (error ?? {}) as Record<string, unknown>
    logger.warn(
      { outboxId: row.id, channel: row.channel, status: row.status, errorCode: code ?? providerCode, responseCode },
      'message could not be sent',
    )
    messagesSent.inc({ channel: row.channel, outcome: 'failed' })
    throw new DeliveryError(message.channel, row.id, reason, { cause: error })
  }
}

/** Replaces each secret, and its HTML-escaped form (a link in an href), with a marker. */
function secretRedactor(secrets: Array<string | undefined>): (value: string) => string {
  const forms = [
    ...new Set(secrets.filter((secret): secret is string => Boolean(secret)).flatMap((s) => [s, escapeHtml(s)])),
  ]
  // Longest first, so a code that happens to sit inside the link cannot break the link's redaction.
  forms.sort((a, b) => b.length - a.length)
  return (value) => forms.reduce((text, secret) => text.split(secret).join(REDACTED), value)
}
