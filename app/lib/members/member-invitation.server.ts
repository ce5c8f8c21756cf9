import type { Brand } from '#models/index'
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
  brand: Pick<Brand, 'slug' | 'name' | 'themeColors' | 'fontBase' | 'communityLanguage'>
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
    blocks: [{ text: name ? t('mail:memberInvitation.greeting', { name }) : t('mail:memberInvitation.greetingNoName') }, { text: t('mail:memberInvitation.intro', { community }) }],
    action: { label: t('mail:memberInvitation.button'), url: link, hint: t('mail:memberInvitation.linkHint') },
    footer: [t('mail:footer.ignore'), t('mail:footer.sentBy', { community })],
  }
  return deliver({ channel: 'mail', recipient: to, subject, text: renderMailText(content), html: renderMailHtml(content, brand), meta: { kind: 'member-invitation' } })
}
