import { Link } from '@remix-run/react'
import { SIDEBAR_ITEMS, type SidebarItem } from '#app/lib/communities/navigation'
import { useT } from '#app/lib/i18n/use-t'

/** The community's left navigation; on narrow screens a scrolling row above the page (CSS only). */
export function CommunitySidebar({ brandSlug, current }: { brandSlug: string; current: SidebarItem | null }) {
  const { t } = useT()
  const href = (path: string) => (path.startsWith('?') ? `/${brandSlug}${path}` : `/${brandSlug}${path ? `/${path}` : ''}`)
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
              </Link>
            </li>
          ))}
        </ul>
    </nav>
  )
}
