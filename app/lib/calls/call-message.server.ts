// Leaving a message for a host (visitors and guests may leave a text or video message for a host;
// docs/meetings.md#waiting-room-and-calls): a caller whose call the
// host did not take (missed, or declined: either way the host did not talk to them) writes to the
// room's host from the waiting room, in text, in video, or both. It lands in the host's messages:
// - a signed-in caller writes as themselves, as any message does (startConversation: the host must
//   be a member they may reach, blocks included);
// - a guest writes as someone outside the community, with the full name, mobile phone and company
//   they give (startConversationFromOutsider); the host answers in the conversation and the answer
//   reaches the guest by SMS with a reply link.
// - in a personal room (the main brand, /me/{link}), whose host is no member there and has no
//   messages page, the message reaches the host by mail or SMS with a reply link, the host and the
//   caller both taking part from outside (personal-room-message.server.ts); the host's answer
//   reaches a guest by SMS and a signed-in caller by mail, each with their own reply link, and
//   neither reads the other's address.
// Whose call it was is read from the database by the caller id of the room session (the member's
// id, or the guest's signed `__guest` cookie id, as the edge recorded it): the client's word
// counts for nothing, and a guest can only ever follow up their own call.
import { parseWithZod } from '@conform-to/zod'
import type { AppLoadContext } from '@remix-run/node'
import type { z, ZodTypeAny } from 'zod'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { mayContact } from '../connections/visibility.server'
import {
  senderLabel,
  startConversation,
  startConversationBetweenOutsiders,
  startConversationFromOutsider,
  type SendOutcome,
} from '../messages/conversations.server'
import type { MessageForm } from '../messages/message-form.server'
import { NewMessageSchema, RECEIVED_VIDEO } from '../messages/message.schema'
import { RoomCall, User } from '#models/index'
import { LIMITS, hit } from '../platform/rate-limit.server'
import type { RoomSession } from '../rooms/meeting-pass.server'
import { GuestCallMessageSchema, MemberCallMessageSchema, type GuestCallMessage } from './call-message.schema'
import { callerAddress, hostAddress, sendCallMessageToHost } from './personal-room-message.server'

type FieldErrors = Record<string, string[]>

export type CallMessageOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  /** The caller has no call to follow up: none, still ringing, answered or cancelled. */
  | { kind: 'notMissed' }
  /**
   * Nobody to write to: the room has no host, or not one the caller may write to here (not a member
   * of the community, a block; in a personal room, a host with no address they take notifications at).
   */
  | { kind: 'hostUnreachable' }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'failed' }

/** Calls whose caller may leave a message: the host did not take them. */
const UNTAKEN = new Set(['missed', 'declined'])

/**
 * Whether the caller's last call to the room ended without the host taking it. The last only: a
 * caller who called again and was let in has nothing to leave a message about, and one whose call
 * still rings may yet be answered. A caller's calls to a room follow one another (a second ring
 * while one rings is that same call, models/call.ts ringHosts), so the last one is the one still
 * ringing, else the one that ended last: endedAt keeps milliseconds, where createdAt on MariaDB
 * keeps whole seconds and would tie a call with the one made right after it.
 */
async function lastCallUntaken(roomId: string, callerId: string): Promise<boolean> {
  if ((await RoomCall.count({ where: { roomId, callerId, status: 'calling' } })) > 0) return false
  const last = await RoomCall.findOne({
    where: { roomId, callerId },
    order: [
      ['endedAt', 'DESC'],
      ['createdAt', 'DESC'],
    ],
    attributes: ['status'],
  })
  return last !== null && UNTAKEN.has(last.status)
}

/** What the caller wrote: text and/or a video, and, from a guest, who they are and where to reach them. */
type Written = { body: string; video: boolean; guest: GuestCallMessage | null }

/** The form read with the caller's schema (a member's, or a guest's), or its errors by field. */
function readWritten(message: MessageForm, user: RoomSession['user']): Written | { fieldErrors: FieldErrors } {
  if (user) {
    const values = read(message, MemberCallMessageSchema)
    return 'fieldErrors' in values ? values : { body: values.body ?? '', video: Boolean(values.video), guest: null }
  }
  const values = read(message, GuestCallMessageSchema)
  return 'fieldErrors' in values ? values : { body: values.body ?? '', video: Boolean(values.video), guest: values }
}

/** Sends the form's message to the room's host when the caller's last call to the room was missed or declined. */
export async function leaveMessageForHost(input: {
  session: RoomSession
  message: MessageForm
  context: Pick<AppLoadContext, 'clientAddress'>
}): Promise<CallMessageOutcome> {
  const { session, message } = input
  const { brand, room, user } = session
  const callerId = session.claims.userId
  if (!(await lastCallUntaken(room.id, callerId))) return { kind: 'notMissed' }
  if (!room.hostId) return { kind: 'hostUnreachable' }
  const hostId = room.hostId
  const written = readWritten(message, user)
  if ('fieldErrors' in written) return { kind: 'invalid', fieldErrors: written.fieldErrors }
  const { body, guest } = written
  const video = written.video ? message.video : null

  let send: () => Promise<SendOutcome>
  if (brand.slug === MAIN_BRAND_SLUG) {
    // A personal room: the host is reached where they are, not in the main brand's messages.
    const host = await User.findByPk(hostId)
    const to = host && hostAddress(host)
    if (!host || !to || host.id === user?.id) return { kind: 'hostUnreachable' }
    if (user && !(await mayContact(user.id, host.id, brand.id))) return { kind: 'hostUnreachable' }
    const from = guest
      ? { name: guest.fullName, emailAddress: null, phoneNumber: guest.phone, company: guest.company || null }
      : { name: senderLabel(user!), ...callerAddress(user!), company: null }
    // The host's name only: it is what the caller reads beside the answers.
    const hostParty = { name: host.name ?? room.name ?? room.slug, ...to }
    send = () =>
      startConversationBetweenOutsiders({
        brand,
        createdById: user?.id ?? null,
        from,
        to: hostParty,
        body,
        video,
        // The mail or SMS to the host counts against the caller's caps on messages sent outside the app.
        sender: user ? { userId: user.id } : { guestId: callerId },
        deliver: (recipient, sent) =>
          sendCallMessageToHost({
            brand,
            host,
            room,
            caller: { name: from.name, company: from.company, phone: guest ? from.phoneNumber : null },
            recipient,
            message: sent,
          }),
      })
  } else if (guest) {
    const outsider = { name: guest.fullName, phoneNumber: guest.phone, company: guest.company || null }
    send = () => startConversationFromOutsider({ brand, memberId: hostId, outsider, body, video })
  } else {
    const parsed = NewMessageSchema.safeParse({
      recipientIds: [hostId],
      tagIds: [],
      body,
      video: video ? RECEIVED_VIDEO : undefined,
    })
    if (!parsed.success) return { kind: 'invalid', fieldErrors: parsed.error.flatten().fieldErrors as FieldErrors }
    send = () => startConversation({ brand, sender: user!, values: parsed.data, video })
  }

  // Counted once the message is fit to send, so that a typo costs nothing.
  for (const [limit, subject] of [
    [LIMITS.callMessagesPerCaller, callerId],
    [LIMITS.callMessagesPerAddress, input.context.clientAddress],
  ] as const) {
    const { allowed, retryAfterSeconds } = await hit(limit, subject)
    if (!allowed) return { kind: 'limited', retryAfterSeconds }
  }

  const sent = await send()
  switch (sent.kind) {
    case 'sent':
      return { kind: 'sent' }
    case 'invalid':
      // The host is not someone the caller may write to in this community's messages (not an
      // active member of it, or a block either way): one answer for both, so a block is not told.
      return sent.fieldErrors.recipientIds ? { kind: 'hostUnreachable' } : sent
    case 'limited':
      // A cap on mail and SMS to outsiders (the host of a personal room is reached by one).
      return { kind: 'limited', retryAfterSeconds: sent.retryAfterSeconds }
    case 'failed':
      return { kind: 'failed' }
  }
}

/** The form's values, or its errors by field. */
function read<Schema extends ZodTypeAny>(
  message: MessageForm,
  schema: Schema,
): z.output<Schema> | { fieldErrors: FieldErrors } {
  const submission = parseWithZod(message.form, { schema })
  if (submission.status === 'success' && !message.refused) return submission.value as z.output<Schema>
  return { fieldErrors: fieldErrors(submission.status === 'error' ? submission.error : null, message.refused) }
}

/**
 * The schema's errors with the refused video's (a video of another type, or too large): that
 * refusal is why there seemed to be neither text nor video, so "text or video" is not said too.
 */
function fieldErrors(
  schemaErrors: Record<string, string[] | null> | null | undefined,
  refused: FieldErrors | null,
): FieldErrors {
  const errors: FieldErrors = {}
  for (const [field, messages] of Object.entries(schemaErrors ?? {})) if (messages?.length) errors[field] = messages
  if (refused) {
    const body = (errors.body ?? []).filter((error) => error !== 'meeting:callMessage.errors.textOrVideo')
    if (body.length > 0) errors.body = body
    else delete errors.body
    Object.assign(errors, refused)
  }
  return errors
}
