import { readFileSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { createCookie } from '@remix-run/node'
import { RemixI18Next } from 'remix-i18next/server'
import { env } from '../platform/env.server'
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  createTranslator,
  isLanguage,
  type Language,
  type Messages,
  type RouteNamespace,
  type ShellMessages,
} from './i18n'

/**
 * Every language's translations, read once at start from `locales/<language>/<namespace>.json`
 * (relative to the working directory, as the server and the tests run from the repository's root).
 * Adding a namespace is adding its file in each language, and its type line in i18n.ts.
 */
const MESSAGES = Object.fromEntries(LANGUAGES.map((language) => [language, readMessages(language)])) as Record<
  Language,
  Messages
>

function readMessages(language: Language): Messages {
  const folder = join('locales', language)
  const files = readdirSync(folder).filter((file) => file.endsWith('.json'))
  return Object.fromEntries(
    files.map((file) => [basename(file, '.json'), JSON.parse(readFileSync(join(folder, file), 'utf8'))]),
  ) as Messages
}

/** What every page needs to render and hydrate in a language (see SHELL_NAMESPACES). */
export function shellMessagesFor(language: Language): ShellMessages {
  const { common, pages } = MESSAGES[language]
  return { common, pages }
}

/** The namespaces a route's own texts come from, for its loader's data (see RouteNamespace). */
export function routeMessagesFor<N extends RouteNamespace>(language: Language, ...namespaces: N[]): Pick<Messages, N> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, MESSAGES[language][namespace]])) as Pick<
    Messages,
    N
  >
}

export function translatorFor(language: Language) {
  return createTranslator(language, MESSAGES[language])
}

/** The language switch's choice, for a year. It rewrites the cookie, so it wins over the browser's language. */
export const languageCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: env.isProduction,
  maxAge: 365 * 24 * 3600,
})

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    // remix-i18next's own header strategy stops at the browser's first language, so a French-first,
    // Spanish-second browser got English; ours takes the first language Hearth speaks.
    order: ['cookie', 'custom'],
    findLocale: async (request) => firstSupportedLanguage(request.headers.get('Accept-Language')),
  },
})

/** The highest-ranked language of an Accept-Language header that Hearth speaks (regions ignored). */
export function firstSupportedLanguage(header: string | null): Language | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      return { code: tag.trim().split('-')[0]!.toLowerCase(), q: quality ? Number(quality.slice(2)) : 1, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked.map((entry) => entry.code).find(isLanguage) ?? null
}

/**
 * The product's order: the community's language, the member's preferred language, the device's
 * (the switch's cookie, then Accept-Language), then English.
 */
export async function resolveLanguage(
  request: Request,
  preferences: { communityLanguage?: string | null; preferredLanguage?: string | null } = {},
): Promise<Language> {
  if (isLanguage(preferences.communityLanguage)) return preferences.communityLanguage
  if (isLanguage(preferences.preferredLanguage)) return preferences.preferredLanguage
  const detected = await detector.getLocale(request)
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE
}
