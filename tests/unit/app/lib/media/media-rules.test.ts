import { describe, expect, it } from 'vitest'
import { isAcceptedType, libraryPlace, mediaUrl, shortenFileName } from '#app/lib/media/media-rules'

describe('shortenFileName (over 20 characters → first 10 and last 7 plus the extension)', () => {
  it('keeps a name of 20 characters or fewer, not counting the extension', () => {
    expect(shortenFileName('a'.repeat(20) + '.jpeg')).toBe('a'.repeat(20) + '.jpeg')
    expect(shortenFileName('short.png')).toBe('short.png')
  })

  it('shortens a name of 21 characters', () => {
    expect(shortenFileName('0123456789abcdTUVWXYZ.pdf')).toBe('0123456789TUVWXYZ.pdf')
  })

  it('shortens a long name without an extension', () => {
    expect(shortenFileName('0123456789-a-much-longer-middle-TUVWXYZ')).toBe('0123456789TUVWXYZ')
  })

  it('keeps only the last extension, and counts a leading dot as part of the name', () => {
    expect(shortenFileName('0123456789-archive-of-TUVWXYZ.tar.gz')).toBe('0123456789XYZ.tar.gz')
    expect(shortenFileName('.hidden')).toBe('.hidden')
  })

  it('drops a path and never cuts a character in half', () => {
    expect(shortenFileName('C:\\Users\\me\\photo.png')).toBe('photo.png')
    expect(shortenFileName('😀'.repeat(25) + '.png')).toBe('😀'.repeat(17) + '.png')
  })
})

describe('isAcceptedType ("the file type must contain one of the accepted type strings")', () => {
  it('accepts any video, any image, and the listed file types', () => {
    expect(isAcceptedType('video', 'video/webm')).toBe(true)
    expect(isAcceptedType('image', 'image/gif')).toBe(true)
    expect(isAcceptedType('file', 'audio/mpeg')).toBe(true)
    expect(isAcceptedType('file', 'application/pdf')).toBe(true)
  })

  it('refuses what no accepted string is part of', () => {
    expect(isAcceptedType('image', 'text/plain')).toBe(false)
    expect(isAcceptedType('video', 'image/png')).toBe(false)
    expect(isAcceptedType('file', 'application/octet-stream')).toBe(false)
  })
})

describe('library addresses', () => {
  it('reads a group, a tab and a page, anything odd as the default', () => {
    expect(libraryPlace(new URL('http://x/c/media?type=videos&page=2'))).toEqual({
      roomId: null,
      tab: 'videos',
      page: 2,
    })
    expect(libraryPlace(new URL('http://x/c/media?type=nope&page=-1'))).toEqual({
      roomId: null,
      tab: 'images',
      page: 1,
    })
    // The room is checked when the library is opened (openLibrary): here it is only read.
    expect(libraryPlace(new URL(`http://x/c/media?room=${'r'.repeat(36)}`)).roomId).toBe('r'.repeat(36))
  })

  it('writes images as the bare address, and a group library with its room first', () => {
    expect(mediaUrl('c')).toBe('/c/media')
    expect(mediaUrl('c', 'files', 3)).toBe('/c/media?type=files&page=3')
    expect(mediaUrl('c', 'images', 1, 'r'.repeat(36))).toBe(`/c/media?room=${'r'.repeat(36)}`)
  })
})
