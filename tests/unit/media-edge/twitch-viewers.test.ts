import { describe, expect, it } from 'vitest'
import { readViewerCount } from '#edge/twitch-viewers'

describe("reading Twitch Helix's streams answer", () => {
  it('takes the live stream’s viewer_count, and 0 for an empty data (the channel is offline)', () => {
    expect(
      readViewerCount({ data: [{ user_login: 'bookclub', type: 'live', viewer_count: 42 }], pagination: {} }),
    ).toBe(42)
    expect(readViewerCount({ data: [{ viewer_count: 0 }] })).toBe(0)
    expect(readViewerCount({ data: [], pagination: {} })).toBe(0)
  })

  it('has no count for anything else', () => {
    for (const body of [
      null,
      'x',
      {},
      { data: null },
      { data: [{}] },
      { data: [{ viewer_count: '12' }] },
      { data: [{ viewer_count: -1 }] },
      { data: [{ viewer_count: 1.5 }] },
      { error: 'Unauthorized', status: 401 },
    ]) {
      expect(readViewerCount(body), JSON.stringify(body)).toBeNull()
    }
  })
})
