import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { useT } from '#app/lib/i18n/use-t'

/** How long the page shows before it goes on: long enough to read, short enough not to wait for. */
const WAIT_SECONDS = 1

/**
 * /wait?redirectTo={path}: the spec's loader page, for a link that should show "one moment" before landing (a
 * client's hand-over, docs/api.md#links-into-hearth). It goes on to `redirectTo` (a path of this site; home
 * otherwise) by itself, with or without JavaScript (a meta refresh), and offers the link for a browser that does not.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const target = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/')
  return data({ target }, { headers: { 'Cache-Control': 'no-store' } })
}

export const meta: MetaFunction<typeof loader> = ({ matches, error, data: page }) => [
  ...pageTitle({ matches, error }, 'pages:wait.title'),
  { httpEquiv: 'refresh', content: `${WAIT_SECONDS};url=${page?.target ?? '/'}` },
]

export default function Wait() {
  const { target } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <StatusPage
      title={t('pages:wait.title')}
      actions={
        <Link to={target} className="button button-primary">
          {t('pages:wait.continue')}
        </Link>
      }
    >
      <p role="status">{t('pages:wait.message')}</p>
    </StatusPage>
  )
}
