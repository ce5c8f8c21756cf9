// What pages say, read straight from locales/: the specs find buttons and headings by their text in
// each language. No models here, so a suite with a database of its own (tests/rehearsal) can use it.
import { readdirSync, readFileSync } from 'node:fs'

export const LANGUAGES = ['en', 'es', 'pt'] as const
export type Language = (typeof LANGUAGES)[number]

type Tree = { [key: string]: string | Tree }
const localeDir = (language: Language) => new URL(`../../locales/${language}/`, import.meta.url)
/** Every namespace, as the files in locales/en name them. */
export const NAMESPACES = readdirSync(localeDir('en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))

const MESSAGES = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      NAMESPACES.map((namespace) => [
        namespace,
        JSON.parse(readFileSync(new URL(`${namespace}.json`, localeDir(language)), 'utf8')) as Tree,
      ]),
    ),
  ]),
) as Record<Language, Record<string, Tree>>

/**
 * The text a page should show, read straight from locales/{language}: `t('es', 'pages:kicked.title')`.
 * A missing key throws, so a renamed key breaks the test instead of asserting on the key itself.
 */
export function t(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, path] = key.split(':') as [string, string]
  let node: string | Tree | undefined = MESSAGES[language][namespace]
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'string') throw new Error(`No ${language} translation for ${key}`)
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => String(values[name] ?? match))
}
