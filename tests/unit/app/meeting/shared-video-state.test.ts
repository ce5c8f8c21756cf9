// The shared video in the meeting's state (starting moves the view to presenter mode,
// stopping restores the viewing mode; a late joiner enters in presenter mode).
import { describe, expect, it } from 'vitest'
import type { SharedVideo } from '#edge/contract/shared-video'
import { fresh, inMeeting, joinResult, peer, run } from './fixtures'

const video = (overrides: Partial<SharedVideo> = {}): SharedVideo => ({
  provider: 'youtube',
  videoId: 'dQw4w9WgXcQ',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  owner: 'a',
  key: 1000,
  state: 'playing',
  muted: false,
  positionMs: 0,
  ...overrides,
})

describe('shared video state', () => {
  it('moves the view to presenter mode when it starts, and back to the previous mode when it ends', () => {
    let state = run(inMeeting([peer('a')], true), { type: 'sharedVideo', video: video(), receivedAt: 50 })
    expect(state).toMatchObject({
      viewingMode: 'presenter',
      previousViewingMode: 'primarySpeaker',
      sharedVideo: { video: video(), receivedAt: 50 },
    })
    state = run(state, { type: 'sharedVideo', video: null, receivedAt: 60 })
    expect(state).toMatchObject({ viewingMode: 'primarySpeaker', previousViewingMode: null, sharedVideo: null })
  })

  it('keeps a mode chosen by hand while the same video plays on (a pause is not a new video)', () => {
    let state = run(
      inMeeting([peer('a')]),
      { type: 'sharedVideo', video: video(), receivedAt: 0 },
      { type: 'viewingModeSet', mode: 'tiles' },
    )
    state = run(state, { type: 'sharedVideo', video: video({ state: 'paused', positionMs: 4000 }), receivedAt: 10 })
    expect(state.viewingMode).toBe('tiles')
    expect(run(state, { type: 'sharedVideo', video: video({ key: 2000 }), receivedAt: 20 }).viewingMode).toBe(
      'presenter',
    )
  })

  it('stays in presenter mode while a screen is still shared after the video ends', () => {
    let state = run(inMeeting([peer('a', { screenSharing: true })]), {
      type: 'sharedVideo',
      video: video(),
      receivedAt: 0,
    })
    state = run(state, { type: 'sharedVideo', video: null, receivedAt: 1 })
    expect(state).toMatchObject({ viewingMode: 'presenter', screenShareId: 'a' })
  })

  it('a late joiner enters in presenter mode', () => {
    const state = run(
      fresh(),
      { type: 'roomJoined', result: joinResult([peer('a')], { sharedVideo: video() }) },
      { type: 'sharedVideo', video: video(), receivedAt: 5 },
    )
    expect(state.viewingMode).toBe('tiles')
    expect(run(state, { type: 'entered', smallScreen: false })).toMatchObject({
      viewingMode: 'presenter',
      previousViewingMode: 'tiles',
    })
  })
})
