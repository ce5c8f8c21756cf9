import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, redirect, useRouteLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from './components/error-boundary'
import { FlashMessage } from './components/flash-message'
import { SiteFooter } from './components/site-footer'
import { BusyIndicator } from './components/busy-indicator'
import { SiteHeader } from './components/site-header'
import { checkBrowser } from './lib/http/browser-support.server'
import { shellMessagesFor, translatorFor } from './lib/i18n/i18n.server'
import { pageCommunity, pageLanguage } from './lib/i18n/page-language.server'
import { viewer } from './lib/http/session.server'
import { takeFlash } from './lib/http/flash.server'
import { communityPermissions } from './lib/http/guards.server'
import { unreadNotificationCount } from './lib/notifications/notifications.server'
import { pageTitle } from './lib/http/meta'
import { useNonce } from './lib/platform/nonce'
import { useRouteChangeReports } from './lib/embedding/route-change'
import { brandThemeInput, themeStyle } from './lib/communities/theme'
import { communityLogo } from './lib/communities/community-logo'
import { publishedSignupPath } from './lib/identity/published-signup'
import { refreshmeRedirect } from './lib/identity/link-sign-in.server'
import { baseStyles } from './styles/stylesheets'

export const links: LinksFunction = () => [
  ...baseStyles(),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** The title of a page the root's error boundary shows; every route's own meta names its pages. */
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  error ? pageTitle({ matches, error }, 'common:errors.generic.title') : [{ title: 'Hearth' }]

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (url.pathname !== '/unsupported-device' && !checkBrowser(request.headers.get('user-agent')).supported) {
    throw redirect('/unsupported-device')
  }
  const refresh = refreshmeRedirect(url)
  if (refresh) throw redirect(refresh)
  const brand = await pageCommunity({ params, context })
  const { accounts, user } = await viewer(request, context)
  const [language, { flash, headers }, permissions] = await Promise.all([
    pageLanguage({ request, params, context }),
    takeFlash(request),
    brand && user ? communityPermissions({ request, context }, brand) : null,
  ])
  // The header's bell, for the community's members: their unread notifications here.
  const notifications =
    brand && user && permissions?.has('access-community')
      ? { unread: await unreadNotificationCount(user.id, brand.id) }
      : null
  return data(
    {
      community: brand ? { name: brand.name, slug: brand.slug, logo: communityLogo(brand) } : null,
      notifications,
      account: {
        current: accounts.find((account) => account.userId === user?.id) ?? null,
        others: accounts.filter((account) => account.userId !== user?.id),
        // The account menu's "Manage community", for those who may run this one; a moderator's is the review queue.
        manageUrl: !brand
          ? null
          : permissions?.has('manage-community')
            ? `/${brand.slug}/admin`
            : permissions?.has('moderate-community-posts')
              ? `/${brand.slug}/admin/moderation`
              : null,
        // Signed out: where to sign up here. A community's published sign-up link (none where it keeps the link to
        // those it hands it to), or, outside any community, creating one or claiming a room.
        signUpUrl: user ? null : brand ? publishedSignupPath(brand) : '/register',
      },
      // Translated here: the message may come from a namespace this page does not carry.
      flash: flash ? { kind: flash.kind, text: translatorFor(language)(flash.message, flash.values) } : null,
      // A community's own language wins over every visitor's choice, so the switch has nothing to do there.
      languageLocked: Boolean(brand?.communityLanguage),
      language,
      messages: shellMessagesFor(language),
      // The chosen theme (named or custom), its flat and bordered flags and background, on the first paint.
      theme: themeStyle(brandThemeInput(brand)),
    },
    { headers },
  )
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  return (
    <html lang={root?.language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {root ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: root.theme }} /> : null}
      </head>
      <body>
        {root ? <SiteHeader community={root.community} notifications={root.notifications} /> : null}
        {root ? <BusyIndicator /> : null}
        {root?.flash ? <FlashMessage flash={root.flash} /> : null}
        {children}
        {root ? <SiteFooter languageLocked={root.languageLocked} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // Inside an embedding frame, every route change tells the embedding page where it is.
  useRouteChangeReports()
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
