import { RECONNECT_ATTEMPTS } from './constants'

export type ReconnectLabel =
  | { key: 'first' }
  | { key: 'second' }
  | { key: 'third' }
  | { key: 'nth'; attempt: number }
  | { key: 'final' }

/** The spec's attempt labels: 1st, 2nd, 3rd, then nth, the last one "final" (5 attempts by default). */
export function reconnectLabel(attempt: number, attempts = RECONNECT_ATTEMPTS): ReconnectLabel {
  if (attempt >= attempts) return { key: 'final' }
  if (attempt <= 1) return { key: 'first' }
  if (attempt === 2) return { key: 'second' }
  if (attempt === 3) return { key: 'third' }
  return { key: 'nth', attempt }
}
