// The live stream's viewer count (the room's viewerCount, room.viewerCountUpdated). An RTMP
// push gets nothing back about who watches: only the streaming service knows, through its own API.
// The edge knows only this interface; twitch-viewers.ts is the one adapter today (Twitch's Helix
// API), and the tests run it against a local server speaking the same protocol. Without a provider,
// or without a channel name from the host, the edge has no count and sends none.
import { LIVE_LIMITS } from './contract/live'

export interface ViewerCountProvider {
  /**
   * How many people watch the channel now: 0 when it is offline, null when the service would not
   * say (refused our credentials, failed, answered nonsense). Never throws.
   */
  viewers(channel: string): Promise<number | null>
}

/** How often the count is read while the stream is live (Twitch refreshes its own about this often). */
export const VIEWER_POLL_MS = 30_000

/** A channel name as services spell logins: letters, digits and underscores (Twitch: 4 to 25; others vary). */
export const CHANNEL_PATTERN = new RegExp(`^[A-Za-z0-9_]{1,${LIVE_LIMITS.channel}}$`)
