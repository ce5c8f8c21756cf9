// POST /messages/conversations/ensure-user-conversation: the plain conversation of two
// members, found or started empty, so that a client can open it before anything is written (the
// new-message form does the same when its one recipient already talks with the sender).
import { isActiveMember } from '../connections/connections.server'
import { mayContact } from '../connections/visibility.server'
import { Conversation, ConversationParticipant } from '#models/index'
import { directConversation } from './conversations.server'

export type EnsureOutcome = { kind: 'found' | 'started'; conversationId: string } | { kind: 'unreachable' }

export async function ensureUserConversation(
  brandId: string,
  senderId: string,
  otherId: string,
): Promise<EnsureOutcome> {
  // Oneself, a non-member and someone blocked either way answer alike: a block is not announced.
  if (
    otherId === senderId ||
    !(await isActiveMember(otherId, brandId)) ||
    !(await mayContact(senderId, otherId, brandId))
  )
    return { kind: 'unreachable' }
  // Two first calls at the same moment may both start one; the list then shows both, and the
  // next message to the pair goes on in whichever directConversation finds first.
  const existing = await directConversation(brandId, senderId, otherId)
  if (existing) return { kind: 'found', conversationId: existing.conversation.id }
  const conversation = await Conversation.sequelize!.transaction(async (transaction) => {
    const conversation = await Conversation.create(
      { brandId, type: 'internal', createdById: senderId, tagId: null, lastMessageAt: new Date() },
      { transaction },
    )
    await ConversationParticipant.bulkCreate(
      [senderId, otherId].map((userId) => ({ conversationId: conversation.id, userId })),
      { transaction },
    )
    return conversation
  })
  return { kind: 'started', conversationId: conversation.id }
}
