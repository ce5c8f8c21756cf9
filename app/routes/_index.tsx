import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { demoCommunityPath } from '#app/lib/communities/brands.server'
import { viewer } from '#app/lib/http/session.server'

export const meta: MetaFunction = ({ matches, error }) => [
  ...pageTitle({ matches, error }, 'pages:home.tagline'),
  { name: 'description', content: 'Hearth: personal rooms, groups, events and video meetings for your community.' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await viewer(request, context)
  return { demoUrl: await demoCommunityPath(context), signedIn: Boolean(user) }
}

/** The three ways in, each a card with where it leads. */
const WAYS_IN = [
  { key: 'create', to: '/register' },
  { key: 'claim', to: '/register/room' },
  { key: 'signIn', to: '/sign-in' },
] as const

export default function Home() {
  const { t } = useT()
  const { demoUrl, signedIn } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="landing">
      {/* Old links were hash URLs (/#/x); this static script sends them on to /x before anything else. */}
      <script src="/hash-link.js" />
      <h1>{t('pages:home.tagline')}</h1>
      <p className="lead">{t('pages:home.intro')}</p>
      <section aria-labelledby="ways-in-heading" className="stack">
        <h2 id="ways-in-heading">{t('pages:home.waysIn')}</h2>
        <ul className="ways-in">
          {WAYS_IN.map(({ key, to }) =>
            // Someone signed in goes to their own home instead of signing in again.
            key === 'signIn' && signedIn ? (
              <li key={key} className="card stack">
                <h3>{t('pages:home.ways.home.title')}</h3>
                <p>{t('pages:home.ways.home.text')}</p>
                <Link to="/me" className="button">
                  {t('pages:home.ways.home.action')}
                </Link>
              </li>
            ) : (
              <li key={key} className="card stack">
                <h3>{t(`pages:home.ways.${key}.title`)}</h3>
                <p>{t(`pages:home.ways.${key}.text`)}</p>
                <Link to={to} className={key === 'create' ? 'button button-primary' : 'button'}>
                  {t(`pages:home.ways.${key}.action`)}
                </Link>
              </li>
            ),
          )}
        </ul>
      </section>
      {demoUrl ? (
        <p>
          <Link to={demoUrl} className="button">
            {t('pages:home.demo')}
          </Link>
        </p>
      ) : null}
    </main>
  )
}
