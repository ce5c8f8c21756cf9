import { describe, expect, it } from 'vitest'
import enCommon from '#locales/en/common.json'
import enDev from '#locales/en/dev.json'
import enPages from '#locales/en/pages.json'
import esCommon from '#locales/es/common.json'
import esDev from '#locales/es/dev.json'
import esPages from '#locales/es/pages.json'
import ptCommon from '#locales/pt/common.json'
import ptDev from '#locales/pt/dev.json'
import ptPages from '#locales/pt/pages.json'
import {
  DEFAULT_LANGUAGE,
  FORMAT_LOCALES,
  LANGUAGES,
  createTranslator,
  matchedMessages,
  isLanguage,
  type Language,
  type Messages,
  type TranslationKey,
} from '#app/lib/i18n/i18n'

const REAL: Record<Language, Partial<Messages>> = {
  en: { common: enCommon, pages: enPages, dev: enDev },
  es: { common: esCommon, pages: esPages, dev: esDev },
  pt: { common: ptCommon, pages: ptPages, dev: ptDev },
}

/** Hand-made messages, to test the reader apart from the real copy. */
const FIXTURE = {
  common: {
    greeting: 'Hello {{name}}',
    spaced: 'Hello {{ name }}',
    twice: '{{name}} and {{name}} again',
    pair: '{{first}} meets {{second}}',
    plain: 'No placeholders here',
    nested: { deeper: { leaf: 'A leaf' } },
    apples_one: '{{count}} apple',
    apples_other: '{{count}} apples',
    onlyOther_other: '{{count}} things',
    fixed: 'Fixed text',
    fixed_other: 'Should not be used',
    empty: '',
  },
  pages: { title: 'Pages title' },
  dev: { title: 'Dev title' },
} as unknown as Messages

/** The fixture's keys are not in the TranslationKey union, so the tests call through a looser type. */
type LooseTranslate = (key: string, values?: Record<string, string | number>) => string
const translator = (language: Language, messages: Messages = FIXTURE) =>
  createTranslator(language, messages) as unknown as LooseTranslate

describe('language constants', () => {
  it('offers en, es and pt, with en as the default', () => {
    expect(LANGUAGES).toEqual(['en', 'es', 'pt'])
    expect(DEFAULT_LANGUAGE).toBe('en')
  })

  it('formats en as en-US, es as es-ES and pt as pt-BR', () => {
    expect(FORMAT_LOCALES).toEqual({ en: 'en-US', es: 'es-ES', pt: 'pt-BR' })
  })

  it('recognises only the supported language codes', () => {
    expect(isLanguage('en')).toBe(true)
    expect(isLanguage('es')).toBe(true)
    expect(isLanguage('pt')).toBe(true)
    expect(isLanguage('fr')).toBe(false)
    expect(isLanguage('EN')).toBe(false)
    expect(isLanguage('en-US')).toBe(false)
    expect(isLanguage('')).toBe(false)
    expect(isLanguage(null)).toBe(false)
    expect(isLanguage(undefined)).toBe(false)
    expect(isLanguage(1)).toBe(false)
  })
})

describe('createTranslator', () => {
  describe('namespaced keys', () => {
    it('reads a top-level key from its namespace', () => {
      const t = translator('en')
      expect(t('common:plain')).toBe('No placeholders here')
      expect(t('pages:title')).toBe('Pages title')
      expect(t('dev:title')).toBe('Dev title')
    })

    it('follows dotted paths into nested objects', () => {
      expect(translator('en')('common:nested.deeper.leaf')).toBe('A leaf')
    })

    it('keeps namespaces apart', () => {
      const t = translator('en')
      expect(t('pages:plain')).toBe('pages:plain')
      expect(t('common:title')).toBe('common:title')
    })

    it('reads the real English, Spanish and Portuguese files', () => {
      expect(createTranslator('en', REAL.en)('common:nav.home')).toBe('Home')
      expect(createTranslator('es', REAL.es)('common:nav.home')).toBe('Inicio')
      expect(createTranslator('pt', REAL.pt)('common:nav.home')).toBe('Início')
      expect(createTranslator('es', REAL.es)('common:time.justNow')).toBe('justo ahora')
      expect(createTranslator('pt', REAL.pt)('pages:communityNotFound.title')).toBe('Comunidade não encontrada')
    })

    it('returns an empty string for a key whose value is empty', () => {
      expect(translator('en')('common:empty')).toBe('')
    })
  })

  describe('missing keys', () => {
    it('returns the key itself when the path does not exist', () => {
      const t = translator('en')
      expect(t('common:nope')).toBe('common:nope')
      expect(t('common:nested.nope')).toBe('common:nested.nope')
      expect(t('common:plain.deeper')).toBe('common:plain.deeper')
    })

    it('returns the key when the path stops at an object rather than a string', () => {
      const t = translator('en')
      expect(t('common:nested')).toBe('common:nested')
      expect(t('common:nested.deeper')).toBe('common:nested.deeper')
    })

    it('returns the key for an unknown namespace', () => {
      expect(translator('en')('nope:plain')).toBe('nope:plain')
    })

    it('does not read inherited object properties as translations', () => {
      const t = translator('en')
      expect(t('common:toString')).toBe('common:toString')
      expect(t('common:constructor')).toBe('common:constructor')
      expect(t('common:__proto__')).toBe('common:__proto__')
      expect(t('common:nested.hasOwnProperty')).toBe('common:nested.hasOwnProperty')
    })

    it('returns the key rather than throwing when the key has no namespace', () => {
      // BUG (app/lib/i18n/i18n.ts, createTranslator): a key without a colon leaves `path` undefined and
      // lookup() calls path.split(), throwing "Cannot read properties of undefined (reading 'split')".
      // A missing key should come back as the key, as every other miss does.
      const t = translator('en')
      expect(() => t('plain')).not.toThrow()
      expect(t('plain')).toBe('plain')
    })

    it('returns the key when a plural form is missing for the count', () => {
      expect(translator('en')('common:pears', { count: 2 })).toBe('common:pears')
    })
  })

  describe('interpolation', () => {
    it('replaces {{name}} with the value', () => {
      expect(translator('en')('common:greeting', { name: 'Ana' })).toBe('Hello Ana')
    })

    it('allows spaces inside the braces', () => {
      expect(translator('en')('common:spaced', { name: 'Ana' })).toBe('Hello Ana')
    })

    it('replaces every occurrence and several different names', () => {
      const t = translator('en')
      expect(t('common:twice', { name: 'Bo' })).toBe('Bo and Bo again')
      expect(t('common:pair', { first: 'Ana', second: 'Bo' })).toBe('Ana meets Bo')
    })

    it('writes numbers, including zero', () => {
      expect(translator('en')('common:greeting', { name: 0 })).toBe('Hello 0')
    })

    it('inserts values literally, without treating $ patterns as replacement syntax', () => {
      expect(translator('en')('common:greeting', { name: "$& $1 $$ $'" })).toBe("Hello $& $1 $$ $'")
    })

    it('does not re-read placeholders that arrive inside a value', () => {
      expect(translator('en')('common:pair', { first: '{{second}}', second: 'Bo' })).toBe('{{second}} meets Bo')
    })

    it('leaves a placeholder as-is when its value is not given', () => {
      const t = translator('en')
      expect(t('common:greeting', {})).toBe('Hello {{name}}')
      expect(t('common:pair', { first: 'Ana' })).toBe('Ana meets {{second}}')
      expect(t('common:spaced', { other: 'x' })).toBe('Hello {{ name }}')
    })

    it('leaves placeholders as-is when no values are passed at all', () => {
      expect(translator('en')('common:greeting')).toBe('Hello {{name}}')
    })

    it('interpolates the real notFound message', () => {
      expect(createTranslator('en', REAL.en)('common:errors.notFound.message', { path: '/nowhere' })).toBe(
        "We couldn't find /nowhere. Check the address, or start again from the home page.",
      )
    })
  })

  describe('plurals', () => {
    it('picks _one for 1 and _other for other counts in English', () => {
      const t = translator('en')
      expect(t('common:apples', { count: 1 })).toBe('1 apple')
      expect(t('common:apples', { count: 0 })).toBe('0 apples')
      expect(t('common:apples', { count: 2 })).toBe('2 apples')
      expect(t('common:apples', { count: 1.5 })).toBe('1.5 apples')
    })

    it('picks the form Intl.PluralRules chooses for the language', () => {
      // CLDR puts 0 in the "one" category for Portuguese, but not for Spanish or English.
      expect(translator('pt')('common:apples', { count: 0 })).toBe('0 apple')
      expect(translator('es')('common:apples', { count: 0 })).toBe('0 apples')
      expect(translator('pt')('common:apples', { count: 1 })).toBe('1 apple')
      expect(translator('pt')('common:apples', { count: 2 })).toBe('2 apples')
    })

    it('falls back to _other when the chosen category has no form of its own', () => {
      // es-ES puts a million in the "many" category; the files only carry _one and _other.
      expect(new Intl.PluralRules('es-ES').select(1_000_000)).toBe('many')
      expect(translator('es')('common:apples', { count: 1_000_000 })).toBe('1000000 apples')
      expect(translator('en')('common:onlyOther', { count: 1 })).toBe('1 things')
    })

    it('only looks for plural forms when count is a number', () => {
      const t = translator('en')
      expect(t('common:apples')).toBe('common:apples')
      expect(t('common:apples', { count: '2' })).toBe('common:apples')
    })

    it('pluralises the real member count in every language', () => {
      expect(createTranslator('en', REAL.en)('pages:community.members', { count: 1 })).toBe('1 member')
      expect(createTranslator('en', REAL.en)('pages:community.members', { count: 12 })).toBe('12 members')
      expect(createTranslator('es', REAL.es)('pages:community.members', { count: 1 })).toBe('1 miembro')
      expect(createTranslator('es', REAL.es)('pages:community.members', { count: 3 })).toBe('3 miembros')
      expect(createTranslator('pt', REAL.pt)('pages:community.members', { count: 1 })).toBe('1 membro')
      expect(createTranslator('pt', REAL.pt)('pages:community.members', { count: 3 })).toBe('3 membros')
    })

    it('accepts the plural base as a typed key', () => {
      const key: TranslationKey = 'pages:community.members'
      expect(createTranslator('en', REAL.en)(key, { count: 2 })).toBe('2 members')
    })
  })
})

describe('matchedMessages', () => {
  it("merges the root's and each route's namespaces, skipping data without messages", () => {
    const matches = [
      { data: { language: 'en', messages: { common: enCommon } } },
      { data: null },
      { data: 'not an object' },
      { data: { messages: { pages: enPages } } },
      { data: { other: true } },
    ]
    expect(matchedMessages(matches)).toEqual({ common: enCommon, pages: enPages })
  })

  it('lets a nested route replace a namespace an outer one sent', () => {
    const outer = { dev: { title: 'outer' } }
    const inner = { dev: { title: 'inner' } }
    expect(matchedMessages([{ data: { messages: outer } }, { data: { messages: inner } }])).toEqual({ dev: inner.dev })
  })
})
