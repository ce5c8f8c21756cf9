import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EventTime } from '#app/components/event-time'
import { PostFeed } from '#app/components/post-feed'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { editorUrl, eventsUrl } from '#app/lib/events/event-rules'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { eventPageLoader } from './event-page.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventPageLoader(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  data
    ? pageTitle({ matches, error }, 'events:page.title', { name: data.event.name })
    : pageTitle({ matches, error }, 'events:title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventPage() {
  const { t } = useT()
  const { brandSlug, event, joinUrl, mayManage, refusedMeeting, registration, feed, origin, hostsPostOnly } =
    useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main event-page">
      <p className="breadcrumb">
        <Link to={eventsUrl(brandSlug)}>{t('events:page.back')}</Link>
      </p>
      {event.bannerImage ? <img src={event.bannerImage} alt="" className="event-banner" /> : null}
      <h1>{event.name}</h1>
      <dl className="event-facts">
        <dt>{t('events:page.when')}</dt>
        <dd>
          {event.startsAt ? <EventTime iso={event.startsAt} timeZone={event.timeZone} /> : t('events:list.unscheduled')}
          <br />
          <span className="muted">{t('events:page.plannedIn', { zone: event.timeZone })}</span>
        </dd>
        <dt>{t('events:page.privacy')}</dt>
        <dd>{t(`events:privacy.${event.privacy}`)}</dd>
        <dt>{t('events:page.type')}</dt>
        <dd>{t(`events:eventTypes.${event.eventType}`)}</dd>
      </dl>
      {event.description ? <p className="event-description">{event.description}</p> : null}

      {event.slots.length ? (
        <section aria-labelledby="event-slots-heading">
          <h2 id="event-slots-heading">{t('events:slots.title')}</h2>
          <ol className="event-slots">
            {event.slots.map((slot) => (
              <li key={slot.id}>
                {slot.name}{' '}
                <span className="muted">
                  {t('events:page.slotLength', {
                    minutes: slot.minutes,
                    seconds: String(slot.seconds).padStart(2, '0'),
                  })}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {registration ? (
        <section aria-labelledby="event-registration-heading" className="event-registration">
          <h2 id="event-registration-heading">{t('registration:status.register')}</h2>
          {registration.status ? <p role="status">{t(`registration:status.${registration.status}`)}</p> : null}
          {registration.closed && !(registration.status && registration.closed === 'full') ? (
            <p className="muted">{t(`registration:status.${registration.closed}`)}</p>
          ) : (
            <>
              {registration.cutoff ? (
                <p className="muted">
                  {t('registration:status.closesAt')} <EventTime iso={registration.cutoff} timeZone={event.timeZone} />
                </p>
              ) : null}
              <Link to={registration.url} className={registration.status ? 'button' : 'button button-primary'}>
                {t(registration.status ? 'registration:status.changeAnswers' : 'registration:status.register')}
              </Link>
            </>
          )}
        </section>
      ) : null}

      <div className="inline-actions event-actions">
        {joinUrl ? (
          <Link to={joinUrl} className="button button-primary" reloadDocument>
            {t('events:page.join')}
          </Link>
        ) : event.ended ? (
          <p className="muted">{t('events:page.ended')}</p>
        ) : refusedMeeting ? (
          <p className="muted">{t('events:page.notAdmitted')}</p>
        ) : null}
        {mayManage ? (
          <Link to={editorUrl(brandSlug, event.slug, 'details')} className="button">
            {t('events:page.edit')}
          </Link>
        ) : null}
      </div>

      {feed ? (
        <PostFeed
          brandSlug={brandSlug}
          feed={feed}
          origin={origin}
          composeElsewhere
          postingNote={hostsPostOnly ? t('events:page.hostsPostOnly') : undefined}
        />
      ) : null}
    </main>
  )
}
