// What ffmpeg needs to read RTP the edge sends it over loopback: an SDP description of each stream
// (the port it listens on, its RTCP port, the payload type and codec of the mediasoup consumer),
// and the container that holds those codecs without re-encoding. Pure, tested on its own.
import type { types } from 'mediasoup'

export interface SdpStream {
  kind: 'audio' | 'video'
  /** Where ffmpeg receives RTP; RTCP comes to rtcpPort (no RTCP mux: ffmpeg's RTP reader wants its own port). */
  port: number
  rtcpPort: number
  rtpParameters: types.RtpParameters
}

/** The stream's media codec: a consumer lists it first (RTX, when offered, follows it). */
function mediaCodec(rtpParameters: types.RtpParameters) {
  const codec = rtpParameters.codecs.find((candidate) => !/\/rtx$/i.test(candidate.mimeType))
  if (!codec) throw new Error('a recorded stream has no media codec')
  return codec
}

/** One SDP for every stream ffmpeg should receive, on 127.0.0.1. */
export function ffmpegSdp(streams: SdpStream[]): string {
  const lines = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=Hearth recording', 'c=IN IP4 127.0.0.1', 't=0 0']
  for (const stream of streams) {
    const codec = mediaCodec(stream.rtpParameters)
    const name = codec.mimeType.split('/')[1]!
    const channels = stream.kind === 'audio' && codec.channels && codec.channels > 1 ? `/${codec.channels}` : ''
    lines.push(
      `m=${stream.kind} ${stream.port} RTP/AVP ${codec.payloadType}`,
      `a=rtcp:${stream.rtcpPort}`,
      `a=rtpmap:${codec.payloadType} ${name}/${codec.clockRate}${channels}`,
    )
    const fmtp = Object.entries(codec.parameters ?? {}).map(([key, value]) => `${key}=${String(value)}`)
    if (fmtp.length) lines.push(`a=fmtp:${codec.payloadType} ${fmtp.join(';')}`)
    lines.push('a=recvonly')
  }
  return `${lines.join('\r\n')}\r\n`
}

export interface Container {
  extension: 'webm' | 'mkv'
  contentType: string
}

/**
 * WebM (VP8 or VP9 with Opus) plays in every browser the media library serves it to; a camera
 * sent as H.264 goes into Matroska, which holds any codec, so the file is still copied as sent.
 */
export function containerFor(streams: SdpStream[]): Container {
  const video = streams.find((stream) => stream.kind === 'video')
  const webm = !video || /^video\/vp[89]$/i.test(mediaCodec(video.rtpParameters).mimeType)
  return webm ? { extension: 'webm', contentType: 'video/webm' } : { extension: 'mkv', contentType: 'video/x-matroska' }
}
