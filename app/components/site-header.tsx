import { Link } from '@remix-run/react'
import { useT } from '#app/lib/i18n/use-t'
import { AccountMenu } from './account-menu'
import { NotificationBell } from './notification-bell'

export function SiteHeader({
  community,
  notifications = null,
}: {
  /** `logo`: the community's logo (communities/community-logo.ts), shown instead of its name. */
  community: { name: string; slug: string; logo: string | null } | null
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
        {/* The logo's alt is the name, so the link still says where it goes to a screen reader. */}
        {community?.logo ? (
          <img src={community.logo} alt={community.name} className="site-logo" />
        ) : community ? (
          community.name
        ) : (
          t('common:appName')
        )}
      </Link>
      <div className="site-header-tools">
        {community && notifications ? <NotificationBell slug={community.slug} unread={notifications.unread} /> : null}
        <nav aria-label={t('common:header.account')} className="account-area">
          <AccountMenu />
        </nav>
      </div>
    </header>
  )
}
