import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import type { Messages } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { StatusPage } from './status-page'

type Section = {
  [K in keyof Messages['pages']]: Messages['pages'][K] extends { title: string; message: string } ? K : never
}[keyof Messages['pages']]

/**
 * A status page that is only its title and message in the page's language, with a way home.
 * Routes that need more (a room's name, a sign-in prompt) build on StatusPage directly.
 */
export function simpleStatusPage(section: Section) {
  const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, `pages:${section}.title`)
  function Page() {
    const { t } = useT()
    return (
      <StatusPage
        title={t(`pages:${section}.title`)}
        actions={
          <Link to="/" className="button button-primary">
            {t('common:actions.goHome')}
          </Link>
        }
      >
        <p>{t(`pages:${section}.message`)}</p>
      </StatusPage>
    )
  }
  return { meta, Page }
}
