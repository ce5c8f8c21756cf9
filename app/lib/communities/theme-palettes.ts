/**
 * The spec's named themes (§3 Themes): {product} (hearth), dark, light, sandstone, forest, oceanic,
 * boldblue, pinkdreams, sunset, natural, cloudy, unicorn, honeycomb, luminary, holiday, winter.
 * Each: a label, flat and bordered flags, the colour roles with their on-colours, and a page
 * background (two hex stops, painted as a gentle gradient). Surface, muted and border complete the
 * palette the app's CSS reads. Every pair a page shows text on keeps a 4.5:1 contrast
 * (tests/unit/app/lib/communities/theme.test.ts checks them all).
 */
export type Palette = {
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

export type NamedTheme = {
  label: string
  flat: boolean
  bordered: boolean
  colors: Palette
  /** The page background: two hex stops from top to bottom (the same twice for a plain colour). */
  backdrop: readonly [string, string]
}

const hearth: Palette = {
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

export const NAMED_THEMES = {
  hearth: { label: 'Hearth', flat: true, bordered: true, colors: hearth, backdrop: ['#f6f4f1', '#f6f4f1'] },
  dark: {
    label: 'Dark',
    flat: true,
    bordered: true,
    colors: {
      primary: '#f08a5d', onPrimary: '#1a1210', secondary: '#3a3f47', onSecondary: '#f2f2f2',
      accent: '#8ab4f8', onAccent: '#0b1a33', highlight: '#2f3540', onHighlight: '#f2f2f2',
      background: '#121417', onBackground: '#e8eaed', surface: '#1e2227', onSurface: '#e8eaed',
      muted: '#a4abb5', border: '#3a3f47',
    },
    backdrop: ['#121417', '#181b20'],
  },
  light: {
    label: 'Light',
    flat: true,
    bordered: true,
    colors: {
      primary: '#2457c5', onPrimary: '#ffffff', secondary: '#e8ebf0', onSecondary: '#1b1f27',
      accent: '#2457c5', onAccent: '#ffffff', highlight: '#e6eefc', onHighlight: '#152f66',
      background: '#ffffff', onBackground: '#1b1f27', surface: '#ffffff', onSurface: '#1b1f27',
      muted: '#5b6270', border: '#d9dde3',
    },
    backdrop: ['#ffffff', '#ffffff'],
  },
  sandstone: {
    label: 'Sandstone',
    flat: false,
    bordered: true,
    colors: {
      primary: '#9c4a1a', onPrimary: '#ffffff', secondary: '#d9c3a5', onSecondary: '#3b2a18',
      accent: '#7a4b12', onAccent: '#ffffff', highlight: '#f3e3c8', onHighlight: '#4a2d0c',
      background: '#f1e6d6', onBackground: '#2f2418', surface: '#fbf6ee', onSurface: '#2f2418',
      muted: '#6b5a45', border: '#d8c6ab',
    },
    backdrop: ['#f1e6d6', '#e8d6bc'],
  },
  forest: {
    label: 'Forest',
    flat: false,
    bordered: false,
    colors: {
      primary: '#2e6b3a', onPrimary: '#ffffff', secondary: '#1f3d2a', onSecondary: '#e9f3eb',
      accent: '#22663a', onAccent: '#ffffff', highlight: '#dcefdf', onHighlight: '#173d20',
      background: '#eef4ec', onBackground: '#15241a', surface: '#ffffff', onSurface: '#15241a',
      muted: '#4c5e51', border: '#c5d6c7',
    },
    backdrop: ['#eef4ec', '#dbe9d7'],
  },
  oceanic: {
    label: 'Oceanic',
    flat: false,
    bordered: false,
    colors: {
      primary: '#006a80', onPrimary: '#ffffff', secondary: '#0d3b4f', onSecondary: '#e3f4f8',
      accent: '#00607a', onAccent: '#ffffff', highlight: '#d4eef5', onHighlight: '#083342',
      background: '#e9f5f8', onBackground: '#0c2630', surface: '#ffffff', onSurface: '#0c2630',
      muted: '#46616b', border: '#bfdde5',
    },
    backdrop: ['#e9f5f8', '#cfe8ef'],
  },
  boldblue: {
    label: 'Bold blue',
    flat: true,
    bordered: false,
    colors: {
      primary: '#0038a8', onPrimary: '#ffffff', secondary: '#ffd200', onSecondary: '#1a1a1a',
      accent: '#0038a8', onAccent: '#ffffff', highlight: '#ffe766', onHighlight: '#1a1a1a',
      background: '#f2f5fc', onBackground: '#0a1633', surface: '#ffffff', onSurface: '#0a1633',
      muted: '#4a5672', border: '#c9d3ea',
    },
    backdrop: ['#f2f5fc', '#f2f5fc'],
  },
  pinkdreams: {
    label: 'Pink dreams',
    flat: false,
    bordered: false,
    colors: {
      primary: '#b0246a', onPrimary: '#ffffff', secondary: '#f7c6dc', onSecondary: '#4a1030',
      accent: '#a3205f', onAccent: '#ffffff', highlight: '#fde3ef', onHighlight: '#5c1238',
      background: '#fdf1f6', onBackground: '#3a1026', surface: '#ffffff', onSurface: '#3a1026',
      muted: '#6e4a5c', border: '#f0c9da',
    },
    backdrop: ['#fdf1f6', '#f9dcea'],
  },
  sunset: {
    label: 'Sunset',
    flat: false,
    bordered: false,
    colors: {
      primary: '#c2410c', onPrimary: '#ffffff', secondary: '#7c2d5a', onSecondary: '#ffffff',
      accent: '#9a3412', onAccent: '#ffffff', highlight: '#ffe4cc', onHighlight: '#5c1d05',
      background: '#fff4ea', onBackground: '#2e1408', surface: '#ffffff', onSurface: '#2e1408',
      muted: '#6b4a3a', border: '#f2cfb3',
    },
    backdrop: ['#fff4ea', '#fbdcc9'],
  },
  natural: {
    label: 'Natural',
    flat: true,
    bordered: true,
    colors: {
      primary: '#5c6b2f', onPrimary: '#ffffff', secondary: '#e4dcc8', onSecondary: '#2f2a1c',
      accent: '#56642a', onAccent: '#ffffff', highlight: '#ecefd9', onHighlight: '#2f3614',
      background: '#f7f4ec', onBackground: '#262318', surface: '#fffdf7', onSurface: '#262318',
      muted: '#5e5a48', border: '#dcd5c0',
    },
    backdrop: ['#f7f4ec', '#f7f4ec'],
  },
  cloudy: {
    label: 'Cloudy',
    flat: false,
    bordered: true,
    colors: {
      primary: '#4a5a70', onPrimary: '#ffffff', secondary: '#dfe4ea', onSecondary: '#1f2630',
      accent: '#3d5a80', onAccent: '#ffffff', highlight: '#e8edf3', onHighlight: '#1f2b3d',
      background: '#eef1f5', onBackground: '#1c232d', surface: '#fbfcfd', onSurface: '#1c232d',
      muted: '#56606e', border: '#cfd6df',
    },
    backdrop: ['#eef1f5', '#dde3ea'],
  },
  unicorn: {
    label: 'Unicorn',
    flat: false,
    bordered: false,
    colors: {
      primary: '#7b2fbf', onPrimary: '#ffffff', secondary: '#c2f0ea', onSecondary: '#0f3d37',
      accent: '#6a2aa8', onAccent: '#ffffff', highlight: '#f4e3ff', onHighlight: '#3d0f66',
      background: '#f8f2ff', onBackground: '#2a1540', surface: '#ffffff', onSurface: '#2a1540',
      muted: '#5f4d70', border: '#e2d2f2',
    },
    backdrop: ['#f8f2ff', '#e3f7f4'],
  },
  honeycomb: {
    label: 'Honeycomb',
    flat: true,
    bordered: true,
    colors: {
      primary: '#f2b705', onPrimary: '#2b1d00', secondary: '#3b2f12', onSecondary: '#fff6d9',
      accent: '#8a5a00', onAccent: '#ffffff', highlight: '#fff1bf', onHighlight: '#3b2a00',
      background: '#fffaeb', onBackground: '#2b2108', surface: '#ffffff', onSurface: '#2b2108',
      muted: '#66593a', border: '#efdca0',
    },
    backdrop: ['#fffaeb', '#fff1c7'],
  },
  luminary: {
    label: 'Luminary',
    flat: false,
    bordered: false,
    colors: {
      primary: '#ffc845', onPrimary: '#1a1405', secondary: '#2c2f4a', onSecondary: '#f3f0ff',
      accent: '#ffd77a', onAccent: '#1a1405', highlight: '#34385a', onHighlight: '#fff3d1',
      background: '#14162b', onBackground: '#f1f0fa', surface: '#1f2240', onSurface: '#f1f0fa',
      muted: '#b3b3cc', border: '#3a3e66',
    },
    backdrop: ['#14162b', '#262a52'],
  },
  holiday: {
    label: 'Holiday',
    flat: false,
    bordered: true,
    colors: {
      primary: '#b3141e', onPrimary: '#ffffff', secondary: '#1d5c34', onSecondary: '#ffffff',
      accent: '#1d6b3a', onAccent: '#ffffff', highlight: '#fbe1e1', onHighlight: '#5c0a0f',
      background: '#fbf6ef', onBackground: '#2a1214', surface: '#ffffff', onSurface: '#2a1214',
      muted: '#61504c', border: '#e8d5cc',
    },
    backdrop: ['#fbf6ef', '#f3e5dc'],
  },
  winter: {
    label: 'Winter',
    flat: true,
    bordered: true,
    colors: {
      primary: '#1f5f99', onPrimary: '#ffffff', secondary: '#d6e6f5', onSecondary: '#10283f',
      accent: '#1a5a94', onAccent: '#ffffff', highlight: '#e3f0fb', onHighlight: '#0e2a45',
      background: '#f4f8fc', onBackground: '#0f1f30', surface: '#ffffff', onSurface: '#0f1f30',
      muted: '#4c5d6e', border: '#cddcea',
    },
    backdrop: ['#f4f8fc', '#e4eef8'],
  },
} as const satisfies Record<string, NamedTheme>

export type NamedThemeName = keyof typeof NAMED_THEMES
export const NAMED_THEME_NAMES = Object.keys(NAMED_THEMES) as NamedThemeName[]
