import { Form, Link } from '@remix-run/react'
import { useT } from '#app/lib/i18n/use-t'
import { StatusPage } from './status-page'

/**
 * A link would put this browser into another account than the one signed in here: it asks first
 * (login CSRF), with a plain POST form that works without JavaScript. The form posts back to the
 * link's own address; `replacing` names the account the person saw and agreed to leave.
 */
export function SwitchAccountPrompt({
  as,
  current,
  currentUserId,
  stayUrl,
}: {
  as: string
  current: string
  currentUserId: string
  stayUrl: string
}) {
  const { t } = useT()
  return (
    <StatusPage
      title={t('auth:linksOnGet.switchTitle', { name: as })}
      actions={
        <>
          <Form method="post">
            <input type="hidden" name="replacing" value={currentUserId} />
            <button type="submit" className="button button-primary">
              {t('auth:linksOnGet.continueAs', { name: as })}
            </button>
          </Form>
          <Link to={stayUrl} className="button">
            {t('auth:linksOnGet.stayAs', { name: current })}
          </Link>
        </>
      }
    >
      <p>{t('auth:linksOnGet.switchMessage', { name: as, current })}</p>
    </StatusPage>
  )
}
