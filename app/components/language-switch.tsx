import { Form, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { LANGUAGES } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

/**
 * A plain form that returns to the page it was sent from. With JavaScript, choosing a language sends
 * it at once and the button is not drawn; without, the button sends it.
 */
export function LanguageSwitch() {
  const { t, language } = useT()
  const location = useLocation()
  const select = useRef<HTMLSelectElement>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    setHydrated(true)
    // Chosen before the page's scripts ran (the button that would have sent it goes now): send it.
    if (select.current && select.current.value !== language) select.current.form?.requestSubmit()
    // Once, on hydration: later choices send themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <Form method="post" action="/resources/language" className="language-switch">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select">{t('common:language.label')}</label>
      <select
        ref={select}
        id="language-select"
        name="language"
        defaultValue={language}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`common:language.${code}`)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="button button-small">
          {t('common:language.change')}
        </button>
      )}
    </Form>
  )
}
