import type enAccount from '#locales/en/account.json'
import type enAuth from '#locales/en/auth.json'
import type enCommon from '#locales/en/common.json'
import type enDev from '#locales/en/dev.json'
import type enMail from '#locales/en/mail.json'
import type enMeeting from '#locales/en/meeting.json'
import type enPages from '#locales/en/pages.json'
import type enSignup from '#locales/en/signup.json'
import type enMembers from '#locales/en/members.json'
import type enSettings from '#locales/en/settings.json'
import type enAdmin from '#locales/en/admin.json'
import type enCommunity from '#locales/en/community.json'
import type enTags from '#locales/en/tags.json'
import type enGroups from '#locales/en/groups.json'
import type enDirectory from '#locales/en/directory.json'
import type enConnections from '#locales/en/connections.json'
import type enMedia from '#locales/en/media.json'
import type enMessages from '#locales/en/messages.json'
import type enPosts from '#locales/en/posts.json'
import type enEvents from '#locales/en/events.json'
import type enApi from '#locales/en/api.json'
import type enModeration from '#locales/en/moderation.json'
import type enNotifications from '#locales/en/notifications.json'
import type enForms from '#locales/en/forms.json'
import type enSeries from '#locales/en/series.json'
import type enEventMembers from '#locales/en/eventMembers.json'
import type enRegistration from '#locales/en/registration.json'

export const LANGUAGES = ['en', 'es', 'pt'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/** The locale Intl formats with for each language (the product's default is en-US). */
export const FORMAT_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', pt: 'pt-BR' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/**
 * Every namespace, typed from the English files: a key missing in English is a type error. One line
 * per file in locales/en; i18n.server.ts reads every language's files from disk.
 */
export type Messages = {
  common: typeof enCommon
  account: typeof enAccount
  auth: typeof enAuth
  pages: typeof enPages
  dev: typeof enDev
  mail: typeof enMail
  signup: typeof enSignup
  meeting: typeof enMeeting
  members: typeof enMembers
  settings: typeof enSettings
  admin: typeof enAdmin
  community: typeof enCommunity
  tags: typeof enTags
  groups: typeof enGroups
  directory: typeof enDirectory
  connections: typeof enConnections
  media: typeof enMedia
  messages: typeof enMessages
  posts: typeof enPosts
  events: typeof enEvents
  api: typeof enApi
  moderation: typeof enModeration
  notifications: typeof enNotifications
  forms: typeof enForms
  series: typeof enSeries
  eventMembers: typeof enEventMembers
  registration: typeof enRegistration
}
export type Namespace = keyof Messages

/** Namespaces only the server reads (mail and SMS texts): they never travel to the browser. */
export const SERVER_ONLY_NAMESPACES = ['mail', 'api'] as const satisfies Namespace[]
/** Namespaces every page carries (the root loader sends them): the site header, the account menu, status pages. */
export const SHELL_NAMESPACES = ['common', 'pages'] as const satisfies Namespace[]
export type ShellMessages = Pick<Messages, (typeof SHELL_NAMESPACES)[number]>
/**
 * Every other namespace travels only with the routes that use it: their loaders put
 * `messages: routeMessagesFor(language, ...)` in their data, so a guest's community page does not
 * carry the sign-in, settings or meeting texts.
 */
export type RouteNamespace = Exclude<
  Namespace,
  (typeof SHELL_NAMESPACES)[number] | (typeof SERVER_ONLY_NAMESPACES)[number]
>

/** The messages the matched routes' loaders sent (root's and each route's `messages`), merged. */
export function matchedMessages(matches: readonly { data: unknown }[]): Partial<Messages> {
  const messages: Partial<Messages> = {}
  for (const { data } of matches) {
    if (data && typeof data === 'object' && 'messages' in data) Object.assign(messages, data.messages)
  }
  return messages
}

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends Record<string, unknown>
    ? Leaves<T[K], `${Prefix}${K}.`>
    : `${Prefix}${PluralBase<K>}`
}[keyof T & string]
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : K

export type TranslationKey = { [N in Namespace]: `${N}:${Leaves<Messages[N]>}` }[Namespace]
export type TranslationValues = Record<string, string | number>
export type Translate = (key: TranslationKey, values?: TranslationValues) => string

/**
 * Translations in i18next's JSON format (`ns:path.key`, `{{name}}` interpolation, `_one`/`_other`
 * plural suffixes chosen with Intl.PluralRules). This small reader, not i18next itself, runs in the
 * browser: i18next and react-i18next would add about 20 kB of gzipped JavaScript to every page.
 * Values are plain text: React escapes them when they render.
 */
export function createTranslator(language: Language, messages: Partial<Messages>): Translate {
  const plurals = pluralRules(language)
  return (key, values) => {
    const [namespace, path = ''] = key.split(':') as [Namespace, string?]
    let text = lookup(messages[namespace], path)
    if (text === undefined && typeof values?.count === 'number') {
      text =
        lookup(messages[namespace], `${path}_${plurals.select(values.count)}`) ??
        lookup(messages[namespace], `${path}_other`)
    }
    if (text === undefined) return key
    return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => String(values[name] ?? match)) : text
  }
}

/** One Intl.PluralRules per language: each component's translator used to make its own, on every render. */
const PLURAL_RULES = new Map<Language, Intl.PluralRules>()
function pluralRules(language: Language): Intl.PluralRules {
  let rules = PLURAL_RULES.get(language)
  if (!rules) PLURAL_RULES.set(language, (rules = new Intl.PluralRules(FORMAT_LOCALES[language])))
  return rules
}

function lookup(tree: unknown, path: string): string | undefined {
  let node = tree
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}
