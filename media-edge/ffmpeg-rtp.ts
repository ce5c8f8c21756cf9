// The media path the recorder and the live streamer share: each chosen producer (the picture) is
// consumed on a mediasoup PlainTransport that sends plain RTP to ffmpeg on loopback, ffmpeg reads
// them through an SDP file; the meeting's mixed voices (meeting-voices.ts) come as raw PCM on its
// standard input; it writes whatever output its caller asks for (a file with the picture copied as
// sent, an RTMP stream re-encoded).
//
// The PCM input is timed by its sample count, not by arrival: the mixer sends exactly one frame per
// period of the edge's wall clock (audio-mixer.ts), so samples are wall-clock time, free of the
// pipe's jitter that arrival stamps (-use_wallclock_as_timestamps) would carry into the file. The
// picture's timeline starts at its first packet, a fraction of a second after the voices'.
//
// Stopping asks ffmpeg to finish (SIGINT: its RTP reader waits for packets without looking at the
// keyboard, and its standard input carries the voices).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { types } from 'mediasoup'
import { ffmpegSdp, type SdpStream } from './ffmpeg-sdp'
import { freePortPair } from './loopback-ports'
import type { Logger } from './logger'
import type { PcmSource } from './meeting-voices'

export interface FfmpegOptions {
  /** The ffmpeg executable (Debian's `ffmpeg` on PATH by default; tests pass a missing one). */
  ffmpegPath: string
  /** Where the SDP (and a recording's file) stay while ffmpeg runs. */
  workDir: string
  logger: Logger
  /** ffmpeg must still run this long after it was started for the start to count (a bad binary or SDP exits at once). */
  startupMs?: number
  /** How long ffmpeg may take to finish once asked before it is killed. */
  stopTimeoutMs?: number
}

/** ffmpeg could not be started, or quit at once. */
export class FfmpegStartError extends Error {}

/** ffmpeg's arguments after its input: what it writes the streams (described to it by the SDP) into. */
export type FfmpegOutput = (streams: SdpStream[], inputs: FfmpegInputs) => string[]

/** ffmpeg's input numbers, for -map: the SDP's RTP streams and the PCM, each when there is one. */
export interface FfmpegInputs {
  rtp: number | null
  pcm: number | null
}

/**
 * How much PCM may wait for ffmpeg (about 10 s at 48 kHz): while it opens its RTP input it reads
 * nothing; past this it is stuck, and frames are dropped rather than held in the edge's memory.
 */
const MAX_PCM_BACKLOG = 1_000_000

/**
 * ffmpeg binds its ports only once it has read the SDP, and a VP8 stream is unreadable until its
 * next key frame: key frames are asked for again over the first seconds so the output starts with
 * a picture instead of waiting for the sender's next one.
 */
const KEY_FRAME_RETRIES_MS = [500, 1500, 3000]
const KEY_FRAME_REPEAT_MS = 2000

export class FfmpegRtp {
  private readonly timers: NodeJS.Timeout[] = []
  private readonly exited: Promise<void>
  private running = true
  private stopping = false

  private constructor(
    private readonly process: ChildProcess,
    private readonly transports: types.PlainTransport[],
    private readonly consumers: types.Consumer[],
    private readonly sdpPath: string | null,
    private readonly options: FfmpegOptions,
    private readonly lastErrors: () => string,
    private readonly pcm: PcmSource | null,
    private readonly written: Promise<boolean>,
  ) {
    this.exited = new Promise((resolve) => process.once('exit', () => resolve()))
    void this.exited.then(() => (this.running = false))
  }

  /**
   * Consumes the producers on the router and starts ffmpeg with the output's arguments; throws
   * FfmpegStartError when ffmpeg does not start. `id` names the SDP in the work directory; `secret`
   * (a live stream's address, its key in it) is masked in what ffmpeg says before it is logged or told.
   */
  static async start(
    router: types.Router,
    producers: types.Producer[],
    id: string,
    output: FfmpegOutput,
    options: FfmpegOptions,
    secret?: string,
    pcm: PcmSource | null = null,
  ): Promise<FfmpegRtp> {
    const transports: types.PlainTransport[] = []
    const consumers: types.Consumer[] = []
    let started: Awaited<ReturnType<typeof startFfmpeg>> | null = null
    try {
      const rtpCapabilities = plainRtpCapabilities(router.rtpCapabilities)
      const streams: SdpStream[] = []
      for (const producer of producers) {
        const ports = await freePortPair()
        const transport = await router.createPlainTransport({
          listenInfo: { protocol: 'udp', ip: '127.0.0.1' },
          rtcpMux: false,
          comedia: false,
        })
        transports.push(transport)
        await transport.connect({ ip: '127.0.0.1', port: ports.port, rtcpPort: ports.rtcpPort })
        const consumer = await transport.consume({ producerId: producer.id, rtpCapabilities, paused: true })
        consumers.push(consumer)
        streams.push({ kind: consumer.kind, ...ports, rtpParameters: consumer.rtpParameters })
      }
      await mkdir(options.workDir, { recursive: true })
      const sdpPath = streams.length ? join(options.workDir, `${id}.sdp`) : null
      if (sdpPath) await writeFile(sdpPath, ffmpegSdp(streams))
      const inputs: FfmpegInputs = { rtp: sdpPath ? 0 : null, pcm: pcm ? (sdpPath ? 1 : 0) : null }
      await pcm?.prepare()
      started = await startFfmpeg(options, sdpPath, pcm, output(streams, inputs), secret)
      // prettier-ignore
      const ffmpeg = new FfmpegRtp(started.child, transports, consumers, sdpPath, options, started.errors, pcm, started.written)
      await ffmpeg.flow()
      return ffmpeg
    } catch (error) {
      transports.forEach((transport) => transport.close())
      pcm?.stop()
      started?.child.kill('SIGKILL')
      throw error
    }
  }

  /**
   * Called once if ffmpeg ends without being stopped (the RTMP server refused or dropped the
   * stream, the process was killed), with the last lines it wrote; the media path is closed first.
   */
  onDeath(listener: (reason: string) => void) {
    void this.exited.then(async () => {
      if (this.stopping) return
      await this.release()
      listener(this.lastErrors() || 'ffmpeg exited')
    })
  }

  /**
   * Resolves once ffmpeg has written to its output: for a live stream, the service took the publish
   * and has the stream's header (ffmpeg connects only once its RTP input is probed, after the start).
   * Throws FfmpegStartError, with what ffmpeg said, when it exits or `withinMs` passes first.
   */
  async outputStarted(withinMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), withinMs)))
    const outcome = await Promise.race([this.written, deadline])
    clearTimeout(timer)
    if (outcome === true) return
    throw new FfmpegStartError(
      outcome === 'late' ? `nothing written within ${withinMs} ms` : this.lastErrors() || 'ffmpeg exited',
    )
  }

  /** Media starts flowing to ffmpeg, video with a key frame (and more until ffmpeg has written its output). */
  private async flow() {
    await Promise.all(this.consumers.map((consumer) => consumer.resume()))
    const askKeyFrames = () => {
      for (const consumer of this.consumers)
        if (consumer.kind === 'video' && !consumer.closed) consumer.requestKeyFrame().catch(() => undefined)
    }
    askKeyFrames()
    for (const delay of KEY_FRAME_RETRIES_MS) this.timers.push(setTimeout(askKeyFrames, delay))
    // …and on until ffmpeg writes its output: on a busy machine it can open its RTP input after all of those, and
    // without a key frame it never starts (a sender sends one only when asked).
    const asking = setInterval(askKeyFrames, KEY_FRAME_REPEAT_MS)
    this.timers.push(asking)
    void this.written.then(() => clearInterval(asking))
  }

  /** Lets ffmpeg finish its output, then closes the media path. */
  async stop(): Promise<void> {
    this.stopping = true
    if (this.running) {
      this.process.kill('SIGINT')
      const killer = setTimeout(() => this.process.kill('SIGKILL'), this.options.stopTimeoutMs ?? 10_000)
      await this.exited
      clearTimeout(killer)
    }
    await this.release()
  }

  private async release() {
    for (const timer of this.timers) clearTimeout(timer)
    this.pcm?.stop()
    for (const transport of this.transports) transport.close()
    if (this.sdpPath) await rm(this.sdpPath, { force: true })
  }
}

/**
 * ffmpeg reading the SDP's streams and the PCM into the output, running past its start-up window,
 * or FfmpegStartError. The PCM source starts once ffmpeg runs (no voice is tapped for an ffmpeg
 * that failed); its frames wait in the pipe while ffmpeg opens its RTP input.
 */
async function startFfmpeg(
  options: FfmpegOptions,
  sdpPath: string | null,
  pcm: PcmSource | null,
  output: string[],
  secret: string | undefined,
): Promise<{ child: ChildProcess; errors: () => string; written: Promise<boolean> }> {
  // Arguments as a list, no shell. +genpts: RTP carries no container timestamps. -progress: see `written`.
  // prettier-ignore
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-progress', 'pipe:1', '-stats_period', '0.5',
    // The voices come through a jitter buffer (audio-mixer.ts): the picture waits as long.
    ...(sdpPath ? ['-protocol_whitelist', 'file,udp,rtp', '-fflags', '+genpts', ...(pcm ? ['-itsoffset', `${pcm.latencyMs}ms`] : []), '-i', sdpPath] : []),
    ...(pcm ? ['-f', 's16le', '-ar', String(pcm.sampleRate), '-ac', '1', '-thread_queue_size', '1024', '-i', 'pipe:0'] : []),
    ...output,
  ]
  const child = spawn(options.ffmpegPath, args, {
    stdio: [pcm ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    windowsHide: true,
  })
  // ffmpeg's progress blocks (key=value lines, twice a second): total_size counts the bytes given to the output.
  const written = new Promise<boolean>((resolve) => {
    const stdout = child.stdout!
    let progress = ''
    const read = (chunk: Buffer) => {
      progress = (progress + chunk.toString()).slice(-4096)
      if (!/^total_size=[1-9]/m.test(progress)) return
      stdout.off('data', read)
      stdout.resume()
      resolve(true)
    }
    stdout.on('data', read)
    child.once('exit', () => resolve(false))
  })
  // ffmpeg gone (it failed, or was stopped): what is still written goes nowhere, quietly.
  child.stdin?.on('error', () => undefined)
  let said = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    // The last few lines are enough to say why it failed.
    said = (said + chunk.toString()).slice(-2000)
  })
  const errors = () => (secret ? said.split(secret).join('<secret>') : said).trim()
  const outcome = await new Promise<'running' | string>((resolve) => {
    const timer = setTimeout(() => resolve('running'), options.startupMs ?? 700)
    child.once('error', (error) => {
      clearTimeout(timer)
      resolve(error.message)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve(`ffmpeg exited (${code ?? signal}): ${errors()}`)
    })
  })
  if (outcome !== 'running') {
    options.logger.error({ ffmpeg: options.ffmpegPath, reason: outcome }, 'ffmpeg could not start')
    throw new FfmpegStartError(outcome)
  }
  if (pcm && child.stdin) {
    const stdin = child.stdin
    pcm.start((frame) => {
      if (!stdin.destroyed && stdin.writableLength < MAX_PCM_BACKLOG) stdin.write(frame)
    })
    child.once('exit', () => pcm.stop())
  }
  child.once('exit', (code, signal) => {
    // 255: ffmpeg's exit code after the SIGINT that stops it.
    if (code !== 0 && code !== 255) options.logger.warn({ code, signal, errors: errors() }, 'ffmpeg ended')
  })
  return { child, errors, written }
}

/** What ffmpeg can receive: the router's codecs without RTX (ffmpeg does not repair losses) and no header extensions. */
function plainRtpCapabilities(router: types.RtpCapabilities): types.RtpCapabilities {
  return {
    codecs: (router.codecs ?? [])
      .filter((codec) => !/\/rtx$/i.test(codec.mimeType))
      .map((codec) => ({ ...codec, rtcpFeedback: [] })),
    headerExtensions: [],
  }
}
