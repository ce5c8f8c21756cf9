// The shared video's players: the providers' own embeds, driven through their
// documented postMessage APIs (YouTube's IFrame Player API as the embed speaks it with
// enablejsapi=1; Vimeo's Player API), so no third-party script runs in the page. Each adapter only
// turns our commands into the provider's messages and its messages into reports; playing in step
// is the sync rule below. Pure: unit-tested message by message.
import type { VideoProvider } from '#edge/contract/shared-video'
import { EMBED_FRAME_SOURCES, vimeoSrc, youtubeSrc } from '#app/lib/posts/embeds'

export type PlayerCommand =
  { type: 'play' } | { type: 'pause' } | { type: 'seek'; positionMs: number } | { type: 'mute' } | { type: 'unmute' }

/** What a player told us: ready, where it is, whether it plays (each only when it said so). */
export interface PlayerReport {
  ready?: boolean
  positionMs?: number
  playing?: boolean
}

export interface PlayerAdapter {
  /** The origin its frame's messages come from and ours go to. */
  origin: string
  /** The embed's address for a video id; the page's origin lets YouTube answer to it. */
  src(videoId: string, pageOrigin: string): string
  /** What to send once the frame loads (and again when it says it is ready) to hear its events. */
  subscribe(): string[]
  command(command: PlayerCommand): string
  /** A message from the frame, or null when it is nothing we follow. */
  read(data: unknown): PlayerReport | null
}

const seconds = (ms: number) => Math.round(ms) / 1000
const parsed = (data: unknown): Record<string, unknown> | null => {
  if (typeof data === 'object' && data !== null) return data as Record<string, unknown>
  if (typeof data !== 'string') return null
  try {
    const value: unknown = JSON.parse(data)
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

// YouTube's player states: -1 unstarted, 0 ended, 1 playing, 2 paused, 3 buffering, 5 cued.
// Buffering counts as playing: the player is on its way there.
const youtubePlaying = (state: unknown) =>
  state === 1 || state === 3 ? true : state === 0 || state === 2 || state === 5 || state === -1 ? false : undefined

const youtube: PlayerAdapter = {
  origin: EMBED_FRAME_SOURCES[0],
  // Its own controls off: people follow the owner, whose controls are ours.
  src: (videoId, pageOrigin) =>
    `${youtubeSrc(videoId)}?enablejsapi=1&controls=0&disablekb=1&playsinline=1&rel=0&origin=${encodeURIComponent(pageOrigin)}`,
  subscribe: () => [JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })],
  command: (command) => {
    const [func, args] =
      command.type === 'play'
        ? ['playVideo', []]
        : command.type === 'pause'
          ? ['pauseVideo', []]
          : command.type === 'seek'
            ? ['seekTo', [seconds(command.positionMs), true]]
            : command.type === 'mute'
              ? ['mute', []]
              : ['unMute', []]
    return JSON.stringify({ event: 'command', func, args, id: 1, channel: 'widget' })
  },
  read: (data) => {
    const message = parsed(data)
    if (!message) return null
    if (message.event === 'onReady') return { ready: true }
    if (message.event === 'onStateChange') return { playing: youtubePlaying(message.info) }
    if (message.event === 'infoDelivery' || message.event === 'initialDelivery') {
      const info = parsed(message.info) ?? {}
      const time = number(info.currentTime)
      return {
        positionMs: time === undefined ? undefined : Math.round(time * 1000),
        playing: youtubePlaying(info.playerState),
      }
    }
    return null
  },
}

const vimeo: PlayerAdapter = {
  origin: EMBED_FRAME_SOURCES[1],
  src: (videoId) => `${vimeoSrc(videoId)}&api=1&controls=0&autopause=0&playsinline=1`,
  subscribe: () =>
    ['timeupdate', 'play', 'pause', 'ended'].map((event) =>
      JSON.stringify({ method: 'addEventListener', value: event }),
    ),
  command: (command) =>
    JSON.stringify(
      command.type === 'seek'
        ? { method: 'setCurrentTime', value: seconds(command.positionMs) }
        : command.type === 'mute' || command.type === 'unmute'
          ? { method: 'setMuted', value: command.type === 'mute' }
          : { method: command.type },
    ),
  read: (data) => {
    const message = parsed(data)
    if (!message) return null
    const payload = parsed(message.data) ?? {}
    const time = number(payload.seconds)
    const positionMs = time === undefined ? undefined : Math.round(time * 1000)
    switch (message.event) {
      case 'ready':
        return { ready: true }
      case 'timeupdate':
        return { positionMs }
      case 'play':
      case 'playing':
        return { playing: true, positionMs }
      case 'pause':
      case 'ended':
        return { playing: false, positionMs }
      default:
        return null
    }
  },
}

export const PLAYERS: Record<VideoProvider, PlayerAdapter> = { youtube, vimeo }

/** How far a follower's player may drift from the owner's before it is moved back in step. */
export const SYNC_TOLERANCE_MS = 2000

/**
 * Where the video should be now: the position the edge sent, plus the time since it arrived while
 * it plays. Times are this page's monotonic clock (performance.now), so the edge's clock and ours
 * never need to agree.
 */
export function expectedPosition(
  video: { state: 'playing' | 'paused'; positionMs: number },
  receivedAt: number,
  now: number,
) {
  return video.state === 'playing' ? video.positionMs + Math.max(0, now - receivedAt) : video.positionMs
}

/** What to tell a player that last reported `report` so it plays what everyone plays. */
export function syncCommands(target: { playing: boolean; positionMs: number }, report: PlayerReport): PlayerCommand[] {
  const commands: PlayerCommand[] = []
  if (report.positionMs === undefined || Math.abs(report.positionMs - target.positionMs) > SYNC_TOLERANCE_MS)
    commands.push({ type: 'seek', positionMs: target.positionMs })
  if (report.playing !== target.playing) commands.push({ type: target.playing ? 'play' : 'pause' })
  return commands
}
