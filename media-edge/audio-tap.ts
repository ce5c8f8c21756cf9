// One producer's audio out of mediasoup as PCM: a PlainTransport consumer sends the Opus RTP to
// ffmpeg on loopback, which decodes it to mono s16le on its stdout at the rate its user asks: what
// speech providers take (16 kHz, the default, for captions) or what the recording's mix sums
// (48 kHz, Opus's own rate, meeting-voices.ts). The tap ends with its router (the meeting), its
// producer, or close(). A paused producer sends no RTP: the tap then simply writes nothing.
//
// Cost: one ffmpeg per tap, decoding one Opus voice (tests/bench/mixed-voices.mjs measures it).
import { spawn } from 'node:child_process'
import type { types } from 'mediasoup'
import { ffmpegSdp } from './ffmpeg-sdp'
import { freePortPair } from './loopback-ports'
import { SPEECH_SAMPLE_RATE } from './speech-provider'

export interface AudioTap {
  close(): void
}

export interface AudioTapOptions {
  ffmpegPath: string
  /** Samples per second of the PCM (mono s16le); the speech providers' rate unless said. */
  sampleRate?: number
  onPcm(pcm: Buffer): void
  /** ffmpeg stopped on its own (it could not start, or crashed): the tap is over. */
  onEnd(error: Error | null): void
}

/** The tap's ffmpeg: the SDP on its stdin, PCM on its stdout (the bench runs exactly this). */
export function tapArguments(sampleRate: number = SPEECH_SAMPLE_RATE): string[] {
  return [
    '-nostdin',
    '-loglevel',
    'error',
    '-protocol_whitelist',
    'pipe,udp,rtp',
    '-fflags',
    'nobuffer',
    '-f',
    'sdp',
    '-i',
    'pipe:0',
    '-f',
    's16le',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    'pipe:1',
  ]
}

export async function tapAudio(
  router: types.Router,
  producer: types.Producer,
  options: AudioTapOptions,
): Promise<AudioTap> {
  const { port, rtcpPort } = await freePortPair()
  const transport = await router.createPlainTransport({
    listenInfo: { protocol: 'udp', ip: '127.0.0.1' },
    rtcpMux: false,
    comedia: false,
  })
  let ended = false
  const ffmpeg = spawn(options.ffmpegPath, tapArguments(options.sampleRate), { stdio: ['pipe', 'pipe', 'pipe'] })
  const close = () => {
    if (ended) return
    ended = true
    transport.close()
    ffmpeg.kill('SIGKILL')
  }
  let stderr = ''
  ffmpeg.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)))
  ffmpeg.stdout.on('data', (pcm: Buffer) => options.onPcm(pcm))
  ffmpeg.on('error', (error) => {
    close()
    options.onEnd(error)
  })
  ffmpeg.on('exit', (code) => {
    if (ended) return
    close()
    options.onEnd(code === 0 ? null : new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))
  })
  transport.observer.once('close', close)
  try {
    await transport.connect({ ip: '127.0.0.1', port, rtcpPort })
    const consumer = await transport.consume({ producerId: producer.id, rtpCapabilities: router.rtpCapabilities })
    ffmpeg.stdin.end(ffmpegSdp([{ kind: 'audio', port, rtcpPort, rtpParameters: consumer.rtpParameters }]))
  } catch (error) {
    close()
    throw error
  }
  return { close }
}
