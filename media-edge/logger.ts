import { pino, type Logger } from 'pino'

export type { Logger }

/** Structured logs. Never pass a token, a TURN secret or chat text here. */
export function createLogger(level: string): Logger {
  return pino({ name: 'media-edge', level })
}
