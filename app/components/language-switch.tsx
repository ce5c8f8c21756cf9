import { Form, useLocation } from '@remix-run/react'
import { LANGUAGES } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

/** A plain form: works without JavaScript, and returns to the page it was sent from. */
export function LanguageSwitch() {
  const { t, language } = useT()
  const location = useLocation()
  return (
    <Form method="post" action="/resources/language" className="language-switch">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="visually-hidden">
        {t('common:language.label')}
      </label>
      <select id="language-select" name="language" defaultValue={language}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`common:language.${code}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small">
        {t('common:language.change')}
      </button>
    </Form>
  )
}
