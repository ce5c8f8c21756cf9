// The SDP ffmpeg reads a recording's RTP with, and the container its codecs are copied into.
import { describe, expect, it } from 'vitest'
import { containerFor, ffmpegSdp, type SdpStream } from '#edge/ffmpeg-sdp'
import { recordingName } from '#edge/recording-library'

const audio: SdpStream = {
  kind: 'audio',
  port: 50000,
  rtcpPort: 50001,
  rtpParameters: {
    codecs: [
      {
        mimeType: 'audio/opus',
        payloadType: 100,
        clockRate: 48000,
        channels: 2,
        parameters: { 'sprop-stereo': 1, useinbandfec: 1 },
      },
    ],
    encodings: [{ ssrc: 1 }],
  },
}
const vp8: SdpStream = {
  kind: 'video',
  port: 50002,
  rtcpPort: 50003,
  rtpParameters: {
    codecs: [
      { mimeType: 'video/VP8', payloadType: 101, clockRate: 90000, parameters: {} },
      { mimeType: 'video/rtx', payloadType: 102, clockRate: 90000, parameters: { apt: 101 } },
    ],
    encodings: [{ ssrc: 2 }],
  },
}
const h264: SdpStream = {
  ...vp8,
  rtpParameters: {
    codecs: [{ mimeType: 'video/H264', payloadType: 107, clockRate: 90000, parameters: { 'packetization-mode': 1 } }],
  },
}

describe('ffmpegSdp', () => {
  it('describes each stream on loopback with its ports, payload type and codec (RTX left out)', () => {
    expect(ffmpegSdp([audio, vp8]).split('\r\n')).toEqual([
      'v=0',
      'o=- 0 0 IN IP4 127.0.0.1',
      's=Hearth recording',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      'm=audio 50000 RTP/AVP 100',
      'a=rtcp:50001',
      'a=rtpmap:100 opus/48000/2',
      'a=fmtp:100 sprop-stereo=1;useinbandfec=1',
      'a=recvonly',
      'm=video 50002 RTP/AVP 101',
      'a=rtcp:50003',
      'a=rtpmap:101 VP8/90000',
      'a=recvonly',
      '',
    ])
  })

  it('refuses a stream without a media codec', () => {
    expect(() => ffmpegSdp([{ ...vp8, rtpParameters: { codecs: [vp8.rtpParameters.codecs[1]!] } }])).toThrow()
  })
})

describe('containerFor', () => {
  it('writes WebM for VP8 or audio alone, Matroska for H.264', () => {
    expect(containerFor([audio, vp8])).toEqual({ extension: 'webm', contentType: 'video/webm' })
    expect(containerFor([audio])).toEqual({ extension: 'webm', contentType: 'video/webm' })
    expect(containerFor([audio, h264])).toEqual({ extension: 'mkv', contentType: 'video/x-matroska' })
  })
})

describe('recordingName', () => {
  it("names the file after its start in UTC, within the library's 20 characters", () => {
    const name = recordingName(new Date('2026-11-25T19:05:09.123Z'), 'webm')
    expect(name).toBe('rec-20261125-190509.webm')
    expect(name.replace(/\.webm$/, '').length).toBeLessThanOrEqual(20)
  })
})
