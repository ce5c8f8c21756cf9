import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { TakeSuggestion } from '#app/components/signup-notices'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { roomLinkStatusLoader } from '#app/lib/rooms/claim-flow.server'

/** {link}/claimed: somebody owns this personal room; its owner can sign in, anyone else takes another link. */
export const loader = (args: LoaderFunctionArgs) => roomLinkStatusLoader(args, 'claimed')

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:claimed.title')

export default function Claimed() {
  const { t } = useT()
  const { link, path, suggestion } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('signup:claimed.title')}
      actions={
        <>
          <Link to={`/sign-in?redirectTo=${encodeURIComponent(path)}`} className="button button-primary">
            {t('signup:claimed.signIn')}
          </Link>
          <Link to="/register/room" className="button">
            {t('signup:claimed.chooseAnother')}
          </Link>
        </>
      }
    >
      <p>{t('signup:claimed.message', { link })}</p>
      <TakeSuggestion suggestion={suggestion} />
    </StatusPage>
  )
}
