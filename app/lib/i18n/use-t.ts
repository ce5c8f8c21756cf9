import { useMatches } from '@remix-run/react'
import { useMemo } from 'react'
import { DEFAULT_LANGUAGE, createTranslator, matchedMessages, type Language, type Translate } from './i18n'

/** The page's language and a translator over the namespaces the root and the matched routes sent. */
export function useT(): { t: Translate; language: Language } {
  const matches = useMatches()
  const root = matches.find((match) => match.id === 'root')?.data as { language?: Language } | undefined
  const language = root?.language ?? DEFAULT_LANGUAGE
  // Without root data (its loader failed) the keys themselves are the last resort.
  const t = useMemo<Translate>(
    () => (root ? createTranslator(language, matchedMessages(matches)) : (key) => key),
    [matches, root, language],
  )
  return { t, language }
}
