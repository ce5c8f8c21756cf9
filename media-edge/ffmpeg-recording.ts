// One recording's media path: each recorded producer is consumed on a mediasoup PlainTransport that
// sends plain RTP to ffmpeg on loopback, ffmpeg reads them through an SDP file and copies them into
// one file (no re-encoding: the edge's cores stay for the meeting). Stopping asks ffmpeg to finish
// the file (SIGINT: its RTP reader waits for packets without looking at the keyboard, so 'q' on
// its standard input goes unheard once the media stops) and hands the file over.
import { spawn, type ChildProcess } from 'node:child_process'
import { createSocket, type Socket } from 'node:dgram'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { types } from 'mediasoup'
import { containerFor, ffmpegSdp, type Container, type SdpStream } from './ffmpeg-sdp'
import type { Logger } from './logger'

export interface FfmpegRecordingOptions {
  /** The ffmpeg executable (Debian's `ffmpeg` on PATH by default; tests pass a missing one). */
  ffmpegPath: string
  /** Where the SDP and the file being written stay until the recording stops. */
  workDir: string
  logger: Logger
  /** ffmpeg must still run this long after it was started for the start to count (a bad binary or SDP exits at once). */
  startupMs?: number
  /** How long ffmpeg may take to finish the file once asked before it is killed. */
  stopTimeoutMs?: number
}

/** ffmpeg could not be started, or quit at once: the spec's "error starting the recorder". */
export class RecorderStartError extends Error {}

export interface RecordedFile {
  path: string
  container: Container
  size: number
}

/**
 * ffmpeg binds its ports only once it has read the SDP, and a VP8 stream is unreadable until its
 * next key frame: key frames are asked for again over the first seconds so the file starts with
 * a picture instead of waiting for the sender's next one.
 */
const KEY_FRAME_RETRIES_MS = [500, 1500, 3000]

export class FfmpegRecording {
  private readonly timers: NodeJS.Timeout[] = []
  private exited: Promise<void>
  private running = true

  private constructor(
    private readonly process: ChildProcess,
    private readonly transports: types.PlainTransport[],
    private readonly consumers: types.Consumer[],
    private readonly file: { path: string; sdpPath: string; container: Container },
    private readonly options: FfmpegRecordingOptions,
  ) {
    this.exited = new Promise((resolve) => process.once('exit', () => resolve()))
    void this.exited.then(() => (this.running = false))
  }

  /** Consumes the producers on the router and starts ffmpeg writing them; throws RecorderStartError when ffmpeg does not start. */
  static async start(router: types.Router, producers: types.Producer[], id: string, options: FfmpegRecordingOptions): Promise<FfmpegRecording> {
    const transports: types.PlainTransport[] = []
    const consumers: types.Consumer[] = []
    const closeAll = () => transports.forEach((transport) => transport.close())
    let process: ChildProcess | null = null
    try {
      const rtpCapabilities = plainRtpCapabilities(router.rtpCapabilities)
      const streams: SdpStream[] = []
      for (const producer of producers) {
        const ports = await freePortPair()
        const transport = await router.createPlainTransport({ listenInfo: { protocol: 'udp', ip: '127.0.0.1' }, rtcpMux: false, comedia: false })
        transports.push(transport)
        await transport.connect({ ip: '127.0.0.1', port: ports.port, rtcpPort: ports.rtcpPort })
        const consumer = await transport.consume({ producerId: producer.id, rtpCapabilities, paused: true })
        consumers.push(consumer)
        streams.push({ kind: consumer.kind, ...ports, rtpParameters: consumer.rtpParameters })
      }
      await mkdir(options.workDir, { recursive: true })
      const container = containerFor(streams)
      const file = { path: join(options.workDir, `${id}.${container.extension}`), sdpPath: join(options.workDir, `${id}.sdp`), container }
      await writeFile(file.sdpPath, ffmpegSdp(streams))
      process = await startFfmpeg(options, file.sdpPath, file.path)
      const recording = new FfmpegRecording(process, transports, consumers, file, options)
      await recording.flow()
      return recording
    } catch (error) {
      closeAll()
      process?.kill('SIGKILL')
      throw error
    }
  }

  /** Media starts flowing to ffmpeg, video with a key frame (and a few more while ffmpeg settles). */
  private async flow() {
    await Promise.all(this.consumers.map((consumer) => consumer.resume()))
    const askKeyFrames = () => {
      for (const consumer of this.consumers) if (consumer.kind === 'video' && !consumer.closed) consumer.requestKeyFrame().catch(() => undefined)
    }
    askKeyFrames()
    for (const delay of KEY_FRAME_RETRIES_MS) this.timers.push(setTimeout(askKeyFrames, delay))
  }

  /** Stops the media and lets ffmpeg finish the file: the file, or null when ffmpeg wrote nothing. */
  async stop(): Promise<RecordedFile | null> {
    for (const timer of this.timers) clearTimeout(timer)
    if (this.running) {
      this.process.kill('SIGINT')
      const killer = setTimeout(() => this.process.kill('SIGKILL'), this.options.stopTimeoutMs ?? 10_000)
      await this.exited
      clearTimeout(killer)
    }
    for (const transport of this.transports) transport.close()
    await rm(this.file.sdpPath, { force: true })
    const size = (await stat(this.file.path).catch(() => null))?.size ?? 0
    if (size === 0) {
      this.options.logger.warn({ path: this.file.path }, 'the recording wrote no media')
      await rm(this.file.path, { force: true })
      return null
    }
    return { path: this.file.path, container: this.file.container, size }
  }
}

/** ffmpeg copying the SDP's streams into the output, running past its start-up window, or RecorderStartError. */
async function startFfmpeg(options: FfmpegRecordingOptions, sdpPath: string, outputPath: string): Promise<ChildProcess> {
  // Arguments as a list, no shell. +genpts: RTP carries no container timestamps for copied packets.
  const args = ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file,udp,rtp', '-fflags', '+genpts', '-i', sdpPath, '-map', '0', '-c', 'copy', '-y', outputPath]
  const child = spawn(options.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true })
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    // The last few lines are enough to say why it failed.
    errors = (errors + chunk.toString()).slice(-2000)
  })
  const outcome = await new Promise<'running' | string>((resolve) => {
    const timer = setTimeout(() => resolve('running'), options.startupMs ?? 700)
    child.once('error', (error) => {
      clearTimeout(timer)
      resolve(error.message)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve(`ffmpeg exited (${code ?? signal}): ${errors.trim()}`)
    })
  })
  if (outcome !== 'running') {
    options.logger.error({ ffmpeg: options.ffmpegPath, reason: outcome }, 'the recorder could not start')
    throw new RecorderStartError(outcome)
  }
  child.once('exit', (code, signal) => {
    // 255: ffmpeg's exit code after the SIGINT that stops it.
    if (code !== 0 && code !== 255) options.logger.warn({ code, signal, errors: errors.trim() }, 'ffmpeg (recording) ended')
  })
  return child
}

/** What the recorder can receive: the router's codecs without RTX (ffmpeg does not repair losses) and no header extensions. */
function plainRtpCapabilities(router: types.RtpCapabilities): types.RtpCapabilities {
  return {
    codecs: (router.codecs ?? []).filter((codec) => !/\/rtx$/i.test(codec.mimeType)).map((codec) => ({ ...codec, rtcpFeedback: [] })),
    headerExtensions: [],
  }
}

/** Two free UDP ports in a row on loopback (ffmpeg takes RTCP on the port after the RTP one). */
async function freePortPair(): Promise<{ port: number; rtcpPort: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = await bindUdp(0)
    const port = first.address().port
    const second = await bindUdp(port + 1).catch(() => null)
    await Promise.all([closeUdp(first), second ? closeUdp(second) : undefined])
    if (second && port + 1 <= 65535) return { port, rtcpPort: port + 1 }
  }
  throw new Error('no free pair of UDP ports for the recorder')
}

function bindUdp(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4')
    socket.once('error', (error) => {
      socket.close()
      reject(error)
    })
    socket.bind(port, '127.0.0.1', () => resolve(socket))
  })
}

function closeUdp(socket: Socket) {
  return new Promise<void>((resolve) => socket.close(() => resolve()))
}
