import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import { env } from './env.server'
import { DEFAULT_THEME } from '../communities/theme'
import { communityLogo } from '../communities/community-logo'
import type { Logos } from '#models/brand-config'

/**
 * Mail: the SMTP transport (SMTP_URL) and the one HTML shell every Hearth mail uses. Callers go
 * through the outbox (outbox.server.ts), which records each message before it is sent here.
 */

/** A file sent with a mail (a calendar invitation): small text content, kept in the dev outbox as it is. */
export type MailAttachment = { filename: string; contentType: string; content: string }

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string | null
  attachments?: MailAttachment[]
}

// env is read at call time, never captured at import, so a changed SMTP_URL (a test pointing it
// at a loopback server) gets a transport of its own.
let cached: { url: string; transporter: Transporter<SMTPTransport.SentMessageInfo> } | null = null

export function mailTransportConfigured(): boolean {
  return Boolean(env.SMTP_URL)
}

function transport(): Transporter<SMTPTransport.SentMessageInfo> {
  const url = env.SMTP_URL
  if (!url) throw new Error('SMTP_URL is not set')
  if (cached?.url !== url) {
    cached?.transporter.close()
    cached = {
      url,
      // nodemailer waits minutes by default; a sign-in request is waiting on this send.
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    }
  }
  return cached.transporter
}

/** The address mail comes from (MAIL_FROM's `<…>` part, or all of it when it is a bare address). */
export function senderAddress(): string {
  return /<([^<>\s]+)>\s*$/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim()
}

/** Sends one message through SMTP; rejects with nodemailer's error when the server refuses it. */
export async function sendMailMessage(message: MailMessage): Promise<{ messageId: string }> {
  const info = await transport().sendMail({
    from: env.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content,
          })),
        }
      : {}),
  })
  return { messageId: info.messageId }
}

// ---------------------------------------------------------------------------------------------
// The HTML shell. Mail clients ignore <style> and most modern CSS, so this is a table layout with
// inline styles only, and every interpolated value is escaped: translations and community names
// are plain text, never markup.

export type MailBrand = {
  name: string
  themeColors?: Record<string, unknown> | null
  fontBase?: string | null
  /** The community's logo, shown above the mail's heading when it has one (communities/community-logo.ts). */
  logos?: Pick<Logos, 'light'> | null
}

/** What a mail says, once; renderMailHtml and renderMailText turn it into the two parts. */
export type MailContent = {
  language: string
  title: string
  heading: string
  /** Paragraphs, in order; a `code` block (a sign-in code) is set large so it can be read and typed. */
  blocks: Array<{ text: string } | { code: string }>
  action?: { label: string; url: string; hint: string }
  /** Small print under a rule: why you got this, who sent it. */
  footer: string[]
}

// Only 3- and 6-digit hex: several mail clients drop #rgba / #rrggbbaa and would show no button.
const MAIL_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const FONT_NAME = /^[\w -]{1,64}$/

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function mailTheme(brand: MailBrand | null | undefined) {
  const pick = (role: 'primary' | 'onPrimary') => {
    const value = brand?.themeColors?.[role]
    return typeof value === 'string' && MAIL_COLOR.test(value) ? value : DEFAULT_THEME[role]
  }
  // A community's onPrimary was chosen for its own primary: when that primary is not usable, the
  // button falls back to the default pair rather than mixing the default with the community's text.
  const primary = pick('primary')
  const onPrimary = primary === DEFAULT_THEME.primary ? DEFAULT_THEME.onPrimary : pick('onPrimary')
  const font = brand?.fontBase && FONT_NAME.test(brand.fontBase) ? `'${brand.fontBase}',` : ''
  return { primary, onPrimary, font: `${font}Roboto,Helvetica,Arial,sans-serif` }
}

/**
 * The logo's row, or nothing (a community without a logo mails as it always did). An absolute
 * address, as a mail client has no page to resolve a path against; the alt is the community's name,
 * which is what a client that blocks images shows, so the alt is styled like a title. Only the
 * height is fixed: the width follows the logo's shape (stored at most 512×128).
 */
function logoRow(brand: MailBrand | null | undefined, font: string): string {
  const logo = brand ? communityLogo(brand) : null
  if (!brand || !logo) return ''
  const style = `display:block;height:48px;width:auto;max-width:100%;border:0;outline:none;font-family:${font};font-size:20px;font-weight:bold;color:${DEFAULT_THEME.onSurface};`
  return (
    `<tr><td style="padding:24px 24px 0;">` +
    `<img src="${escapeHtml(env.PUBLIC_URL + logo)}" alt="${escapeHtml(brand.name)}" height="48" style="${style}">` +
    `</td></tr>`
  )
}

export function renderMailHtml(content: MailContent, brand?: MailBrand | null): string {
  const theme = mailTheme(brand)
  const { surface, background, onSurface, muted, border } = DEFAULT_THEME
  const paragraph = (text: string) => `<p style="margin:0 0 16px;">${escapeHtml(text)}</p>`
  const href = content.action ? escapeHtml(content.action.url) : ''
  const body = [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${onSurface};">${escapeHtml(content.heading)}</h1>`,
    ...content.blocks.map((block) =>
      'code' in block
        ? `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',Courier,monospace;color:${onSurface};">${escapeHtml(block.code)}</p>`
        : paragraph(block.text),
    ),
    content.action
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
        `<td style="border-radius:6px;background:${theme.primary};">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:${theme.onPrimary};text-decoration:none;border-radius:6px;">${escapeHtml(content.action.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;color:${muted};">${escapeHtml(content.action.hint)}<br>` +
        `<a href="${href}" style="color:${theme.primary};word-break:break-all;">${href}</a></p>`
      : '',
  ].join('')
  const footer = content.footer.map((line) => `<p style="margin:0 0 8px;">${escapeHtml(line)}</p>`).join('')
  return (
    `<!doctype html><html lang="${escapeHtml(content.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head>` +
    `<body style="margin:0;padding:0;background:${background};">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${background};"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:520px;background:${surface};border:1px solid ${border};border-top:4px solid ${theme.primary};border-radius:8px;">` +
    logoRow(brand, theme.font) +
    `<tr><td style="padding:28px 24px 8px;font-family:${theme.font};font-size:16px;line-height:1.5;color:${onSurface};">${body}</td></tr>` +
    `<tr><td style="padding:16px 24px 20px;border-top:1px solid ${border};font-family:${theme.font};font-size:13px;line-height:1.4;color:${muted};">${footer}</td></tr>` +
    `</table></td></tr></table></body></html>`
  )
}

export function renderMailText(content: MailContent): string {
  const blocks = [
    content.heading,
    ...content.blocks.map((block) => ('code' in block ? block.code : block.text)),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
  ]
  // "-- " on a line of its own is the signature delimiter: clients fold what follows out of replies.
  return `${blocks.join('\n\n')}\n\n-- \n${content.footer.join('\n')}\n`
}
