import { Link } from '@remix-run/react'
import { useT } from '#app/lib/i18n/use-t'
import { ownRoomUrl } from '#app/lib/rooms/own-room'

type Community = {
  id: string
  slug: string
  name: string
  standing: 'owner' | 'admin' | 'user'
  rooms: Array<{ id: string; slug: string; name: string }>
}

/**
 * The user's rooms (the me screen): each community they hold a role in, their standing
 * there, and their personal rooms in it. Every choice is a plain link.
 */
export function UserCommunities({ communities, headingLevel }: { communities: Community[]; headingLevel: 2 | 3 }) {
  const { t } = useT()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className="community-list">
      {communities.map((community) => (
        <li key={community.id} className="card community-card">
          <div className="community-card-header">
            <Heading id={`community-${community.id}`}>
              <Link to={`/${community.slug}`}>{community.name}</Link>
            </Heading>
            <p className="badge">
              <span className="visually-hidden">{t('account:standing.label')}: </span>
              {t(`account:standing.${community.standing}`)}
            </p>
          </div>
          {community.rooms.length ? (
            <>
              <p className="eyebrow">{t('account:rooms.personal')}</p>
              <ul className="personal-rooms" aria-labelledby={`community-${community.id}`}>
                {community.rooms.map((room) => (
                  <li key={room.id} className="inline-actions">
                    <Link to={`/${community.slug}/${room.slug}`} className="button button-small">
                      {room.name}
                    </Link>
                    <Link to={ownRoomUrl(community.slug, room.slug)} className="personal-room-settings">
                      {t('account:rooms.settings')}
                      <span className="visually-hidden"> ({room.name})</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="muted">{t('account:rooms.noPersonalRoom')}</p>
          )}
        </li>
      ))}
    </ul>
  )
}
