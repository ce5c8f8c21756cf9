/**
 * Community themes reach the page as CSS variables in one :root rule, written by the root loader
 * into a nonce'd <style>: the chosen theme paints the first paint, with no client JavaScript. The
 * named themes are in theme-palettes.ts; `custom` is the admin's own palette (stored in the
 * brand's themeColors). Only hex colours, plain font names and the address of an image in the
 * community's own media library ever reach the rule, so a stored value cannot break out of it.
 */
import { NAMED_THEMES, NAMED_THEME_NAMES, type NamedThemeName, type Palette } from './theme-palettes'

export { NAMED_THEMES, NAMED_THEME_NAMES, type NamedThemeName }
export type ThemeColors = Palette

export const THEME_NAMES = [...NAMED_THEME_NAMES, 'custom'] as const
export type ThemeName = NamedThemeName | 'custom'
export const isThemeName = (value: unknown): value is ThemeName => (THEME_NAMES as readonly unknown[]).includes(value)

/**
 * The colour roles the custom editor offers (primary, secondary, accent, highlight, background, each with its
 * on-colour).
 */
export const EDITABLE_ROLES = ['primary', 'secondary', 'accent', 'highlight', 'background'] as const
export type EditableRole = (typeof EDITABLE_ROLES)[number]
export const onRole = (role: EditableRole) =>
  `on${role[0]!.toUpperCase()}${role.slice(1)}` as `on${Capitalize<EditableRole>}`

export const STATUS_COLORS = {
  positive: '#1e7d3c',
  negative: '#b3261e',
  info: '#1c5fa8',
  warning: '#8a5a00',
  light: '#f6f4f1',
  dark: '#1d1b19',
}
export type StatusColors = typeof STATUS_COLORS
export const STATUS_NAMES = Object.keys(STATUS_COLORS) as (keyof StatusColors)[]

export const DEFAULT_THEME: ThemeColors = NAMED_THEMES.hearth.colors
export const DEFAULT_FONTS = { base: 'Roboto', title: 'IBM Plex Sans' }

/** The background image's placement, as the settings offer it (each list is what CSS accepts there). */
export const BACKGROUND_OPTIONS = {
  position: ['center', 'top', 'bottom', 'left', 'right', 'top left', 'top right', 'bottom left', 'bottom right'],
  repeat: ['no-repeat', 'repeat', 'repeat-x', 'repeat-y', 'space', 'round'],
  size: ['cover', 'contain', 'auto'],
  attachment: ['scroll', 'fixed', 'local'],
} as const
export type BackgroundInput = {
  image?: string | null
  position?: string
  repeat?: string
  size?: string
  attachment?: string
}

export type ThemeInput = {
  /** The community's link: its background image must be one of its own library's. */
  slug?: string | null
  /** A named theme, or custom; anything else reads as the default (hearth). */
  theme?: string | null
  /** Colours laid over the theme's palette (the custom theme's roles); anything but a known role and a hex colour is ignored. */
  colors?: Record<string, unknown> | null
  /** The custom theme's status colours. */
  status?: Record<string, unknown> | null
  /** Overrides of the theme's own flags (the custom theme's). */
  flat?: boolean | null
  bordered?: boolean | null
  background?: BackgroundInput | null
  fontBase?: string | null
  fontTitle?: string | null
}

const COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const FONT = /^[\w -]{1,64}$/
export const isHexColor = (value: unknown): value is string => typeof value === 'string' && COLOR.test(value)
export const isFontName = (value: unknown): value is string => typeof value === 'string' && FONT.test(value)

/**
 * A background image the page may paint: an item of the community's own media library
 * (`/{community}/media/{id}`), nothing else. Not any site path (a same-site GET such as an
 * auto-join link would run with the visitor's cookies for every page view), no query string,
 * nothing another site serves. The id alphabet leaves no way out of url("…").
 */
export const BACKGROUND_IMAGE_PATH = /^\/([a-z0-9][a-z0-9_-]*)\/media\/([A-Za-z0-9_-]{1,64})$/

/** The media item's id when `value` is a library image address of the community `slug`, else null. */
export function communityImageId(value: unknown, slug: string | null | undefined): string | null {
  if (typeof value !== 'string' || !slug) return null
  const match = BACKGROUND_IMAGE_PATH.exec(value)
  return match && match[1] === slug ? match[2]! : null
}

const pick = <T extends readonly string[]>(options: T, value: unknown, fallback: T[number]): T[number] =>
  options.includes(value as string) ? (value as T[number]) : fallback

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** The palette a theme input ends up with: the theme's, then each valid custom colour. */
export function resolvedColors(input: Pick<ThemeInput, 'theme' | 'colors'>): ThemeColors {
  const base = isThemeName(input.theme) && input.theme !== 'custom' ? NAMED_THEMES[input.theme] : NAMED_THEMES.hearth
  const colors = { ...base.colors }
  for (const [role, value] of Object.entries(input.colors ?? {})) {
    if (Object.hasOwn(colors, role) && isHexColor(value)) colors[role as keyof ThemeColors] = value
  }
  return colors
}

/** The :root rule for a theme. */
export function themeStyle(input: ThemeInput = {}): string {
  const named = isThemeName(input.theme) && input.theme !== 'custom' ? NAMED_THEMES[input.theme] : NAMED_THEMES.hearth
  const colors = resolvedColors(input)
  const status = { ...STATUS_COLORS }
  for (const [name, value] of Object.entries(input.status ?? {})) {
    if (Object.hasOwn(status, name) && isHexColor(value)) status[name as keyof StatusColors] = value
  }
  const vars = Object.entries({ ...colors, ...status }).map(([role, value]) => `--color-${kebab(role)}:${value}`)
  // A custom font goes ahead of the default stack; the default's own name is not repeated.
  const font = (name: string | null | undefined, stack: string) =>
    name && FONT.test(name) && !stack.startsWith(name) && !stack.startsWith(`"${name}"`) ? `"${name}",${stack}` : stack
  vars.push(`--font-base:${font(input.fontBase, 'Roboto,system-ui,sans-serif')}`)
  vars.push(`--font-title:${font(input.fontTitle, '"IBM Plex Sans",system-ui,sans-serif')}`)
  // Flat: no shadows under cards and buttons. Bordered: cards and buttons draw their outline.
  const flat = input.flat ?? named.flat
  const bordered = input.bordered ?? named.bordered
  vars.push(`--card-shadow:${flat ? 'none' : '0 1px 2px rgba(0,0,0,.08),0 4px 12px rgba(0,0,0,.08)'}`)
  vars.push(`--card-border-width:${bordered ? '1px' : '0px'}`)
  vars.push(`--page-background:${pageBackground(input, named.backdrop, colors)}`)
  return `:root{${vars.join(';')}}`
}

/** The body's background layers: the community's image when it has a safe one, over the theme's own backdrop. */
function pageBackground(input: ThemeInput, backdrop: readonly [string, string], colors: ThemeColors): string {
  // A custom background colour replaces the named theme's gradient with itself.
  const [top, bottom] =
    input.colors && isHexColor(input.colors.background) ? [colors.background, colors.background] : backdrop
  const layers = [`linear-gradient(180deg,${top},${bottom})`]
  const image = input.background?.image
  if (communityImageId(image, input.slug)) {
    const { position, repeat, size, attachment } = BACKGROUND_OPTIONS
    const bg = input.background!
    layers.unshift(
      `url("${image}") ${pick(position, bg.position, 'center')}/${pick(size, bg.size, 'cover')} ${pick(repeat, bg.repeat, 'no-repeat')} ${pick(attachment, bg.attachment, 'scroll')}`,
    )
  }
  return layers.join(',')
}

/**
 * The custom theme as the brand stores it (themeColors: its colour roles, its status colours, and
 * its flat and bordered flags as '1' or '0', so the column stays a map of strings).
 */
export type StoredCustomTheme = Record<string, string>

export function customThemeOf(stored: Record<string, unknown> | null | undefined) {
  const source = stored ?? {}
  const colors = {} as Record<EditableRole | `on${Capitalize<EditableRole>}`, string>
  for (const role of EDITABLE_ROLES) {
    colors[role] = isHexColor(source[role]) ? (source[role] as string) : DEFAULT_THEME[role]
    colors[onRole(role)] = isHexColor(source[onRole(role)])
      ? (source[onRole(role)] as string)
      : DEFAULT_THEME[onRole(role)]
  }
  const status = {} as StatusColors
  for (const name of STATUS_NAMES)
    status[name] = isHexColor(source[name]) ? (source[name] as string) : STATUS_COLORS[name]
  return {
    colors,
    status,
    flat: source.flat === undefined ? NAMED_THEMES.hearth.flat : source.flat === '1',
    bordered: source.bordered === undefined ? NAMED_THEMES.hearth.bordered : source.bordered === '1',
  }
}

/** What the root's <style> needs from a community (null: the default theme). */
export function brandThemeInput(
  brand: {
    slug?: string
    theme?: string | null
    themeColors?: Record<string, unknown> | null
    themeBackground?: BackgroundInput | null
    fontBase?: string | null
    fontTitle?: string | null
  } | null,
): ThemeInput {
  if (!brand) return {}
  const base = {
    slug: brand.slug,
    theme: brand.theme,
    background: brand.themeBackground,
    fontBase: brand.fontBase,
    fontTitle: brand.fontTitle,
  }
  if (brand.theme !== 'custom') return base
  const custom = customThemeOf(brand.themeColors)
  return { ...base, colors: custom.colors, status: custom.status, flat: custom.flat, bordered: custom.bordered }
}

/** WCAG relative luminance of a hex colour (#rgb or #rrggbb; alpha ignored). */
function luminance(hex: string): number {
  let digits = hex.slice(1)
  if (digits.length <= 4) digits = [...digits.slice(0, 3)].map((d) => d + d).join('')
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The WCAG contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Text on a colour must reach this (WCAG AA for normal text). */
export const MIN_CONTRAST = 4.5

/**
 * The theme picker's swatches: one class per theme (`.theme-swatch-<name>`) setting the colours
 * its small preview paints. Built from the palettes and the checked custom colours only (served
 * by /resources/theme-swatches; inline style attributes are refused by the page's CSP).
 */
export function swatchStyles(custom: ThemeColors): string {
  const palettes = [
    ...NAMED_THEME_NAMES.map((name) => [name, NAMED_THEMES[name].colors] as const),
    ['custom', custom] as const,
  ]
  return palettes
    .map(([name, colors]) => {
      const safe = (value: string, fallback: string) => (isHexColor(value) ? value : fallback)
      const vars = (
        [
          'background',
          'onBackground',
          'primary',
          'onPrimary',
          'secondary',
          'accent',
          'highlight',
          'surface',
          'onSurface',
        ] as const
      ).map((role) => `--swatch-${kebab(role)}:${safe(colors[role], DEFAULT_THEME[role])}`)
      return `.theme-swatch-${name}{${vars.join(';')}}`
    })
    .join('')
}
