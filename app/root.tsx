import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, redirect, useRouteLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from './components/error-boundary'
import { SiteHeader } from './components/site-header'
import { checkBrowser } from './lib/browser-support.server'
import { shellMessagesFor } from './lib/i18n.server'
import { pageCommunity, pageLanguage } from './lib/page-language.server'
import { viewer } from './lib/session.server'
import { pageTitle } from './lib/meta'
import { useNonce } from './lib/nonce'
import { themeStyle } from './lib/theme'
import stylesheet from './styles/app.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** The title of a page the root's error boundary shows; every route's own meta names its pages. */
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => (error ? pageTitle({ matches, error }, 'common:errors.generic.title') : [{ title: 'Hearth' }])

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (url.pathname !== '/unsupported-device' && !checkBrowser(request.headers.get('user-agent')).supported) {
    throw redirect('/unsupported-device')
  }
  const brand = await pageCommunity({ params, context })
  const { accounts, user } = await viewer(request, context)
  const language = await pageLanguage({ request, params, context })
  return {
    community: brand ? { name: brand.name, slug: brand.slug } : null,
    account: {
      current: accounts.find((account) => account.userId === user?.id) ?? null,
      others: accounts.filter((account) => account.userId !== user?.id),
      manageUrl: null as string | null,
    },
    // A community's own language wins over every visitor's choice, so the switch has nothing to do there.
    languageLocked: Boolean(brand?.communityLanguage),
    language,
    messages: shellMessagesFor(language),
    theme: themeStyle({ colors: brand?.themeColors, fontBase: brand?.fontBase, fontTitle: brand?.fontTitle }),
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  return (
    <html lang={data?.language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: data.theme }} /> : null}
      </head>
      <body>
        {data ? <SiteHeader community={data.community} languageLocked={data.languageLocked} /> : null}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
