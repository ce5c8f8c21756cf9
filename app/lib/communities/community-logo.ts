// The community logo (brands.logos.light): which stored value is one Hearth wrote, and the limits
// the upload form states. Browser-safe: the header, the directory and the settings form read it.
// `logos.dark` (a variant for dark themes) and `logos.icon` (a square mark, for a favicon or an app
// icon) are kept in the same column and left for later; nothing writes or shows them yet.
import type { Logos } from '#models/brand-config'

/** The URL path logos are served under (app/routes/uploads.$kind.$file.ts). */
export const LOGO_URL_PREFIX = '/uploads/logos/'
/** The largest logo file taken; a logo is small, and a bigger upload is a photo by mistake. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
/** Logos are kept fitted inside this box, their shape kept, never enlarged: wide marks and square ones alike. */
export const LOGO_MAX_WIDTH = 512
export const LOGO_MAX_HEIGHT = 128

/** A logo's file name as Hearth gives it: 32 random hex digits, always a PNG. */
export const LOGO_FILE_NAME = /^([0-9a-f]{32})\.png$/

/**
 * The community's logo as a URL path on this site, or null. Only a logo Hearth stored counts: a
 * value the column may hold from elsewhere (an import, an outside address) is not shown, so every
 * logo on a page or in a mail is one whose bytes were checked.
 */
export function communityLogo(brand: { logos?: Pick<Logos, 'light'> | null }): string | null {
  const path = brand.logos?.light
  if (!path?.startsWith(LOGO_URL_PREFIX)) return null
  return LOGO_FILE_NAME.test(path.slice(LOGO_URL_PREFIX.length)) ? path : null
}
