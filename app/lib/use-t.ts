import { useRouteLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import type { loader as rootLoader } from '#app/root'
import { DEFAULT_LANGUAGE, createTranslator, type Language, type Translate } from './i18n'

/** The page's language and translator, from the root loader's data. */
export function useT(): { t: Translate; language: Language } {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  const language = data?.language ?? DEFAULT_LANGUAGE
  const t = useMemo<Translate>(
    // Without root data (its loader failed) the keys themselves are the last resort.
    () => (data ? createTranslator(language, data.messages) : (key) => key),
    [data, language],
  )
  return { t, language }
}
