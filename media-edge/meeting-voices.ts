// Every microphone of a meeting's main room, mixed into one voice track for the recording and the
// live stream (meeting-media.ts says why not amix). Each microphone gets a 48 kHz PCM tap
// (audio-tap.ts) feeding the pure mixer (audio-mixer.ts), which sends one frame per 20 ms of the
// edge's clock to whoever writes it (ffmpeg-rtp.ts's PCM input).
//
// Who is mixed is read from the meeting itself, every SCAN_MS on the clock, rather than from a
// hook in every place a microphone can appear (produce, a mic replaced, someone back from a
// breakout, a reconnect): the peers' producers are the truth, and a scan costs nothing next to
// decoding. A microphone that closes (its owner left, muted with the device off, replaced) drops
// out at once through its close event; a paused one (muted) stays tapped and is silence, as its
// tap writes nothing. Bots (the recorder, the live streamer) produce nothing, so they never count.
//
// Cost per voice: one ffmpeg decoding Opus (about 0.6% of one core on a 2-core machine, ~50 MB
// resident mostly in shared libraries: tests/bench/mixed-voices.mjs) plus the sum in Node
// (negligible); one encoder for the mix (about 1%) whatever the number of voices.
import type { types } from 'mediasoup'
import { tapAudio, type AudioTap } from './audio-tap'
import { AudioMixer, MIX_DEFAULTS } from './audio-mixer'
import type { Clock } from './clock'
import type { Logger } from './logger'

/** Where the voices are: a meeting's peers and the router their producers live on. */
export interface VoiceSource {
  readonly producerRouter: types.Router
  readonly peers: Map<string, { producerOf(source: 'mic'): types.Producer | undefined }>
  readonly closed: boolean
}

export interface MeetingVoicesDeps {
  clock: Clock
  ffmpegPath: string
  logger: Logger
}

/** A continuous mono s16le stream: what ffmpeg-rtp.ts reads as a raw PCM input. */
export interface PcmSource {
  readonly sampleRate: number
  /** How far the PCM lags what was said (ms): the picture is delayed by as much to stay in sync. */
  readonly latencyMs: number
  /** Gets ready before ffmpeg starts (resolves, never rejects). */
  prepare(): Promise<void>
  /** Starts sending frames to `write` (from now until stop()). */
  start(write: (pcm: Buffer) => void): void
  stop(): void
}

const SCAN_MS = 250
/**
 * The microphones there at the start are tapped before the recording's ffmpeg starts, so the file
 * opens with them: the start waits for each tap's first sound, or this long (a muted microphone
 * sends nothing; a loaded machine starts an ffmpeg in over a second).
 */
const PREPARE_MS = 2_000
/** Opus decoding (one 20 ms packet) and the pipe, on top of the mixer's jitter buffer. */
const TAP_DELAY_MS = 40

export class MeetingVoices implements PcmSource {
  readonly sampleRate = MIX_DEFAULTS.sampleRate
  readonly latencyMs = MIX_DEFAULTS.jitterMs + TAP_DELAY_MS
  private readonly taps = new Map<string, AudioTap | null>()
  /** Each tap's first sound (or its end), for prepare(). */
  private readonly heard = new Map<string, () => void>()
  private readonly mixer: AudioMixer
  private write: ((pcm: Buffer) => void) | null = null
  private scanTimer: unknown = null
  private started = false
  private stopped = false

  constructor(
    private readonly meeting: VoiceSource,
    private readonly deps: MeetingVoicesDeps,
  ) {
    this.mixer = new AudioMixer({ ...MIX_DEFAULTS, clock: deps.clock, onFrame: (pcm) => this.write?.(pcm) })
  }

  async prepare() {
    const ready = this.tapNew().map(
      (id) =>
        new Promise<void>((resolve) => {
          const timer = this.deps.clock.setTimeout(resolve, PREPARE_MS)
          this.heard.set(id, () => {
            this.deps.clock.clearTimeout(timer)
            resolve()
          })
        }),
    )
    await Promise.all(ready)
  }

  start(write: (pcm: Buffer) => void) {
    if (this.started || this.stopped) return
    this.started = true
    this.write = write
    this.mixer.start()
    this.scan()
  }

  stop() {
    this.stopped = true
    this.mixer.stop()
    for (const resolve of this.heard.values()) resolve()
    this.heard.clear()
    if (this.scanTimer !== null) this.deps.clock.clearTimeout(this.scanTimer)
    this.scanTimer = null
    for (const tap of this.taps.values()) tap?.close()
    this.taps.clear()
  }

  private scan() {
    this.scanTimer = null
    if (this.stopped) return
    this.tapNew()
    this.scanTimer = this.deps.clock.setTimeout(() => this.scan(), SCAN_MS)
  }

  /** Taps every open microphone not tapped yet; their producer ids. */
  private tapNew(): string[] {
    if (this.meeting.closed || this.stopped) return []
    const found: string[] = []
    for (const peer of this.meeting.peers.values()) {
      const mic = peer.producerOf('mic')
      if (mic && !mic.closed && mic.kind === 'audio' && !this.taps.has(mic.id)) {
        found.push(mic.id)
        void this.tap(mic)
      }
    }
    return found
  }

  private hear(id: string) {
    const resolve = this.heard.get(id)
    if (!resolve) return
    this.heard.delete(id)
    resolve()
  }

  private async tap(producer: types.Producer) {
    const id = producer.id
    const log = this.deps.logger.child({ producerId: id })
    this.taps.set(id, null)
    this.mixer.addVoice(id)
    producer.observer.once('close', () => this.drop(id))
    try {
      const tap = await tapAudio(this.meeting.producerRouter, producer, {
        ffmpegPath: this.deps.ffmpegPath,
        sampleRate: this.sampleRate,
        onPcm: (pcm) => {
          this.hear(id)
          // Before the start (prepare) the tap only warms up: the file opens with what is said then.
          if (this.started) this.mixer.push(id, pcm)
        },
        onEnd: (error) => {
          if (error) log.warn({ err: error }, "a mixed voice's tap ended")
          this.drop(id)
        },
      })
      // Stopped, or the microphone closed, while the tap was being made.
      if (this.taps.get(id) !== null || this.stopped) tap.close()
      else this.taps.set(id, tap)
    } catch (error) {
      log.warn({ err: error }, 'could not tap a microphone for the mix')
      this.drop(id)
    }
  }

  private drop(id: string) {
    this.hear(id)
    if (!this.taps.has(id)) return
    this.taps.get(id)?.close()
    this.taps.delete(id)
    this.mixer.removeVoice(id)
  }
}
