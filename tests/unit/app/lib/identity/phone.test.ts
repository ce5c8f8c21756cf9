import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js'
import examples from 'libphonenumber-js/mobile/examples'
import { describe, expect, it } from 'vitest'
import type { Language } from '#app/lib/i18n/i18n'
import {
  countryFromRequest,
  countryOptions,
  DEFAULT_COUNTRY,
  identifierKind,
  isMobilePhone,
  normalisePhone,
  parsePhone,
  PREFERRED_COUNTRIES,
  sanitisePhoneInput,
  toCountryCode,
} from '#app/lib/identity/phone'

const INVALID = { valid: false, e164: '', national: '', international: '' }

describe('sanitisePhoneInput', () => {
  it('keeps digits, spaces, parentheses, hyphen and plus', () => {
    expect(sanitisePhoneInput('+44 (0)20-7946 0958')).toBe('+44 (0)20-7946 0958')
  })

  it('strips letters, dots, slashes and anything else', () => {
    expect(sanitisePhoneInput('tel:+1.415.555.0132')).toBe('+14155550132')
    expect(sanitisePhoneInput('415/555/0132 ext')).toBe('4155550132 ')
    expect(sanitisePhoneInput('abc#*_,;!')).toBe('')
  })

  it('strips whitespace other than a plain space, and non-ASCII digits', () => {
    expect(sanitisePhoneInput('415\t555\n0132')).toBe('4155550132')
    expect(sanitisePhoneInput('٤١٥ 555')).toBe(' 555')
  })
})

describe('parsePhone with the example mobile number of each preferred country', () => {
  it.each(PREFERRED_COUNTRIES.map((country) => [country, examples[country]] as const))(
    '%s %s is a valid mobile, typed nationally or internationally',
    (country, nationalNumber) => {
      const e164 = `+${getCountryCallingCode(country)}${nationalNumber}`

      const national = parsePhone(nationalNumber, country)
      expect(national).toMatchObject({ countryCode: country, empty: false, valid: true, e164 })
      // What we show back parses to the same number.
      expect(parsePhone(national.national, country).e164).toBe(e164)
      expect(parsePhone(national.formatted, country).e164).toBe(e164)

      // With a + the chosen country does not matter (US here, the default).
      expect(parsePhone(national.international)).toMatchObject({ countryCode: country, valid: true, e164 })
      expect(isMobilePhone(e164)).toBe(true)
    },
  )
})

describe('parsePhone with hand-written numbers', () => {
  it.each([
    ['US', '(415) 555-0132', '+14155550132', '(415) 555-0132', '+1 415 555 0132'],
    ['CA', '604 555 0199', '+16045550199', '(604) 555-0199', '+1 604 555 0199'],
    ['AU', '0491 570 156', '+61491570156', '0491 570 156', '+61 491 570 156'],
    ['GB', '07400123456', '+447400123456', '07400 123456', '+44 7400 123456'],
    ['NZ', '021-123-4567', '+64211234567', '021 123 4567', '+64 21 123 4567'],
    ['BR', '(11) 91234-5678', '+5511912345678', '(11) 91234-5678', '+55 11 91234 5678'],
    ['PH', '0917 123 4567', '+639171234567', '0917 123 4567', '+63 917 123 4567'],
    ['ZA', '082 123 4567', '+27821234567', '082 123 4567', '+27 82 123 4567'],
  ] as const)('%s %s', (country, typed, e164, national, international) => {
    expect(parsePhone(typed, country)).toEqual({
      countryCode: country,
      empty: false,
      valid: true,
      formatted: national,
      e164,
      national,
      international,
    })
    expect(isMobilePhone(typed, country)).toBe(true)
  })

  it('uses US when no country is given', () => {
    expect(DEFAULT_COUNTRY).toBe('US')
    expect(parsePhone('(415) 555-0132')).toMatchObject({ countryCode: 'US', valid: true, e164: '+14155550132' })
  })

  it('parses what is left after stripping', () => {
    expect(parsePhone('415.555.0132', 'US')).toMatchObject({
      valid: true,
      e164: '+14155550132',
      formatted: '(415) 555-0132',
    })
    expect(parsePhone('tel:+44/20/7946/0958', 'US')).toMatchObject({
      countryCode: 'GB',
      valid: true,
      e164: '+442079460958',
    })
  })

  it('formats as the user types', () => {
    expect(parsePhone('41555', 'US').formatted).toBe('(415) 55')
    expect(parsePhone('4155550132', 'US').formatted).toBe('(415) 555-0132')
    expect(parsePhone('+442079460958', 'US').formatted).toBe('+44 20 7946 0958')
  })
})

describe('parsePhone, international or with the chosen country', () => {
  it('reads a number without + in the chosen country', () => {
    expect(parsePhone('020 7946 0958', 'GB')).toEqual({
      countryCode: 'GB',
      empty: false,
      valid: true,
      formatted: '020 7946 0958',
      e164: '+442079460958',
      national: '020 7946 0958',
      international: '+44 20 7946 0958',
    })
    // The trunk 0 may be left out.
    expect(parsePhone('20 7946 0958', 'GB').e164).toBe('+442079460958')
    // The same digits are not a US number.
    expect(parsePhone('020 7946 0958', 'US')).toMatchObject({ countryCode: 'US', ...INVALID })
  })

  it('reads a number with + as international, whatever the chosen country', () => {
    expect(parsePhone('+44 20 7946 0958', 'US')).toMatchObject({
      countryCode: 'GB',
      valid: true,
      e164: '+442079460958',
    })
    expect(parsePhone('+1 415 555 0132', 'GB')).toMatchObject({ countryCode: 'US', valid: true, e164: '+14155550132' })
    expect(parsePhone('+55 11 91234-5678', 'AU')).toMatchObject({
      countryCode: 'BR',
      valid: true,
      e164: '+5511912345678',
    })
  })

  it("reads 00 by the chosen country's rules: an international prefix in GB, not in the US", () => {
    expect(parsePhone('0044 20 7946 0958', 'GB')).toMatchObject({ valid: true, e164: '+442079460958' })
    expect(parsePhone('0044 20 7946 0958', 'US')).toMatchObject(INVALID)
  })

  it('reports the country the number belongs to when it shares a calling code with the chosen one', () => {
    expect(parsePhone('(604) 555-0199', 'US')).toMatchObject({ countryCode: 'CA', valid: true, e164: '+16045550199' })
  })

  it('follows a typed calling code before the number is complete', () => {
    expect(parsePhone('+44 20', 'US')).toMatchObject({ countryCode: 'GB', ...INVALID })
    expect(parsePhone('+49 30', 'US')).toMatchObject({ countryCode: 'DE', ...INVALID })
    // +1 is shared by many countries: the preferred one.
    expect(parsePhone('+1 204', 'GB')).toMatchObject({ countryCode: 'US', ...INVALID })
    expect(parsePhone('+', 'GB')).toMatchObject({ countryCode: 'GB', ...INVALID })
  })
})

describe('parsePhone with invalid input', () => {
  it('rejects numbers that are too short or too long', () => {
    expect(parsePhone('415 555', 'US')).toMatchObject({
      countryCode: 'US',
      empty: false,
      formatted: '(415) 555',
      ...INVALID,
    })
    expect(parsePhone('(415) 555-01321', 'US')).toMatchObject(INVALID)
    expect(parsePhone('+44 7400 12345', 'US')).toMatchObject(INVALID)
    expect(parsePhone('+44 7400 1234567', 'US')).toMatchObject({ countryCode: 'GB', ...INVALID })
  })

  it('rejects a number read in the wrong country', () => {
    expect(parsePhone('07400 123456', 'US')).toMatchObject({ countryCode: 'US', ...INVALID })
    expect(parsePhone('(415) 555-0132', 'AU')).toMatchObject({ countryCode: 'AU', ...INVALID })
    expect(parsePhone('0491 570 156', 'NZ')).toMatchObject(INVALID)
  })

  it('is empty only when nothing but whitespace was typed', () => {
    const blank = { countryCode: 'US', empty: true, formatted: '', ...INVALID }
    expect(parsePhone('', 'US')).toEqual(blank)
    expect(parsePhone('  \t ', 'US')).toEqual(blank)
    expect(parsePhone('abc', 'US')).toEqual({ ...blank, empty: false })
  })

  it('falls back to US instead of throwing on a country that is not one', () => {
    expect(parsePhone('(415) 555-0132', 'XX' as CountryCode)).toMatchObject({ countryCode: 'US', valid: true })
  })
})

describe('isMobilePhone', () => {
  it('accepts mobiles and North American numbers, which may be either', () => {
    expect(isMobilePhone('07400 123456', 'GB')).toBe(true)
    expect(isMobilePhone('+61 491 570 156')).toBe(true)
    expect(isMobilePhone('(415) 555-0132')).toBe(true)
  })

  it('rejects valid fixed lines and toll-free numbers where the metadata tells them apart', () => {
    expect(parsePhone('020 7946 0958', 'GB').valid).toBe(true)
    expect(isMobilePhone('020 7946 0958', 'GB')).toBe(false)
    expect(isMobilePhone('(02) 9374 4000', 'AU')).toBe(false)
    expect(isMobilePhone('0800 123 4567', 'GB')).toBe(false)
    expect(isMobilePhone('+1 800 555 0199')).toBe(false)
  })

  it('accepts a valid number whose type the min metadata cannot tell', () => {
    // An Auckland landline: NZ types are not in the min metadata, so it cannot be turned away.
    expect(isMobilePhone('09 123 4567', 'NZ')).toBe(true)
  })

  it('rejects invalid numbers', () => {
    expect(isMobilePhone('415 555')).toBe(false)
    expect(isMobilePhone('07400 123456', 'US')).toBe(false)
    expect(isMobilePhone('')).toBe(false)
  })
})

describe('normalisePhone', () => {
  it('prefixes +1 when there is no country code', () => {
    expect(normalisePhone('(415) 555-0132')).toBe('+14155550132')
    expect(normalisePhone('415.555.0132')).toBe('+14155550132')
    // No + and no 00 means no country code, even when the digits would make one.
    expect(normalisePhone('44 20 7946 0958')).toBe('+1442079460958')
  })

  it('turns a leading 00 into +', () => {
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958')
    expect(normalisePhone('00 55 (11) 91234-5678')).toBe('+5511912345678')
  })

  it('keeps an international number, without its separators', () => {
    expect(normalisePhone('+55 11 91234-5678')).toBe('+5511912345678')
    expect(normalisePhone('+1 (415) 555-0132')).toBe('+14155550132')
    expect(normalisePhone('tel:+44 20 7946 0958')).toBe('+442079460958')
  })

  it('gives nothing for input without digits', () => {
    expect(normalisePhone('')).toBe('')
    expect(normalisePhone('+ ( ) -')).toBe('')
  })
})

describe('countryFromRequest', () => {
  it.each([
    ['pt-BR', 'BR'],
    ['en-GB,en;q=0.9', 'GB'],
    ['en-gb', 'GB'],
    // Intl.Locale canonicalises the common mistake UK to GB.
    ['en-UK', 'GB'],
    ['zh-Hant-TW,zh;q=0.8', 'TW'],
    // The highest-ranked tag with a region, not simply the first tag.
    ['en,pt-BR;q=0.8,es-ES;q=0.6', 'BR'],
    ['fr-CA;q=0.5, en-AU;q=0.9', 'AU'],
    ['en-NZ;q=0.7, en-ZA;q=0.7', 'NZ'],
    // 419 is Latin America, not a country; q=0 means "not this language".
    ['es-419,es-MX;q=0.9', 'MX'],
    ['de-DE;q=0, en-PH;q=0.1', 'PH'],
  ] as const)('%s → %s', (header, country) => {
    expect(countryFromRequest(header)).toBe(country)
  })

  it.each([[null], [''], ['en'], ['*'], ['en-XX'], ['es-419'], ['not a tag!!']] as const)('%j → US', (header) => {
    expect(countryFromRequest(header)).toBe('US')
  })
})

describe('toCountryCode', () => {
  it('reads a picker value in either case, falling back for unknown values', () => {
    expect(toCountryCode('gb')).toBe('GB')
    expect(toCountryCode(' BR ')).toBe('BR')
    expect(toCountryCode('xx')).toBe('US')
    expect(toCountryCode(null)).toBe('US')
    expect(toCountryCode('', 'AU')).toBe('AU')
  })
})

describe('countryOptions', () => {
  const languages: Language[] = ['en', 'es', 'pt']
  const locales: Record<Language, string> = { en: 'en-US', es: 'es-ES', pt: 'pt-BR' }

  it('lists the preferred countries in the spec order', () => {
    expect(PREFERRED_COUNTRIES).toEqual(['US', 'CA', 'AU', 'GB', 'NZ', 'BR', 'PH', 'ZA'])
  })

  it.each(languages)('%s: preferred first, then every other country by localised name', (language) => {
    const options = countryOptions(language)
    expect(options.slice(0, PREFERRED_COUNTRIES.length).map((option) => option.code)).toEqual(PREFERRED_COUNTRIES)
    expect(options.map((option) => option.code).sort()).toEqual([...getCountries()].sort())

    const collator = new Intl.Collator(locales[language])
    const rest = options.slice(PREFERRED_COUNTRIES.length)
    rest.slice(1).forEach((option, index) => {
      expect(
        collator.compare(rest[index]!.name, option.name),
        `${rest[index]!.name} before ${option.name}`,
      ).toBeLessThanOrEqual(0)
    })
  })

  it('names countries in the chosen language, with their calling codes', () => {
    const find = (language: Language, code: CountryCode) =>
      countryOptions(language).find((option) => option.code === code)
    expect(find('en', 'GB')).toEqual({ code: 'GB', name: 'United Kingdom', callingCode: '44' })
    expect(find('es', 'GB')).toEqual({ code: 'GB', name: 'Reino Unido', callingCode: '44' })
    expect(find('pt', 'ZA')).toEqual({ code: 'ZA', name: 'África do Sul', callingCode: '27' })
    expect(find('es', 'DE')?.name).toBe('Alemania')
    expect(find('en', 'CA')?.callingCode).toBe('1')
  })

  it('sorts by the localised name, not the code or the English name', () => {
    const position = (language: Language, code: CountryCode) =>
      countryOptions(language).findIndex((option) => option.code === code)
    // Germany is Alemania / Alemanha: before Andorra in Spanish and Portuguese, after it in English.
    expect(position('es', 'DE')).toBeLessThan(position('es', 'AD'))
    expect(position('pt', 'DE')).toBeLessThan(position('pt', 'AD'))
    expect(position('en', 'DE')).toBeGreaterThan(position('en', 'AD'))
    // Índia sorts among the I's, not after Z as a plain comparison of characters would put it.
    expect(position('pt', 'IN')).toBeLessThan(position('pt', 'IQ'))
  })
})

describe('identifierKind', () => {
  it('reads a value with @ as an email', () => {
    expect(identifierKind('ana@example.com')).toBe('email')
    expect(identifierKind('ana@')).toBe('email')
  })

  it('reads a value with at least 7 digits as a phone', () => {
    expect(identifierKind('(415) 555-0132')).toBe('phone')
    expect(identifierKind('+44 7400 123456')).toBe('phone')
    expect(identifierKind('555-0132')).toBe('phone')
  })

  it('is neither for fewer than 7 digits', () => {
    expect(identifierKind('555-013')).toBeNull()
    expect(identifierKind('ana')).toBeNull()
    expect(identifierKind('')).toBeNull()
  })
})
