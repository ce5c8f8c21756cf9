import type { DirectorySettings } from '#models/brand-config'
import { directorySettingsOf } from '../directory/directory'
import { signupPath } from './signup-links'

/**
 * The sign-up link a community publishes: where its admins offer self sign-up (the directory
 * setting, as the directory shows it) and sign-ups are open. Null where it keeps the link to those
 * it hands it to, since the hash is the link's only secret. The group join dialog offers it to
 * someone who is not yet a member.
 */
export function publishedSignupPath(brand: {
  slug: string
  allowSignUps: boolean
  selfSignupHash: string | null
  directorySettings: Partial<DirectorySettings> | null
}): string | null {
  return directorySettingsOf(brand.directorySettings).selfSignup && brand.allowSignUps && brand.selfSignupHash
    ? signupPath(brand.slug, brand.selfSignupHash)
    : null
}
