// The meeting's raised hands, in the order they went up: hosts call on people first come, first
// served. Pure (no sockets), so the order rules are tested on their own.
import type { RaisedHand } from './contract/hands'

export class HandQueue {
  private readonly hands = new Map<string, number>()

  /** Raises the peer's hand; raising it again keeps its place (false: nothing changed). */
  raise(peerId: string, at: number): boolean {
    if (this.hands.has(peerId)) return false
    this.hands.set(peerId, at)
    return true
  }

  /** Lowers the peer's hand (false: it was not up). */
  lower(peerId: string): boolean {
    return this.hands.delete(peerId)
  }

  has(peerId: string) {
    return this.hands.has(peerId)
  }

  /** Oldest first; a Map keeps insertion order, which is the order the hands went up. */
  list(): RaisedHand[] {
    return [...this.hands].map(([peerId, raisedAt]) => ({ peerId, raisedAt: new Date(raisedAt).toISOString() }))
  }
}
