// The caps on what a message sends out of the app (docs/security.md): every mail and SMS that reaches
// someone outside it (an address a member wrote to, a guest or caller answered, the host of a
// personal room, the other side of a reply link) is counted before the message is saved, per
// sender and per outside address whoever sends (LIMITS in app/lib/platform/rate-limit.server.ts).
// A new conversation and every reply count alike, from the messages page and from a reply link,
// so a conversation cannot be used to mail or text someone without end. Over a cap the message is
// refused whole: nothing saved, nothing sent, the form kept.
import { createHash } from 'node:crypto'
import type { ConversationParticipant } from '#models/index'
import type { TranslationKey } from '../i18n/i18n'
import { LIMITS, hitEach, type Hit } from '../platform/rate-limit.server'

/** Where a message reaches an outsider: their phone when they have one (an SMS), else their email (sendToExternal's choice). */
export type OutsideAddress = Pick<ConversationParticipant, 'emailAddress' | 'phoneNumber'>

/**
 * Who sends: an account (a member, a signed-in caller), a guest caller by their caller id, or an
 * outsider answering through a reply link by that link's participant (the page has no sign-in).
 */
export type OutsideSender = { userId: string } | { guestId: string } | { participantId: string }

/** Why a message is not sent, as the form says it, and when to try again. */
export type OutsideRefusal = { message: TranslationKey; retryAfterSeconds: number }

function senderKey(sender: OutsideSender) {
  if ('userId' in sender) return `user:${sender.userId}`
  return 'guestId' in sender ? `guest:${sender.guestId}` : `participant:${sender.participantId}`
}

/** An outside address as a count's subject: hashed, so the counts keep no one's address (and a long one fits the key). */
const addressKey = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex')

/**
 * Counts a message to `recipients` (the outsiders it reaches; members read it in the app and are
 * not counted) against the sender's caps and each address's; null when it may go. A refused
 * message is counted nowhere.
 */
export async function limitOutsideDelivery(
  sender: OutsideSender,
  recipients: OutsideAddress[],
): Promise<OutsideRefusal | null> {
  const texted = recipients.flatMap((recipient) => (recipient.phoneNumber ? [recipient.phoneNumber] : []))
  const mailed = recipients.flatMap((recipient) =>
    !recipient.phoneNumber && recipient.emailAddress ? [recipient.emailAddress] : [],
  )
  const subject = senderKey(sender)
  const hits: Hit[] = [
    { limit: LIMITS.outsideSmsPerSender, subject, amount: texted.length },
    { limit: LIMITS.outsideMailsPerSender, subject, amount: mailed.length },
    ...texted.map((phone) => ({ limit: LIMITS.outsideSmsPerAddress, subject: addressKey(phone) })),
    ...mailed.map((email) => ({ limit: LIMITS.outsideMailsPerAddress, subject: addressKey(email) })),
  ]
  const refused = await hitEach(hits)
  if (!refused) return null
  const perAddress = refused.limit === LIMITS.outsideSmsPerAddress || refused.limit === LIMITS.outsideMailsPerAddress
  return {
    message: perAddress ? 'messages:errors.recipientLimited' : 'messages:errors.outsideLimited',
    retryAfterSeconds: refused.retryAfterSeconds,
  }
}
