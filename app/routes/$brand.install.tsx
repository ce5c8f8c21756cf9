import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { InstallInstructions } from '#app/components/install-instructions'
import { requireCommunity } from '#app/lib/http/guards.server'
import { pageTitle } from '#app/lib/http/meta'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { useT } from '#app/lib/i18n/use-t'
import { env } from '#app/lib/platform/env.server'
import { installSnippets } from '#app/lib/settings/install'

// The public install page (a public route): how to put the
// community on a website, for anyone. It shows instructions only; admins set the site in settings.
export async function loader(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  return {
    messages: await routeMessages(args, 'settings', 'directory'),
    name: brand.name,
    snippets: installSnippets(env.PUBLIC_URL, brand.slug),
  }
}

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'settings:install.title')

export default function InstallPage() {
  const { t } = useT()
  const { name, snippets } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="page install-page stack">
      <h1>{t('settings:install.title')}</h1>
      <p className="lead">{t('settings:install.publicIntro', { name })}</p>
      <InstallInstructions snippets={snippets} />
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
