// The meeting's shared video (videoUrl, videoState, videoOwner, videoKey): one YouTube or
// Vimeo video everyone watches at the same place. The owner controls playback; the owner, the host
// or a co-host ends it.
import { z } from 'zod'
import { answers, type ClientEventDefinition } from './event-parts'
import { VIDEO_LINK_MAX_LENGTH } from './video-link'

/** The furthest a seek may go (a day): no embeddable video is longer. */
export const SHARED_VIDEO_MAX_POSITION_MS = 24 * 60 * 60 * 1000

const position = z.number().int().min(0).max(SHARED_VIDEO_MAX_POSITION_MS)
// Play and pause may come without a position: the edge's own is used then.
const playback = z.object({ positionMs: position.optional() }).optional()

export const sharedVideoClientEvents = {
  /** Share a YouTube or Vimeo link with everyone; it starts playing at 0. */
  'room:sharedVideo:start': {
    payload: z.object({ url: z.string().max(VIDEO_LINK_MAX_LENGTH) }),
    answer: answers<SharedVideo>(),
  },
  /** The owner's playback controls; play and pause may say where the owner's player is. */
  'room:sharedVideo:seek': { payload: z.object({ positionMs: position }), answer: answers<SharedVideo>() },
  'room:sharedVideo:play': { payload: playback, answer: answers<SharedVideo>() },
  'room:sharedVideo:pause': { payload: playback, answer: answers<SharedVideo>() },
  'room:sharedVideo:mute': { answer: answers<SharedVideo>() },
  'room:sharedVideo:unmute': { answer: answers<SharedVideo>() },
  /** The owner, the host or a co-host stops it for everyone. */
  'room:sharedVideo:end': { answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface SharedVideoServerEvents {
  /** Ours: the shared video after any change (null once it ended), and who changed it. */
  'room:sharedVideo': (payload: { action: SharedVideoAction; video: SharedVideo | null; by: string }) => void
}

export type VideoProvider = 'youtube' | 'vimeo'

/**
 * The shared video as everyone sees it. The edge keeps the position at a wall-clock instant; what
 * it sends is the position at the moment it sends, so a client adds the time since it received it
 * while the video plays.
 */
export interface SharedVideo {
  provider: VideoProvider
  videoId: string
  /** The link, normalised (a watch page of the provider). */
  url: string
  /** The owner's peer id: the only one who controls playback. */
  owner: string
  /** When it started (edge clock, ms): a new key is a new video. */
  key: number
  state: 'playing' | 'paused'
  muted: boolean
  positionMs: number
}
export type SharedVideoAction = 'start' | 'seek' | 'play' | 'pause' | 'end' | 'mute' | 'unmute'
