import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server on loopback for tests: point SMTP_URL at `url` and read what arrives. It
 * parses just enough MIME for Hearth's own mail (headers with encoded words, multipart bodies,
 * quoted-printable and base64 parts), so tests need no mail parser package.
 */

export type ReceivedMail = {
  /** Envelope sender and recipients, as the client gave them in MAIL FROM / RCPT TO. */
  envelope: { from: string; to: string[] }
  /** Header names lower-cased, values unfolded and decoded. */
  headers: Record<string, string>
  subject: string
  text: string | null
  html: string | null
  raw: string
}

export type SmtpServerOptions = {
  /** Answer RCPT TO for these addresses with 550, as a server refusing a mailbox does. */
  rejectRecipient?: (address: string) => boolean
  /** The loopback port to listen on; a free one when unset. */
  port?: number
  /**
   * Called with each message as it arrives, before the server answers the DATA command: whatever
   * it does (the e2e suite writes the message to a file) is done by the time the sender's send
   * resolves.
   */
  onMessage?: (mail: ReceivedMail) => void
}

export type TestSmtpServer = {
  url: string
  port: number
  /** Every message received, in order of arrival. */
  messages: ReceivedMail[]
  /**
   * The next message to `to` that no earlier call returned, waiting for it if need be. Each call
   * consumes what it returns, so asking twice after two sign-in requests gives both mails in turn.
   */
  waitForMessage: (to: string, timeoutMs?: number) => Promise<ReceivedMail>
  close: () => Promise<void>
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = []
  const consumed = new Set<ReceivedMail>()
  const waiters = new Set<() => void>()

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP with no STARTTLS on offer: nodemailer then never tries the built-in test certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    // A reverse DNS lookup of 127.0.0.1 per connection costs a few hundred milliseconds for nothing.
    disableReverseLookup: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo: (address, _session, callback) => {
      if (options.rejectRecipient?.(address.address)) {
        const error = Object.assign(new Error(`Mailbox unavailable`), { responseCode: 550 })
        return callback(error)
      }
      callback()
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        }
        const mail = parseMail(Buffer.concat(chunks), envelope)
        messages.push(mail)
        for (const wake of [...waiters]) wake()
        try {
          options.onMessage?.(mail)
        } catch (error) {
          return callback(error as Error)
        }
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo

  const waitForMessage = (to: string, timeoutMs = 5_000) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const wanted = to.toLowerCase()
      const check = () => {
        const found = messages.find(
          (mail) => !consumed.has(mail) && mail.envelope.to.some((address) => address.toLowerCase() === wanted),
        )
        if (!found) return false
        consumed.add(found)
        waiters.delete(check)
        clearTimeout(timer)
        resolve(found)
        return true
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`No mail to ${to} within ${timeoutMs} ms (${messages.length} received)`))
      }, timeoutMs)
      if (!check()) waiters.add(check)
    })

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// ---------------------------------------------------------------------------------------------
// A minimal MIME reader. The raw message is handled as latin1 so every byte survives until a
// part's charset says how to read it.

type Part = { headers: Record<string, string>; body: string }

export function parseMail(raw: Buffer, envelope: ReceivedMail['envelope']): ReceivedMail {
  const source = raw.toString('latin1')
  const root = splitPart(source)
  const found: { text: string | null; html: string | null } = { text: null, html: null }
  collectBodies(root, found)
  return {
    envelope,
    headers: root.headers,
    subject: root.headers.subject ?? '',
    text: found.text,
    html: found.html,
    raw: raw.toString('utf8'),
  }
}

function splitPart(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source)
  const head = match ? source.slice(0, match.index) : source
  const body = match ? source.slice(match.index + match[0].length) : ''
  const headers: Record<string, string> = {}
  // Unfold: a line starting with white space continues the header above it.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function collectBodies(part: Part, found: { text: string | null; html: string | null }): void {
  const contentType = part.headers['content-type'] ?? 'text/plain'
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
    if (!boundary) return
    const sections = part.body.split(`--${boundary}`)
    // Before the first delimiter is the preamble; after the closing `--boundary--` the epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break
      collectBodies(splitPart(section.replace(/^\r?\n/, '')), found)
    }
    return
  }
  const charset = /charset="?([^";]+)"?/i.exec(contentType)?.[1] ?? 'utf-8'
  const text = decodeBody(part.body.replace(/\r?\n$/, ''), part.headers['content-transfer-encoding'] ?? '7bit', charset)
  if (type === 'text/plain' && found.text === null) found.text = text
  if (type === 'text/html' && found.html === null) found.html = text
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const bytes =
    encoding.toLowerCase() === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding.toLowerCase() === 'quoted-printable'
        ? quotedPrintableBytes(body.replace(/=\r?\n/g, ''))
        : Buffer.from(body, 'latin1')
  return new TextDecoder(charset).decode(bytes).replace(/\r\n/g, '\n')
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : ''
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(text.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`); the space between two is not text. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text.replace(/_/g, ' '))
      return new TextDecoder(charset).decode(bytes)
    })
}
