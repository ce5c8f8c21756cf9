// Live streaming a meeting to an RTMP server (the live streamer is
// a meeting bot): at most one stream per meeting. ffmpeg (ffmpeg-rtp.ts) takes what a recording
// takes (meeting-media.ts: every voice, mixed, and one picture) and encodes them to H.264 and AAC
// in FLV, which is what RTMP services take; while it streams, a live bot (isLive) is in the meeting. A push
// is `joined` (the page's "Live") only once ffmpeg has written to the service, so a refused key or an
// unreachable service never shows as live. Everyone hears each change of state (live.updated); ffmpeg
// dying (the server refused the key, dropped the connection) ends the stream with EDGE_ERRORS.liveFailed,
// so the hosts learn why it stopped.
//
// A stream can be paused (the room's state `pausing`): ffmpeg ends its push cleanly, as a stop
// does, but the target is kept so a resume (live:join) publishes again to the same address and key.
// The live bot leaves while paused: it tells people that what they say and show goes out to an
// audience, and while paused nothing does; it comes back when the stream does. The "Live paused"
// mark tells everyone the stream may come back. While live, the viewer count is read from the
// service (live-viewers.ts) when the host named the channel.
//
// ffmpeg connects to whatever it is given, so each push first resolves the target's host and checks
// it (egress.ts: a public address, or a host on the operator's LIVE_ALLOWED_HOSTS), then gives ffmpeg
// the address it checked: a refused target connects nowhere and the host hears liveTargetRefused.
// rtmp:// gets the address in place of the host; rtmps:// goes as plain RTMP to a relay on loopback
// that speaks TLS to the address, with the host name as SNI (tls-relay.ts). Either way ffmpeg sends
// the tcUrl the written address would have given, so the service sees its own name.
import { newId } from '#models/ids'
import { EdgeError } from './edge-error'
import type { Clock } from './clock'
import { FfmpegRtp, type FfmpegOptions, type FfmpegOutput } from './ffmpeg-rtp'
import type { Meeting } from './meeting'
import { hasMeetingMedia, meetingPicture } from './meeting-media'
import { MeetingVoices } from './meeting-voices'
import { EdgePeer } from './peer'
import { EgressRefused, resolvePublicTarget, type Lookup, type ResolvedTarget } from './egress'
import { openTlsRelay, type TlsRelay } from './tls-relay'
import { rtmpTcUrl, rtmpVia } from './live-target'
import type { LiveViewers } from './live-viewers'
import { EDGE_ERRORS } from './contract/protocol'
import { LIVE_START_DEADLINE_MS, type LiveState, type LiveStatus } from './contract/live'

/** One push to the service: ffmpeg and the live bot that shows it. */
interface Push {
  ffmpeg: FfmpegRtp
  bot: EdgePeer
  /** An rtmps:// push's way to the checked address, closed with the push. */
  relay: TlsRelay | null
}

interface LiveStream {
  state: Exclude<LiveState, 'idle'>
  /**
   * The RTMP address with its stream key, kept in memory only for as long as the stream exists
   * (paused included) so a resume reaches the same place; never logged, never sent to anyone.
   */
  readonly target: string
  /** The channel on the streaming service whose viewer count to show (live-viewers.ts), if the host named one. */
  readonly channel: string | null
  /** The current push, settling once ffmpeg runs (or failed to: null); null while paused. */
  push: Promise<Push | null> | null
  /** Settles once the last push asked to end (by a pause) has ended: the next never overlaps it on the server. */
  ended: Promise<void>
}

export class LiveStreamer {
  /** By meeting id; a meeting with none is idle. */
  private readonly streams = new Map<string, LiveStream>()

  constructor(
    /**
     * ffmpeg's, the edge's clock the mixed voices are paced on (audio-mixer.ts), the operator's
     * LIVE_ALLOWED_HOSTS (none: any public address) and the resolver (tests replace it).
     */
    private readonly deps: FfmpegOptions & { clock: Clock; allowedHosts?: readonly string[]; lookup?: Lookup },
    private readonly viewers: LiveViewers | null = null,
  ) {}

  status(meeting: Meeting): LiveStatus {
    return { state: this.streams.get(meeting.id)?.state ?? 'idle', error: null }
  }

  /** How many watch on the streaming service, while live and when it can be known; else null. */
  viewerCount(meeting: Meeting): number | null {
    return this.viewers?.count(meeting) ?? null
  }

  /**
   * Starts streaming the meeting to the RTMP address (already checked by rtmpTarget); the live bot
   * joins once ffmpeg runs. Refusals: nothing to stream (liveNoMedia), a host it may not stream to
   * (liveTargetRefused), ffmpeg did not start or the host does not resolve (liveFailed).
   */
  async start(meeting: Meeting, caller: EdgePeer, target: string, channel: string | null = null): Promise<void> {
    if (this.streams.has(meeting.id)) return
    if (!hasMeetingMedia(meeting)) throw new EdgeError(EDGE_ERRORS.liveNoMedia)
    const pinned = await this.pin(meeting, target)
    // Another start may have begun while the host was resolved.
    if (this.streams.has(meeting.id)) return
    const stream: LiveStream = { state: 'joining', target, channel, push: null, ended: Promise.resolve() }
    this.streams.set(meeting.id, stream)
    await this.publish(meeting, stream, caller, 'end', pinned)
  }

  /**
   * Pauses a stream that is live: ffmpeg ends the push cleanly and the live bot leaves, the target
   * is kept. Pausing a paused stream is not an error; anything else (idle, still joining, stopping)
   * is EDGE_ERRORS.liveNotStreaming. The answer comes once everyone hears "paused", not after
   * ffmpeg has flushed (up to its stop timeout): a resume waits for that (stream.ended).
   */
  async pause(meeting: Meeting): Promise<void> {
    const stream = this.streams.get(meeting.id)
    if (stream?.state === 'pausing') return
    if (stream?.state !== 'joined') throw new EdgeError(EDGE_ERRORS.liveNotStreaming)
    stream.state = 'pausing'
    const push = stream.push
    stream.push = null
    this.viewers?.stop(meeting)
    this.announce(meeting, null)
    stream.ended = this.halt(meeting, push).catch((error: unknown) =>
      this.deps.logger.warn({ meetingRoomId: meeting.id, error }, 'the paused live stream did not end cleanly'),
    )
  }

  /**
   * Resumes a paused stream to the kept target (joining, then joined once ffmpeg runs again).
   * Resuming a stream that is live or joining is not an error; with none paused it is
   * EDGE_ERRORS.liveNotPaused. If the service refuses it now, the stream stays paused (the target
   * kept, to try again or end) and everyone hears liveFailed. The host is resolved and checked again:
   * what it names may have changed during the pause.
   */
  async resume(meeting: Meeting, caller: EdgePeer): Promise<void> {
    const stream = this.streams.get(meeting.id)
    if (stream?.state === 'joining' || stream?.state === 'joined') return
    if (stream?.state !== 'pausing') throw new EdgeError(EDGE_ERRORS.liveNotPaused)
    if (!hasMeetingMedia(meeting)) throw new EdgeError(EDGE_ERRORS.liveNoMedia)
    const pinned = await this.pin(meeting, stream.target)
    // A stop, or another resume, while the host was resolved: that one decides.
    if (this.streams.get(meeting.id) !== stream || stream.state !== 'pausing') return
    stream.state = 'joining'
    await this.publish(meeting, stream, caller, 'pause', pinned)
  }

  /**
   * The target's host resolved and checked (egress.ts), the URL pinned to the checked address for
   * ffmpeg. A refused host is liveTargetRefused, one that does not resolve liveFailed (as ffmpeg's own
   * failure to reach it would be). The host (not the address, whose path holds the key) is logged.
   */
  private async pin(meeting: Meeting, target: string): Promise<ResolvedTarget> {
    try {
      return await resolvePublicTarget(target, this.deps.allowedHosts, this.deps.lookup)
    } catch (error) {
      if (!(error instanceof EgressRefused)) throw error
      this.deps.logger.warn(
        { meetingRoomId: meeting.id, host: new URL(target).hostname, reason: error.reason },
        'the live stream target was refused',
      )
      throw new EdgeError(error.reason === 'unresolvable' ? EDGE_ERRORS.liveFailed : EDGE_ERRORS.liveTargetRefused)
    }
  }

  /** Runs one push of the stream (state joining) to the pinned target: on failure the stream ends, or goes back to paused. */
  private async publish(
    meeting: Meeting,
    stream: LiveStream,
    caller: EdgePeer,
    onFailure: 'end' | 'pause',
    pinned: ResolvedTarget,
  ) {
    const previous = stream.ended
    const push = previous.then(() =>
      stream.state === 'joining' ? this.begin(meeting, caller, pinned, stream.target) : null,
    )
    stream.push = push
    this.announce(meeting, null)
    const running = await push
    // A stop (or a pause) while it started asked this push to end already: it is no longer ours to settle.
    if (this.streams.get(meeting.id) !== stream || stream.push !== push || stream.state !== 'joining') return
    if (!running) {
      if (onFailure === 'end') this.end(meeting, EDGE_ERRORS.liveFailed)
      else {
        stream.state = 'pausing'
        stream.push = null
        this.announce(meeting, EDGE_ERRORS.liveFailed)
      }
      throw new EdgeError(EDGE_ERRORS.liveFailed)
    }
    stream.state = 'joined'
    meeting.addPeer(running.bot)
    meeting.toAll('peerJoined', running.bot.toPeer())
    this.announce(meeting, null)
    this.viewers?.start(meeting, stream.channel)
    running.ffmpeg.onDeath((reason) => {
      running.relay?.close()
      if (this.streams.get(meeting.id) !== stream || stream.push !== push) return
      this.deps.logger.warn({ meetingRoomId: meeting.id, reason }, 'the live stream ended on its own')
      meeting.removePeer(running.bot)
      this.end(meeting, EDGE_ERRORS.liveFailed)
    })
  }

  /** The picture is chosen as the push starts (a resume picks again); the voices follow the meeting. */
  private async begin(
    meeting: Meeting,
    caller: EdgePeer,
    target: ResolvedTarget,
    written: string,
  ): Promise<Push | null> {
    let relay: TlsRelay | null = null
    let ffmpeg: FfmpegRtp | null = null
    try {
      const { protocol, port } = new URL(written)
      if (protocol === 'rtmps:') relay = await openTlsRelay(target, Number(port || RTMPS_PORT))
      const url = relay ? rtmpVia(written, `rtmp://127.0.0.1:${relay.port}`) : target.url
      const [main] = await meeting.routers()
      const picture = meetingPicture(meeting)
      const voices = new MeetingVoices(meeting, this.deps)
      const starting = performance.now()
      // prettier-ignore
      ffmpeg = await FfmpegRtp.start(main!.router, picture ? [picture] : [], `live-${meeting.id}-${newId()}`, flvTo(url, rtmpTcUrl(written)), this.deps, url, voices)
      // "Live" once the service has the stream, not when ffmpeg starts: it connects after its first packets.
      await ffmpeg.outputStarted(LIVE_START_DEADLINE_MS)
      const ms = Math.round(performance.now() - starting)
      this.deps.logger.info({ meetingRoomId: meeting.id, ms }, 'the live stream reached the service')
      const bot = new EdgePeer(
        newId(),
        '',
        '',
        {
          ...caller.claims,
          userId: `bot:live:${meeting.id}`,
          name: 'Live stream',
          avatar: null,
          isHost: false,
          isCoHost: false,
          permissions: [],
        },
        'live',
      )
      bot.visible = true
      bot.joining = false
      bot.status = 'participating'
      return { ffmpeg, bot, relay }
    } catch (error) {
      await ffmpeg?.stop()
      relay?.close()
      this.deps.logger.error({ err: error, meetingRoomId: meeting.id }, 'the live stream could not start')
      return null
    }
  }

  /** Ends one push, once it has started: the live bot leaves and ffmpeg finishes the stream cleanly. */
  private async halt(meeting: Meeting, push: Promise<Push | null> | null) {
    const running = await push
    if (!running) return
    if (meeting.peers.has(running.bot.id)) meeting.removePeer(running.bot)
    await running.ffmpeg.stop()
    running.relay?.close()
  }

  /** Ends the meeting's stream, if any (paused included): ffmpeg finishes it, the live bot leaves, the target is forgotten, everyone hears idle. */
  async stop(meeting: Meeting): Promise<void> {
    const stream = this.streams.get(meeting.id)
    if (!stream || stream.state === 'stopping') return
    stream.state = 'stopping'
    const push = stream.push
    stream.push = null
    this.viewers?.stop(meeting)
    this.announce(meeting, null)
    await Promise.all([this.halt(meeting, push), stream.ended])
    if (this.streams.get(meeting.id) === stream) this.end(meeting, null)
  }

  private end(meeting: Meeting, error: string | null) {
    this.streams.delete(meeting.id)
    this.viewers?.stop(meeting)
    this.announce(meeting, error)
  }

  private announce(meeting: Meeting, error: string | null) {
    if (!meeting.closed) meeting.toAll('live.updated', { ...this.status(meeting), error })
  }
}

/** ffmpeg's port for an rtmps:// address that names none. */
const RTMPS_PORT = 443

/**
 * H.264 (x264, tuned for latency, a key frame every 2 s as services ask) and AAC in FLV. The picture
 * is scaled into 1280×720 and padded: a camera or screen that changes size mid-stream (simulcast
 * layers, a resized window) would otherwise stop the encoder, and x264 needs even dimensions.
 */
function flvTo(target: string, tcUrl: string): FfmpegOutput {
  return (streams, inputs) => {
    const video = inputs.rtp !== null && streams.some((stream) => stream.kind === 'video')
    // prettier-ignore
    return [
      ...(video ? ['-map', `${inputs.rtp}:v`] : []),
      '-map', `${inputs.pcm}:a`,
      ...(video ? ['-vf', 'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,fps=25', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k', '-g', '50'] : []),
      '-c:a', 'aac', '-b:a', '128k', '-ar', '44100',
      '-f', 'flv', '-rtmp_tcurl', tcUrl, target,
    ]
  }
}
