import { describe, expect, it } from 'vitest'
import { EMBED_FRAME_SOURCES, findEmbeds } from '#app/lib/posts/embeds'
import { postProblem, pinProblem, updateProblem } from '#app/lib/posts/post-rules'
import { shareLinks } from '#app/lib/posts/share'

describe('findEmbeds', () => {
  it('finds a YouTube id (11 characters) in each link form and builds the privacy-friendly player address', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'youtube.com/watch?t=3&v=dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(findEmbeds(`see ${link} now`)).toEqual([
        { provider: 'youtube', id: 'dQw4w9WgXcQ', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
      ])
    }
  })
  it('ignores an id that is not exactly 11 characters', () => {
    expect(findEmbeds('https://youtu.be/dQw4w9WgXc')).toEqual([])
    expect(findEmbeds('https://youtu.be/dQw4w9WgXcQQ')).toEqual([])
  })
  it('finds a Vimeo id in a link and in a stored anchor', () => {
    expect(findEmbeds('<a href="https://vimeo.com/76979871">v</a>')).toEqual([
      { provider: 'vimeo', id: '76979871', src: 'https://player.vimeo.com/video/76979871?dnt=1' },
    ])
  })
  it('never takes anything but the id from the text', () => {
    const [embed] = findEmbeds('https://youtu.be/dQw4w9WgXcQ"><script>')
    expect(embed!.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
  })
  it('ignores other hosts that merely contain the name', () =>
    expect(findEmbeds('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toEqual([]))
  it('lists each video once, in order', () => {
    const text = '<a href="https://vimeo.com/123456">https://vimeo.com/123456</a> https://youtu.be/dQw4w9WgXcQ'
    expect(findEmbeds(text).map((embed) => embed.provider)).toEqual(['vimeo', 'youtube'])
  })
  it('builds every player on an allowed frame source', () => {
    for (const embed of findEmbeds('https://youtu.be/dQw4w9WgXcQ https://vimeo.com/123456')) {
      expect(EMBED_FRAME_SOURCES.some((origin) => embed.src.startsWith(`${origin}/`))).toBe(true)
    }
  })
})

describe('post rules and their messages', () => {
  const room = { contextRoomId: 'room' }
  it('needs a context room', () => expect(postProblem({ message: 'hi' })).toBe('posts:errors.missingContextRoom'))
  it('needs a message, files or a video', () =>
    expect(postProblem({ ...room, message: '  ' })).toBe('posts:errors.missingContent'))
  it('accepts files alone or a video with its thumbnail', () => {
    expect(postProblem({ ...room, fileUrls: ['https://x.test/a.png'] })).toBeNull()
    expect(
      postProblem({ ...room, videoUrl: 'https://x.test/v.mp4', videoThumbnailUrl: 'https://x.test/v.png' }),
    ).toBeNull()
  })
  it('needs a thumbnail for a video', () =>
    expect(postProblem({ ...room, videoUrl: 'https://x.test/v.mp4' })).toBe('posts:errors.missingVideoThumbnail'))
  it('needs the message to be a string', () =>
    expect(postProblem({ ...room, message: 5 })).toBe('posts:errors.invalidMessage'))
  it('needs file URLs to be an array of strings', () => {
    expect(postProblem({ ...room, fileUrls: 'https://x.test/a.png' })).toBe('posts:errors.invalidFileUrls')
    expect(postProblem({ ...room, fileUrls: [1] })).toBe('posts:errors.invalidFileUrls')
  })
  it('needs a parent post for a comment', () =>
    expect(postProblem({ ...room, message: 'hi' }, { child: true })).toBe('posts:errors.missingParentPost'))
  it('refuses a message one character over the limit, not at it', () => {
    expect(postProblem({ ...room, message: 'x'.repeat(10_000) })).toBeNull()
    expect(postProblem({ ...room, message: 'x'.repeat(10_001) })).toBe('posts:errors.messageTooLong')
  })
  it('needs an id to update', () => expect(updateProblem({ ...room, message: 'hi' })).toBe('posts:errors.missingId'))
  it('needs a pinned status and a room to pin', () => {
    expect(pinProblem({ roomId: 'r' })).toBe('posts:errors.missingPinnedStatus')
    expect(pinProblem({ pinned: true })).toBe('posts:errors.missingRoomId')
    expect(pinProblem({ pinned: false, roomId: 'r' })).toBeNull()
  })
})

describe('shareLinks', () => {
  it('offers two networks with the post address encoded', () => {
    const links = shareLinks('https://h.test/c/posts/a b')
    expect(links.map((link) => link.network)).toEqual(['facebook', 'x'])
    for (const link of links) expect(link.href).toContain('https%3A%2F%2Fh.test%2Fc%2Fposts%2Fa%20b')
  })
})
