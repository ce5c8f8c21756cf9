import { describe, expect, it } from 'vitest'
import {
  RESERVED_BRAND_SLUGS,
  RESERVED_ROOM_SLUGS,
  SLUG_RULE,
  isAvailableBrandSlug,
  isAvailableRoomSlug,
  normaliseSlug,
} from '#models/slugs'

describe('SLUG_RULE', () => {
  it('accepts lower-case links of letters, digits, hyphens and underscores', () => {
    for (const slug of ['ab', 'a1', '9z', 'book-club', 'book_club', 'acme-2024', '2024-summit', 'a-', 'a_']) {
      expect(SLUG_RULE.test(slug), slug).toBe(true)
    }
  })

  it('needs at least 2 characters', () => {
    expect(SLUG_RULE.test('')).toBe(false)
    expect(SLUG_RULE.test('a')).toBe(false)
    expect(SLUG_RULE.test('7')).toBe(false)
    expect(SLUG_RULE.test('ab')).toBe(true)
  })

  it('must start with a letter or a digit', () => {
    for (const slug of ['-ab', '_ab', '--', '__', '.ab']) expect(SLUG_RULE.test(slug), slug).toBe(false)
  })

  it('allows up to 64 characters', () => {
    expect(SLUG_RULE.test('a'.repeat(64))).toBe(true)
    expect(SLUG_RULE.test('a'.repeat(65))).toBe(false)
  })

  it('rejects upper case, spaces, dots, slashes and other characters', () => {
    for (const slug of [
      'Book-club',
      'BOOK',
      'book club',
      'book.club',
      'book/club',
      'book?x',
      'café',
      'ab\n',
      ' ab',
      'ab#',
    ]) {
      expect(SLUG_RULE.test(slug), JSON.stringify(slug)).toBe(false)
    }
  })
})

describe('normaliseSlug', () => {
  it('trims and lower-cases', () => {
    expect(normaliseSlug('  Book-Club  ')).toBe('book-club')
    expect(normaliseSlug('ACME')).toBe('acme')
    expect(normaliseSlug('\tmy_room\n')).toBe('my_room')
  })

  it('leaves a normal slug unchanged', () => {
    expect(normaliseSlug('book-club')).toBe('book-club')
  })

  it('does not invent characters the rule would reject', () => {
    expect(SLUG_RULE.test(normaliseSlug('book club'))).toBe(false)
  })
})

describe('reserved community links', () => {
  // Every top-level path of the product's route table, plus the app's own top-level routes.
  const TOP_LEVEL = [
    'callback',
    'wait',
    'connect',
    'directory',
    'embedded',
    'ml',
    'community-not-found',
    'sign-in',
    'private',
    'register',
    'signup-error',
    'registered',
    'welcome-aboard',
    'thanks',
    'thank-you',
    'kicked',
    'connection-error',
    'unsupported-device',
    'extension-uninstalled',
    'me',
    'communities',
    'hub',
    'invitations',
    'healthz',
    'readyz',
    'resources',
    'dev',
    'build',
    // Profile pictures and banners (/uploads/avatars/…, /uploads/banners/…), from the store or public/uploads.
    'uploads',
  ]

  it('reserves every top-level route', () => {
    for (const slug of TOP_LEVEL) expect(RESERVED_BRAND_SLUGS.has(slug), slug).toBe(true)
  })

  it('makes reserved names unavailable', () => {
    for (const slug of TOP_LEVEL) expect(isAvailableBrandSlug(slug), slug).toBe(false)
  })

  it('only holds names that the slug rule would otherwise accept', () => {
    for (const slug of RESERVED_BRAND_SLUGS) expect(SLUG_RULE.test(slug), slug).toBe(true)
  })

  it('makes an ordinary valid name available', () => {
    expect(isAvailableBrandSlug('acme')).toBe(true)
    expect(isAvailableBrandSlug('book-club')).toBe(true)
    expect(isAvailableBrandSlug('members')).toBe(true)
  })

  it('makes an invalid name unavailable', () => {
    expect(isAvailableBrandSlug('a')).toBe(false)
    expect(isAvailableBrandSlug('Acme')).toBe(false)
    expect(isAvailableBrandSlug('-acme')).toBe(false)
  })

  it('catches a reserved name once it is normalised', () => {
    expect(isAvailableBrandSlug(normaliseSlug(' Sign-In '))).toBe(false)
    expect(isAvailableBrandSlug(normaliseSlug('ME'))).toBe(false)
  })
})

describe('reserved room links', () => {
  // Children of /{brand} in the product's route table.
  const BRAND_CHILDREN = [
    'posts',
    'install',
    'calls',
    'contacts',
    'messages',
    'events',
    'groups',
    'members',
    'tags',
    'sign-in',
    'private',
    'room-not-found',
    'post-not-found',
    'group-not-found',
    'event-not-found',
    'join',
    'event-series',
    'signup-successful',
    'signin-error',
    // brandAccessDenied, which the product names but places nowhere: Hearth serves it at /{brand}/access-denied.
    'access-denied',
  ]

  it('reserves every path under a community', () => {
    for (const slug of BRAND_CHILDREN) {
      expect(RESERVED_ROOM_SLUGS.has(slug), slug).toBe(true)
      expect(isAvailableRoomSlug(slug), slug).toBe(false)
    }
  })

  it('reserves every signup-{hash} link', () => {
    expect(isAvailableRoomSlug('signup-abc123')).toBe(false)
    expect(isAvailableRoomSlug('signup-')).toBe(false)
    expect(isAvailableRoomSlug('signups')).toBe(true)
  })

  it('only holds names that the slug rule would otherwise accept', () => {
    for (const slug of RESERVED_ROOM_SLUGS) expect(SLUG_RULE.test(slug), slug).toBe(true)
  })

  it('makes ordinary valid room links available', () => {
    expect(isAvailableRoomSlug('book-club')).toBe(true)
    expect(isAvailableRoomSlug('ana_lopez')).toBe(true)
  })

  it('makes an invalid room link unavailable', () => {
    expect(isAvailableRoomSlug('x')).toBe(false)
    expect(isAvailableRoomSlug('Book-Club')).toBe(false)
    expect(isAvailableRoomSlug('_club')).toBe(false)
  })
})
