import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { FollowRoomButton, PersonActionForm } from '#app/components/connect-button'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { contactsUrl, personUrl } from '#app/lib/connections/connection-rules'
import { contactsLoader } from '#app/lib/connections/contacts-page.server'
import type { Person } from '#app/lib/connections/contacts.server'
import { personAction, type PersonActionData } from '#app/lib/connections/person-action.server'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// A flat route (not a folder) because the drawer pages are imported by this path; its logic lives
// in app/lib/connections/ (contacts-page.server.ts, person-action.server.ts).
export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'contacts' }) }
export const loader = (args: LoaderFunctionArgs) => contactsLoader(args)
export const action = (args: ActionFunctionArgs) => personAction(args, (slug) => `/${slug}/contacts`)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'common:nav.contacts')

export default function ContactsDrawer() {
  const { t } = useT()
  const { home, contacts, requests, followers, rooms, blocks } = useLoaderData<typeof loader>()
  const refused = useActionData<PersonActionData>()
  const slug = home.community.slug
  const from = contacts.total === 0 ? 0 : contacts.page * contacts.perPage + 1
  const to = Math.min((contacts.page + 1) * contacts.perPage, contacts.total)
  const place = { query: contacts.query, favorites: contacts.favorites }
  return (
    <CommunityDrawerPage view="contacts" home={home}>
      <div className="stack contacts-drawer">
        {refused ? (
          <div role="alert" className="notice notice-error">
            <p>{t(refused.error)}</p>
          </div>
        ) : null}

        {requests.incoming.length > 0 ? (
          <section aria-labelledby="contacts-incoming">
            <h2 id="contacts-incoming">{t('connections:requests.incoming')}</h2>
            <ul className="contact-list">
              {requests.incoming.map((person) => (
                <li key={person.userId}>
                  <PersonName slug={slug} person={person} />
                  <span className="inline-actions">
                    <PersonActionForm userId={person.userId} intent="accept" name={person.name} primary />
                    <PersonActionForm userId={person.userId} intent="reject" name={person.name} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="contacts-heading">
          <h2 id="contacts-heading">{t('connections:list.heading')}</h2>
          <form method="get" role="search" className="members-search">
            {contacts.favorites ? <input type="hidden" name="favorites" value="1" /> : null}
            <label htmlFor="contacts-q">{t('connections:list.search')}</label>
            <div className="members-search-row">
              <input
                id="contacts-q"
                type="search"
                name="q"
                defaultValue={contacts.query}
                maxLength={100}
                autoComplete="off"
              />
              <button type="submit" className="button">
                {t('connections:list.searchButton')}
              </button>
            </div>
          </form>
          <nav aria-label={t('connections:list.filterLabel')} className="inline-actions">
            <Link
              to={contactsUrl(slug, { query: contacts.query })}
              className={contacts.favorites ? 'nav-link' : 'nav-link active'}
              aria-current={contacts.favorites ? undefined : 'page'}
            >
              {t('connections:list.all')}
            </Link>
            <Link
              to={contactsUrl(slug, { query: contacts.query, favorites: true })}
              className={contacts.favorites ? 'nav-link active' : 'nav-link'}
              aria-current={contacts.favorites ? 'page' : undefined}
            >
              {t('connections:list.favorites')}
            </Link>
            {contacts.query ? (
              <Link to={contactsUrl(slug, { favorites: contacts.favorites })} className="nav-link">
                {t('connections:list.clearSearch')}
              </Link>
            ) : null}
          </nav>

          {contacts.total === 0 ? (
            <p className="muted">
              {contacts.query
                ? t('connections:list.noMatches', { query: contacts.query })
                : t('connections:list.empty')}
            </p>
          ) : (
            <>
              <p className="muted" aria-live="polite">
                {t('connections:list.showing', {
                  from,
                  to,
                  total: contacts.total,
                })}
              </p>
              <ul className="contact-list" aria-label={t('connections:list.heading')}>
                {contacts.rows.map((contact) => (
                  <li key={contact.userId}>
                    <PersonName slug={slug} person={contact} />
                    {contact.favorite ? <span className="badge">★ {t('connections:list.favorite')}</span> : null}
                    <span className="inline-actions">
                      <PersonActionForm
                        userId={contact.userId}
                        intent={contact.favorite ? 'unfavorite' : 'favorite'}
                        name={contact.name}
                      />
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {contacts.pages > 1 ? (
            <nav aria-label={t('connections:list.pagination')} className="pagination">
              {contacts.page > 0 ? (
                <Link
                  to={contactsUrl(slug, { ...place, page: contacts.page - 1 })}
                  rel="prev"
                  className="button button-small"
                >
                  {t('connections:list.previous')}
                </Link>
              ) : null}
              <p aria-current="page">
                {t('connections:list.pageOf', {
                  page: contacts.page + 1,
                  pages: contacts.pages,
                })}
              </p>
              {contacts.page + 1 < contacts.pages ? (
                <Link
                  to={contactsUrl(slug, { ...place, page: contacts.page + 1 })}
                  rel="next"
                  className="button button-small"
                >
                  {t('connections:list.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
          <p className="muted">{t('connections:list.followers', { count: followers })}</p>
          <p>
            <Link to={`/${slug}/members`}>{t('connections:list.findPeople')}</Link>
          </p>
        </section>

        <PeopleSection
          id="contacts-outgoing"
          title={t('connections:requests.outgoing')}
          people={requests.outgoing}
          slug={slug}
          intent="withdraw"
        />
        <PeopleSection
          id="contacts-declined"
          title={t('connections:requests.declined')}
          people={requests.declined}
          slug={slug}
        />

        {rooms.length > 0 ? (
          <section aria-labelledby="contacts-rooms">
            <h2 id="contacts-rooms">{t('connections:rooms.heading')}</h2>
            <ul className="contact-list">
              {rooms.map((room) => (
                <li key={room.slug}>
                  <Link to={`/${slug}/${room.slug}`}>{room.name}</Link>
                  <FollowRoomButton slug={slug} roomSlug={room.slug} following name={room.name} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <PeopleSection
          id="contacts-blocked"
          title={t('connections:blocks.blocked')}
          people={blocks.blocked}
          slug={slug}
          intent="unblock"
        />
        <PeopleSection
          id="contacts-muted"
          title={t('connections:blocks.muted')}
          people={blocks.muted}
          slug={slug}
          intent="unmute"
        />
      </div>
    </CommunityDrawerPage>
  )
}

function PersonName({ slug, person }: { slug: string; person: Person }) {
  return (
    <Link to={personUrl(slug, person.userId)} className="contact-name">
      {person.name}
    </Link>
  )
}

/** A titled list of people with one button each (or none), left out when empty. */
function PeopleSection({
  id,
  title,
  people,
  slug,
  intent,
}: {
  id: string
  title: string
  people: Person[]
  slug: string
  intent?: 'withdraw' | 'unblock' | 'unmute'
}) {
  if (people.length === 0) return null
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="contact-list">
        {people.map((person) => (
          <li key={person.userId}>
            <PersonName slug={slug} person={person} />
            {intent ? <PersonActionForm userId={person.userId} intent={intent} name={person.name} /> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
