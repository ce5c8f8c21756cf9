// The meeting's keyboard shortcuts: one key each, no modifier (those belong to the browser and
// the screen reader). They do nothing while typing or on a media element's own keys, as the spec
// says (inputs, text areas, video and audio), nor inside an open dialog, whose buttons take keys.

export const SHORTCUTS = [
  { key: 'm', action: 'toggleMic' },
  { key: 'v', action: 'toggleCamera' },
  { key: 's', action: 'toggleScreenShare' },
  { key: 'h', action: 'toggleHand' },
  { key: 'c', action: 'toggleChat' },
  { key: '?', action: 'help' },
] as const

export type ShortcutAction = (typeof SHORTCUTS)[number]['action']

/** What a keydown needs to be judged: its key, modifiers, and where it happened. */
export interface ShortcutKey {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  repeat: boolean
  target: EventTarget | null
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'])

/** The action a key press asks for, or null when it is no shortcut here. */
export function shortcutOf(event: ShortcutKey): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null
  const target = event.target as Partial<HTMLElement> | null
  if (target?.tagName && TYPING.has(target.tagName.toUpperCase())) return null
  if (target?.isContentEditable || target?.closest?.('dialog[open]')) return null
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
  return SHORTCUTS.find((shortcut) => shortcut.key === key)?.action ?? null
}
