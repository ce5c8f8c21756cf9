import { randomBytes } from 'node:crypto'

/**
 * Ids are 36 characters from the URL-safe alphabet (A–Z a–z 0–9 _ -):
 * 27 random bytes are exactly 36 base64url characters, with 216 bits of randomness.
 */
export function newId(): string {
  return randomBytes(27).toString('base64url')
}

export const ID_LENGTH = 36
export const ID_PATTERN = /^[A-Za-z0-9_-]{36}$/
