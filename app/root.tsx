import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, redirect, useRouteLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from './components/error-boundary'
import { SiteHeader } from './components/site-header'
import { checkBrowser } from './lib/browser-support.server'
import { findBrand } from './lib/brands.server'
import { clientMessagesFor, resolveLanguage } from './lib/i18n.server'
import { logger } from './lib/logger.server'
import { viewer } from './lib/session.server'
import { useNonce } from './lib/nonce'
import { themeStyle } from './lib/theme'
import stylesheet from './styles/app.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (url.pathname !== '/unsupported-device' && !checkBrowser(request.headers.get('user-agent')).supported) {
    throw redirect('/unsupported-device')
  }
  // The shell must render even when the community cannot be read: the page's own loader reports that.
  const brand = await findBrand(context, params.brand).catch((error: unknown) => {
    logger.error({ err: error }, 'community lookup failed')
    return null
  })
  const { user, accounts } = await viewer(request, context)
  const language = await resolveLanguage(request, {
    communityLanguage: brand?.communityLanguage,
    preferredLanguage: user?.preferredLanguage,
  })
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
    messages: clientMessagesFor(language),
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
