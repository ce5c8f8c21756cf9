// A person's microphone and camera for the edge tests of the recorder and the live streamer, as
// ffmpeg sends them: a test picture (VP8, a key frame every second) and a tone (Opus, 440 Hz unless
// asked otherwise, so a mix of two people can be told apart), as RTP into PlainTransport producers
// of the meeting's router, given to the peer as its mic and webcam (or only the mic).
import { spawn, type ChildProcess } from 'node:child_process'
import type { types } from 'mediasoup'
import type { RunningEdge } from '#edge/server'
import { serverPeer } from './harness'

export interface TestMediaOptions {
  /** The tone's frequency (Hz). */
  frequency?: number
  /** Whether a camera is sent too. */
  video?: boolean
}

/** Starts sending; the caller kills the returned ffmpeg after its test. */
export async function sendTestMedia(
  edge: RunningEdge,
  roomId: string,
  peerId: string,
  { frequency = 440, video: withVideo = true }: TestMediaOptions = {},
): Promise<ChildProcess> {
  const [main] = await edge.edge.meetings.get(roomId)!.routers()
  const peer = serverPeer(edge, roomId, peerId)
  const input = async (kind: 'audio' | 'video') => {
    const transport = await main!.router.createPlainTransport({
      listenInfo: { protocol: 'udp', ip: '127.0.0.1' },
      rtcpMux: false,
      comedia: true,
    })
    const rtpParameters: types.RtpParameters =
      kind === 'audio'
        ? {
            codecs: [
              {
                mimeType: 'audio/opus',
                payloadType: 100,
                clockRate: 48000,
                channels: 2,
                parameters: { 'sprop-stereo': 1 },
              },
            ],
            encodings: [{ ssrc: 11110000 }],
          }
        : { codecs: [{ mimeType: 'video/VP8', payloadType: 101, clockRate: 90000 }], encodings: [{ ssrc: 22220000 }] }
    const source = kind === 'audio' ? 'mic' : 'webcam'
    const producer = await transport.produce<{ peerId: string; source: 'mic' | 'webcam' }>({
      kind,
      rtpParameters,
      appData: { peerId, source },
    })
    peer.producers.set(producer.id, producer)
    return `rtp://127.0.0.1:${transport.tuple.localPort}?rtcpport=${transport.rtcpTuple!.localPort}`
  }
  const audio = await input('audio')
  const video = withVideo ? await input('video') : null
  // prettier-ignore
  return spawn('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=48000`,
    ...(video ? ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15'] : []),
    ...(video ? ['-map', '1:v', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-g', '15', '-ssrc', '22220000', '-payload_type', '101', '-f', 'rtp', video] : []),
    '-map', '0:a', '-c:a', 'libopus', '-ac', '2', '-ssrc', '11110000', '-payload_type', '100', '-f', 'rtp', audio,
  ], { stdio: 'ignore' })
}
