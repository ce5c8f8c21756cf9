import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { roomThankYou } from '#app/lib/rooms/room-thank-you.server'
import { useT } from '#app/lib/i18n/use-t'

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return roomThankYou(request, context, params.room)
}

export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'pages:roomThankYou.title', { room: data?.name ?? '' })

export default function RoomThankYou() {
  const { t } = useT()
  const { name, rejoinUrl } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('pages:roomThankYou.title', { room: name })}
      actions={
        <>
          {rejoinUrl ? (
            <Link to={rejoinUrl} className="button button-primary">
              {t('pages:roomThankYou.rejoin', { room: name })}
            </Link>
          ) : null}
          <Link to="/" className="button">
            {t('common:actions.goHome')}
          </Link>
        </>
      }
    >
      <p>{t('pages:roomThankYou.message')}</p>
    </StatusPage>
  )
}
