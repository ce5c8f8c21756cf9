import type { MetaDescriptor } from '@remix-run/react'
import { DEFAULT_LANGUAGE, createTranslator, matchedMessages, type Language, type TranslationKey, type TranslationValues } from './i18n'

type Match = { id: string; data: unknown }

/** A page title in the page's language: "Title · Hearth". */
export function pageTitle(matches: Match[], key: TranslationKey, values?: TranslationValues): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data as { language?: Language } | undefined
  if (!root) return [{ title: 'Hearth' }]
  const t = createTranslator(root.language ?? DEFAULT_LANGUAGE, matchedMessages(matches))
  return [{ title: `${t(key, values)} · ${t('common:appName')}` }]
}
