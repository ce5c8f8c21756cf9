// Live streaming a meeting to an RTMP server (live:*), by a host or co-host.
import { z } from 'zod'
import { answers, type ClientEventDefinition } from './event-parts'
import { EDGE_ERRORS } from './protocol'

/**
 * What the go-live dialog allows: the stream's address, its key when given apart, and the channel
 * whose viewer count is read (a login on the streaming service: letters, digits and underscores).
 */
export const LIVE_LIMITS = { url: 2048, streamKey: 512, channel: 50 } as const

/** People other than hosts and co-hosts see the live state change this much later. */
export const LIVE_STATE_DELAY_MS = 13_000

/**
 * How long a push (going live, resuming) may take to reach the service: ffmpeg probes the picture (a key frame
 * is asked for until it has one), connects, and writes the stream's header; past this the start has failed
 * (liveFailed). The edge answers live:initialize and live:join only then, so the page waits as long.
 */
export const LIVE_START_DEADLINE_MS = 30_000

// Pause and resume carry nothing: resume always goes to the kept target, so a payload that names
// anything (another address, say) is refused rather than silently ignored.
const nothing = z.object({}).strict().optional()

export const liveClientEvents = {
  /**
   * A host or co-host starts streaming the meeting: url is rtmp:// or rtmps://, the stream
   * key part of it or apart. The edge's live bot joins (a peer with isLive) once ffmpeg runs;
   * already streaming is not an error. channel (optional) is the stream's channel on the service,
   * whose viewer count the edge then reads while live (room.viewerCountUpdated).
   */
  'live:initialize': {
    payload: z.object({
      url: z.string().max(LIVE_LIMITS.url),
      streamKey: z.string().max(LIVE_LIMITS.streamKey).optional(),
      channel: z.string().max(LIVE_LIMITS.channel, EDGE_ERRORS.liveChannelInvalid).optional(),
    }),
    answer: answers(),
  },
  /** The room's live status, for anyone in the meeting. */
  'live:getStreamByRoom': { answer: answers<LiveStatus>() },
  /**
   * A host or co-host pauses the stream (the room goes to pausing): ffmpeg ends its push cleanly and
   * the live bot leaves, the edge keeps the address and key. Pausing a paused stream is not an error.
   */
  'live:pause': { payload: nothing, answer: answers() },
  /**
   * A host or co-host resumes a paused stream (live:join): ffmpeg publishes again to the
   * kept address (joining, then joined). Resuming a stream that is live is not an error.
   */
  'live:join': { payload: nothing, answer: answers() },
  /** A host or co-host ends the stream, paused or not: ffmpeg finishes it, the live bot leaves, the edge forgets the address. */
  'live:stop': { answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface LiveServerEvents {
  /** The room's live stream after any change of state, to everyone. */
  'live.updated': (payload: LiveStatus) => void
  /**
   * How many watch the live stream on the streaming service, to everyone, when it changes;
   * null when no count is known (no service configured or channel named, paused, refused).
   */
  'room.viewerCountUpdated': (payload: { viewerCount: number | null }) => void
}

/**
 * The room's live stream (room level): joining while ffmpeg connects, joined while it
 * streams (the live bot is in the meeting), pausing while it is paused (nothing is pushed, the live
 * bot is gone, the edge keeps the target to resume), stopping while it ends.
 */
export type LiveState = 'idle' | 'joining' | 'joined' | 'pausing' | 'stopping'

/** live.updated and live:getStreamByRoom: the state, and why it ended when ffmpeg died (EDGE_ERRORS.liveFailed). */
export interface LiveStatus {
  state: LiveState
  error: string | null
}
