import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'
import { invitationsAction, invitationsLoader } from './invitations.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'members' }) }
export const loader = (args: LoaderFunctionArgs) => invitationsLoader(args)
export const action = (args: ActionFunctionArgs) => invitationsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'members:invitations.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/**
 * /{community}/members/invitations: the invitations sent to people who have an account, still
 * waiting for their answer, each of which an admin may withdraw (its link then stops working).
 */
export default function InvitationsPage() {
  const { t, language } = useT()
  const { brandSlug, invitations } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/members`}>{t('members:editor.back')}</Link>
      </p>
      <h1>{t('members:invitations.title')}</h1>
      <p className="lead">{t('members:invitations.intro')}</p>
      {failed ? (
        <p role="alert" className="notice notice-error">
          {t(failed.error)}
        </p>
      ) : null}
      {invitations.length === 0 ? (
        <p>{t('members:invitations.none')}</p>
      ) : (
        <div className="table-scroll card">
          <table className="members-table">
            <thead>
              <tr>
                <th scope="col">{t('members:invitations.person')}</th>
                <th scope="col">{t('members:invitations.sent')}</th>
                <th scope="col">{t('members:invitations.expires')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('members:invitations.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td>
                    <strong>{invitation.name || t('members:list.unnamed')}</strong>
                    <div className="muted">{invitation.emailAddress}</div>
                    <div className="muted">{t(`members:invitations.kind.${invitation.kind}`)}</div>
                  </td>
                  <td data-label={t('members:invitations.sent')}>
                    <time dateTime={invitation.sentAt}>
                      {formatDate(new Date(invitation.sentAt), { language, dateOnly: true })}
                    </time>
                    {invitation.invitedBy ? (
                      <div className="muted">{t('members:invitations.by', { name: invitation.invitedBy })}</div>
                    ) : null}
                  </td>
                  <td data-label={t('members:invitations.expires')}>
                    <time dateTime={invitation.expiresAt}>
                      {formatDate(new Date(invitation.expiresAt), { language, dateOnly: true })}
                    </time>
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="withdraw" />
                      <input type="hidden" name="invitationId" value={invitation.id} />
                      <button
                        type="submit"
                        className="button"
                        aria-label={t('members:invitations.withdrawFor', { email: invitation.emailAddress ?? '' })}
                      >
                        {t('members:invitations.withdraw')}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  )
}
