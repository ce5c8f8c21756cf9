// One producer's audio out of mediasoup as PCM: a PlainTransport consumer sends the Opus RTP to
// ffmpeg on loopback, which decodes it to what speech providers take (16 kHz mono s16le) on its
// stdout. The tap ends with its router (the meeting), its producer, or close().
import { spawn } from 'node:child_process'
import { createSocket } from 'node:dgram'
import type { types } from 'mediasoup'
import { SPEECH_SAMPLE_RATE } from './speech-provider'

export interface AudioTap {
  close(): void
}

export interface AudioTapOptions {
  ffmpegPath: string
  onPcm(pcm: Buffer): void
  /** ffmpeg stopped on its own (it could not start, or crashed): the tap is over. */
  onEnd(error: Error | null): void
}

/** Two free consecutive loopback UDP ports, RTP then RTCP, as ffmpeg's RTP input expects. */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const rtp = createSocket('udp4')
    const port = await new Promise<number>((resolve, reject) => {
      rtp.once('error', reject)
      rtp.bind(0, '127.0.0.1', () => resolve(rtp.address().port))
    })
    const rtcp = createSocket('udp4')
    const pairFree = await new Promise<boolean>((resolve) => {
      rtcp.once('error', () => resolve(false))
      rtcp.bind(port + 1, '127.0.0.1', () => resolve(true))
    })
    rtp.close()
    if (pairFree) rtcp.close()
    if (pairFree && port % 2 === 0) return port
  }
  throw new Error('no free UDP port pair for an audio tap')
}

/** The SDP ffmpeg reads to receive one Opus stream on `port`. */
export function opusSdp(port: number, payloadType: number) {
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=Hearth audio tap',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP ${payloadType}`,
    `a=rtpmap:${payloadType} opus/48000/2`,
    'a=recvonly',
    '',
  ].join('\r\n')
}

export async function tapAudio(router: types.Router, producer: types.Producer, options: AudioTapOptions): Promise<AudioTap> {
  const port = await freePortPair()
  const transport = await router.createPlainTransport({ listenInfo: { protocol: 'udp', ip: '127.0.0.1' }, rtcpMux: false, comedia: false })
  let ended = false
  const ffmpeg = spawn(
    options.ffmpegPath,
    ['-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'pipe,udp,rtp', '-fflags', 'nobuffer', '-f', 'sdp', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(SPEECH_SAMPLE_RATE), 'pipe:1'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
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
    await transport.connect({ ip: '127.0.0.1', port, rtcpPort: port + 1 })
    const consumer = await transport.consume({ producerId: producer.id, rtpCapabilities: router.rtpCapabilities })
    const codec = consumer.rtpParameters.codecs[0]!
    ffmpeg.stdin.end(opusSdp(port, codec.payloadType))
  } catch (error) {
    close()
    throw error
  }
  return { close }
}
