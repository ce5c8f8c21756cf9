// Proving a registrant's mobile number (phone fields are verified, with SMS consent): when someone
// ticks the consent box of a mobile-phone field, a 6-digit code goes to that number by SMS (the
// outbox: the dev console without a provider) and the registration waits until it is typed back.
// The code is kept only as its hash, in the server-side session, for 10 minutes and 5 tries;
// sending is rate-limited like sign-in codes.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import { deliver } from '../platform/outbox.server'
import { limitCodeSending, type CodeRefusal } from '../platform/rate-limit.server'

export const PHONE_CODE_MINUTES = 10
export const PHONE_CODE_TRIES = 5

export type PhoneCheck = { phone: string; hash: string; expiresAt: number; tries: number }

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')

/** The number as it is dialled: digits and a leading +, nothing else. */
export const dialable = (phone: string) => phone.replace(/[^\d+]/g, '')

export async function sendPhoneCode(input: {
  phone: string
  eventName: string
  language: string | null
  account: string
  context: AppLoadContext
}): Promise<{ ok: true; check: PhoneCheck } | { ok: false; refusal: CodeRefusal }> {
  const phone = dialable(input.phone)
  const refusal = await limitCodeSending({
    identifier: phone,
    account: input.account,
    clientAddress: input.context.clientAddress,
  })
  if (refusal) return { ok: false, refusal }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const t = translatorFor(isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE)
  await deliver({
    channel: 'sms',
    recipient: phone,
    text: t('registration:phone.sms', { code, event: input.eventName, minutes: PHONE_CODE_MINUTES }),
    meta: { code },
  })
  return {
    ok: true,
    check: { phone, hash: hashOf(code), expiresAt: Date.now() + PHONE_CODE_MINUTES * 60_000, tries: 0 },
  }
}

/** Whether the typed code is the one sent (and still alive); a wrong one spends a try. */
export function checkPhoneCode(check: PhoneCheck, typed: string, now = Date.now()): { ok: boolean; check: PhoneCheck } {
  if (check.tries >= PHONE_CODE_TRIES || now > check.expiresAt) return { ok: false, check }
  const ok = timingSafeEqual(Buffer.from(hashOf(typed.trim())), Buffer.from(check.hash))
  return { ok, check: ok ? check : { ...check, tries: check.tries + 1 } }
}
