// The mails of a registration, in the registrant's language (their preferred one, else the
// community's), through the outbox: the confirmation of an approved place with its calendar
// invitation (.ics) and the auto-join link, and the "waiting for approval" note of a pending one.
import { type EventRegistration, Room, User, type Brand } from '#models/index'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/i18n'
import { formatDate } from '../i18n/dates'
import { translatorFor } from '../i18n/i18n.server'
import { env } from '../platform/env.server'
import { renderMailHtml, renderMailText, senderAddress, type MailContent } from '../platform/mail.server'
import { deliver } from '../platform/outbox.server'
import { issueAutoJoinCode } from './auto-join.server'
import { calendarInvitation } from './registration-ics'

type MailBrand = Pick<Brand, 'slug' | 'name' | 'themeColors' | 'fontBase' | 'logos' | 'communityLanguage'>

export const eventPageUrl = (brandSlug: string, roomSlug: string) => `${env.PUBLIC_URL}/${brandSlug}/events/${roomSlug}`
export const autoJoinUrl = (brandSlug: string, roomSlug: string, code: string) =>
  `${eventPageUrl(brandSlug, roomSlug)}/auto-join?code=${encodeURIComponent(code)}`

function languageOf(user: Pick<User, 'preferredLanguage'>, brand: MailBrand): Language {
  if (isLanguage(user.preferredLanguage)) return user.preferredLanguage
  return isLanguage(brand.communityLanguage) ? brand.communityLanguage : DEFAULT_LANGUAGE
}

async function parties(registration: EventRegistration) {
  const [room, user] = await Promise.all([Room.findByPk(registration.roomId), User.findByPk(registration.userId)])
  return room && user?.emailAddress ? { room, user, to: user.emailAddress } : null
}

function when(room: Room, language: Language, t: ReturnType<typeof translatorFor>): string {
  return room.startsAt
    ? formatDate(room.startsAt, { language, timeZone: room.timeZone || 'UTC' })
    : t('registration:mail.unscheduled')
}

/**
 * The confirmation of an approved registration: a fresh auto-join code (the previous link stops
 * working), the calendar invitation, in the registrant's language. Nothing is sent to someone
 * with no email address (an imported phone-only person). Call it again to resend.
 */
export async function sendConfirmation(brand: MailBrand, registration: EventRegistration): Promise<boolean> {
  const found = await parties(registration)
  if (!found || registration.status !== 'approved') return false
  const { room, user, to } = found
  const language = languageOf(user, brand)
  const t = translatorFor(language)
  const name = room.name || room.slug
  const { code, expiresAt } = await issueAutoJoinCode(registration, room)
  const link = autoJoinUrl(brand.slug, room.slug, code)
  const subject = t('registration:mail.confirmed.subject', { event: name })
  const content: MailContent = {
    language,
    title: subject,
    heading: t('registration:mail.confirmed.heading', { event: name }),
    blocks: [
      { text: t('registration:mail.when', { when: when(room, language, t) }) },
      { text: t(room.startsAt ? 'registration:mail.confirmed.calendar' : 'registration:mail.confirmed.noCalendar') },
    ],
    action: {
      label: t('registration:mail.confirmed.button'),
      url: link,
      hint: t('registration:mail.confirmed.hint', {
        until: formatDate(expiresAt, { language, timeZone: room.timeZone || 'UTC' }),
      }),
    },
    footer: [t('registration:mail.footer', { community: brand.name, event: name })],
  }
  const attachments = room.startsAt
    ? [
        {
          filename: 'invite.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: calendarInvitation({
            uid: `${registration.id}@${new URL(env.PUBLIC_URL).host}`,
            title: name,
            description: room.description,
            startsAt: room.startsAt,
            endsAt: room.endsAt,
            url: eventPageUrl(brand.slug, room.slug),
            // The community, at the address its mails come from.
            organizer: { name: brand.name, email: senderAddress() },
          }),
        },
      ]
    : []
  await deliver({
    channel: 'mail',
    recipient: to,
    subject,
    text: renderMailText(content),
    html: renderMailHtml(content, brand),
    meta: { link },
    attachments,
  })
  return true
}

/** A pending registration's note: received, waiting for approval; the confirmation follows on approval. */
export async function sendPendingNotice(brand: MailBrand, registration: EventRegistration): Promise<boolean> {
  const found = await parties(registration)
  if (!found) return false
  const { room, user, to } = found
  const language = languageOf(user, brand)
  const t = translatorFor(language)
  const name = room.name || room.slug
  const subject = t('registration:mail.pending.subject', { event: name })
  const content: MailContent = {
    language,
    title: subject,
    heading: t('registration:mail.pending.heading', { event: name }),
    blocks: [
      { text: t('registration:mail.pending.intro', { event: name }) },
      { text: t('registration:mail.when', { when: when(room, language, t) }) },
    ],
    action: {
      label: t('registration:mail.pending.button'),
      url: eventPageUrl(brand.slug, room.slug),
      hint: t('registration:mail.pending.hint'),
    },
    footer: [t('registration:mail.footer', { community: brand.name, event: name })],
  }
  await deliver({
    channel: 'mail',
    recipient: to,
    subject,
    text: renderMailText(content),
    html: renderMailHtml(content, brand),
  })
  return true
}
