// Ours: raised hands, one queue per meeting, oldest first.
import { answers, type ClientEventDefinition } from './event-parts'
import { peerTarget } from './peers'

export const handsClientEvents = {
  /** Raise or lower my hand; everyone gets the new queue (hand:queue). */
  'hand:raise': { answer: answers() },
  'hand:lower': { answer: answers() },
  /** A host or co-host lowers someone's hand (the edge checks the right). */
  'hand:lowerFor': { payload: peerTarget, answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface HandsServerEvents {
  /** The meeting's raised hands after any change, oldest first. */
  'hand:queue': (payload: { hands: RaisedHand[] }) => void
}

/** One raised hand of the meeting's queue. */
export interface RaisedHand {
  peerId: string
  /** ISO time the hand went up. */
  raisedAt: string
}
