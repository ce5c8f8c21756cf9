// Every voice of a meeting summed into one PCM stream, paced by the edge's wall clock. Pure: PCM in
// (pushed by each voice's tap, audio-tap.ts), PCM out (one frame per period), time from the Clock.
//
// Why in Node and not in ffmpeg's amix: a muted or paused mediasoup producer sends no RTP at all,
// and amix (like every ffmpeg filter with several inputs) waits for each input before it outputs,
// so one quiet microphone stalls the whole mix and the recording with it. Here the clock decides:
// every period a frame goes out, whatever arrived; a voice with nothing buffered is silence. The
// output therefore always lasts exactly as long as the wall clock ran (a stalled event loop is made
// up with the frames it owes), which is what lets the recording's ffmpeg time it by sample count.
// Owed frames go out one per turn of the event loop, so the taps' PCM that waited behind the same
// stall is read in between instead of each voice being found empty.
//
// Each voice has a jitter buffer: a tap delivers in uneven bursts (ffmpeg's RTP reader, the pipe, a
// busy machine scheduling it late), so a voice is heard only once `jitterMs` is buffered and goes
// back to buffering when it runs dry (a mute, a loss), rather than dropping out every few frames.
// A recording has no one waiting for it, so the buffer is generous (200 ms: on a loaded CI machine
// 60 was not enough); the picture is delayed by as much (ffmpeg-rtp.ts) to stay in sync. Past
// `maxBufferMs` the oldest audio is dropped, so a sender whose clock runs fast (a few hundred ppm)
// adds no lasting delay: one short cut every few hours.
//
// Cost: summing is one add per sample per voice (48 kHz mono: 48,000 adds a second per voice), a
// few microseconds per 20 ms frame; the voices' decoding (one ffmpeg per voice) is what costs.
import type { Clock } from './clock'

export interface MixerOptions {
  clock: Clock
  /** Samples per second of every voice and of the mix (mono, s16le). */
  sampleRate: number
  /** One frame goes out every frameMs of wall-clock time. */
  frameMs: number
  /** A voice is heard once this much is buffered (and again after it ran dry). */
  jitterMs: number
  /** A voice never holds more than this: older audio is dropped. */
  maxBufferMs: number
  /** One mixed frame (frameMs of mono s16le), in order, exactly one per period. */
  onFrame(pcm: Buffer): void
}

export const MIX_DEFAULTS = { sampleRate: 48_000, frameMs: 20, jitterMs: 200, maxBufferMs: 1_000 } as const

interface Voice {
  /** Audio not mixed yet, as it came (whole bytes; a sample may be split across pushes). */
  chunks: Buffer[]
  bytes: number
  /** Heard now (enough was buffered); false while it fills up. */
  playing: boolean
}

export class AudioMixer {
  private readonly voices = new Map<string, Voice>()
  private readonly frameBytes: number
  private readonly jitterBytes: number
  private readonly maxBytes: number
  private startedAt = 0
  private framesOut = 0
  private timer: unknown = null
  private running = false

  constructor(private readonly options: MixerOptions) {
    const bytesPerMs = (options.sampleRate * 2) / 1000
    this.frameBytes = Math.round(bytesPerMs * options.frameMs)
    this.jitterBytes = evenBytes(bytesPerMs * options.jitterMs)
    this.maxBytes = Math.max(evenBytes(bytesPerMs * options.maxBufferMs), this.jitterBytes + this.frameBytes)
  }

  get voiceCount() {
    return this.voices.size
  }

  hasVoice(id: string) {
    return this.voices.has(id)
  }

  /** Starts the frames: the first goes out one period from now. */
  start() {
    if (this.running) return
    this.running = true
    this.startedAt = this.options.clock.now()
    this.framesOut = 0
    this.schedule()
  }

  stop() {
    this.running = false
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer)
    this.timer = null
  }

  /** A voice to mix from now on (silent until its audio comes). */
  addVoice(id: string) {
    if (!this.voices.has(id)) this.voices.set(id, { chunks: [], bytes: 0, playing: false })
  }

  removeVoice(id: string) {
    this.voices.delete(id)
  }

  /** A voice's audio as its tap decoded it (mono s16le at the mixer's rate); ignored for a voice not added. */
  push(id: string, pcm: Buffer) {
    const voice = this.voices.get(id)
    if (!voice || pcm.length === 0) return
    voice.chunks.push(pcm)
    voice.bytes += pcm.length
    if (voice.bytes > this.maxBytes)
      drop(voice, voice.bytes - this.jitterBytes - ((voice.bytes - this.jitterBytes) % 2))
  }

  private schedule() {
    const due = this.startedAt + (this.framesOut + 1) * this.options.frameMs
    this.timer = this.options.clock.setTimeout(() => this.tick(), Math.max(0, due - this.options.clock.now()))
  }

  /** Sends the frame that is due; after a stall, the next owed one on the next turn (the taps' I/O first). */
  private tick() {
    this.timer = null
    if (!this.running) return
    const due = Math.floor((this.options.clock.now() - this.startedAt) / this.options.frameMs)
    if (this.framesOut < due) {
      this.framesOut++
      this.options.onFrame(this.mixFrame())
    }
    this.schedule()
  }

  /** One frame: each playing voice's next samples summed, clipped to 16 bits; silence where a voice has none. */
  private mixFrame(): Buffer {
    const samples = this.frameBytes / 2
    const sum = new Int32Array(samples)
    for (const voice of this.voices.values()) {
      if (!voice.playing && voice.bytes >= this.jitterBytes) voice.playing = true
      if (!voice.playing) continue
      const pcm = take(voice, Math.min(this.frameBytes, voice.bytes - (voice.bytes % 2)))
      for (let index = 0; index < pcm.length / 2; index++) sum[index]! += pcm.readInt16LE(index * 2)
      // Ran dry (a mute, a leave, a late packet): silent until it has buffered again.
      if (pcm.length < this.frameBytes) voice.playing = false
    }
    const out = Buffer.alloc(this.frameBytes)
    for (let index = 0; index < samples; index++)
      out.writeInt16LE(Math.max(-32768, Math.min(32767, sum[index]!)), index * 2)
    return out
  }
}

function evenBytes(bytes: number) {
  const whole = Math.round(bytes)
  return whole - (whole % 2)
}

/** The voice's next `count` bytes, removed from its buffer. */
function take(voice: Voice, count: number): Buffer {
  if (count <= 0) return Buffer.alloc(0)
  const first = voice.chunks[0]!
  let out: Buffer
  if (first.length >= count) {
    out = first.subarray(0, count)
    if (first.length === count) voice.chunks.shift()
    else voice.chunks[0] = first.subarray(count)
  } else {
    out = Buffer.alloc(count)
    let filled = 0
    while (filled < count) {
      const chunk = voice.chunks[0]!
      const part = Math.min(chunk.length, count - filled)
      chunk.copy(out, filled, 0, part)
      filled += part
      if (part === chunk.length) voice.chunks.shift()
      else voice.chunks[0] = chunk.subarray(part)
    }
  }
  voice.bytes -= count
  return out
}

/** Drops the voice's oldest `count` bytes. */
function drop(voice: Voice, count: number) {
  if (count > 0) take(voice, count)
}
