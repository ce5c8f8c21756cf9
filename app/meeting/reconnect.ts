import { RECONNECT_ATTEMPTS } from './constants'

export type ReconnectLabel =
  { key: 'first' } | { key: 'second' } | { key: 'third' } | { key: 'nth'; attempt: number } | { key: 'final' }

/** The attempt labels: 1st, 2nd, 3rd, then nth, the last one "final" (5 attempts by default). */
export function reconnectLabel(attempt: number, attempts = RECONNECT_ATTEMPTS): ReconnectLabel {
  if (attempt >= attempts) return { key: 'final' }
  if (attempt <= 1) return { key: 'first' }
  if (attempt === 2) return { key: 'second' }
  if (attempt === 3) return { key: 'third' }
  return { key: 'nth', attempt }
}

/**
 * Socket.IO's disconnect reasons that mean the edge may be gone: the connection broke or fell
 * silent. Not our own disconnect, nor the edge's (a kick, a replaced page), which do not reconnect.
 */
const EDGE_LOST = new Set(['transport close', 'transport error', 'ping timeout'])
export const edgeMayBeGone = (reason: string) => EDGE_LOST.has(reason)

/**
 * The pass for the next connection attempt after the edge was lost. Asked for at once (ask), not
 * after Socket.IO's first reconnection delay, naming the edge lost so that the web app checks it
 * and moves the meeting if it died; the first reconnection attempt then takes that answer instead
 * of asking again, and later attempts ask afresh, still naming the edge they could not reach.
 */
export class NextPass<Pass> {
  private pending: Promise<Pass> | null = null

  constructor(private readonly refresh: (unreachable: string) => Promise<Pass>) {}

  /** Asks now: the edge at `lostUrl` dropped us. */
  ask(lostUrl: string): Promise<Pass> {
    this.pending = this.refresh(lostUrl)
    // Whoever awaits it handles a failure; unawaited, it must not be an unhandled rejection.
    this.pending.catch(() => undefined)
    return this.pending
  }

  /** For a connection attempt: the pass asked for at the disconnect, once, or a fresh one. */
  take(lostUrl: string): Promise<Pass> {
    const pass = this.pending ?? this.refresh(lostUrl)
    this.pending = null
    return pass
  }
}
