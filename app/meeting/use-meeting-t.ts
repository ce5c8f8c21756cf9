import { useRouteLoaderData } from '@remix-run/react'
import { createContext, useContext, useMemo } from 'react'
import type { loader as rootLoader } from '#app/root'
import { DEFAULT_LANGUAGE, createTranslator, type Language, type Messages, type Translate } from '#app/lib/i18n'

/** The meeting namespace, which the room loader sends (it is not in every page's root data). */
export const MeetingMessagesContext = createContext<Pick<Messages, 'meeting'> | null>(null)

/** useT() with the meeting's texts added: `t('meeting:controls.leave')` as well as the shared namespaces. */
export function useMeetingT(): { t: Translate; language: Language } {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const meeting = useContext(MeetingMessagesContext)
  const language = root?.language ?? DEFAULT_LANGUAGE
  const t = useMemo<Translate>(
    () => createTranslator(language, { ...(root?.messages ?? {}), ...(meeting ?? {}) }),
    [root, meeting, language],
  )
  return { t, language }
}
