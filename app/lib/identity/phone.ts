/**
 * Phone numbers: the phone input (stripping, as-you-type formatting, validation), the country
 * picker, sign-in identifiers and normalisation. Runs in the browser and on the server, so it uses
 * libphonenumber-js with its default "min" metadata (the smallest set that still validates) and no
 * Node APIs.
 */
import parsePhoneNumber, {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  type CountryCode,
  type PhoneNumber,
  type PhoneNumberType,
} from 'libphonenumber-js'
import { FORMAT_LOCALES, type Language } from '#app/lib/i18n/i18n'

export type { CountryCode } from 'libphonenumber-js'

/** The product's phone input result, exactly these fields. */
export type PhoneInputResult = {
  /** ISO 3166 code (upper-case) of the number's country, or the chosen country when none can be told. */
  countryCode: CountryCode
  /** Nothing but whitespace was typed. */
  empty: boolean
  /** The phone parser accepts the number (libphonenumber-js `isValid()`). */
  valid: boolean
  /** The input formatted as you type, to show back in the field. */
  formatted: string
  /** `+14155550132`; '' when invalid. */
  e164: string
  /** `(415) 555-0132`; '' when invalid. */
  national: string
  /** `+1 415 555 0132`; '' when invalid. */
  international: string
}

export type CountryOption = {
  code: CountryCode
  name: string
  /** Digits only (`'44'`), as libphonenumber-js gives it: the picker adds the `+`. */
  callingCode: string
}

export const DEFAULT_COUNTRY: CountryCode = 'US'

/** Shown first in the country picker, in this order (us, ca, au, gb, nz, br, ph, za). */
export const PREFERRED_COUNTRIES: readonly CountryCode[] = ['US', 'CA', 'AU', 'GB', 'NZ', 'BR', 'PH', 'ZA']

/** Sign-in treats a value as a phone once it has this many digits (shorter is neither phone nor email). */
export const MIN_PHONE_IDENTIFIER_DIGITS = 7

/**
 * Types a mobile phone for sign-in (an SMS code) may have. With the min metadata libphonenumber-js
 * can only tell types apart for some countries (GB and AU yes; NZ, BR, PH and ZA no): a valid number
 * whose type it cannot determine (`undefined`) is accepted rather than turning real mobiles away.
 * North American numbers are FIXED_LINE_OR_MOBILE, because the plan does not separate them.
 */
const MOBILE_TYPES: ReadonlySet<PhoneNumberType | undefined> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', undefined])

/** Keeps only what the phone input accepts: digits, spaces, parentheses, hyphen and plus. */
export function sanitisePhoneInput(raw: string): string {
  return raw.replace(/[^0-9 ()+-]/g, '')
}

/** A picker or form value (`'gb'`, `'GB'`) as a supported country, or the default. */
export function toCountryCode(value: string | null | undefined, fallback: CountryCode = DEFAULT_COUNTRY): CountryCode {
  const code = value?.trim().toUpperCase() ?? ''
  return isSupportedCountry(code) ? code : fallback
}

/**
 * The phone input's state for what was typed. Input starting with `+` is international; anything
 * else is read in the chosen country (whose own rules apply, so `0044…` works with GB, where 00
 * dials abroad, but not with US, where that is 011).
 */
export function parsePhone(raw: string, country: CountryCode = DEFAULT_COUNTRY): PhoneInputResult {
  // A value cast from a form could be any string: libphonenumber-js throws on an unknown country.
  const chosen = toCountryCode(country)
  const input = sanitisePhoneInput(raw)
  const defaultCountry = isInternational(input) ? undefined : chosen
  const typing = new AsYouType(defaultCountry)
  const formatted = typing.input(input)
  const parsed = parsePhoneNumber(input, { defaultCountry })
  const valid = parsed?.isValid() ?? false
  return {
    countryCode: parsed?.country ?? typing.getCountry() ?? countryForCallingCode(typing.getCallingCode()) ?? chosen,
    empty: raw.trim() === '',
    valid,
    formatted,
    e164: valid && parsed ? parsed.number : '',
    national: valid && parsed ? parsed.formatNational() : '',
    international: valid && parsed ? parsed.formatInternational() : '',
  }
}

/** A valid number that can receive a sign-in code by SMS (see MOBILE_TYPES for what counts). */
export function isMobilePhone(raw: string, country: CountryCode = DEFAULT_COUNTRY): boolean {
  const input = sanitisePhoneInput(raw)
  const parsed = parsePhoneNumber(input, {
    defaultCountry: isInternational(input) ? undefined : toCountryCode(country),
  })
  return isValidMobile(parsed)
}

function isValidMobile(parsed: PhoneNumber | undefined): boolean {
  return parsed !== undefined && parsed.isValid() && MOBILE_TYPES.has(parsed.getType())
}

/**
 * The product's normalisation, for numbers that arrive without a country picker: strip non-digits,
 * read a leading 00 as +, and take a number with neither as North American (+1). Returns '' when
 * there are no digits, so an empty field does not become `+1`.
 */
export function normalisePhone(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '')
  if (digits === '') return ''
  if (isInternational(sanitisePhoneInput(raw))) return `+${digits}`
  if (digits.startsWith('00')) return `+${digits.slice(2)}`
  return `+1${digits}`
}

/** Sign-in takes "an email or a mobile phone": which one the user typed, or null for neither yet. */
export function identifierKind(value: string): 'email' | 'phone' | null {
  if (value.includes('@')) return 'email'
  const digits = sanitisePhoneInput(value).replace(/[^0-9]/g, '')
  return digits.length >= MIN_PHONE_IDENTIFIER_DIGITS ? 'phone' : null
}

/**
 * The default country for a visitor, from the region of their highest-ranked Accept-Language tag
 * that has one (`pt-BR` → BR), else US. The product's "detected from the visitor's address" is done
 * without any outside IP look-up, which would send the visitor's address to a third party.
 */
export function countryFromRequest(acceptLanguage: string | null | undefined): CountryCode {
  for (const tag of rankLanguageTags(acceptLanguage ?? '')) {
    const region = regionOf(tag)
    if (region) return region
  }
  return DEFAULT_COUNTRY
}

/** Accept-Language tags, best first: by q (default 1), ties in header order; q=0 means "not this". */
function rankLanguageTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim())
      const q = params.find((param) => /^q=/i.test(param))
      const quality = q === undefined ? 1 : Number(q.slice(2))
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter(({ tag, quality }) => tag !== '' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag)
}

/** The tag's region when it is a country we can dial (`es-419`, Latin America, is not). */
function regionOf(tag: string): CountryCode | undefined {
  try {
    // Intl.Locale finds the region past a script subtag too (`zh-Hant-TW` → TW).
    const region = new Intl.Locale(tag).region
    return region && isSupportedCountry(region) ? region : undefined
  } catch {
    return undefined // `*` and malformed tags
  }
}

/**
 * A country for a calling code typed before the number is long enough for libphonenumber-js to
 * tell (`+44 20` could still be GB, GG, IM or JE): the preferred country with that code, else the
 * only country with it. Lets the picker follow what the user types.
 */
function countryForCallingCode(callingCode: string | undefined): CountryCode | undefined {
  if (!callingCode) return undefined
  const preferred = PREFERRED_COUNTRIES.find((country) => getCountryCallingCode(country) === callingCode)
  if (preferred) return preferred
  const owners = getCountries().filter((country) => getCountryCallingCode(country) === callingCode)
  return owners.length === 1 ? owners[0] : undefined
}

/** The number is typed in international form: a `+` before any digit. */
function isInternational(sanitised: string): boolean {
  return /^[^0-9]*\+/.test(sanitised)
}

const optionsByLanguage = new Map<Language, readonly CountryOption[]>()

/**
 * The country picker's list: the preferred countries first (in their fixed order), then every
 * other country sorted by its name in the user's language. Built once per language.
 */
export function countryOptions(language: Language): readonly CountryOption[] {
  let options = optionsByLanguage.get(language)
  if (!options) {
    options = buildCountryOptions(FORMAT_LOCALES[language])
    optionsByLanguage.set(language, options)
  }
  return options
}

function buildCountryOptions(locale: string): readonly CountryOption[] {
  const names = new Intl.DisplayNames(locale, { type: 'region' })
  const toOption = (code: CountryCode): CountryOption => ({
    code,
    name: names.of(code) ?? code,
    callingCode: getCountryCallingCode(code),
  })
  const collator = new Intl.Collator(locale)
  const others = getCountries()
    .filter((code) => !PREFERRED_COUNTRIES.includes(code))
    .map(toOption)
    .sort((a, b) => collator.compare(a.name, b.name))
  return Object.freeze([...PREFERRED_COUNTRIES.map(toOption), ...others])
}
