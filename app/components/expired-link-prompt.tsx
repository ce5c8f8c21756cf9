import { Link } from '@remix-run/react'
import { useT } from '#app/lib/i18n/use-t'
import { StatusPage } from './status-page'

/** The product's expired magic link: asks whether to sign in (Yes) or not (Cancel). */
export function ExpiredLinkPrompt({ signInUrl }: { signInUrl: string }) {
  const { t } = useT()
  return (
    <StatusPage
      title={t('auth:magicLink.expiredTitle')}
      actions={
        <>
          <Link to={signInUrl} className="button button-primary">
            {t('auth:magicLink.yes')}
          </Link>
          <Link to="/" className="button">
            {t('auth:magicLink.cancel')}
          </Link>
        </>
      }
    >
      <p>{t('auth:magicLink.expiredMessage')}</p>
    </StatusPage>
  )
}
