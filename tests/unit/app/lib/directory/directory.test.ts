// The directory's pure rules: who sees a room, the order, the stored settings.
import { describe, expect, it } from 'vitest'
import { directoryOrder, directorySettingsOf, shownInDirectory } from '#app/lib/directory/directory'

describe('shownInDirectory', () => {
  it.each([
    [true, 'everyone', false, true],
    [true, 'everyone', true, true],
    [true, 'members', false, false],
    [true, 'members', true, true],
    [true, 'none', true, false],
    [false, 'everyone', true, false],
  ] as const)('enabled %s, visible to %s, member %s → %s', (enabledInDirectory, visibleInDirectory, member, shown) => {
    expect(shownInDirectory({ enabledInDirectory, visibleInDirectory }, { member })).toBe(shown)
  })
})

describe('directoryOrder', () => {
  it('puts pinned first, then by name or link, ignoring case', () => {
    const room = (slug: string, name: string | null, pinnedInDirectory = false) => ({ slug, name, pinnedInDirectory })
    const ordered = directoryOrder([
      room('c', 'charlie'),
      room('z', null, true),
      room('b', 'Bravo'),
      room('a', 'Alpha', true),
    ])
    expect(ordered.map((r) => r.slug)).toEqual(['a', 'z', 'b', 'c'])
  })
})

describe('directorySettingsOf', () => {
  it('reads missing or out-of-range values as the defaults', () => {
    expect(directorySettingsOf(null)).toEqual({
      enabled: false,
      type: 'launcher',
      position: 'bottom-right',
      offsetX: 24,
      offsetY: 24,
      theme: null,
      pinnedRoomIds: [],
      selfSignup: false,
    })
    expect(
      directorySettingsOf({
        enabled: true,
        type: 'popup' as never,
        position: 'middle' as never,
        offsetX: 401,
        offsetY: -1,
        theme: '',
      }),
    ).toMatchObject({
      enabled: true,
      type: 'launcher',
      position: 'bottom-right',
      offsetX: 24,
      offsetY: 24,
      theme: null,
    })
    expect(directorySettingsOf({ offsetX: 0, offsetY: 400 })).toMatchObject({ offsetX: 0, offsetY: 400 })
  })
})
