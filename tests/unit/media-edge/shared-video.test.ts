import { describe, expect, it } from 'vitest'
import { parseVideoLink } from '#edge/contract/video-link'
import { SharedVideoPlayback } from '#edge/shared-video'

describe('parseVideoLink', () => {
  it('reduces every YouTube link form to the id and its watch page', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s',
      'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=10',
      'youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      '  https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  ',
    ]) {
      expect(parseVideoLink(link), link).toEqual({
        provider: 'youtube',
        videoId: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      })
    }
  })

  it('reduces Vimeo links to the numeric id', () => {
    for (const link of [
      'https://vimeo.com/76979871',
      'vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871?h=abc',
      'https://vimeo.com/channels/staffpicks/76979871',
      'https://vimeo.com/groups/name/videos/76979871',
    ]) {
      expect(parseVideoLink(link), link).toEqual({
        provider: 'vimeo',
        videoId: '76979871',
        url: 'https://vimeo.com/76979871',
      })
    }
  })

  it('refuses other hosts, other schemes, other pages and malformed ids', () => {
    for (const link of [
      '',
      'hello',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'ftp://vimeo.com/76979871',
      'https://user:pw@youtu.be/dQw4w9WgXcQ',
      'https://youtu.be:8443/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXc',
      'https://youtu.be/dQw4w9WgXcQQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXc"',
      'https://www.youtube.com/playlist?list=PL123',
      'https://www.youtube.com/@channel',
      'https://vimeo.com/about',
      'https://vimeo.com/12345',
      'https://player.vimeo.com/76979871',
      `https://youtu.be/dQw4w9WgXcQ?${'x'.repeat(2100)}`,
    ]) {
      expect(parseVideoLink(link), link).toBeNull()
    }
  })
})

describe('SharedVideoPlayback', () => {
  const link = {
    provider: 'youtube' as const,
    videoId: 'dQw4w9WgXcQ',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  }

  it('plays from 0 when started, moving on with the clock', () => {
    const video = new SharedVideoPlayback(link, 'peer', 10_000)
    expect(video.view(10_000)).toMatchObject({
      state: 'playing',
      positionMs: 0,
      key: 10_000,
      owner: 'peer',
      muted: false,
    })
    expect(video.position(25_000)).toBe(15_000)
  })

  it("stops moving when paused, at the owner's position when given, and moves on from there when played", () => {
    const video = new SharedVideoPlayback(link, 'peer', 0)
    video.setPlaying(false, 30_000, 29_400)
    expect(video.position(90_000)).toBe(29_400)
    video.setPlaying(true, 90_000)
    expect(video.position(91_000)).toBe(30_400)
  })

  it('seeks while playing or paused, keeping the state', () => {
    const video = new SharedVideoPlayback(link, 'peer', 0)
    video.seek(120_000, 5_000)
    expect(video.view(6_000)).toMatchObject({ state: 'playing', positionMs: 121_000 })
    video.setPlaying(false, 6_000)
    video.seek(3_000, 7_000)
    expect(video.view(60_000)).toMatchObject({ state: 'paused', positionMs: 3_000 })
  })
})
