import { createHash, timingSafeEqual } from 'node:crypto'
import { Authenticator } from 'remix-auth'
import { OTPStrategy } from 'remix-auth-otp'
import { Op } from 'sequelize'
import { AuthCode, MagicLink, User } from '#models/index'
import { env } from '../platform/env.server'
import type { TranslationKey } from '../i18n/i18n'
import { identifierKind, isMobilePhone, parsePhone, type CountryCode } from './phone'
import { sessionStorage } from '../http/session.server'
import { MAGIC_LINK_TTL_HOURS } from './sign-in-messages.server'
import { CODE_LENGTH } from './code-length'

export const CODE_LIFETIME_MS = 10 * 60 * 1000
export const MAX_WRONG_CODES = 5

/** The reasons a sign-in fails, and what the user reads for each. */
const REASONS = {
  'user.notFound': 'auth:errors.accountNotFound',
  'authOtp.notFound': 'auth:errors.invalidCode',
  'identifier.invalid': 'auth:errors.identifierInvalid',
  'user.exists': 'auth:errors.accountExists',
} as const satisfies Record<string, TranslationKey>
export type SignInFailure = keyof typeof REASONS | 'unknown'

// Every way a code can be wrong reads the same to the user: which one it was is nobody's business.
const DEAD_CODE_ERRORS = new Set([
  'Code is invalid.',
  'Code is no longer active.',
  'Code has expired.',
  'Max code submit attempts exceeded.',
  'Database OTP code not found.',
  'Code does not match the provided email address.',
])

export function failureOf(error: unknown): SignInFailure {
  const message = error instanceof Error ? error.message : String(error)
  if (message in REASONS) return message as keyof typeof REASONS
  if (DEAD_CODE_ERRORS.has(message)) return 'authOtp.notFound'
  return 'unknown'
}

export function failureMessage(failure: SignInFailure): TranslationKey {
  return failure === 'unknown' ? 'auth:errors.unknown' : REASONS[failure]
}

/**
 * An email address (trimmed, lower case) or a mobile number in E.164, or null. Sign-in codes are
 * keyed on this form, so "Ann@Example.com " and "ann@example.com" are one account.
 */
export function normaliseIdentifier(value: string, country: CountryCode): string | null {
  const kind = identifierKind(value)
  if (kind === 'email') {
    const email = value.trim().toLowerCase()
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 320 ? email : null
  }
  if (kind === 'phone' && isMobilePhone(value, country)) return parsePhone(value, country).e164
  return null
}

export function findUserByIdentifier(identifier: string) {
  return User.findOne({ where: identifier.includes('@') ? { emailAddress: identifier } : { phoneNumber: identifier } })
}

/** The auth_codes row of an encrypted code: its hash, so the table never holds a usable code. */
const codeRowId = (encrypted: string) => createHash('sha256').update(encrypted).digest('hex')

/** What the sign-in page does with a code once generated; set by the route so it can reach the mailer. */
export type CodeSender = (delivery: {
  identifier: string
  code: string
  userId: string
  request: Request
}) => Promise<void>

type StrategyOptions = {
  /** Session keys of a code in progress: separate flows (sign-in, sign-up) must not share them. */
  sessionKeys: { identifier: string; code: string }
  /** Checks the identifier when the code is requested and again when it is verified. */
  verify: (identifier: string) => Promise<string>
  send: (delivery: { identifier: string; code: string; verified: string | null; request: Request }) => Promise<void>
}

/** remix-auth-otp configured the Hearth way: 6 digits, 10 minutes, 5 wrong tries, hashed rows. */
function otpStrategy({ sessionKeys, verify, send }: StrategyOptions) {
  const strategy = new OTPStrategy<string>(
    {
      secret: env.SESSION_SECRET,
      emailField: 'identifier',
      codeField: 'code',
      sessionEmailKey: sessionKeys.identifier,
      sessionOtpKey: sessionKeys.code,
      codeGeneration: {
        length: CODE_LENGTH,
        digits: true,
        upperCaseAlphabets: false,
        lowerCaseAlphabets: false,
        specialChars: false,
        expiresAt: CODE_LIFETIME_MS,
        maxAttempts: MAX_WRONG_CODES,
      },
      // Hearth's own magic links (ml/{id}) go out with the code instead of the strategy's.
      magicLinkGeneration: { enabled: false },
      validateEmail: async (identifier) => {
        if (!identifier.startsWith('+') && !identifier.includes('@')) throw new Error('identifier.invalid')
      },
      storeCode: async (encrypted) => {
        await AuthCode.create({ id: codeRowId(encrypted), expiresAt: new Date(Date.now() + CODE_LIFETIME_MS) })
      },
      sendCode: async ({ email: identifier, code, user, request }) =>
        send({ identifier, code, verified: user ?? null, request }),
      validateCode: async (encrypted) => {
        const row = encrypted
          ? await AuthCode.findOne({ where: { id: codeRowId(encrypted), expiresAt: { [Op.gt]: new Date() } } })
          : null
        return row ? { code: encrypted, active: row.active, attempts: row.attempts } : (null as never)
      },
      invalidateCode: async (encrypted, active, attempts) => {
        if (!encrypted) return
        await AuthCode.update(
          { active, ...(attempts === undefined ? {} : { attempts }) },
          { where: { id: codeRowId(encrypted) } },
        )
      },
    },
    async ({ email: identifier }) => verify(identifier),
  )
  compareCodesInConstantTime(strategy)
  return strategy
}

/** Sign-in: a code goes only to an existing account, and verifying it yields the user's id. */
export function createAuthenticator(sendCode: CodeSender) {
  const strategy = otpStrategy({
    sessionKeys: { identifier: 'auth:email', code: 'auth:otp' },
    verify: async (identifier) => {
      const user = await findUserByIdentifier(identifier)
      if (!user) throw new Error('user.notFound')
      return user.id
    },
    send: async ({ identifier, code, verified, request }) => {
      if (!verified) throw new Error('user.notFound')
      await sendCode({ identifier, code, userId: verified, request })
    },
  })
  return new Authenticator<string>(sessionStorage, { throwOnError: true }).use(strategy, 'otp')
}

/**
 * Sign-up: proves the person owns an email address that has no account yet; verifying yields the
 * address, left in the session under `verify:identifier` for the sign-up page to use.
 */
export function createVerificationAuthenticator(
  sendCode: (delivery: { identifier: string; code: string; request: Request }) => Promise<void>,
) {
  const strategy = otpStrategy({
    sessionKeys: { identifier: 'verify:email', code: 'verify:otp' },
    verify: async (identifier) => {
      if (await findUserByIdentifier(identifier)) throw new Error('user.exists')
      return identifier
    },
    send: async ({ identifier, code, verified, request }) => {
      // The strategy swallows verify's error while sending; no verified address means it exists.
      if (!verified) throw new Error('user.exists')
      await sendCode({ identifier, code, request })
    },
  })
  return new Authenticator<string>(sessionStorage, { throwOnError: true, sessionKey: 'verify:identifier' }).use(
    strategy,
    'verify',
  )
}

/**
 * Proving an email address whether or not it has an account (registering for an event as a
 * visitor: the person is found or created afterwards). Same code machinery and session keys as
 * sign-up, so a code sent by one flow is the only one pending in the browser.
 */
export function createAddressProofAuthenticator(
  sendCode: (delivery: { identifier: string; code: string; request: Request }) => Promise<void>,
) {
  const strategy = otpStrategy({
    sessionKeys: { identifier: 'verify:email', code: 'verify:otp' },
    verify: async (identifier) => identifier,
    send: async ({ identifier, code, request }) => sendCode({ identifier, code, request }),
  })
  return new Authenticator<string>(sessionStorage, { throwOnError: true, sessionKey: 'verify:identifier' }).use(
    strategy,
    'verify',
  )
}

/**
 * remix-auth-otp compares codes with `!==`, whose time depends on how many leading characters
 * match. Its private validateOtp is replaced by the same steps with a constant-time comparison.
 */
function compareCodesInConstantTime(strategy: OTPStrategy<string>) {
  type Internals = {
    validateOtpEncrypted(encrypted: string): Promise<{
      dbPayload: { active: boolean; attempts: number }
      otp: { code: string; email: string }
      sessionOtp: { email: string }
    }>
    invalidateCode(encrypted: string, active: boolean, attempts: number): Promise<void>
  }
  const internals = strategy as unknown as Internals & { validateOtp(code: string, encrypted: string): Promise<void> }
  internals.validateOtp = async function (code: string, encrypted: string) {
    const { dbPayload, otp, sessionOtp } = await internals.validateOtpEncrypted(encrypted)
    if (!sameCode(otp.code, code)) {
      await internals.invalidateCode(encrypted, dbPayload.active, dbPayload.attempts + 1)
      throw new Error('Code is invalid.')
    }
    if (otp.email !== sessionOtp.email) throw new Error('Code does not match the provided email address.')
  }
}

export function sameCode(expected: string, submitted: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(submitted.trim().toUpperCase().padEnd(a.length).slice(0, Math.max(a.length, 1)))
  return a.length === b.length && timingSafeEqual(a, b) && submitted.trim().length === expected.length
}

/** The product's magic-link expiry (24 h), for links that are not a sign-in code's twin (those die with the code). */
export const MAGIC_LINK_LIFETIME_MS = MAGIC_LINK_TTL_HOURS * 3600 * 1000

/** A single-use link that signs its user in and goes to its destination (ml/{id}). */
export async function createMagicLink(userId: string, destinationUrl: string, lifetimeMs = MAGIC_LINK_LIFETIME_MS) {
  const link = await MagicLink.create({ userId, destinationUrl, expiresAt: new Date(Date.now() + lifetimeMs) })
  return `${env.PUBLIC_URL}/ml/${link.id}`
}

/**
 * The same request (cookie, headers) carrying only the form fields the strategy should see; `cookie`
 * names another session than the request's (an app's sign-in, app/lib/api/sign-in-api.server.ts).
 */
export function strategyRequest(request: Request, body: URLSearchParams, cookie?: string) {
  const headers = new Headers(request.headers)
  if (cookie !== undefined) headers.set('Cookie', cookie)
  headers.set('Content-Type', 'application/x-www-form-urlencoded')
  headers.delete('Content-Length')
  return new Request(request.url, { method: 'POST', headers, body })
}
