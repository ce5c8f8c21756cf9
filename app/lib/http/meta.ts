import type { MetaDescriptor } from '@remix-run/react'
import { errorTitle } from './error-page'
import {
  DEFAULT_LANGUAGE,
  createTranslator,
  matchedMessages,
  type Language,
  type TranslationKey,
  type TranslationValues,
} from '../i18n/i18n'

type Match = { id: string; data: unknown }

/**
 * A page title in the page's language: "Title · Hearth". Takes the meta function's arguments: when
 * the route shows an error instead of its page, the title names the error (its loader's texts,
 * and so the page's own title, are not there).
 */
export function pageTitle(
  { matches, error }: { matches: Match[]; error?: unknown },
  key: TranslationKey,
  values?: TranslationValues,
): MetaDescriptor[] {
  if (error) key = errorTitle(error)
  const root = matches.find((match) => match.id === 'root')?.data as { language?: Language } | undefined
  if (!root) return [{ title: 'Hearth' }]
  const t = createTranslator(root.language ?? DEFAULT_LANGUAGE, matchedMessages(matches))
  return [{ title: `${t(key, values)} · ${t('common:appName')}` }]
}
