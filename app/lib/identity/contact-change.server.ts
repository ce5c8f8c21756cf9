// Changing the email address or mobile phone an account signs in with, proven by a code sent to the new one: the
// parts the settings page (/me/settings) and the JSON API (POST /api/verify-otps/*) share. The code runs in the
// verification strategy (auth.server.ts), with sign-up's delivery and rate limits.
import { UniqueConstraintError } from 'sequelize'
import type { User } from '#models/index'
import { env } from '../platform/env.server'
import type { Language, TranslationKey } from '../i18n/i18n'
import { revokeMagicLinks } from './magic-links.server'
import { createVerificationAuthenticator, normaliseIdentifier } from './auth.server'
import { countryFromRequest, isMobilePhone, parsePhone, toCountryCode } from './phone'
import { sendSignInCode } from './sign-in-messages.server'

export const SETTINGS_PATH = '/me/settings'

export type ContactKind = 'email' | 'phone'

/** A change waiting for its code: whose account, which address, and the new value (normalised). */
export type PendingContactChange = { userId: string; kind: ContactKind; identifier: string }

/** What the person reads about a new address: the same as now, another account's, or changed. */
export const CONTACT_MESSAGES = {
  email: {
    same: 'account:errors.emailSame',
    taken: 'account:errors.emailTaken',
    changed: 'account:settings.contact.emailChanged',
  },
  phone: {
    same: 'account:errors.phoneSame',
    taken: 'account:errors.phoneTaken',
    changed: 'account:settings.contact.phoneChanged',
  },
} as const satisfies Record<ContactKind, Record<string, TranslationKey>>

/** What a new address that does not read as one is told. */
export const INVALID_ADDRESS = {
  email: 'account:errors.emailInvalid',
  phone: 'account:errors.phoneInvalid',
} as const satisfies Record<ContactKind, TranslationKey>

/**
 * A new address as accounts keep it (an email in lower case, a mobile number in E.164, read in `country` or else the
 * browser's region), or null when it is not one.
 */
export function newContactAddress(request: Request, kind: ContactKind, value: string, country: string | undefined) {
  if (kind === 'email') {
    const email = normaliseIdentifier(value, 'US')
    return email?.includes('@') ? email : null
  }
  const region = toCountryCode(country, countryFromRequest(request.headers.get('Accept-Language')))
  return isMobilePhone(value, region) ? parsePhone(value, region).e164 : null
}

/** The verification strategy, speaking the user's language; the code's link goes to the settings page. */
export function contactVerification(language: Language) {
  return createVerificationAuthenticator(async ({ identifier, code }) => {
    await sendSignInCode({
      channel: identifier.includes('@') ? 'mail' : 'sms',
      to: identifier,
      code,
      link: `${env.PUBLIC_URL}${SETTINGS_PATH}`,
      language,
      brand: null,
    })
  })
}

/**
 * The code is right: the new address replaces the old one, and links mailed before (perhaps to the old address)
 * die. 'taken' when another account took the address between the code's check and this write.
 */
export async function applyContactChange(user: User, pending: PendingContactChange): Promise<'changed' | 'taken'> {
  try {
    await user.update(
      pending.kind === 'email'
        ? { emailAddress: pending.identifier }
        : { phoneNumber: pending.identifier, countryCode: parsePhone(pending.identifier).countryCode },
    )
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error
    return 'taken'
  }
  await revokeMagicLinks(user.id)
  return 'changed'
}
