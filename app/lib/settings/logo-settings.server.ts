// The community logo on the settings panel's theme tab (docs/admin-guide.md#settings): upload and
// removal. Called after the settings guard, like every tab's command; the brand written is always
// the address's own. A refused file changes nothing: the old logo stays until a new one is stored.
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { Brand } from '#models/index'
import { redirectWithFlash } from '../http/flash.server'
import { LOGO_MAX_BYTES, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH, communityLogo } from '../communities/community-logo'
import { removeLogo, storeLogo } from '../communities/community-logo.server'
import {
  ImageTooLargeError,
  UPLOADED_IMAGE_MAX_SIDE,
  UnreadableImageError,
  sniffImage,
} from '../media/uploaded-images.server'
import { LogoSettingsSchema } from './community-settings.schema'
import { SAVED, refused, tabUrl, type Guarded } from './community-settings.server'

/** The logo form's data: the current logo, and the limits its hint states (the ones enforced here). */
export function logoSettingsData(brand: Brand) {
  return {
    logo: communityLogo(brand),
    constraint: getZodConstraint(LogoSettingsSchema),
    limits: {
      megabytes: LOGO_MAX_BYTES / (1024 * 1024),
      side: UPLOADED_IMAGE_MAX_SIDE,
      width: LOGO_MAX_WIDTH,
      height: LOGO_MAX_HEIGHT,
    },
  }
}

/**
 * The answer when the file was cut at LOGO_MAX_BYTES on its way in (readFormWithFile gave null):
 * the rest of the form is unknown, but only the logo form sends a file.
 */
export const logoTooLarge = () =>
  refused('logo', { status: 'error', error: { logo: ['settings:errors.logoTooLarge'] } })

export async function saveLogo(form: FormData, { brand }: Guarded) {
  const submission = parseWithZod(form, { schema: LogoSettingsSchema })
  // A File cannot travel back to the browser: the reply keeps only the messages.
  const refuse = (fieldErrors?: Record<string, string[]>) =>
    refused('logo', submission.reply({ fieldErrors, hideFields: ['logo'] }))
  if (submission.status !== 'success') return refuse()
  const bytes = new Uint8Array(await submission.value.logo.arrayBuffer())
  let url: string
  try {
    url = await storeLogo(bytes)
  } catch (error) {
    if (error instanceof ImageTooLargeError) return refuse({ logo: ['settings:errors.logoDimensions'] })
    if (!(error instanceof UnreadableImageError)) throw error
    // A file that is no image at all (a text file named logo.png) is told apart from a broken image.
    return refuse({ logo: [sniffImage(bytes) ? 'settings:errors.logoUnreadable' : 'settings:errors.logoNotImage'] })
  }
  const previous = brand.logos.light
  try {
    await brand.update({ logos: { ...brand.logos, light: url } })
  } catch (error) {
    // Not saved: the new file would be nobody's.
    await removeLogo(url)
    throw error
  }
  await removeLogo(previous)
  throw await redirectWithFlash(tabUrl(brand.slug, 'theme'), SAVED)
}

export async function clearLogo({ brand }: Guarded) {
  const previous = brand.logos.light
  if (previous) await brand.update({ logos: { ...brand.logos, light: null } })
  await removeLogo(previous)
  throw await redirectWithFlash(tabUrl(brand.slug, 'theme'), SAVED)
}
