import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, NavLink, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { communitiesManagedBy, requireAdminArea } from '#app/lib/admin/admin-access.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { useT } from '#app/lib/i18n/use-t'
import { adminStyles } from '#app/styles/stylesheets'

export const links = adminStyles

// The admin area's frame inside the community layout (docs/decisions/0002): the admin navigation
// of the product (Home, Users, Rooms, Directory, Settings, Manage My Site, Tags, My Communities) above
// its pages. Every page guards itself too: a layout's loader does not run for every request.
// Moderators, who do not run the community, see only the review queue's link (moderation).
export async function loader(args: LoaderFunctionArgs) {
  const { brand, user, runs, moderates } = await requireAdminArea(args)
  return {
    messages: await routeMessages(args, 'admin', 'moderation'),
    slug: brand.slug,
    runs,
    moderates,
    superUser: runs && Boolean(user?.isSuperUser),
    communities: user && runs ? await communitiesManagedBy(user.id) : [],
  }
}

export default function AdminLayout() {
  const { t } = useT()
  const { slug, runs, moderates, superUser, communities } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const base = `/${slug}/admin`
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link')
  const pages = [
    ...(runs
      ? [
          { to: base, label: t('admin:nav.home'), end: true },
          { to: `${base}/users`, label: t('admin:nav.users') },
          { to: `${base}/rooms`, label: t('admin:nav.rooms') },
          { to: `${base}/directory`, label: t('admin:nav.directory') },
          { to: `${base}/tokens`, label: t('admin:nav.tokens') },
        ]
      : []),
    ...(moderates ? [{ to: `${base}/moderation`, label: t('moderation:nav') }] : []),
  ]
  // Pages of their own elsewhere in the community (settings, the install page, tags).
  const elsewhere = runs
    ? [
        { to: `/${slug}/settings`, label: t('admin:nav.settings') },
        { to: `/${slug}/settings/install`, label: t('admin:nav.manageSite') },
        { to: `/${slug}/tags`, label: t('admin:nav.tags') },
      ]
    : []
  return (
    <main id="main" className="community-main admin-main">
      <nav aria-label={t('admin:nav.label')} className="admin-nav">
        <ul>
          {pages.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} end={page.end} className={navClass}>
                {page.label}
              </NavLink>
            </li>
          ))}
          {superUser ? (
            <li>
              <NavLink to={`${base}/product`} className={navClass}>
                {t('admin:nav.product')}
              </NavLink>
            </li>
          ) : null}
          {elsewhere.map((page) => (
            <li key={page.to}>
              <Link to={page.to} className="nav-link">
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
        {/* A <details> disclosure: it opens without JavaScript; keyed by the page, so it is closed again on the next one. */}
        {runs ? (
          <details className="admin-menu" key={pathname}>
            <summary className="nav-link">{t('admin:nav.myCommunities')}</summary>
            <ul className="admin-menu-panel">
              {communities.map((community) => (
                <li key={community.slug}>
                  <Link to={`/${community.slug}/admin`} aria-current={community.slug === slug ? 'page' : undefined}>
                    {community.name}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/communities">{t('admin:nav.allCommunities')}</Link>
              </li>
            </ul>
          </details>
        ) : null}
      </nav>
      <Outlet />
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
