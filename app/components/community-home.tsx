import { Link } from '@remix-run/react'
import { PostFeed } from '#app/components/post-feed'
import type { CommunityHomeData } from '#app/lib/communities/community-home.server'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'

/** The community home: its hub and announcements, groups, and the right drawer (members, upcoming events). */
export function CommunityHomeView({ data }: { data: CommunityHomeData }) {
  const { t, language } = useT()
  const { community, hub, announcements, groups, events, memberCount, feed } = data
  const roomUrl = (slug: string) => `/${community.slug}/${slug}`
  return (
    <>
      <main id="main" className="community-main">
        <h1>{t('pages:community.welcome', { name: community.name })}</h1>
        <div className="card-grid">
          {[
            { room: hub, label: t('pages:community.hub') },
            { room: announcements, label: t('pages:community.announcements') },
          ].map(({ room, label }) =>
            room ? (
              <section key={room.id} className="card" aria-labelledby={`room-${room.id}`}>
                <p className="eyebrow">{label}</p>
                <h2 id={`room-${room.id}`}>{room.name}</h2>
                {room.description ? <p>{room.description}</p> : null}
                <Link to={roomUrl(room.slug)} className="button button-primary">
                  {t('pages:community.enterRoom', { name: room.name })}
                </Link>
              </section>
            ) : null,
          )}
        </div>

        <section aria-labelledby="groups-heading">
          <h2 id="groups-heading">{t('pages:community.groups')}</h2>
          {groups.length === 0 ? (
            <p>{t('pages:community.noGroups')}</p>
          ) : (
            <ul className="room-list">
              {groups.map((group) => (
                <li key={group.id} className="card">
                  <Link to={roomUrl(group.slug)}>{group.name}</Link>
                  {group.description ? <p>{group.description}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        {feed ? <PostFeed brandSlug={community.slug} feed={feed.view} origin={feed.origin} /> : null}
      </main>

      <aside className="right-drawer" aria-labelledby="about-heading">
        <h2 id="about-heading">{t('pages:community.about')}</h2>
        <p>{t('pages:community.members', { count: memberCount })}</p>
        {community.trialEndsAt ? (
          <p>
            {t('pages:community.trialEnds', {
              date: formatDate(new Date(community.trialEndsAt), { language, dateOnly: true }),
            })}
          </p>
        ) : null}
        <h3>{t('pages:community.upcomingEvents')}</h3>
        {events.length === 0 ? (
          <p>{t('pages:community.noEvents')}</p>
        ) : (
          <ul className="event-list">
            {events.map((event) => (
              <li key={event.id}>
                <Link to={`/${community.slug}/events/${event.slug}`}>{event.name}</Link>
                <br />
                <time dateTime={event.startsAt}>
                  {t('pages:community.startsAt', {
                    date: formatDate(new Date(event.startsAt), { language, timeZone: event.timeZone ?? undefined }),
                  })}
                </time>
              </li>
            ))}
          </ul>
        )}
      </aside>
    </>
  )
}
