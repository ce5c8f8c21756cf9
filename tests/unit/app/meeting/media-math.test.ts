import { describe, expect, it } from 'vitest'
import {
  MIC_CODEC_OPTIONS,
  SHARE_CODEC_OPTIONS,
  WEBCAM_CODEC_OPTIONS,
  availableSendQualities,
  capSendQuality,
  shareEncodings,
  webcamEncodings,
} from '#app/meeting/encodings'
import { preferredSpatialLayer, WEBCAM_LAYER_WIDTHS } from '#app/meeting/layers'
import { tileLayout } from '#app/meeting/layout'
import { reconnectLabel } from '#app/meeting/reconnect'

describe('reconnect labels (1st, 2nd, 3rd, nth, final; 5 attempts)', () => {
  it('labels each attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectLabel(attempt))).toEqual([
      { key: 'first' },
      { key: 'second' },
      { key: 'third' },
      { key: 'nth', attempt: 4 },
      { key: 'final' },
    ])
  })

  it('the last attempt is final whatever the count', () => {
    expect(reconnectLabel(7, 8)).toEqual({ key: 'nth', attempt: 7 })
    expect(reconnectLabel(8, 8)).toEqual({ key: 'final' })
    expect(reconnectLabel(2, 2)).toEqual({ key: 'final' })
  })
})

describe('tile layout (peers max 16, min size 160)', () => {
  it('one tile fills the width of a 16:9 area', () => {
    expect(tileLayout(1600, 900, 1, { gap: 0 })).toMatchObject({
      columns: 1,
      rows: 1,
      tileWidth: 1600,
      tileHeight: 900,
      shown: 1,
      hidden: 0,
    })
  })

  it('picks the grid with the biggest tiles', () => {
    expect(tileLayout(1280, 636, 3)).toMatchObject({ columns: 2, rows: 2 })
    expect(tileLayout(1280, 300, 3)).toMatchObject({ columns: 3, rows: 1 })
    expect(tileLayout(344, 560, 3)).toMatchObject({ columns: 1, rows: 3 })
  })

  it('shows at most 16 and counts the rest', () => {
    expect(tileLayout(3840, 2160, 20)).toMatchObject({ shown: 16, hidden: 4 })
  })

  it('never shrinks tiles under 160 px while more than one is shown', () => {
    const layout = tileLayout(360, 400, 16)
    expect(layout.tileWidth).toBeGreaterThanOrEqual(160)
    expect(layout.shown + layout.hidden).toBe(16)
    expect(layout.hidden).toBeGreaterThan(0)
  })

  it('is empty for nothing to show', () => {
    expect(tileLayout(0, 0, 3)).toMatchObject({ shown: 0, hidden: 3 })
  })
})

describe('preferred receive layer (scale 0.75, small screens at most layer 1)', () => {
  const layer = (tileWidth: number, screenWidth = 1920, devicePixelRatio = 1) =>
    preferredSpatialLayer({ tileWidth, screenWidth, devicePixelRatio, layerWidths: WEBCAM_LAYER_WIDTHS })

  it('asks for the smallest layer at least 0.75 of the tile', () => {
    expect(layer(160)).toBe(0)
    expect(layer(426)).toBe(0)
    expect(layer(427)).toBe(1)
    expect(layer(853)).toBe(1)
    expect(layer(854)).toBe(2)
    expect(layer(4000)).toBe(2)
  })

  it('counts device pixels', () => {
    expect(layer(600)).toBe(1)
    expect(layer(600, 1920, 2)).toBe(2)
  })

  it('small screens never ask for more than layer 1', () => {
    expect(layer(340, 360, 3)).toBe(1)
    expect(layer(100, 360)).toBe(0)
  })

  it('stays within the layers the sender has', () => {
    expect(preferredSpatialLayer({ tileWidth: 2000, screenWidth: 1920, layerWidths: [320, 640] })).toBe(1)
    expect(preferredSpatialLayer({ tileWidth: 2000, screenWidth: 1920, layerWidths: [] })).toBe(0)
  })
})

describe('send quality (low, medium, high, ultra; capped at the camera maximum)', () => {
  it('offers what the camera can capture, low at the least', () => {
    expect(availableSendQualities(1920)).toEqual(['low', 'medium', 'high', 'ultra'])
    expect(availableSendQualities(1280)).toEqual(['low', 'medium', 'high'])
    expect(availableSendQualities(640)).toEqual(['low'])
    expect(availableSendQualities(320)).toEqual(['low'])
    expect(availableSendQualities(null)).toEqual(['low', 'medium', 'high', 'ultra'])
  })

  it('lowers the preferred quality to the best the camera can do', () => {
    expect(capSendQuality('ultra', 1280)).toBe('high')
    expect(capSendQuality('high', 960)).toBe('medium')
    expect(capSendQuality('medium', 3840)).toBe('medium')
    expect(capSendQuality('high', 320)).toBe('low')
  })
})

describe('encodings and codec options', () => {
  it('webcam: three layers from 1280 wide with a 4 Mbps top, two from 640, one below', () => {
    const wide = webcamEncodings(1280)
    expect(wide.map((encoding) => encoding.scaleResolutionDownBy)).toEqual([4, 2, 1])
    expect(wide.at(-1)!.maxBitrate).toBe(4_000_000)
    expect(webcamEncodings(1920)).toHaveLength(3)
    expect(webcamEncodings(640)).toHaveLength(2)
    expect(webcamEncodings(320)).toHaveLength(1)
  })

  it('screen share: 10, 3.5, 2 and 0.5 Mbps for 3840, 1920, 1280 and 640 wide, at 5 fps', () => {
    expect([3840, 1920, 1280, 640, 320].map((width) => shareEncodings(width)[0]!.maxBitrate)).toEqual([
      10_000_000, 3_500_000, 2_000_000, 500_000, 500_000,
    ])
    expect(shareEncodings(1920)[0]!.maxFramerate).toBe(5)
  })

  it('bitrates: webcam start and minimum 800, maximum 3000; share start 2000, maximum 15000; opus stereo', () => {
    expect(WEBCAM_CODEC_OPTIONS).toMatchObject({
      videoGoogleStartBitrate: 800,
      videoGoogleMinBitrate: 800,
      videoGoogleMaxBitrate: 3000,
    })
    expect(SHARE_CODEC_OPTIONS).toMatchObject({ videoGoogleStartBitrate: 2000, videoGoogleMaxBitrate: 15000 })
    expect(MIC_CODEC_OPTIONS.opusStereo).toBe(true)
  })
})
