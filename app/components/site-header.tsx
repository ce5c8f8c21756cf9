import { Link } from '@remix-run/react'
import { useT } from '#app/lib/i18n/use-t'
import { AccountMenu } from './account-menu'
import { LanguageSwitch } from './language-switch'

export function SiteHeader({
  community,
  languageLocked,
}: {
  community: { name: string; slug: string } | null
  languageLocked: boolean
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
        {languageLocked ? null : <LanguageSwitch />}
        <nav aria-label={t('common:header.account')} className="account-area">
          <AccountMenu />
        </nav>
      </div>
    </header>
  )
}
