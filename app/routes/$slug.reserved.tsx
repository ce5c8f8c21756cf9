import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { TakeSuggestion } from '#app/components/signup-notices'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { roomLinkStatusLoader } from '#app/lib/rooms/claim-flow.server'

/** {link}/reserved: a link kept for the product or put aside by an admin; nobody can claim it. */
export const loader = (args: LoaderFunctionArgs) => roomLinkStatusLoader(args, 'reserved')

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:reserved.title')

export default function Reserved() {
  const { t } = useT()
  const { link, suggestion } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('signup:reserved.title')}
      actions={
        <Link to="/register/room" className="button">
          {t('signup:claimed.chooseAnother')}
        </Link>
      }
    >
      <p>{t('signup:reserved.message', { link })}</p>
      <TakeSuggestion suggestion={suggestion} />
    </StatusPage>
  )
}
