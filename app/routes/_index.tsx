import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { demoCommunityPath } from '#app/lib/communities/brands.server'

export const meta: MetaFunction = ({ matches, error }) => [
  ...pageTitle({ matches, error }, 'pages:home.tagline'),
  { name: 'description', content: 'Hearth: personal rooms, groups, events and video meetings for your community.' },
]

export async function loader({ context }: LoaderFunctionArgs) {
  return { demoUrl: await demoCommunityPath(context) }
}

export default function Home() {
  const { t } = useT()
  const { demoUrl } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="landing">
      {/* Old links were hash URLs (/#/x); this static script sends them on to /x before anything else. */}
      <script src="/hash-link.js" />
      <h1>{t('pages:home.tagline')}</h1>
      <p className="lead">{t('pages:home.intro')}</p>
      {demoUrl ? (
        <p>
          <Link to={demoUrl} className="button button-primary">
            {t('pages:home.demo')}
          </Link>
        </p>
      ) : null}
    </main>
  )
}
