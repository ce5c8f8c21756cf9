import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#app/lib/i18n/i18n'

/**
 * Every language carries every English key, as a non-empty string with the same placeholders,
 * and nothing else. The files are read from disk, so a new namespace file is covered as soon as
 * it exists in locales/en.
 */
const LOCALES_DIR = fileURLToPath(new URL('../../../locales', import.meta.url))
const SOURCE = 'en'
const TARGETS = LANGUAGES.filter((language) => language !== SOURCE)

/**
 * Values that are legitimately the same as English, per language, as `namespace:key`:
 * the product name, language names written in their own language, and words the language
 * borrows unchanged. Anything else equal to English is an untranslated copy.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  es: [
    'common:appName',
    'common:language.en',
    'common:language.es',
    'common:language.pt',
    'common:errors.generic.title', // "Error"
    'pages:home.title', // "Hearth"
    'settings:fields.toolbar.chat', // "Chat"
    'notifications:mail.liveSubject', // "{{community}}: {{text}}"
    'notifications:mail.sms', // "{{text}}: {{link}}"
    'eventMembers:list.no', // "No"
    'members:list.signup.no', // "No"
    'account:hostProfile.facebookUrl', // a network's own name
    'account:hostProfile.instagramUrl',
    'account:hostProfile.linkedinUrl',
    'account:hostProfile.twitterUrl',
    'messages:conversation.nameAtCompany', // "{{name}}, {{company}}"
  ],
  pt: [
    'common:appName',
    'common:language.en',
    'common:language.es',
    'common:language.pt',
    'dev:columns.status', // "Status"
    'account:hostProfile.facebookUrl', // a network's own name
    'account:hostProfile.instagramUrl',
    'account:hostProfile.linkedinUrl',
    'account:hostProfile.twitterUrl',
    'pages:home.title', // "Hearth"
    'settings:fields.toolbar.chat', // "Chat"
    'settings:sections.status', // "Status"
    'notifications:mail.liveSubject', // "{{community}}: {{text}}"
    'notifications:mail.sms', // "{{text}}: {{link}}"
    'messages:conversation.nameAtCompany', // "{{name}}, {{company}}"
  ],
}

type Flat = Map<string, unknown>

function flatten(node: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into)
  } else {
    into.set(prefix, node)
  }
  return into
}

function namespacesOf(language: string): string[] {
  return readdirSync(join(LOCALES_DIR, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort()
}

/** A namespace's keys; a missing file reads as no keys, so the key tests list what it lacks. */
function load(language: string, namespace: string): Flat {
  const path = join(LOCALES_DIR, language, `${namespace}.json`)
  if (!existsSync(path)) return new Map()
  return flatten(JSON.parse(readFileSync(path, 'utf8')))
}

function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return []
  return [...new Set([...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] as string))].sort()
}

const NAMESPACES = namespacesOf(SOURCE)

describe('locale files', () => {
  it('has one directory per supported language and no other', () => {
    const dirs = readdirSync(LOCALES_DIR)
      .filter((entry) => statSync(join(LOCALES_DIR, entry)).isDirectory())
      .sort()
    expect(dirs).toEqual([...LANGUAGES].sort())
  })

  it('finds English namespaces to compare against', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'pages', 'dev']))
  })

  it('has only non-empty strings in English', () => {
    for (const namespace of NAMESPACES) {
      for (const [key, value] of load(SOURCE, namespace)) {
        expect(
          typeof value === 'string' && value.trim().length > 0,
          `en ${namespace}:${key} is ${JSON.stringify(value)}`,
        ).toBe(true)
      }
    }
  })

  it('has keys that are plain identifiers, so dotted paths stay unambiguous', () => {
    for (const language of LANGUAGES) {
      for (const namespace of namespacesOf(language)) {
        for (const key of load(language, namespace).keys()) {
          expect(key, `${language} ${namespace}`).toMatch(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/)
        }
      }
    }
  })

  it('gives every English plural form its partner', () => {
    for (const namespace of NAMESPACES) {
      const keys = [...load(SOURCE, namespace).keys()]
      for (const key of keys.filter((k) => k.endsWith('_one'))) {
        expect(keys, `${namespace}:${key}`).toContain(key.replace(/_one$/, '_other'))
      }
    }
  })

  for (const language of TARGETS) {
    describe(`${language}`, () => {
      it('has exactly the same namespace files as English', () => {
        expect(namespacesOf(language)).toEqual(NAMESPACES)
      })

      for (const namespace of NAMESPACES) {
        describe(`${namespace}.json`, () => {
          it('has every English key', () => {
            const english = load(SOURCE, namespace)
            const translated = load(language, namespace)
            const missing = [...english.keys()].filter((key) => !translated.has(key))
            expect(missing, `keys missing from ${language}/${namespace}.json`).toEqual([])
          })

          it('has no keys English does not have', () => {
            const english = load(SOURCE, namespace)
            const translated = load(language, namespace)
            const extra = [...translated.keys()].filter((key) => !english.has(key))
            expect(extra, `keys in ${language}/${namespace}.json that English lacks`).toEqual([])
          })

          it('has a non-empty string for every key', () => {
            const bad = [...load(language, namespace)].filter(
              ([, value]) => typeof value !== 'string' || value.trim() === '',
            )
            expect(bad.map(([key]) => key)).toEqual([])
          })

          it('uses the same {{placeholders}} as English for every key', () => {
            const english = load(SOURCE, namespace)
            const translated = load(language, namespace)
            const mismatched: string[] = []
            for (const [key, value] of english) {
              if (!translated.has(key)) continue
              const want = placeholders(value)
              const got = placeholders(translated.get(key))
              if (want.join() !== got.join())
                mismatched.push(`${key}: en {${want.join()}} vs ${language} {${got.join()}}`)
            }
            expect(mismatched).toEqual([])
          })

          it('translates every value rather than copying English', () => {
            const english = load(SOURCE, namespace)
            const translated = load(language, namespace)
            const allowed = SAME_AS_ENGLISH[language] ?? []
            const copies = [...english]
              .filter(([key, value]) => translated.get(key) === value && !allowed.includes(`${namespace}:${key}`))
              .map(([key, value]) => `${key} = ${JSON.stringify(value)}`)
            expect(copies).toEqual([])
          })
        })
      }

      it('lists in its allowlist only keys that exist and are still identical to English', () => {
        // A stale allowlist entry would let a later untranslated copy through unnoticed.
        for (const entry of SAME_AS_ENGLISH[language] ?? []) {
          const [namespace, key] = entry.split(':') as [string, string]
          const english = load(SOURCE, namespace).get(key)
          expect(english, `${entry} is not an English key`).toBeTypeOf('string')
          expect(load(language, namespace).get(key), `${entry} no longer equals English`).toBe(english)
        }
      })
    })
  }
})
