// Which pictures the edge shows for a peer beyond the pass's own: those the web app stored for them.
import { describe, expect, it } from 'vitest'
import { AVATAR_URL_PREFIX, avatarOwner, isOwnAvatarUpload } from '#edge/contract/peers'

const random = '0123456789abcdef01234567'
const memberId = '7c3e2a1b-4d5f-4a6b-8c9d-0e1f2a3b4c5d'
const guestId = `guest:${'K'.repeat(36)}`

describe('avatarOwner', () => {
  it("keeps a member's id and shortens a guest's prefix, so a file name fits a store key part (64)", () => {
    expect(avatarOwner(memberId)).toBe(memberId)
    expect(avatarOwner(guestId)).toBe(`g_${'K'.repeat(36)}`)
    expect(`${avatarOwner(guestId)}-${random}`.length).toBeLessThanOrEqual(64)
    expect(avatarOwner('odd/id:with.dots')).toBe('odd_id_with_dots')
  })
})

describe('isOwnAvatarUpload', () => {
  it('takes the name the web app gives a person’s upload, and nothing else', () => {
    expect(isOwnAvatarUpload(`${AVATAR_URL_PREFIX}${memberId}-${random}.png`, memberId)).toBe(true)
    expect(isOwnAvatarUpload(`${AVATAR_URL_PREFIX}g_${'K'.repeat(36)}-${random}.png`, guestId)).toBe(true)
    for (const url of [
      `${AVATAR_URL_PREFIX}g_${'L'.repeat(36)}-${random}.png`,
      `https://example.com${AVATAR_URL_PREFIX}${memberId}-${random}.png`,
      `${AVATAR_URL_PREFIX}${memberId}-${random}.png?x`,
      `${AVATAR_URL_PREFIX}${memberId}-${random.toUpperCase()}.png`,
      `${AVATAR_URL_PREFIX}${memberId}-../${random}.png`,
      `/uploads/banners/${memberId}-${random}.png`,
    ])
      expect(isOwnAvatarUpload(url, url.includes('g_') ? guestId : memberId), url).toBe(false)
  })
})
