import { Link } from '@remix-run/react'
import { useT } from '#app/lib/i18n/use-t'
import { AccountMenu } from './account-menu'
import { LanguageSwitch } from './language-switch'
import { NotificationBell } from './notification-bell'

export function SiteHeader({
  community,
  languageLocked,
  notifications = null,
}: {
  community: { name: string; slug: string } | null
  languageLocked: boolean
  /** The member's unread notifications in this community; null when the bell is not theirs to see. */
  notifications?: { unread: number } | null
}) {
  const { t } = useT()
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <Link to={community ? `/${community.slug}` : '/'} className="site-title">
        {community ? community.name : t('common:appName')}
      </Link>
      <div className="site-header-tools">
        {community && notifications ? <NotificationBell slug={community.slug} unread={notifications.unread} /> : null}
        {languageLocked ? null : <LanguageSwitch />}
        <nav aria-label={t('common:header.account')} className="account-area">
          <AccountMenu />
        </nav>
      </div>
    </header>
  )
}
