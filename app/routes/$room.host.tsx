import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { hostProfile } from '#app/lib/rooms/host-profile.server'
import { accountStyles } from '#app/styles/stylesheets'

// {room}/host: the host profile of a personal room (app/lib/rooms/host-profile.server.ts).
export const links = accountStyles
export const loader = (args: LoaderFunctionArgs) => hostProfile(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'account:hostProfile.title', { name: data?.host.name ?? '' })
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function HostProfile() {
  const { t } = useT()
  const { isHost, public: seenByVisitors, room, host } = useLoaderData<typeof loader>()
  const role = [host.jobTitle, host.company].filter(Boolean).join(', ')
  return (
    <main id="main" className="page account-page">
      <div className="card stack host-profile">
        <div className="host-profile-header">
          {host.avatar ? <img src={host.avatar} alt="" width={96} height={96} className="member-avatar" /> : null}
          <div>
            <h1>{t('account:hostProfile.title', { name: host.name })}</h1>
            {role ? <p className="lead">{role}</p> : null}
            {host.location ? <p className="muted">{host.location}</p> : null}
          </div>
        </div>
        {host.about ? <p className="host-profile-about">{host.about}</p> : null}
        {host.links.length ? (
          <ul className="inline-actions" aria-label={t('account:hostProfile.links')}>
            {host.links.map((link) => (
              <li key={link.name}>
                <a href={link.url} rel="noopener noreferrer nofollow ugc">
                  {t(`account:hostProfile.${link.name}`)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="inline-actions">
          <Link to={room.path} className="button button-primary">
            {t('account:hostProfile.join', { room: room.name })}
          </Link>
          {host.calendarUrl ? (
            <a href={host.calendarUrl} rel="noopener noreferrer nofollow ugc" className="button">
              {t('account:hostProfile.schedule')}
            </a>
          ) : null}
        </div>
        {isHost ? (
          <p className="hint">
            {t(seenByVisitors ? 'account:hostProfile.ownHint' : 'account:hostProfile.privateHint')}{' '}
            <Link to="/me/settings">{t('account:hostProfile.edit')}</Link>
          </p>
        ) : null}
      </div>
    </main>
  )
}
