import { createHash } from 'node:crypto'
import { Op } from 'sequelize'
import type { Brand } from '#models/index'
import { newId } from '#models/ids'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import { Conversation, ConversationParticipant } from '#models/index'
import { env } from '../platform/env.server'
import { renderMailHtml, renderMailText, type MailContent } from '../platform/mail.server'
import { deliver } from '../platform/outbox.server'
import { REPLY_LINK_TTL_MS } from './message-rules'

export type MailingBrand = Pick<Brand, 'slug' | 'name' | 'themeColors' | 'fontBase' | 'logos' | 'communityLanguage'>

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Sends an external recipient the message by mail or SMS, with a reply link: a magic link (24
 * hours) that opens this one conversation and nothing else. Each message mints a fresh
 * link and retires the previous one; only its hash is kept. Throws DeliveryError when the
 * transport refuses (the caller then says the message could not be sent).
 */
export async function sendToExternal(input: {
  brand: MailingBrand
  senderName: string
  recipient: ConversationParticipant
  body: string
}) {
  const { brand, senderName, recipient, body } = input
  const link = await mintReplyLink(brand, recipient)
  const language = isLanguage(brand.communityLanguage) ? brand.communityLanguage : DEFAULT_LANGUAGE
  const t = translatorFor(language)
  const values = { sender: senderName, community: brand.name, name: recipient.name ?? '' }
  if (recipient.phoneNumber) {
    return deliver({
      channel: 'sms',
      recipient: recipient.phoneNumber,
      text: t('messages:mail.sms', { ...values, link }),
      meta: { kind: 'message', link },
    })
  }
  const subject = t('messages:mail.subject', values)
  const content: MailContent = {
    language,
    title: subject,
    heading: t('messages:mail.heading', values),
    blocks: [{ text: t('messages:mail.greeting', values) }, { text: t('messages:mail.intro', values) }, { text: body }],
    action: { label: t('messages:mail.button'), url: link, hint: t('messages:mail.linkHint') },
    // In the main brand nobody is a member: its conversations are messages left in personal rooms.
    footer: [t(brand.slug === MAIN_BRAND_SLUG ? 'messages:mail.personalFooter' : 'messages:mail.footer', values)],
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

/**
 * A fresh reply link (24 hours) for an external participant, retiring the one before; only its
 * hash is kept. The link's files live under it: `{link}/files/{attachmentId}`.
 */
export async function mintReplyLink(brand: Pick<Brand, 'slug'>, recipient: ConversationParticipant) {
  const token = newId()
  await recipient.update({ replyTokenHash: hash(token), replyTokenExpiresAt: new Date(Date.now() + REPLY_LINK_TTL_MS) })
  return `${env.PUBLIC_URL}/${brand.slug}/messages/reply/${token}`
}

/** The external participant a reply link belongs to, with the conversation, while the link lasts; null otherwise. */
export async function participantForReplyLink(brandId: string, token: string | undefined) {
  if (!token || token.length > 64) return null
  const participant = await ConversationParticipant.findOne({
    where: { replyTokenHash: hash(token), replyTokenExpiresAt: { [Op.gt]: new Date() }, userId: null },
    include: [{ model: Conversation, as: 'conversation', where: { brandId } }],
  })
  return participant?.conversation ? { participant, conversation: participant.conversation } : null
}
