import { z } from 'zod'

/** A record id as forms carry it (models/ids.ts: 36 URL-safe characters). */
export const RECORD_ID = /^[A-Za-z0-9_-]{36}$/

/**
 * A form field (or JSON property) that must hold a record id; anything else is refused with `message` (a translation
 * key) before it reaches a query, so junk (a NUL, which SQLite cannot quote) never becomes a 500.
 */
export const recordId = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).regex(RECORD_ID, message)
