import type { MetaFunction } from '@remix-run/node'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// /embedded/claim-your-name: the smallest invitation to claim a personal room, for a corner of another page.
export const meta: MetaFunction = ({ matches, error }) =>
  pageTitle({ matches, error }, 'directory:embedded.claimYourName')

export default function EmbeddedClaimYourName() {
  const { t } = useT()
  return (
    <>
      <h1>{t('directory:embedded.claimYourName')}</h1>
      <p>{t('directory:embedded.claimYourNameIntro')}</p>
      <p>
        <a href="/embedded/claim" className="button button-primary">
          {t('signup:register.claimRoom')}
        </a>
      </p>
    </>
  )
}
