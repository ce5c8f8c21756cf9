/**
 * Community themes reach the page as CSS variables. This module holds the default theme and the
 * mechanism; the named themes and the custom editor come with the admin work.
 */
export type ThemeColors = {
  primary: string
  onPrimary: string
  secondary: string
  onSecondary: string
  accent: string
  onAccent: string
  highlight: string
  onHighlight: string
  background: string
  onBackground: string
  surface: string
  onSurface: string
  muted: string
  border: string
}

export const STATUS_COLORS = {
  positive: '#1e7d3c',
  negative: '#b3261e',
  info: '#1c5fa8',
  warning: '#8a5a00',
  light: '#f6f4f1',
  dark: '#1d1b19',
}

export const DEFAULT_THEME: ThemeColors = {
  primary: '#b4461b',
  onPrimary: '#ffffff',
  secondary: '#3d3a36',
  onSecondary: '#ffffff',
  accent: '#1c5fa8',
  onAccent: '#ffffff',
  highlight: '#fbe7dc',
  onHighlight: '#5a1f07',
  background: '#f6f4f1',
  onBackground: '#1d1b19',
  surface: '#ffffff',
  onSurface: '#1d1b19',
  muted: '#5f5a54',
  border: '#dcd6cf',
}

export type ThemeInput = { colors?: Record<string, unknown> | null; fontBase?: string | null; fontTitle?: string | null }

const COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const FONT = /^[\w -]{1,64}$/

/**
 * The :root rule for a theme. Only hex colours and plain font names pass, so a stored value can
 * never break out of the style element.
 */
export function themeStyle(input: ThemeInput = {}): string {
  const colors = { ...DEFAULT_THEME }
  for (const [role, value] of Object.entries(input.colors ?? {})) {
    if (Object.hasOwn(colors, role) && typeof value === 'string' && COLOR.test(value)) colors[role as keyof ThemeColors] = value
  }
  const vars = Object.entries({ ...colors, ...STATUS_COLORS }).map(
    ([role, value]) => `--color-${role.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`,
  )
  // A custom font goes ahead of the default stack; the default's own name is not repeated.
  const font = (name: string | null | undefined, stack: string) =>
    name && FONT.test(name) && !stack.startsWith(name) && !stack.startsWith(`"${name}"`) ? `"${name}",${stack}` : stack
  vars.push(`--font-base:${font(input.fontBase, 'Roboto,system-ui,sans-serif')}`)
  vars.push(`--font-title:${font(input.fontTitle, '"IBM Plex Sans",system-ui,sans-serif')}`)
  return `:root{${vars.join(';')}}`
}
