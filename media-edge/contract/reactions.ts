// Ours: reactions, shown to everyone over the sender's tile.
import { z } from 'zod'
import { answers, type ClientEventDefinition } from './event-parts'

/** The reactions a peer may send; the edge refuses anything else. */
export const REACTIONS = ['👍', '👏', '❤️', '😂', '😮', '🎉'] as const
export type Reaction = (typeof REACTIONS)[number]
/** How long a reaction shows over the sender's tile. */
export const REACTION_SHOW_MS = 3000

export const reactionsClientEvents = {
  'reaction:send': { payload: z.object({ emoji: z.enum(REACTIONS) }), answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface ReactionsServerEvents {
  /** A peer sent a reaction (to everyone, the sender included). */
  reaction: (payload: { peerId: string; emoji: Reaction }) => void
}
