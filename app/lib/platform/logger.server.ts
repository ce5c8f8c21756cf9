import { pino } from 'pino'
import { env } from './env.server'

/** Structured logs. Never pass a secret, token or code here: only the dev outbox may hold those. */
export const logger = pino({ level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL })
