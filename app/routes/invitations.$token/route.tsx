import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { invitationAction, invitationLoader } from './invitation.server'

export const loader = (args: LoaderFunctionArgs) => invitationLoader(args)
export const action = (args: ActionFunctionArgs) => invitationAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  data?.invitation
    ? pageTitle({ matches, error }, 'members:invitation.title', { community: data.invitation.community })
    : pageTitle({ matches, error }, 'members:invitation.goneTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/**
 * /invitations/{token}: a community invites someone who has an account. Its person, signed in,
 * accepts or declines with plain forms; anyone else is told whose invitation it is.
 */
export default function InvitationPage() {
  const { t } = useT()
  const { invitation } = useLoaderData<typeof loader>()
  const busy = useNavigation().state === 'submitting'
  if (!invitation) {
    return (
      <StatusPage
        title={t('members:invitation.goneTitle')}
        actions={
          <Link to="/me" className="button">
            {t('members:invitation.toMe')}
          </Link>
        }
      >
        <p>{t('members:invitation.gone')}</p>
      </StatusPage>
    )
  }
  const { community, inviter, eventName, who, address, signInUrl } = invitation
  const offer = eventName
    ? t('members:invitation.eventOffer', { inviter, event: eventName, community })
    : t('members:invitation.offer', { inviter, community })
  return (
    <StatusPage
      title={t('members:invitation.title', { community })}
      actions={
        who === 'invitee' ? (
          <Form method="post" className="inline-actions">
            <button type="submit" name="intent" value="accept" className="button button-primary" disabled={busy}>
              {t('members:invitation.accept')}
            </button>
            <button type="submit" name="intent" value="decline" className="button" disabled={busy}>
              {t('members:invitation.decline')}
            </button>
          </Form>
        ) : (
          <Link to={signInUrl} className="button button-primary">
            {t('members:invitation.signIn')}
          </Link>
        )
      }
    >
      <p>{offer}</p>
      {who === 'invitee' ? <p>{t('members:invitation.yours', { address })}</p> : null}
      {who === 'signedOut' ? <p>{t('members:invitation.signInFirst', { address })}</p> : null}
      {who === 'otherAccount' ? <p role="alert">{t('members:invitation.otherAccount', { address })}</p> : null}
      <p className="hint">{t('members:invitation.nothingUntil')}</p>
    </StatusPage>
  )
}
