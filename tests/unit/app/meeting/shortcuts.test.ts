// The meeting's keyboard shortcuts: single keys without modifiers, never while typing, on a media
// element or inside an open dialog.
import { describe, expect, it } from 'vitest'
import { shortcutOf, type ShortcutKey } from '#app/meeting/shortcuts'

const on = (tagName: string, extra: { isContentEditable?: boolean; inDialog?: boolean } = {}) =>
  ({
    tagName,
    isContentEditable: extra.isContentEditable ?? false,
    closest: (selector: string) => (selector === 'dialog[open]' && extra.inDialog ? {} : null),
  }) as unknown as EventTarget

const press = (key: string, rest: Partial<ShortcutKey> = {}): ShortcutKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  target: on('BODY'),
  ...rest,
})

describe('shortcutOf', () => {
  it('maps each key, in either case, to its action', () => {
    expect(shortcutOf(press('m'))).toBe('toggleMic')
    expect(shortcutOf(press('M'))).toBe('toggleMic')
    expect(shortcutOf(press('v'))).toBe('toggleCamera')
    expect(shortcutOf(press('s'))).toBe('toggleScreenShare')
    expect(shortcutOf(press('h'))).toBe('toggleHand')
    expect(shortcutOf(press('c'))).toBe('toggleChat')
    expect(shortcutOf(press('?'))).toBe('help')
    expect(shortcutOf(press('x'))).toBeNull()
    expect(shortcutOf(press('Enter'))).toBeNull()
  })

  it('leaves keys with a modifier, and a held key, to the browser', () => {
    expect(shortcutOf(press('m', { ctrlKey: true }))).toBeNull()
    expect(shortcutOf(press('m', { metaKey: true }))).toBeNull()
    expect(shortcutOf(press('m', { altKey: true }))).toBeNull()
    expect(shortcutOf(press('m', { repeat: true }))).toBeNull()
  })

  it('does nothing in inputs, text areas, selects, video and audio, editable text and open dialogs', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO', 'input'])
      expect(shortcutOf(press('m', { target: on(tag) }))).toBeNull()
    expect(shortcutOf(press('m', { target: on('DIV', { isContentEditable: true }) }))).toBeNull()
    expect(shortcutOf(press('m', { target: on('BUTTON', { inDialog: true }) }))).toBeNull()
    expect(shortcutOf(press('m', { target: on('BUTTON') }))).toBe('toggleMic')
    expect(shortcutOf(press('m', { target: null }))).toBe('toggleMic')
  })
})
