import { type OutboxMessage } from '#models/index'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import { renderMailHtml, renderMailText, type MailBrand, type MailContent } from '../platform/mail.server'
import { deliver, type Channel } from '../platform/outbox.server'

/**
 * The messages that let someone in: a sign-in code (with a magic link beside it) and a bare magic
 * link. Each is written in the reader's language and, when a community sends it, in the community's
 * name and colour. Both go through the outbox, so without SMTP or SMS they appear in /dev.
 */

export const SIGN_IN_CODE_TTL_MINUTES = 10
export const MAGIC_LINK_TTL_HOURS = 24

type Recipient = {
  channel: Channel
  /** An email address for mail, an E.164 phone number for SMS. */
  to: string
  /** Anything that is not a language Hearth speaks (a stored preference gone stale) reads as English. */
  language?: Language | string | null
  brand?: MailBrand | null
}

/**
 * What a code is for, as its message says it: signing in, joining a community through its sign-up
 * link, or registering for an event (named, since a community runs many).
 */
export type CodePurpose = { kind: 'signIn' } | { kind: 'join' } | { kind: 'register'; event: string }

const CODE_TEXTS = { signIn: 'signInCode', join: 'joinCode', register: 'registerCode' } as const

export async function sendSignInCode({
  code,
  link,
  purpose = { kind: 'signIn' },
  ...recipient
}: Recipient & { code: string; link: string; purpose?: CodePurpose }): Promise<OutboxMessage> {
  const { t, language, community } = voice(recipient)
  const texts = CODE_TEXTS[purpose.kind]
  const values = {
    community,
    code,
    minutes: SIGN_IN_CODE_TTL_MINUTES,
    event: purpose.kind === 'register' ? purpose.event : '',
  }
  const meta = { code, link }
  if (recipient.channel === 'sms') {
    return deliver({ channel: 'sms', recipient: recipient.to, text: t(`mail:${texts}.sms`, values), meta })
  }
  const subject = t(`mail:${texts}.subject`, values)
  const content: MailContent = {
    language,
    title: subject,
    heading: t(`mail:${texts}.heading`, values),
    blocks: [{ text: t(`mail:${texts}.intro`, values) }, { code }, { text: t('mail:signInCode.expires', values) }],
    action: { label: t(`mail:${texts}.button`), url: link, hint: t(`mail:${texts}.linkHint`) },
    footer: footer(t, community),
  }
  return deliver({ channel: 'mail', recipient: recipient.to, subject, ...mailParts(content, recipient.brand), meta })
}

/**
 * A link that signs in and lands somewhere (an invitation, a host's room). `subject` and `message`
 * replace the generic wording when the caller has something more specific to say.
 */
export async function sendMagicLink({
  link,
  subject: customSubject,
  message,
  hours = MAGIC_LINK_TTL_HOURS,
  ...recipient
}: Recipient & {
  link: string
  subject?: string | null
  message?: string | null
  /** How long the link works, as the message says it (whole hours). */
  hours?: number
}): Promise<OutboxMessage> {
  const { t, language, community } = voice(recipient)
  const meta = { link }
  if (recipient.channel === 'sms') {
    const text = message ? `${message} ${link}` : t('mail:magicLink.sms', { community, link, hours })
    return deliver({ channel: 'sms', recipient: recipient.to, text, meta })
  }
  const subject = customSubject || t('mail:magicLink.subject', { community })
  const content: MailContent = {
    language,
    title: subject,
    heading: t('mail:magicLink.heading', { community }),
    blocks: [
      { text: message || t('mail:magicLink.intro', { community }) },
      { text: t('mail:magicLink.expires', { hours }) },
    ],
    action: { label: t('mail:magicLink.button'), url: link, hint: t('mail:magicLink.linkHint') },
    footer: footer(t, community),
  }
  return deliver({ channel: 'mail', recipient: recipient.to, subject, ...mailParts(content, recipient.brand), meta })
}

/** Who is speaking and in which language: the community's name, or Hearth's when there is none. */
function voice({ language, brand }: Pick<Recipient, 'language' | 'brand'>) {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE
  const t = translatorFor(lang)
  return { t, language: lang, community: brand?.name || t('common:appName') }
}

function footer(t: ReturnType<typeof translatorFor>, community: string): string[] {
  return [t('mail:footer.ignore'), t('mail:footer.sentBy', { community })]
}

function mailParts(content: MailContent, brand: MailBrand | null | undefined) {
  return { text: renderMailText(content), html: renderMailHtml(content, brand) }
}
