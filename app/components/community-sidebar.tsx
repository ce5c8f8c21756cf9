import { Link } from '@remix-run/react'
import { SIDEBAR_ITEMS, type SidebarItem } from '#app/lib/communities/navigation'
import { useT } from '#app/lib/i18n/use-t'

/** The community's left navigation; on narrow screens a scrolling row above the page (CSS only). */
export function CommunitySidebar({
  brandSlug,
  current,
  unread = null,
}: {
  brandSlug: string
  current: SidebarItem | null
  unread?: number | null
}) {
  const { t } = useT()
  const href = (path: string) =>
    path.startsWith('?') ? `/${brandSlug}${path}` : `/${brandSlug}${path ? `/${path}` : ''}`
  return (
    <nav aria-label={t('common:nav.label')} className="community-sidebar">
      <ul>
        {SIDEBAR_ITEMS.map((item) => (
          <li key={item.id}>
            <Link
              to={href(item.path)}
              className={item.id === current ? 'nav-link active' : 'nav-link'}
              aria-current={item.id === current ? 'page' : undefined}
            >
              {t(`common:nav.${item.id}`)}
              {item.id === 'messages' && unread ? (
                <span className="nav-badge">
                  <span aria-hidden="true">{unread}</span>
                  <span className="visually-hidden">{t('common:nav.unread', { count: unread })}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
