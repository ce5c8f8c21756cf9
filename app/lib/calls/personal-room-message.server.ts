// A caller's message for the host of a personal room (call-message.server.ts). Personal rooms live
// in the main brand, where their hosts are no members and have no messages page: the host takes
// part in the conversation as someone outside it, reached by mail or SMS with a reply link, as an
// external recipient of any member's message is. This is that first mail or SMS: the text, who
// left it (their name, and a guest's company and mobile phone), a link to watch the video when
// there is one, and the reply link. Later messages either way go through the reply page and
// deliverToExternals like every other external conversation's.
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import {
  MessageAttachment,
  type Brand,
  type ConversationParticipant,
  type Message,
  type Room,
  type User,
} from '#models/index'
import { renderMailHtml, renderMailText, type MailContent } from '../platform/mail.server'
import { deliver } from '../platform/outbox.server'
import { mintReplyLink, type MailingBrand } from '../messages/reply-links.server'

/** How much of the text an SMS carries; the reply link shows it whole. */
const SMS_EXCERPT = 160

/**
 * Where the host gets the message: their email when they have one and want mail notifications,
 * else their mobile phone when they have one and want SMS notifications (host-notice.server.ts
 * reads the same preferences); null when neither, and then the host cannot receive messages. One
 * address only: a reply link is retired by the next, so two channels would leave one dead link.
 */
export function hostAddress(
  host: Pick<User, 'emailAddress' | 'phoneNumber' | 'preferenceEmailNotifications' | 'preferenceSmsNotifications'>,
) {
  if (host.emailAddress && host.preferenceEmailNotifications)
    return { emailAddress: host.emailAddress, phoneNumber: null }
  if (host.phoneNumber && host.preferenceSmsNotifications) return { emailAddress: null, phoneNumber: host.phoneNumber }
  return null
}

/** A signed-in caller's address for the host's answer: their email, else their phone (the answer's mail or SMS carries a reply link). */
export function callerAddress(user: Pick<User, 'emailAddress' | 'phoneNumber'>) {
  return user.emailAddress
    ? { emailAddress: user.emailAddress, phoneNumber: null }
    : { emailAddress: null, phoneNumber: user.phoneNumber ?? null }
}

export async function sendCallMessageToHost(input: {
  brand: MailingBrand
  host: Pick<User, 'name' | 'preferredLanguage'>
  room: Pick<Room, 'name' | 'slug'>
  /** A guest's company and phone; a signed-in caller's name only. */
  caller: { name: string; company: string | null; phone: string | null }
  recipient: ConversationParticipant
  message: Message
}) {
  const { brand, caller, recipient, message } = input
  const link = await mintReplyLink(brand as Pick<Brand, 'slug'>, recipient)
  const video = await MessageAttachment.findOne({ where: { messageId: message.id, role: 'video' }, attributes: ['id'] })
  const language = isLanguage(input.host.preferredLanguage) ? input.host.preferredLanguage : DEFAULT_LANGUAGE
  const t = translatorFor(language)
  const values = {
    caller: caller.name,
    room: input.room.name || input.room.slug,
    name: input.host.name ?? '',
    community: brand.name,
  }

  if (recipient.phoneNumber) {
    const about = [caller.company, caller.phone].filter(Boolean).join(', ')
    const text = message.body.length > SMS_EXCERPT ? `${message.body.slice(0, SMS_EXCERPT - 1)}…` : message.body
    const sms = t('mail:callMessage.sms', {
      ...values,
      who: about ? `${caller.name} (${about})` : caller.name,
      text: text ? ` "${text}"` : '',
      video: video ? t('mail:callMessage.smsVideo') : '',
      link,
    })
    return deliver({ channel: 'sms', recipient: recipient.phoneNumber, text: sms, meta: { kind: 'message', link } })
  }

  const subject = t('mail:callMessage.subject', values)
  const blocks: MailContent['blocks'] = [
    { text: t('messages:mail.greeting', values) },
    { text: t('mail:callMessage.intro', values) },
  ]
  blocks.push({ text: t('mail:callMessage.from', values) })
  if (caller.company) blocks.push({ text: t('mail:callMessage.company', { company: caller.company }) })
  if (caller.phone) blocks.push({ text: t('mail:callMessage.phone', { phone: caller.phone }) })
  if (message.body) blocks.push({ text: message.body })
  if (video) blocks.push({ text: t('mail:callMessage.video', { url: `${link}/files/${video.id}` }) })
  const content: MailContent = {
    language,
    title: subject,
    heading: t('mail:callMessage.heading', values),
    blocks,
    action: { label: t('messages:mail.button'), url: link, hint: t('messages:mail.linkHint') },
    footer: [t('mail:callMessage.footer', values)],
  }
  return deliver({
    channel: 'mail',
    recipient: recipient.emailAddress!,
    subject,
    text: renderMailText(content),
    html: renderMailHtml(content, brand),
    meta: { kind: 'message', link },
  })
}
