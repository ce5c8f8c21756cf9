// Direct messages (docs/user-guide.md#messages, /messages/conversations…): starting a
// conversation, writing in one, reading one (which is the last-read event), the list and the
// unread counts. Who may read a conversation is decided here too: its participants, nobody else.
import { Op, type Transaction } from 'sequelize'
import { liveTagWhere } from '#models/member-tag'
import type { User } from '#models/index'
import {
  BrandTag,
  Conversation,
  ConversationParticipant,
  MemberTag,
  Membership,
  Message,
  MessageAttachment,
  User as UserModel,
} from '#models/index'
import { mayContact } from '../connections/visibility.server'
import { logger } from '../platform/logger.server'
import type { ReceivedFile } from '../media/media-upload.server'
import { dropMessageFiles, keepMessageFiles, type IncomingAttachment, type StoredFile } from './message-files.server'
import { publishMessage } from './message-events.server'
import { attachmentName, attachmentType, CONVERSATIONS_PER_PAGE, isOwnAddress } from './message-rules'
import type { NewMessageValues, ReplyValues } from './message.schema'
import { limitOutsideDelivery, type OutsideRefusal, type OutsideSender } from './outside-delivery.server'
import { sendToExternal, type MailingBrand } from './reply-links.server'

type CommunityRef = MailingBrand & { id: string }
type Sender = Pick<User, 'id' | 'name' | 'emailAddress' | 'phoneNumber'>
type FieldErrors = Record<string, string[]>

/** `limited`: a cap on mail and SMS to outsiders was reached (outside-delivery.server.ts); nothing was saved or sent. */
export type SendOutcome =
  | { kind: 'sent'; conversationId: string }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'failed' }
  | ({ kind: 'limited' } & OutsideRefusal)

const invalid = (field: string, message: string): SendOutcome => ({
  kind: 'invalid',
  fieldErrors: { [field]: [`messages:errors.${message}`] },
})

/** How a member is named to an outsider: their name, or their address when they have none. */
export const senderLabel = (user: Pick<User, 'name' | 'emailAddress' | 'phoneNumber'>) =>
  user.name ?? user.emailAddress ?? user.phoneNumber ?? ''

/** The files as the store will keep them, typed by their content; null when one is not an accepted type. */
async function readAttachments(files: File[]): Promise<IncomingAttachment[] | null> {
  const read = await Promise.all(
    files.map(async (file) => {
      const bytes = new Uint8Array(await file.arrayBuffer())
      return { bytes, contentType: attachmentType(bytes), fileName: attachmentName(file.name) }
    }),
  )
  return read.every((file) => file.contentType) ? (read as IncomingAttachment[]) : null
}

/** For each recipient, whether the sender may reach them (no block either way, app/lib/connections). */
function reachable(brandId: string, senderId: string, userIds: string[]) {
  return Promise.all(userIds.map((userId) => mayContact(senderId, userId, brandId)))
}

/** Active members of the community among `userIds`. */
async function activeMembers(brandId: string, userIds: string[]) {
  if (userIds.length === 0) return []
  const rows = await Membership.findAll({
    where: { brandId, userId: userIds, status: 'active' },
    attributes: ['userId'],
  })
  return rows.map((row) => row.userId)
}

/**
 * Starts a conversation (the New message form): members picked by hand, everyone with one tag, and
 * at most one person outside the community. A message to exactly one member goes on in the
 * conversation the two already have (the product's ensure-user-conversation).
 */
export async function startConversation(input: {
  brand: CommunityRef
  sender: Sender
  values: NewMessageValues
  video?: ReceivedFile | null
}): Promise<SendOutcome> {
  const { brand, sender, values } = input
  const video = input.video ?? null
  const files = await readAttachments(values.files)
  if (!files) return invalid('files', 'fileType')

  const picked = [...new Set(values.recipientIds)].filter((id) => id !== sender.id)
  const members = await activeMembers(brand.id, picked)
  if (members.length !== picked.length) return invalid('recipientIds', 'recipientUnknown')
  // A block stops messages both ways; the refusal reads like any unreachable recipient, since a
  // block is not announced to the one blocked.
  if (!(await reachable(brand.id, sender.id, members)).every(Boolean))
    return invalid('recipientIds', 'recipientUnknown')

  let tagId: string | null = null
  let tagged: string[] = []
  if (values.tagIds[0]) {
    const tag = await BrandTag.findOne({ where: { id: values.tagIds[0], brandId: brand.id, ...liveTagWhere() } })
    if (!tag) return invalid('tagIds', 'tagUnknown')
    tagId = tag.id
    const holders = await MemberTag.findAll({ where: { tagId: tag.id }, attributes: ['userId'] })
    const holding = (
      await activeMembers(
        brand.id,
        holders.map((holder) => holder.userId),
      )
    ).filter((id) => id !== sender.id)
    // Someone blocked either way is left out of a tag's recipients.
    const open = await reachable(brand.id, sender.id, holding)
    tagged = holding.filter((_, index) => open[index])
    if (tagged.length === 0 && picked.length === 0 && !values.externalName) return invalid('tagIds', 'tagEmpty')
  }

  const external = values.externalName
    ? { name: values.externalName, emailAddress: values.externalEmail, phoneNumber: values.externalPhone }
    : null
  if (external && isOwnAddress(sender, external))
    return invalid(external.emailAddress ? 'externalEmail' : 'externalPhone', 'ownAddress')

  const recipients = [...new Set([...members, ...tagged])]
  if (recipients.length === 0 && !external) return invalid('recipientIds', 'recipientRequired')
  // Mail and SMS to addresses a member types are the one way out of the community: capped per
  // sender and per address before anything is saved, so an account cannot mail strangers in bulk.
  if (external) {
    const refused = await limitOutsideDelivery({ userId: sender.id }, [
      { emailAddress: external.emailAddress || null, phoneNumber: external.phoneNumber || null },
    ])
    if (refused) return { kind: 'limited', ...refused }
  }

  const existing =
    recipients.length === 1 && !tagId && !external
      ? await directConversation(brand.id, sender.id, recipients[0]!)
      : null
  if (existing)
    return reply({
      brand,
      conversation: existing.conversation,
      from: existing.participant,
      senderName: senderLabel(sender),
      values: { body: values.body, files: values.files },
      files,
      video,
    })

  const stored = await keepMessageFiles(brand.id, { files, video })
  let conversation: Conversation
  let message: Message
  try {
    ;({ conversation, message } = await Conversation.sequelize!.transaction(async (transaction) => {
      const conversation = await Conversation.create(
        {
          brandId: brand.id,
          type: external ? 'external' : 'internal',
          createdById: sender.id,
          tagId,
          lastMessageAt: new Date(),
        },
        { transaction },
      )
      const from = await ConversationParticipant.create(
        { conversationId: conversation.id, userId: sender.id },
        { transaction },
      )
      await ConversationParticipant.bulkCreate(
        recipients.map((userId) => ({ conversationId: conversation.id, userId })),
        { transaction },
      )
      if (external)
        await ConversationParticipant.create({ conversationId: conversation.id, ...external }, { transaction })
      const message = await writeMessage(conversation, from, values.body ?? '', stored, transaction)
      return { conversation, message }
    }))
  } catch (error) {
    await dropMessageFiles(stored)
    throw error
  }
  const outsiders = await outsideRecipients(conversation.id, null)
  if (
    !(await deliverToExternals({
      brand,
      conversation,
      message,
      senderName: senderLabel(sender),
      recipients: outsiders,
    }))
  ) {
    // Nobody received it: the conversation goes, so that sending again does not leave a twin.
    await removeConversation(conversation.id, stored)
    return { kind: 'failed' }
  }
  publishMessage(recipients, {
    type: 'message',
    brandId: conversation.brandId,
    conversationId: conversation.id,
    messageId: message.id,
  })
  return { kind: 'sent', conversationId: conversation.id }
}

/** How an outside participant is named and reached: one address, the one their messages go to. */
export type OutsideParty = {
  name: string
  emailAddress: string | null
  phoneNumber: string | null
  company?: string | null
}
/** One side of a two-person conversation: a member, or someone outside the community's messages. */
type Party = { userId: string } | OutsideParty

const participantFields = (party: Party) =>
  'userId' in party
    ? { userId: party.userId }
    : {
        name: party.name,
        emailAddress: party.emailAddress,
        phoneNumber: party.phoneNumber,
        company: party.company ?? null,
      }

/**
 * An external conversation of two, `from` writing the first message to `to`; the video kept with
 * it. Nothing is sent: the callers below decide who hears of it, and how.
 */
async function openConversation(input: {
  brand: CommunityRef
  createdById: string | null
  from: Party
  to: Party
  body: string
  video: ReceivedFile | null
}) {
  const stored = await keepMessageFiles(input.brand.id, { files: [], video: input.video })
  try {
    const opened = await Conversation.sequelize!.transaction(async (transaction) => {
      const conversation = await Conversation.create(
        {
          brandId: input.brand.id,
          type: 'external',
          createdById: input.createdById,
          tagId: null,
          lastMessageAt: new Date(),
        },
        { transaction },
      )
      const writer = await ConversationParticipant.create(
        { conversationId: conversation.id, ...participantFields(input.from) },
        { transaction },
      )
      const recipient = await ConversationParticipant.create(
        { conversationId: conversation.id, ...participantFields(input.to) },
        { transaction },
      )
      const message = await writeMessage(conversation, writer, input.body, stored, transaction)
      return { conversation, recipient, message }
    })
    return { ...opened, stored }
  } catch (error) {
    await dropMessageFiles(stored)
    throw error
  }
}

/**
 * A conversation that someone outside the community starts with one member: a guest's message for
 * a host from the waiting room (app/lib/calls/call-message.server.ts decides who may). The outsider
 * is the conversation's external participant, as someone a member writes to is, so the member
 * reads it in their messages and answers it there, and the answer reaches the outsider through the
 * existing path (deliverToExternals: an SMS or a mail with a reply link). Nothing goes out now: the
 * only outsider is the one writing.
 */
export async function startConversationFromOutsider(input: {
  brand: CommunityRef
  memberId: string
  outsider: { name: string; phoneNumber: string; company: string | null }
  body: string
  video: ReceivedFile | null
}): Promise<SendOutcome> {
  const { brand, memberId } = input
  if ((await activeMembers(brand.id, [memberId])).length === 0) return invalid('recipientIds', 'recipientUnknown')
  const outsider = { ...input.outsider, emailAddress: null }
  const { conversation, message } = await openConversation({
    brand,
    createdById: null,
    from: outsider,
    to: { userId: memberId },
    body: input.body,
    video: input.video,
  })
  publishMessage([memberId], {
    type: 'message',
    brandId: conversation.brandId,
    conversationId: conversation.id,
    messageId: message.id,
  })
  return { kind: 'sent', conversationId: conversation.id }
}

/**
 * A conversation between two people who both take part from outside the community's messages, each
 * reading and answering through their reply link: a caller's message for the host of a personal
 * room (app/lib/calls/call-message.server.ts), whose host and callers are no members of the main
 * brand and have no messages page there. `deliver` takes the first message to `to` (a mail or SMS
 * of its own, with `to`'s reply link); when it throws, the conversation goes, so that sending again
 * leaves no twin, and the outcome is `failed`. Every later message goes through sendReply, which
 * reaches the other by the same path as any external recipient (deliverToExternals). Only names
 * show on the reply page: neither reads the other's address.
 */
export async function startConversationBetweenOutsiders(input: {
  brand: CommunityRef
  createdById: string | null
  from: OutsideParty
  to: OutsideParty
  body: string
  video: ReceivedFile | null
  deliver: (to: ConversationParticipant, message: Message) => Promise<unknown>
  /** Who the first message is counted against (the caller): `to` is reached outside the app. */
  sender: OutsideSender
}): Promise<SendOutcome> {
  const refused = await limitOutsideDelivery(input.sender, [input.to])
  if (refused) return { kind: 'limited', ...refused }
  const { conversation, recipient, message, stored } = await openConversation(input)
  try {
    await input.deliver(recipient, message)
  } catch (error) {
    logger.warn({ err: error, conversationId: conversation.id }, 'message delivery failed')
    await removeConversation(conversation.id, stored)
    return { kind: 'failed' }
  }
  return { kind: 'sent', conversationId: conversation.id }
}

/** Writes in a conversation as one of its participants (a member, or an external recipient through the reply link). */
export async function sendReply(input: {
  brand: CommunityRef
  conversation: Conversation
  from: ConversationParticipant
  senderName: string
  values: ReplyValues
  video?: ReceivedFile | null
}): Promise<SendOutcome> {
  const files = await readAttachments(input.values.files)
  if (!files) return invalid('files', 'fileType')
  // A block since the conversation began stops replies in a direct one, refused like an
  // unreachable recipient (the block is not announced). The error is the form's own: a reply has
  // no recipient field.
  if (!(await directPartnerReachable(input.brand.id, input.conversation, input.from)))
    return invalid('', 'recipientUnknown')
  return reply({ ...input, files, video: input.video ?? null })
}

/** In a direct conversation (two members, no tag), whether the writer may still reach the other; any other conversation is open. */
async function directPartnerReachable(
  brandId: string,
  conversation: Conversation,
  from: ConversationParticipant,
): Promise<boolean> {
  if (conversation.type !== 'internal' || conversation.tagId !== null || from.userId === null) return true
  const everyone = await ConversationParticipant.findAll({
    where: { conversationId: conversation.id },
    attributes: ['userId'],
  })
  const other = everyone.find((participant) => participant.userId !== from.userId)
  if (everyone.length !== 2 || !other?.userId) return true
  return mayContact(from.userId, other.userId, brandId)
}

async function reply(input: {
  brand: CommunityRef
  conversation: Conversation
  from: ConversationParticipant
  senderName: string
  values: ReplyValues
  files: IncomingAttachment[]
  video: ReceivedFile | null
}): Promise<SendOutcome> {
  const { brand, conversation, from, senderName, values } = input
  // Every reply that reaches an outsider counts, as the first message did: refused before it is saved.
  const outsiders = await outsideRecipients(conversation.id, from.id)
  const refused = await limitOutsideDelivery(
    from.userId ? { userId: from.userId } : { participantId: from.id },
    outsiders,
  )
  if (refused) return { kind: 'limited', ...refused }
  const stored = await keepMessageFiles(brand.id, { files: input.files, video: input.video })
  let message: Message
  try {
    message = await Conversation.sequelize!.transaction(async (transaction) => {
      await conversation.update({ lastMessageAt: new Date() }, { transaction })
      return writeMessage(conversation, from, values.body ?? '', stored, transaction)
    })
  } catch (error) {
    await dropMessageFiles(stored)
    throw error
  }
  if (!(await deliverToExternals({ brand, conversation, message, senderName, recipients: outsiders }))) {
    await removeMessage(message, stored)
    return { kind: 'failed' }
  }
  const others = await ConversationParticipant.findAll({
    where: { conversationId: conversation.id, userId: { [Op.ne]: null }, id: { [Op.ne]: from.id } },
  })
  publishMessage(
    others.map((participant) => participant.userId!),
    { type: 'message', brandId: conversation.brandId, conversationId: conversation.id, messageId: message.id },
  )
  return { kind: 'sent', conversationId: conversation.id }
}

/** The message and its files (video and thumbnail among them); everyone else in the conversation has one more unread. */
async function writeMessage(
  conversation: Conversation,
  from: ConversationParticipant,
  body: string,
  files: StoredFile[],
  transaction: Transaction,
) {
  const message = await Message.create(
    { conversationId: conversation.id, senderParticipantId: from.id, body },
    { transaction },
  )
  await MessageAttachment.bulkCreate(
    files.map((file, position) => ({
      messageId: message.id,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      storageKey: file.key,
      role: file.role,
      position,
    })),
    { transaction },
  )
  await ConversationParticipant.increment('unreadCount', {
    by: 1,
    where: { conversationId: conversation.id, id: { [Op.ne]: from.id } },
    transaction,
  })
  // Writing is reading: the sender has seen everything up to their own message.
  await from.update({ unreadCount: 0, lastReadMessageId: message.id, lastReadAt: new Date() }, { transaction })
  return message
}

/** The conversation's external participants but the writer: those a message in it reaches by mail or SMS. */
async function outsideRecipients(conversationId: string, writerId: string | null) {
  const externals = await ConversationParticipant.findAll({ where: { conversationId, userId: null } })
  return externals.filter((participant) => participant.id !== writerId)
}

/** Mails or texts the message to the outside recipients; false when a transport refused. */
async function deliverToExternals(input: {
  brand: CommunityRef
  conversation: Conversation
  message: Message
  senderName: string
  recipients: ConversationParticipant[]
}) {
  try {
    for (const recipient of input.recipients) {
      await sendToExternal({ brand: input.brand, senderName: input.senderName, recipient, body: input.message.body })
    }
    return true
  } catch (error) {
    logger.warn({ err: error, conversationId: input.conversation.id }, 'message delivery failed')
    return false
  }
}

async function removeMessage(message: Message, files: StoredFile[]) {
  await Conversation.sequelize!.transaction(async (transaction) => {
    await MessageAttachment.destroy({ where: { messageId: message.id }, transaction })
    await message.destroy({ transaction })
    // The others' unread counts were raised for it.
    await ConversationParticipant.decrement('unreadCount', {
      by: 1,
      where: {
        conversationId: message.conversationId,
        id: { [Op.ne]: message.senderParticipantId },
        unreadCount: { [Op.gt]: 0 },
      },
      transaction,
    })
  })
  await dropMessageFiles(files)
}

async function removeConversation(conversationId: string, files: StoredFile[]) {
  await Conversation.sequelize!.transaction(async (transaction) => {
    const messages = await Message.findAll({ where: { conversationId }, attributes: ['id'], transaction })
    await MessageAttachment.destroy({ where: { messageId: messages.map((message) => message.id) }, transaction })
    await Message.destroy({ where: { conversationId }, transaction })
    await ConversationParticipant.destroy({ where: { conversationId }, transaction })
    await Conversation.destroy({ where: { id: conversationId }, transaction })
  })
  await dropMessageFiles(files)
}

/** The plain two-member conversation of `a` and `b` in the community, if they have one. */
export async function directConversation(brandId: string, a: string, b: string) {
  const mine = await ConversationParticipant.findAll({
    where: { userId: a },
    include: [{ model: Conversation, as: 'conversation', where: { brandId, type: 'internal', tagId: null } }],
  })
  for (const participant of mine) {
    const everyone = await ConversationParticipant.findAll({
      where: { conversationId: participant.conversationId },
      attributes: ['userId'],
    })
    if (everyone.length === 2 && everyone.some((other) => other.userId === b))
      return { conversation: participant.conversation!, participant }
  }
  return null
}

/** The user's place in a conversation of the community, or null when they are not in it (or it is not there). */
export async function participation(brandId: string, conversationId: string | undefined, userId: string) {
  if (!conversationId) return null
  const participant = await ConversationParticipant.findOne({
    where: { conversationId, userId },
    include: [{ model: Conversation, as: 'conversation', where: { brandId } }],
  })
  return participant?.conversation ? { participant, conversation: participant.conversation } : null
}

/** The last-read event: everything in the conversation up to its newest message has been read. */
export async function markRead(participant: ConversationParticipant) {
  const newest = await Message.findOne({
    where: { conversationId: participant.conversationId },
    order: [['createdAt', 'DESC']],
    attributes: ['id'],
  })
  await participant.update({ unreadCount: 0, lastReadMessageId: newest?.id ?? null, lastReadAt: new Date() })
}

/** The unread-event-count: unread messages in all of the user's conversations of the community. */
export async function unreadCount(brandId: string, userId: string, options: { except?: string } = {}): Promise<number> {
  const mine = await ConversationParticipant.findAll({
    where: {
      userId,
      unreadCount: { [Op.gt]: 0 },
      ...(options.except ? { conversationId: { [Op.ne]: options.except } } : {}),
    },
    attributes: ['unreadCount'],
    include: [{ model: Conversation, as: 'conversation', where: { brandId }, attributes: [] }],
  })
  return mine.reduce((total, participant) => total + participant.unreadCount, 0)
}

/** `company`: what an outsider who wrote first gave (a guest's message for a host); null for members. */
export type ParticipantView = { id: string; name: string; company: string | null; external: boolean; me: boolean }

function participantView(participant: ConversationParticipant, viewerId: string): ParticipantView {
  return {
    id: participant.id,
    name: participant.user?.name ?? participant.name ?? '',
    company: participant.userId === null ? (participant.company ?? null) : null,
    external: participant.userId === null,
    me: participant.id === viewerId,
  }
}

/**
 * GET /messages/conversations (paged from page 0): newest first, with who is in each, its last message and my unread
 * count.
 */
export async function listConversations(brandId: string, userId: string, page = 0) {
  const { rows, count } = await ConversationParticipant.findAndCountAll({
    where: { userId },
    include: [{ model: Conversation, as: 'conversation', where: { brandId } }],
    order: [[{ model: Conversation, as: 'conversation' }, 'lastMessageAt', 'DESC']],
    limit: CONVERSATIONS_PER_PAGE,
    offset: page * CONVERSATIONS_PER_PAGE,
  })
  const conversations = await Promise.all(
    rows.map(async (mine) => {
      const [participants, last] = await Promise.all([
        ConversationParticipant.findAll({
          where: { conversationId: mine.conversationId },
          include: [{ model: UserModel, as: 'user', attributes: ['name'] }],
          order: [['createdAt', 'ASC']],
        }),
        Message.findOne({
          where: { conversationId: mine.conversationId },
          order: [['createdAt', 'DESC']],
          include: [{ model: MessageAttachment, as: 'attachments', attributes: ['id', 'role'] }],
        }),
      ])
      return {
        id: mine.conversationId,
        others: participants
          .filter((participant) => participant.id !== mine.id)
          .map((participant) => participantView(participant, mine.id)),
        lastMessage: last
          ? {
              body: last.body.slice(0, 140),
              files: (last.attachments ?? []).filter((file) => file.role === 'file').length,
              video: (last.attachments ?? []).some((file) => file.role === 'video'),
              at: last.createdAt.toISOString(),
            }
          : null,
        unread: mine.unreadCount,
      }
    }),
  )
  return { conversations, page, more: (page + 1) * CONVERSATIONS_PER_PAGE < count }
}

/**
 * GET /messages/conversations/{id} and its events: who is in it and its messages, oldest first, each with its files.
 */
export async function conversationView(conversation: Conversation, viewer: ConversationParticipant) {
  const [participants, messages, tag] = await Promise.all([
    ConversationParticipant.findAll({
      where: { conversationId: conversation.id },
      include: [{ model: UserModel, as: 'user', attributes: ['name'] }],
      order: [['createdAt', 'ASC']],
    }),
    Message.findAll({
      where: { conversationId: conversation.id },
      include: [{ model: MessageAttachment, as: 'attachments' }],
      order: [
        ['createdAt', 'ASC'],
        ['id', 'ASC'],
        [{ model: MessageAttachment, as: 'attachments' }, 'position', 'ASC'],
      ],
    }),
    conversation.tagId ? BrandTag.findByPk(conversation.tagId, { attributes: ['label'] }) : null,
  ])
  const byId = new Map(participants.map((participant) => [participant.id, participantView(participant, viewer.id)]))
  return {
    id: conversation.id,
    tag: tag?.label ?? null,
    participants: [...byId.values()],
    messages: messages.map((message) => ({
      id: message.id,
      body: message.body,
      at: message.createdAt.toISOString(),
      from: byId.get(message.senderParticipantId) ?? null,
      ...attachmentsView(message.attachments ?? []),
    })),
  }
}

/**
 * A message's stored files as the page shows them: the attached files, and the video
 * (videoUrl) with its thumbnail (videoThumbnailUrl) when the server made one. Ids only: the page
 * builds the addresses for its reader (a member, or an external recipient's reply link).
 */
function attachmentsView(attachments: MessageAttachment[]) {
  const video = attachments.find((file) => file.role === 'video')
  const thumbnail = attachments.find((file) => file.role === 'thumbnail')
  return {
    files: attachments
      .filter((file) => file.role === 'file')
      .map((file) => ({ id: file.id, name: file.fileName, size: file.size, contentType: file.contentType })),
    video: video ? { id: video.id, contentType: video.contentType, thumbnailId: thumbnail?.id ?? null } : null,
  }
}

/** An attachment the participant may download: one of a message in their conversation. */
export async function attachmentFor(participant: ConversationParticipant, attachmentId: string | undefined) {
  if (!attachmentId) return null
  const attachment = await MessageAttachment.findByPk(attachmentId)
  if (!attachment) return null
  const message = await Message.findOne({
    where: { id: attachment.messageId, conversationId: participant.conversationId },
    attributes: ['id'],
  })
  return message ? attachment : null
}

/** An attachment a member may download: one of a message in a conversation of the community they are in. */
export async function memberAttachment(brandId: string, userId: string, attachmentId: string | undefined) {
  const attachment = attachmentId ? await MessageAttachment.findByPk(attachmentId) : null
  const message = attachment ? await Message.findByPk(attachment.messageId, { attributes: ['conversationId'] }) : null
  const found = message ? await participation(brandId, message.conversationId, userId) : null
  return found ? attachment : null
}
