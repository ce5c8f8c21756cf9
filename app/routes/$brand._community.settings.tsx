import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { pageTitle } from '#app/lib/http/meta'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { useT } from '#app/lib/i18n/use-t'
import { SETTINGS_TABS, tabUrl } from '#app/lib/settings/community-settings.server'
import { adminStyles } from '#app/styles/stylesheets'

export const links = adminStyles

// The settings panel (tabs settings, theme, install and language), inside the community
// sidebar. Each tab is a child route with its own guard; this layout only frames them.
export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'settings')
  return {
    messages: await routeMessages(args, 'settings'),
    tabs: SETTINGS_TABS.map((tab) => ({ tab, url: tabUrl(brand.slug, tab) })),
  }
}

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'settings:title')

export default function SettingsPanel() {
  const { t } = useT()
  const { tabs } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main settings-panel">
      <h1>{t('settings:title')}</h1>
      <nav aria-label={t('settings:tabs.label')} className="settings-tabs">
        <ul>
          {tabs.map(({ tab, url }) => (
            <li key={tab}>
              {/* NavLink marks the open tab with aria-current="page", on the server too. */}
              <NavLink to={url} end className="settings-tab">
                {t(`settings:tabs.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
