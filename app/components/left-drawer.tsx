import { Link } from '@remix-run/react'
import type { DrawerView } from '#app/lib/communities/navigation'
import { useT } from '#app/lib/i18n/use-t'

/**
 * The left drawer over the community home (calls, contacts and messages "open the left drawer
 * on that view and return to the community home"). A server-rendered page of its own, so it opens
 * and closes with plain links; its contents arrive with messages, connections and calls.
 */
export function LeftDrawer({
  view,
  communitySlug,
  children,
}: {
  view: DrawerView
  communitySlug: string
  children: React.ReactNode
}) {
  const { t } = useT()
  return (
    <aside className="left-drawer" aria-labelledby="left-drawer-heading">
      <header className="left-drawer-header">
        <h1 id="left-drawer-heading">{t(`common:nav.${view}`)}</h1>
        <Link to={`/${communitySlug}`} className="button">
          {t('community:drawer.close')}
        </Link>
      </header>
      {children}
    </aside>
  )
}
