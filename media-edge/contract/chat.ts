// Ours: the meeting's chat, stored so a reconnect loses nothing.
import { z } from 'zod'
import { answers, type ClientEventDefinition } from './event-parts'
import { EDGE_ERRORS } from './protocol'

/** The longest message, after trimming: the chat field allows no more. */
export const CHAT_MAX_LENGTH = 2000

export const chatClientEvents = {
  'chat:send': {
    payload: z.object({
      text: z.string().trim().min(1, EDGE_ERRORS.chatInvalid).max(CHAT_MAX_LENGTH, EDGE_ERRORS.chatInvalid),
    }),
    answer: answers<ChatMessage>(),
  },
} satisfies Record<string, ClientEventDefinition>

export interface ChatServerEvents {
  'chat:message': (payload: ChatMessage) => void
}

export interface ChatMessage {
  id: string
  peerId: string
  userId: string
  name: string
  /** Sent by a guest (see Peer.guest). */
  guest: boolean
  text: string
  /** ISO time. */
  sentAt: string
}
