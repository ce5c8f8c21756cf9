// The mails a notification makes: one at once for a member who chose "live", one digest a day for
// "daily". Each in the recipient's language (their preferred language, else the community's), with
// the community's colours, through the outbox like every other mail. SMS carries the same sentence
// when the member has no mail address but allows SMS.
import type { Brand, User } from '#models/index'
import { DEFAULT_LANGUAGE, isLanguage, type Language, type TranslationKey } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import { env } from '../platform/env.server'
import { renderMailHtml, renderMailText, type MailContent } from '../platform/mail.server'
import { deliver } from '../platform/outbox.server'
import { notificationTextKey } from './notification-rules'
import type { NotificationKind } from '#models/notification'

export type MailRecipient = Pick<
  User,
  | 'id'
  | 'name'
  | 'emailAddress'
  | 'phoneNumber'
  | 'preferredLanguage'
  | 'preferenceEmailNotifications'
  | 'preferenceSmsNotifications'
>
export type MailBrand = Pick<Brand, 'slug' | 'name' | 'themeColors' | 'fontBase' | 'logos' | 'communityLanguage'>
/** One line of a mail: what happened, and where it leads. */
export type MailItem = {
  kind: NotificationKind
  detail: string | null
  actorName: string | null
  roomName: string | null
  path: string
}

/** The channel a member can be reached on for notifications, honouring their preferences; null when none. */
export function channelFor(
  user: MailRecipient,
): { channel: 'mail'; to: string } | { channel: 'sms'; to: string } | null {
  if (user.preferenceEmailNotifications && user.emailAddress) return { channel: 'mail', to: user.emailAddress }
  if (user.preferenceSmsNotifications && user.phoneNumber) return { channel: 'sms', to: user.phoneNumber }
  return null
}

function languageOf(user: MailRecipient, brand: MailBrand): Language {
  if (isLanguage(user.preferredLanguage)) return user.preferredLanguage
  return isLanguage(brand.communityLanguage) ? brand.communityLanguage : DEFAULT_LANGUAGE
}

const link = (brand: MailBrand, path: string) => `${env.PUBLIC_URL}/${brand.slug}${path ? `/${path}` : ''}`

function sentence(t: ReturnType<typeof translatorFor>, brand: MailBrand, item: MailItem) {
  return t(notificationTextKey(item.kind, item.detail) as TranslationKey, {
    actor: item.actorName || t('notifications:someone'),
    room: item.roomName ?? '',
    community: brand.name,
  })
}

/** Mails (or texts) one notification at once. Throws DeliveryError when the transport refuses. */
export async function sendLiveNotification(user: MailRecipient, brand: MailBrand, item: MailItem) {
  const target = channelFor(user)
  if (!target) return null
  const language = languageOf(user, brand)
  const t = translatorFor(language)
  const text = sentence(t, brand, item)
  const url = link(brand, item.path)
  if (target.channel === 'sms')
    return deliver({
      channel: 'sms',
      recipient: target.to,
      text: t('notifications:mail.sms', { text, link: url }),
      meta: { kind: 'notification' },
    })
  const subject = t('notifications:mail.liveSubject', { community: brand.name, text })
  const content: MailContent = {
    language,
    title: subject,
    heading: t('notifications:mail.liveHeading', { community: brand.name }),
    blocks: [{ text }],
    action: { label: t('notifications:mail.open'), url, hint: t('notifications:mail.linkHint') },
    footer: [
      t('notifications:mail.footer', { community: brand.name, settings: link(brand, 'notifications/settings') }),
    ],
  }
  return deliver({
    channel: 'mail',
    recipient: target.to,
    subject,
    text: renderMailText(content),
    html: renderMailHtml(content, brand),
    meta: { kind: 'notification' },
  })
}

/** Mails (or texts) the day's digest: every item in one message. Throws DeliveryError when the transport refuses. */
export async function sendDigest(user: MailRecipient, brand: MailBrand, items: readonly MailItem[]) {
  const target = channelFor(user)
  if (!target || items.length === 0) return null
  const language = languageOf(user, brand)
  const t = translatorFor(language)
  const values = { community: brand.name, count: items.length }
  const url = link(brand, 'notifications')
  if (target.channel === 'sms')
    return deliver({
      channel: 'sms',
      recipient: target.to,
      text: t('notifications:mail.digestSms', { ...values, link: url }),
      meta: { kind: 'notification-digest' },
    })
  const subject = t('notifications:mail.digestSubject', values)
  const content: MailContent = {
    language,
    title: subject,
    heading: t('notifications:mail.digestHeading', values),
    blocks: items.map((item) => ({ text: `• ${sentence(t, brand, item)} ${link(brand, item.path)}` })),
    action: { label: t('notifications:mail.openPanel'), url, hint: t('notifications:mail.linkHint') },
    footer: [
      t('notifications:mail.footer', { community: brand.name, settings: link(brand, 'notifications/settings') }),
    ],
  }
  return deliver({
    channel: 'mail',
    recipient: target.to,
    subject,
    text: renderMailText(content),
    html: renderMailHtml(content, brand),
    meta: { kind: 'notification-digest' },
  })
}
