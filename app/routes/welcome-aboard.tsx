import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { personalRoomOf, personalRoomPath, personalRoomUrl } from '#app/lib/rooms/room-claims.server'
import { requireUser } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/** Where a claim ends: a welcome, the new room's address to share, and the way in. */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args
  const user = await requireUser({ request, context })
  const room = await personalRoomOf(user.id)
  return {
    messages: await routeMessages(args, 'signup', 'directory'),
    name: user.name ?? user.emailAddress ?? '',
    room: room ? { path: personalRoomPath(room.slug), url: personalRoomUrl(room.slug) } : null,
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'signup:welcome.title', { name: data?.name ?? '' })

export default function WelcomeAboard() {
  const { t } = useT()
  const { name, room } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('signup:welcome.title', { name })}
      actions={
        room ? (
          <>
            <Link to={room.path} className="button button-primary">
              {t('signup:welcome.enterRoom')}
            </Link>
            <Link to="/me" className="button">
              {t('signup:welcome.myRooms')}
            </Link>
          </>
        ) : (
          <Link to="/register/room" className="button button-primary">
            {t('signup:claim.title')}
          </Link>
        )
      }
    >
      {room ? (
        <>
          <p>{t('signup:welcome.message')}</p>
          <p>
            <strong>{room.url}</strong>
          </p>
          {/* The same link as a QR code, drawn by the server. */}
          <img
            src={`/resources/qr${room.path}`}
            alt={t('directory:qr.linkFor', { name: room.url })}
            width={160}
            height={160}
            className="room-qr"
          />
        </>
      ) : (
        <p>{t('signup:welcome.noRoom')}</p>
      )}
    </StatusPage>
  )
}
