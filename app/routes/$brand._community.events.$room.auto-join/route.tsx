import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { AutoJoinRefusal } from '#app/lib/events/auto-join.server'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { autoJoinLoader } from './auto-join.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => autoJoinLoader(args)
export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'registration:autoJoin.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** What a refused auto-join link shows; a good one never renders (it redirects into the meeting). */
export default function AutoJoinRefused() {
  const { t } = useT()
  const { reason, eventPath } = useLoaderData<{ reason: AutoJoinRefusal; eventPath: string }>()
  return (
    <main id="main" className="community-main registration-page">
      <h1>{t('registration:autoJoin.title')}</h1>
      <p role="alert" className="notice notice-error">
        {t(`registration:autoJoin.${reason}`)}
      </p>
      <Link to={eventPath} className="button">
        {t('registration:autoJoin.toEvent')}
      </Link>
    </main>
  )
}
