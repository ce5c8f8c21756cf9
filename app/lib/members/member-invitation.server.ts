import type { Brand, User } from '#models/index'
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import { env } from '../platform/env.server'
import { renderMailHtml, renderMailText, type MailContent } from '../platform/mail.server'
import { deliver } from '../platform/outbox.server'

/**
 * The invitation a pending member gets (again) from the members page's "Resend invite": the
 * community's name and colours, and a link to sign in that lands in the community. The link is
 * the plain sign-in page, not a magic link: it carries no secret, so an old mail is harmless.
 */
export async function sendMemberInvitation(input: {
  to: string
  name: string | null
  brand: Pick<Brand, 'slug' | 'name' | 'themeColors' | 'fontBase' | 'logos' | 'communityLanguage'>
  language: string | null
}) {
  const { to, name, brand } = input
  const language = [brand.communityLanguage, input.language].find(isLanguage) ?? DEFAULT_LANGUAGE
  const t = translatorFor(language)
  const community = brand.name
  const link = `${env.PUBLIC_URL}/sign-in?redirectTo=${encodeURIComponent(`/${brand.slug}`)}`
  const subject = t('mail:memberInvitation.subject', { community })
  const content: MailContent = {
    language,
    title: subject,
    heading: t('mail:memberInvitation.heading', { community }),
    blocks: [
      { text: name ? t('mail:memberInvitation.greeting', { name }) : t('mail:memberInvitation.greetingNoName') },
      { text: t('mail:memberInvitation.intro', { community }) },
    ],
    action: { label: t('mail:memberInvitation.button'), url: link, hint: t('mail:memberInvitation.linkHint') },
    footer: [t('mail:footer.ignore'), t('mail:footer.sentBy', { community })],
  }
  return deliver({
    channel: 'mail',
    recipient: to,
    subject,
    text: renderMailText(content),
    html: renderMailHtml(content, brand),
    meta: { kind: 'member-invitation' },
  })
}

/**
 * The invitation someone who already has an account gets when a community names them
 * (invitations.server.ts): who invited them to what, and the link to the page where they accept or
 * decline. The link carries the invitation's token; it joins nobody by itself.
 */
export async function sendAccountInvitation(input: {
  to: string
  user: Pick<User, 'name' | 'preferredLanguage'>
  brand: Pick<Brand, 'slug' | 'name' | 'themeColors' | 'fontBase' | 'logos' | 'communityLanguage'>
  token: string
  inviterName: string | null
  eventName: string | null
}) {
  const { to, user, brand, token, inviterName, eventName } = input
  const language = [user.preferredLanguage, brand.communityLanguage].find(isLanguage) ?? DEFAULT_LANGUAGE
  const t = translatorFor(language)
  const values = { community: brand.name, event: eventName ?? '', inviter: inviterName ?? brand.name }
  const subject = eventName
    ? t('mail:accountInvitation.eventSubject', values)
    : t('mail:accountInvitation.subject', values)
  const content: MailContent = {
    language,
    title: subject,
    heading: subject,
    blocks: [
      {
        text: user.name
          ? t('mail:memberInvitation.greeting', { name: user.name })
          : t('mail:memberInvitation.greetingNoName'),
      },
      { text: eventName ? t('mail:accountInvitation.eventIntro', values) : t('mail:accountInvitation.intro', values) },
      { text: t('mail:accountInvitation.choice') },
    ],
    action: {
      label: t('mail:accountInvitation.button'),
      url: `${env.PUBLIC_URL}/invitations/${token}`,
      hint: t('mail:memberInvitation.linkHint'),
    },
    footer: [t('mail:accountInvitation.ignore'), t('mail:footer.sentBy', { community: brand.name })],
  }
  return deliver({
    channel: 'mail',
    recipient: to,
    subject,
    text: renderMailText(content),
    html: renderMailHtml(content, brand),
    meta: { kind: 'account-invitation' },
  })
}
