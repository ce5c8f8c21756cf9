// Live streaming a meeting to an RTMP server (issue 14 item 5, spec §4 and §6: the live streamer is
// a meeting bot): at most one stream per meeting. ffmpeg (ffmpeg-rtp.ts) takes the same microphone
// and picture as a recording (meeting-media.ts) and re-encodes them to H.264 and AAC in FLV, which
// is what RTMP services take; while it streams, a live bot (isLive) is in the meeting. Everyone
// hears each change of state (live.updated); ffmpeg dying (the server refused the key, dropped the
// connection) ends the stream with EDGE_ERRORS.liveFailed, so the hosts learn why it stopped.
import { newId } from '#models/ids'
import { EdgeError } from './edge-error'
import { FfmpegRtp, type FfmpegOptions, type FfmpegOutput } from './ffmpeg-rtp'
import type { Meeting } from './meeting'
import { meetingMedia } from './meeting-media'
import { EdgePeer } from './peer'
import { EDGE_ERRORS, type LiveState, type LiveStatus } from './contract/protocol'

interface LiveStream {
  state: Exclude<LiveState, 'idle'>
  /** Settles once ffmpeg runs (or failed to): a stop waits for it. */
  started: Promise<{ ffmpeg: FfmpegRtp; bot: EdgePeer } | null>
}

export class LiveStreamer {
  /** By meeting id; a meeting with none is idle. */
  private readonly streams = new Map<string, LiveStream>()

  constructor(private readonly deps: FfmpegOptions) {}

  status(meeting: Meeting): LiveStatus {
    return { state: this.streams.get(meeting.id)?.state ?? 'idle', error: null }
  }

  /**
   * Starts streaming the meeting to the RTMP address (already checked by rtmpTarget); the live bot
   * joins once ffmpeg runs. Refusals: nothing to stream (liveNoMedia), ffmpeg did not start (liveFailed).
   */
  async start(meeting: Meeting, caller: EdgePeer, target: string): Promise<void> {
    if (this.streams.has(meeting.id)) return
    const producers = meetingMedia(meeting)
    if (!producers.length) throw new EdgeError(EDGE_ERRORS.liveNoMedia)
    const stream: LiveStream = { state: 'joining', started: this.begin(meeting, caller, producers, target) }
    this.streams.set(meeting.id, stream)
    this.announce(meeting, null)
    const running = await stream.started
    if (!running) {
      if (this.streams.get(meeting.id) === stream) this.end(meeting, EDGE_ERRORS.liveFailed)
      throw new EdgeError(EDGE_ERRORS.liveFailed)
    }
    // A stop during the start already asked ffmpeg to end.
    if (this.streams.get(meeting.id) !== stream || stream.state !== 'joining') return
    stream.state = 'joined'
    meeting.addPeer(running.bot)
    meeting.toAll('peerJoined', running.bot.toPeer())
    this.announce(meeting, null)
    running.ffmpeg.onDeath((reason) => {
      if (this.streams.get(meeting.id) !== stream) return
      this.deps.logger.warn({ meetingRoomId: meeting.id, reason }, 'the live stream ended on its own')
      meeting.removePeer(running.bot)
      this.end(meeting, EDGE_ERRORS.liveFailed)
    })
  }

  private async begin(meeting: Meeting, caller: EdgePeer, producers: ReturnType<typeof meetingMedia>, target: string) {
    try {
      const [main] = await meeting.routers()
      const ffmpeg = await FfmpegRtp.start(main!.router, producers, `live-${meeting.id}-${newId()}`, flvTo(target), this.deps, target)
      const bot = new EdgePeer(newId(), '', '', { ...caller.claims, userId: `bot:live:${meeting.id}`, name: 'Live stream', avatar: null, isHost: false, isCoHost: false, permissions: [] }, 'live')
      bot.visible = true
      bot.joining = false
      bot.status = 'participating'
      return { ffmpeg, bot }
    } catch (error) {
      this.deps.logger.error({ err: error, meetingRoomId: meeting.id }, 'the live stream could not start')
      return null
    }
  }

  /** Ends the meeting's stream, if any: ffmpeg finishes it, the live bot leaves, everyone hears idle. */
  async stop(meeting: Meeting): Promise<void> {
    const stream = this.streams.get(meeting.id)
    if (!stream || stream.state === 'stopping') return
    stream.state = 'stopping'
    this.announce(meeting, null)
    const running = await stream.started
    if (running) {
      if (meeting.peers.has(running.bot.id)) meeting.removePeer(running.bot)
      await running.ffmpeg.stop()
    }
    if (this.streams.get(meeting.id) === stream) this.end(meeting, null)
  }

  private end(meeting: Meeting, error: string | null) {
    this.streams.delete(meeting.id)
    this.announce(meeting, error)
  }

  private announce(meeting: Meeting, error: string | null) {
    if (!meeting.closed) meeting.toAll('live.updated', { ...this.status(meeting), error })
  }
}

/**
 * H.264 (x264, tuned for latency, a key frame every 2 s as services ask) and AAC in FLV. The picture
 * is scaled into 1280×720 and padded: a camera or screen that changes size mid-stream (simulcast
 * layers, a resized window) would otherwise stop the encoder, and x264 needs even dimensions.
 */
function flvTo(target: string): FfmpegOutput {
  return (streams) => {
    const video = streams.some((stream) => stream.kind === 'video')
    const audio = streams.some((stream) => stream.kind === 'audio')
    // prettier-ignore
    return [
      '-map', '0',
      ...(video ? ['-vf', 'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,fps=25', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k', '-g', '50'] : []),
      ...(audio ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100'] : []),
      '-f', 'flv', target,
    ]
  }
}
