// The transport's media settings and the codecs the routers offer. The client's
// simulcast encodings and codec options (start/min/max bitrates per source) live in the meeting
// client; the edge enforces the ceilings on what it receives and starts its estimates from them.
import type { types } from 'mediasoup'

export const KBPS = 1000

/** Webcam: start and minimum 800 kbps, maximum 3000 kbps. Screen share: start 2000, maximum 15000. */
export const BITRATES = {
  webcam: { start: 800 * KBPS, min: 800 * KBPS, max: 3000 * KBPS },
  screen: { start: 2000 * KBPS, max: 15000 * KBPS },
  /** Headroom for the microphone (Opus stereo with FEC stays far below this). */
  audio: 128 * KBPS,
} as const

/** ICE restarts: at most one per 1000 ms, at most 10 per transport. */
export const ICE_RESTART = { intervalMs: 1000, max: 10 } as const

export const MEDIA_CODECS: types.RouterRtpCodecCapability[] = [
  {
    kind: 'audio',
    mimeType: 'audio/opus',
    clockRate: 48000,
    channels: 2,
    // Stereo on (opus stereo), in-band FEC to ride out packet loss.
    parameters: { stereo: 1, 'sprop-stereo': 1, useinbandfec: 1 },
  },
  {
    kind: 'video',
    mimeType: 'video/VP8',
    clockRate: 90000,
    parameters: { 'x-google-start-bitrate': BITRATES.webcam.start / KBPS },
  },
  // Optional: offered after VP8, so browsers that can do both use VP8 and simulcast behaves the same everywhere.
  {
    kind: 'video',
    mimeType: 'video/H264',
    clockRate: 90000,
    parameters: {
      'packetization-mode': 1,
      'profile-level-id': '42e01f',
      'level-asymmetry-allowed': 1,
      'x-google-start-bitrate': BITRATES.webcam.start / KBPS,
    },
  },
]

/** The most a send transport accepts: the webcam's ceiling plus audio, plus the share's while sharing. */
export function maxIncomingBitrate(sharingScreen: boolean) {
  return BITRATES.webcam.max + BITRATES.audio + (sharingScreen ? BITRATES.screen.max : 0)
}
