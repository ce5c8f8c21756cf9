import { Form, Link, useLocation, useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '#app/root'
import { useT } from '#app/lib/i18n/use-t'

/**
 * The account switcher: who is signed in, the other signed-in accounts, and sign in (with sign up beside it),
 * sign out, settings, my rooms, manage community, use a different account. A <details> element,
 * so it opens without JavaScript; every action is a plain form.
 */
export function AccountMenu() {
  const { t } = useT()
  const data = useRouteLoaderData<typeof rootLoader>('root')
  const location = useLocation()
  const here = location.pathname + location.search
  const account = data?.account
  if (!account?.current) {
    return (
      <div className="account-entry">
        <Link to={`/sign-in?redirectTo=${encodeURIComponent(here)}`} className="button button-primary button-small">
          {t('common:header.signIn')}
        </Link>
        {account?.signUpUrl ? (
          <Link to={account.signUpUrl} className="button button-small">
            {t('common:header.signUp')}
          </Link>
        ) : null}
      </div>
    )
  }
  const { current, others, manageUrl } = account
  const label = current.name ?? current.emailAddress ?? current.phoneNumber ?? ''
  return (
    <details className="account-menu">
      {/* The accessible name starts with the visible name (WCAG label in name), then says what it opens. */}
      <summary className="button button-small" aria-label={t('common:accountMenu.summary', { name: label })}>
        {label}
      </summary>
      <div className="account-menu-panel">
        <p className="menu-caption">{t('common:accountMenu.signedInAs', { name: label })}</p>
        <Link to="/me" className="menu-item">
          {t('common:accountMenu.myRooms')}
        </Link>
        <Link to="/me/settings" className="menu-item">
          {t('common:accountMenu.settings')}
        </Link>
        {manageUrl ? (
          <Link to={manageUrl} className="menu-item">
            {t('common:accountMenu.manageCommunity')}
          </Link>
        ) : null}
        <hr />
        {others.map((other) => (
          <Form method="post" action="/resources/account" key={other.userId}>
            <input type="hidden" name="userId" value={other.userId} />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" name="intent" value="switch" className="menu-item">
              {t('common:accountMenu.switchTo', { name: other.name ?? other.emailAddress ?? other.phoneNumber ?? '' })}
            </button>
          </Form>
        ))}
        <Link to={`/sign-in?redirectTo=${encodeURIComponent(here)}`} className="menu-item">
          {t('common:accountMenu.addAccount')}
        </Link>
        <Form method="post" action="/resources/account">
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" name="intent" value="use-different" className="menu-item">
            {t('common:accountMenu.useDifferent')}
          </button>
          <button type="submit" name="intent" value="sign-out" className="menu-item">
            {t('common:accountMenu.signOut')}
          </button>
        </Form>
      </div>
    </details>
  )
}
