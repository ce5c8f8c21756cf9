import { createCookie } from '@remix-run/node'
import { RemixI18Next } from 'remix-i18next/server'
import enAccount from '#locales/en/account.json'
import enAuth from '#locales/en/auth.json'
import enCommon from '#locales/en/common.json'
import enDev from '#locales/en/dev.json'
import enMail from '#locales/en/mail.json'
import enMeeting from '#locales/en/meeting.json'
import enPages from '#locales/en/pages.json'
import enSignup from '#locales/en/signup.json'
import enMembers from '#locales/en/members.json'
import enSettings from '#locales/en/settings.json'
import enAdmin from '#locales/en/admin.json'
import enCommunity from '#locales/en/community.json'
import enTags from '#locales/en/tags.json'
import enGroups from '#locales/en/groups.json'
import enDirectory from '#locales/en/directory.json'
import enConnections from '#locales/en/connections.json'
import enMedia from '#locales/en/media.json'
import enMessages from '#locales/en/messages.json'
import enPosts from '#locales/en/posts.json'
import enEvents from '#locales/en/events.json'
import enApi from '#locales/en/api.json'
import enModeration from '#locales/en/moderation.json'
import enNotifications from '#locales/en/notifications.json'
import enForms from '#locales/en/forms.json'
import enSeries from '#locales/en/series.json'
import enEventMembers from '#locales/en/eventMembers.json'
import enRegistration from '#locales/en/registration.json'
import esAccount from '#locales/es/account.json'
import esAuth from '#locales/es/auth.json'
import esCommon from '#locales/es/common.json'
import esDev from '#locales/es/dev.json'
import esMail from '#locales/es/mail.json'
import esMeeting from '#locales/es/meeting.json'
import esPages from '#locales/es/pages.json'
import esSignup from '#locales/es/signup.json'
import esMembers from '#locales/es/members.json'
import esSettings from '#locales/es/settings.json'
import esAdmin from '#locales/es/admin.json'
import esCommunity from '#locales/es/community.json'
import esTags from '#locales/es/tags.json'
import esGroups from '#locales/es/groups.json'
import esDirectory from '#locales/es/directory.json'
import esConnections from '#locales/es/connections.json'
import esMedia from '#locales/es/media.json'
import esMessages from '#locales/es/messages.json'
import esPosts from '#locales/es/posts.json'
import esEvents from '#locales/es/events.json'
import esApi from '#locales/es/api.json'
import esModeration from '#locales/es/moderation.json'
import esNotifications from '#locales/es/notifications.json'
import esForms from '#locales/es/forms.json'
import esSeries from '#locales/es/series.json'
import esEventMembers from '#locales/es/eventMembers.json'
import esRegistration from '#locales/es/registration.json'
import ptAccount from '#locales/pt/account.json'
import ptAuth from '#locales/pt/auth.json'
import ptCommon from '#locales/pt/common.json'
import ptDev from '#locales/pt/dev.json'
import ptMail from '#locales/pt/mail.json'
import ptMeeting from '#locales/pt/meeting.json'
import ptPages from '#locales/pt/pages.json'
import ptSignup from '#locales/pt/signup.json'
import ptMembers from '#locales/pt/members.json'
import ptSettings from '#locales/pt/settings.json'
import ptAdmin from '#locales/pt/admin.json'
import ptCommunity from '#locales/pt/community.json'
import ptTags from '#locales/pt/tags.json'
import ptGroups from '#locales/pt/groups.json'
import ptDirectory from '#locales/pt/directory.json'
import ptConnections from '#locales/pt/connections.json'
import ptMedia from '#locales/pt/media.json'
import ptMessages from '#locales/pt/messages.json'
import ptPosts from '#locales/pt/posts.json'
import ptEvents from '#locales/pt/events.json'
import ptApi from '#locales/pt/api.json'
import ptModeration from '#locales/pt/moderation.json'
import ptNotifications from '#locales/pt/notifications.json'
import ptForms from '#locales/pt/forms.json'
import ptSeries from '#locales/pt/series.json'
import ptEventMembers from '#locales/pt/eventMembers.json'
import ptRegistration from '#locales/pt/registration.json'
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

// One namespace a line, so adding one is a one-line change in each language.
const MESSAGES: Record<Language, Messages> = {
  en: {
    common: enCommon,
    account: enAccount,
    auth: enAuth,
    pages: enPages,
    dev: enDev,
    mail: enMail,
    signup: enSignup,
    meeting: enMeeting,
    members: enMembers,
    settings: enSettings,
    admin: enAdmin,
    community: enCommunity,
    tags: enTags,
    groups: enGroups,
    directory: enDirectory,
    connections: enConnections,
    media: enMedia,
    messages: enMessages,
    posts: enPosts,
    events: enEvents,
    api: enApi,
    moderation: enModeration,
    notifications: enNotifications,
    forms: enForms,
    series: enSeries,
    eventMembers: enEventMembers,
    registration: enRegistration,
  },
  es: {
    common: esCommon,
    account: esAccount,
    auth: esAuth,
    pages: esPages,
    dev: esDev,
    mail: esMail,
    signup: esSignup,
    meeting: esMeeting,
    members: esMembers,
    settings: esSettings,
    admin: esAdmin,
    community: esCommunity,
    tags: esTags,
    groups: esGroups,
    directory: esDirectory,
    connections: esConnections,
    media: esMedia,
    messages: esMessages,
    posts: esPosts,
    events: esEvents,
    api: esApi,
    moderation: esModeration,
    notifications: esNotifications,
    forms: esForms,
    series: esSeries,
    eventMembers: esEventMembers,
    registration: esRegistration,
  },
  pt: {
    common: ptCommon,
    account: ptAccount,
    auth: ptAuth,
    pages: ptPages,
    dev: ptDev,
    mail: ptMail,
    signup: ptSignup,
    meeting: ptMeeting,
    members: ptMembers,
    settings: ptSettings,
    admin: ptAdmin,
    community: ptCommunity,
    tags: ptTags,
    groups: ptGroups,
    directory: ptDirectory,
    connections: ptConnections,
    media: ptMedia,
    messages: ptMessages,
    posts: ptPosts,
    events: ptEvents,
    api: ptApi,
    moderation: ptModeration,
    notifications: ptNotifications,
    forms: ptForms,
    series: ptSeries,
    eventMembers: ptEventMembers,
    registration: ptRegistration,
  },
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
 * The spec's order: the community's language, the member's preferred language, the device's
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
