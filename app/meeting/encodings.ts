// What the client asks the SFU to send: camera sizes, simulcast layers, bitrates and codec options
// Plain data, no mediasoup import, so the tests and the server-rendered page can use it.
import { VIDEO_FRAME_RATE, VIDEO_FRAME_RATE_MAX, SCREEN_SHARE_FRAME_RATE } from './constants'

export const SEND_QUALITIES = ['low', 'medium', 'high', 'ultra'] as const
export type SendQuality = (typeof SEND_QUALITIES)[number]
export const DEFAULT_SEND_QUALITY: SendQuality = 'high'

/** Camera capture sizes per send quality (low 640 wide, high 1280; 16:9). */
export const SEND_QUALITY_SIZES: Record<SendQuality, { width: number; height: number }> = {
  low: { width: 640, height: 360 },
  medium: { width: 960, height: 540 },
  high: { width: 1280, height: 720 },
  ultra: { width: 1920, height: 1080 },
}

export function isSendQuality(value: unknown): value is SendQuality {
  return typeof value === 'string' && (SEND_QUALITIES as readonly string[]).includes(value)
}

/**
 * The qualities a camera can deliver: those no wider than its maximum width (the rule caps the
 * preferred send quality at the maximum resolution). Low is always offered, whatever the camera.
 */
export function availableSendQualities(maxWidth: number | null | undefined): SendQuality[] {
  if (!maxWidth) return [...SEND_QUALITIES]
  const fitting = SEND_QUALITIES.filter((quality) => SEND_QUALITY_SIZES[quality].width <= maxWidth)
  return fitting.length ? fitting : ['low']
}

/** The preferred quality, lowered to the best one the camera can do. */
export function capSendQuality(preferred: SendQuality, maxWidth: number | null | undefined): SendQuality {
  const available = availableSendQualities(maxWidth)
  const wanted = SEND_QUALITIES.indexOf(preferred)
  return [...available].reverse().find((quality) => SEND_QUALITIES.indexOf(quality) <= wanted) ?? available[0]!
}

/** getUserMedia constraints for the camera at a quality. */
export function cameraConstraints(quality: SendQuality, deviceId?: string | null): MediaTrackConstraints {
  const { width, height } = SEND_QUALITY_SIZES[quality]
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    width: { ideal: width },
    height: { ideal: height },
    aspectRatio: { ideal: 16 / 9 },
    frameRate: { ideal: VIDEO_FRAME_RATE, max: VIDEO_FRAME_RATE_MAX },
  }
}

export type Encoding = {
  rid?: string
  scaleResolutionDownBy: number
  maxBitrate: number
  maxFramerate?: number
  scalabilityMode?: string
}

/**
 * Webcam simulcast layers by the captured width: 1280 and wider send three layers (top 4 Mbps),
 * 640 and wider two, anything smaller one. Layer i is what a receiver asks for as spatial layer i.
 */
export function webcamEncodings(width: number): Encoding[] {
  if (width >= 1280) {
    return [
      { rid: 'r0', scaleResolutionDownBy: 4, maxBitrate: 250_000 },
      { rid: 'r1', scaleResolutionDownBy: 2, maxBitrate: 1_000_000 },
      { rid: 'r2', scaleResolutionDownBy: 1, maxBitrate: 4_000_000 },
    ]
  }
  if (width >= 640) {
    return [
      { rid: 'r0', scaleResolutionDownBy: 2, maxBitrate: 250_000 },
      { rid: 'r1', scaleResolutionDownBy: 1, maxBitrate: 1_000_000 },
    ]
  }
  return [{ scaleResolutionDownBy: 1, maxBitrate: 500_000 }]
}

/** Screen share: one layer, its bitrate by the shared width (3840/1920/1280/640 → 10/3.5/2/0.5 Mbps), 5 fps. */
export function shareEncodings(width: number): Encoding[] {
  const steps: Array<[number, number]> = [
    [3840, 10_000_000],
    [1920, 3_500_000],
    [1280, 2_000_000],
    [640, 500_000],
  ]
  const maxBitrate = steps.find(([stepWidth]) => width >= stepWidth)?.[1] ?? 500_000
  return [{ scaleResolutionDownBy: 1, maxBitrate, maxFramerate: SCREEN_SHARE_FRAME_RATE }]
}

/** Codec options (kbps, as mediasoup-client's videoGoogle* options take them). */
export const WEBCAM_CODEC_OPTIONS = {
  videoGoogleStartBitrate: 800,
  videoGoogleMinBitrate: 800,
  videoGoogleMaxBitrate: 3000,
}
export const SHARE_CODEC_OPTIONS = { videoGoogleStartBitrate: 2000, videoGoogleMaxBitrate: 15000 }
export const MIC_CODEC_OPTIONS = { opusStereo: true, opusFec: true, opusDtx: true }

export const MIC_CONSTRAINTS = { autoGainControl: true, noiseSuppression: true, echoCancellation: true }
