import { z } from 'zod'
import type { TranslationKey } from '../i18n/i18n'

/**
 * A community's terms of service and privacy policy (Settings, Legal), as its forms link them.
 * Where it has either, joining by its sign-up link and registering for its events accept them
 * (TermsBox), and the membership or registration keeps the time.
 */
export type CommunityTerms = { termsUrl: string | null; privacyUrl: string | null }

/** The community's links, or null when it has neither: its forms then ask nothing. */
export function communityTerms(brand: {
  communityToS: string | null
  communityPP: string | null
}): CommunityTerms | null {
  if (!brand.communityToS && !brand.communityPP) return null
  return { termsUrl: brand.communityToS || null, privacyUrl: brand.communityPP || null }
}

/**
 * The box that accepts them, `acceptTerms` in a form (no form-builder field can be named so: theirs
 * are lower case). Always in the schema, so a refused form keeps the tick; required only where
 * `asked`, `message` saying what it is needed for.
 */
export const acceptTermsField = (asked: boolean, message: TranslationKey) =>
  z
    .boolean({ invalid_type_error: message })
    .optional()
    .refine((value) => !asked || value === true, message)
