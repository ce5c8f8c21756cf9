import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { SwitchAccountPrompt } from '#app/components/switch-account-prompt'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { autoJoinLoader } from './auto-join.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => autoJoinLoader(args)
/** The "continue as …?" form posts here; the code is checked again. */
export const action = (args: ActionFunctionArgs) => autoJoinLoader(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  data?.prompt
    ? pageTitle({ matches, error }, 'auth:linksOnGet.switchTitle', { name: data.prompt.as })
    : pageTitle({ matches, error }, 'registration:autoJoin.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** A refused auto-join link, or the question before switching accounts; a good one for this browser redirects into the meeting. */
export default function AutoJoinPage() {
  const { t } = useT()
  const { prompt, reason, eventPath } = useLoaderData<typeof loader>()
  if (prompt) return <SwitchAccountPrompt {...prompt} />
  return (
    <main id="main" className="community-main registration-page">
      <h1>{t('registration:autoJoin.title')}</h1>
      <p role="alert" className="notice notice-error">
        {t(`registration:autoJoin.${reason ?? 'invalid'}`)}
      </p>
      <Link to={eventPath} className="button">
        {t('registration:autoJoin.toEvent')}
      </Link>
    </main>
  )
}
