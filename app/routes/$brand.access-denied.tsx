import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { accessDenied } from '#app/lib/communities/community-status.server'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// The product's brandAccessDenied: where a community sends a signed-in person it refuses (a guest is
// asked to sign in instead, on /private).
export const loader = (args: LoaderFunctionArgs) => accessDenied(args)

export const meta: MetaFunction = ({ matches, error }) =>
  pageTitle({ matches, error }, 'pages:accessPages.accessDenied.title')

export default function AccessDenied() {
  const { t } = useT()
  const { community, group, event, signedInAs, signInUrl } = useLoaderData<typeof loader>()
  const offer = event ?? (group?.state === 'ask' ? group : null)
  return (
    <StatusPage
      title={t('pages:accessPages.accessDenied.title')}
      actions={
        <>
          {event ? (
            <Link to={event.registerUrl} className="button button-primary">
              {t('pages:accessPages.accessDenied.signUpForEvent', { event: event.name })}
            </Link>
          ) : group?.state === 'ask' ? (
            <Link to={group.joinUrl} className="button button-primary">
              {t('pages:accessPages.accessDenied.askToJoin', { group: group.name })}
            </Link>
          ) : null}
          <Link to={signInUrl} className={offer ? 'button' : 'button button-primary'}>
            {signedInAs === null ? t('common:actions.signIn') : t('pages:accessPages.accessDenied.signInAnother')}
          </Link>
          <Link to="/" className="button">
            {t('common:actions.goHome')}
          </Link>
        </>
      }
    >
      {event ? (
        <p>{t('pages:accessPages.accessDenied.premiumEvent', { event: event.name })}</p>
      ) : group ? (
        <p>
          {group.state === 'waiting'
            ? t('pages:accessPages.accessDenied.requestWaiting', { group: group.name })
            : t('pages:accessPages.accessDenied.groupMembersOnly', { group: group.name })}
        </p>
      ) : (
        <p>{t('pages:accessPages.accessDenied.message', { community: community.name })}</p>
      )}
      {signedInAs === null ? null : <p>{t('pages:accessPages.accessDenied.signedInAs', { name: signedInAs })}</p>}
    </StatusPage>
  )
}
