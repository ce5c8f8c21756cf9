import { describe, expect, it } from 'vitest'
import type { Caption } from '#edge/contract/captions'
import { CAPTION_LINES_SHOWN, addCaption } from '#app/meeting/captions'
import { initialMeetingState, meetingReducer } from '#app/meeting/state'
import { joinResult } from './fixtures'

const line = (
  peerId: string,
  text: string,
  final: boolean,
  id = final ? `${peerId}-${text}` : `interim:${peerId}`,
): Caption => ({ id, peerId, name: peerId.toUpperCase(), text, final })

describe('caption lines', () => {
  it("replace a speaker's interim line as it grows, then with the final line", () => {
    let lines = addCaption([], line('a', 'Hel', false))
    lines = addCaption(lines, line('b', 'Oi', false))
    lines = addCaption(lines, line('a', 'Hello every', false))
    expect(lines.map((caption) => caption.text)).toEqual(['Oi', 'Hello every'])
    lines = addCaption(lines, line('a', 'Hello everyone.', true))
    expect(lines.map((caption) => [caption.text, caption.final])).toEqual([
      ['Oi', false],
      ['Hello everyone.', true],
    ])
  })

  it('keep only the last few lines', () => {
    let lines: Caption[] = []
    for (let index = 0; index < 6; index++) lines = addCaption(lines, line('a', `line ${index}`, true))
    expect(lines.map((caption) => caption.text)).toEqual(
      Array.from({ length: CAPTION_LINES_SHOWN }, (_, index) => `line ${6 - CAPTION_LINES_SHOWN + index}`),
    )
  })
})

describe('captions in the meeting state', () => {
  const start = () =>
    meetingReducer(
      initialMeetingState({
        me: { userId: 'u', name: 'Me', avatar: null, isHost: false, isCoHost: false, canKick: false, canMute: false },
        hostId: null,
      }),
      { type: 'roomJoined', result: joinResult([], { captions: { on: true, language: 'en', transcript: false } }) },
    )

  it('come with the join answer, take lines while on, and clear them when turned off', () => {
    let state = start()
    expect(state.captions).toEqual({ on: true, language: 'en', transcript: false })
    state = meetingReducer(state, { type: 'caption', caption: line('a', 'Hi', true) })
    expect(state.captionLines).toHaveLength(1)
    state = meetingReducer(state, { type: 'captionsChanged', captions: { on: false } })
    expect(state.captionLines).toEqual([])
    // A line that arrives after captions went off is not shown.
    state = meetingReducer(state, { type: 'caption', caption: line('a', 'late', true) })
    expect(state.captionLines).toEqual([])
  })
})
