import { useLocation, useRouteLoaderData } from '@remix-run/react'
import type { DirectoryPlacement } from '#app/lib/directory/directory'
import type { DirectoryRoom } from '#app/lib/directory/directory.server'
import { useT } from '#app/lib/i18n/use-t'

type DirectoryData = {
  community: { slug: string; name: string; logo: string | null }
  rooms: DirectoryRoom[]
  signupPath: string | null
  placement: DirectoryPlacement
}

/** The directory layout's data (app/routes/directory.$brand), for its pages. */
export function useDirectory(): DirectoryData {
  return useRouteLoaderData('routes/directory.$brand') as DirectoryData
}

/**
 * The address of a directory page with the current query kept (an embedding frame's embeddable
 * flag). Framed pages link with plain anchors, a whole page each: in another site's frame the
 * browser may refuse the session storage Remix's client-side navigation needs.
 */
export function useDirectoryPath() {
  const { community } = useDirectory()
  const { search } = useLocation()
  return (page: 'launcher' | 'listing' | 'page' | 'widget') => `/directory/${community.slug}/${page}${search}`
}

/**
 * The rooms of a directory, pinned first. Inside a frame (`framed`) a room opens in a new tab: the
 * site that frames the directory is not always allowed to frame the room itself.
 */
export function DirectoryRoomList({ framed, withQr = false }: { framed: boolean; withQr?: boolean }) {
  const { t } = useT()
  const { community, rooms, signupPath } = useDirectory()
  const target = framed ? { target: '_blank', rel: 'noopener' } : {}
  return (
    <>
      {rooms.length === 0 ? (
        <p className="muted">{t('directory:empty')}</p>
      ) : (
        <ul className="directory-rooms" aria-label={t('directory:rooms')}>
          {rooms.map((room) => (
            <li key={room.slug} className="card directory-room">
              <div className="directory-room-name">
                <a href={`/${community.slug}/${room.slug}`} {...target}>
                  {room.name}
                </a>
                <p className="muted">
                  {t(`directory:kinds.${room.context}`)}
                  {room.pinned ? ` · ${t('directory:pinned')}` : ''}
                </p>
                {room.description ? <p>{room.description}</p> : null}
              </div>
              {room.meet ? (
                <a
                  href={`/${community.slug}/${room.slug}`}
                  className="button button-small button-primary"
                  aria-label={t('directory:meetWith', { name: room.name })}
                  {...target}
                >
                  {t('directory:meet')}
                </a>
              ) : null}
              {withQr ? (
                <a
                  href={`/resources/qr/${community.slug}/${room.slug}`}
                  className="button button-small"
                  aria-label={t('directory:qr.linkFor', { name: room.name })}
                  {...target}
                >
                  {t('directory:qr.link')}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {signupPath ? (
        <p>
          <a href={signupPath} className="button button-primary" {...target}>
            {t('directory:join', { name: community.name })}
          </a>
        </p>
      ) : null}
    </>
  )
}
