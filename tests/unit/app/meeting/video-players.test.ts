// The shared video's player adapters speak each provider's documented postMessage format (YouTube's
// IFrame API widget messages, Vimeo's Player API), and the sync rule moves a drifting player.
import { describe, expect, it } from 'vitest'
import { PLAYERS, SYNC_TOLERANCE_MS, expectedPosition, syncCommands } from '#app/meeting/video-players'

const { youtube, vimeo } = PLAYERS
const json = (message: string) => JSON.parse(message) as unknown

describe('YouTube adapter', () => {
  it('embeds the id on the cookie-less host with the JS API on, its controls off, answering to our origin', () => {
    const src = new URL(youtube.src('dQw4w9WgXcQ', 'https://hearth.example'))
    expect(src.origin).toBe(youtube.origin)
    expect(src.pathname).toBe('/embed/dQw4w9WgXcQ')
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      enablejsapi: '1',
      controls: '0',
      origin: 'https://hearth.example',
    })
  })

  it('asks to listen, then sends commands as widget messages', () => {
    expect(youtube.subscribe().map(json)).toEqual([{ event: 'listening', id: 1, channel: 'widget' }])
    expect(json(youtube.command({ type: 'play' }))).toEqual({
      event: 'command',
      func: 'playVideo',
      args: [],
      id: 1,
      channel: 'widget',
    })
    expect(json(youtube.command({ type: 'pause' }))).toMatchObject({ func: 'pauseVideo', args: [] })
    expect(json(youtube.command({ type: 'seek', positionMs: 83_250 }))).toMatchObject({
      func: 'seekTo',
      args: [83.25, true],
    })
    expect(json(youtube.command({ type: 'mute' }))).toMatchObject({ func: 'mute' })
    expect(json(youtube.command({ type: 'unmute' }))).toMatchObject({ func: 'unMute' })
  })

  it('reads readiness, state changes and info deliveries (seconds to ms), and ignores the rest', () => {
    expect(youtube.read(JSON.stringify({ event: 'onReady', id: 1 }))).toEqual({ ready: true })
    expect(youtube.read(JSON.stringify({ event: 'onStateChange', info: 1 }))).toEqual({ playing: true })
    expect(youtube.read(JSON.stringify({ event: 'onStateChange', info: 2 }))).toEqual({ playing: false })
    expect(
      youtube.read(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 12.3456, playerState: 2 } })),
    ).toEqual({ positionMs: 12_346, playing: false })
    expect(youtube.read(JSON.stringify({ event: 'infoDelivery', info: { volume: 50 } }))).toEqual({
      positionMs: undefined,
      playing: undefined,
    })
    for (const data of ['not json', 42, null, JSON.stringify({ event: 'apiInfoDelivery' })])
      expect(youtube.read(data)).toBeNull()
  })
})

describe('Vimeo adapter', () => {
  it('embeds the id on the player host with its controls off', () => {
    const src = new URL(vimeo.src('76979871', 'https://hearth.example'))
    expect(src.origin).toBe(vimeo.origin)
    expect(src.pathname).toBe('/video/76979871')
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ dnt: '1', controls: '0' })
  })

  it('listens to time, play and pause, and sends its methods', () => {
    expect(vimeo.subscribe().map(json)).toEqual(
      ['timeupdate', 'play', 'pause', 'ended'].map((value) => ({ method: 'addEventListener', value })),
    )
    expect(json(vimeo.command({ type: 'play' }))).toEqual({ method: 'play' })
    expect(json(vimeo.command({ type: 'pause' }))).toEqual({ method: 'pause' })
    expect(json(vimeo.command({ type: 'seek', positionMs: 5_500 }))).toEqual({ method: 'setCurrentTime', value: 5.5 })
    expect(json(vimeo.command({ type: 'mute' }))).toEqual({ method: 'setMuted', value: true })
    expect(json(vimeo.command({ type: 'unmute' }))).toEqual({ method: 'setMuted', value: false })
  })

  it('reads its events, as JSON text or objects', () => {
    expect(vimeo.read('{"event":"ready","player_id":"x"}')).toEqual({ ready: true })
    expect(vimeo.read({ event: 'timeupdate', data: { seconds: 7.25, percent: 0.1, duration: 70 } })).toEqual({
      positionMs: 7_250,
    })
    expect(vimeo.read(JSON.stringify({ event: 'play', data: { seconds: 1 } }))).toEqual({
      playing: true,
      positionMs: 1_000,
    })
    expect(vimeo.read(JSON.stringify({ event: 'pause' }))).toEqual({ playing: false, positionMs: undefined })
    expect(vimeo.read(JSON.stringify({ method: 'getVolume', value: 1 }))).toBeNull()
  })
})

describe('keeping in step', () => {
  it('moves the position on while playing, from when it arrived', () => {
    expect(expectedPosition({ state: 'playing', positionMs: 10_000 }, 500, 3_500)).toBe(13_000)
    expect(expectedPosition({ state: 'paused', positionMs: 10_000 }, 500, 3_500)).toBe(10_000)
  })

  it('seeks a player that drifted past the tolerance, or has not said where it is, and matches play or pause', () => {
    const target = { playing: true, positionMs: 60_000 }
    expect(syncCommands(target, { positionMs: 60_000 + SYNC_TOLERANCE_MS - 1, playing: true })).toEqual([])
    expect(syncCommands(target, { positionMs: 60_000 - SYNC_TOLERANCE_MS - 1, playing: true })).toEqual([
      { type: 'seek', positionMs: 60_000 },
    ])
    expect(syncCommands(target, {})).toEqual([{ type: 'seek', positionMs: 60_000 }, { type: 'play' }])
    expect(syncCommands({ playing: false, positionMs: 5_000 }, { positionMs: 5_100, playing: true })).toEqual([
      { type: 'pause' },
    ])
  })
})
