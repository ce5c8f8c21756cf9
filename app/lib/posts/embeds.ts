// Video links in a post's text become embedded players (embedded link detection covers two video
// sharing services and uses an 11-character id for one of them: YouTube's ids are 11
// characters, Vimeo's are numbers). Only the id is taken from what the user wrote; the player's
// address is built here, on hosts that set no tracking cookies before play, and the page's CSP
// allows frames from exactly these origins (EMBED_FRAME_SOURCES).

export type Embed = { provider: 'youtube' | 'vimeo'; id: string; src: string }

/** The frame origins the CSP allows: the two players, nothing else. */
export const EMBED_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const

/** At most this many players per post: a wall of videos is not a post. */
export const EMBEDS_MAX = 3

const YOUTUBE =
  /(?:^|[\s"'(>])(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^\s"'<]*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/g
const VIMEO = /(?:^|[\s"'(>])(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{6,12})(?!\d)/g

export function youtubeSrc(id: string) {
  return `${EMBED_FRAME_SOURCES[0]}/embed/${id}`
}
export function vimeoSrc(id: string) {
  return `${EMBED_FRAME_SOURCES[1]}/video/${id}?dnt=1`
}

/** The players for the video links in a text (in order, each video once). */
export function findEmbeds(text: string | null | undefined): Embed[] {
  if (!text) return []
  const found: Array<Embed & { at: number }> = []
  for (const match of text.matchAll(YOUTUBE))
    found.push({ provider: 'youtube', id: match[1]!, src: youtubeSrc(match[1]!), at: match.index ?? 0 })
  for (const match of text.matchAll(VIMEO))
    found.push({ provider: 'vimeo', id: match[1]!, src: vimeoSrc(match[1]!), at: match.index ?? 0 })
  const seen = new Set<string>()
  return found
    .sort((a, b) => a.at - b.at)
    .filter((embed) => !seen.has(embed.src) && seen.add(embed.src))
    .slice(0, EMBEDS_MAX)
    .map(({ provider, id, src }) => ({ provider, id, src }))
}
