// Shared video links: only YouTube and Vimeo, reduced to the video's id. Used by
// the edge, which refuses anything else, and by the meeting client, which says so before asking.
// Pure and import-free, so the browser bundle can use it. Only the id is kept: the players'
// addresses are built from it, never from what someone pasted.
import type { VideoProvider } from './shared-video'

export interface VideoLink {
  provider: VideoProvider
  videoId: string
  /** The provider's watch page for the id. */
  url: string
}

/** Longer than any real link; a paste past it is refused without parsing. */
export const VIDEO_LINK_MAX_LENGTH = 2048

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^\d{6,12}$/
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
])
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'])

const youtube = (videoId: string): VideoLink => ({
  provider: 'youtube',
  videoId,
  url: `https://www.youtube.com/watch?v=${videoId}`,
})
const vimeo = (videoId: string): VideoLink => ({ provider: 'vimeo', videoId, url: `https://vimeo.com/${videoId}` })

/** The video a pasted link names, or null when it is not a YouTube or Vimeo video link. */
export function parseVideoLink(pasted: string): VideoLink | null {
  const text = pasted.trim()
  if (!text || text.length > VIDEO_LINK_MAX_LENGTH) return null
  let address: URL
  try {
    address = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`)
  } catch {
    return null
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') return null
  if (address.username || address.password || address.port) return null
  const host = address.hostname.toLowerCase()
  const parts = address.pathname.split('/').filter(Boolean)

  if (host === 'youtu.be') return parts.length === 1 && YOUTUBE_ID.test(parts[0]!) ? youtube(parts[0]!) : null
  if (YOUTUBE_HOSTS.has(host)) {
    const id =
      parts[0] === 'watch' && parts.length === 1
        ? address.searchParams.get('v')
        : parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0]!)
          ? parts[1]!
          : null
    return id && YOUTUBE_ID.test(id) ? youtube(id) : null
  }
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/{id}, player.vimeo.com/video/{id}, and a channel's or group's video (…/videos/{id}).
    const id =
      host === 'player.vimeo.com' ? (parts[0] === 'video' && parts.length === 2 ? parts[1] : null) : parts.at(-1)
    const shape =
      host === 'player.vimeo.com' ||
      parts.length === 1 ||
      (parts.length === 3 && parts[0] === 'channels') ||
      (parts.length === 4 && parts[0] === 'groups' && parts[2] === 'videos')
    return shape && id && VIMEO_ID.test(id) ? vimeo(id) : null
  }
  return null
}
