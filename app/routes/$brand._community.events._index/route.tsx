import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { EventTime } from '#app/components/event-time'
import { ListingTabs } from '#app/components/listing-tabs'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { EVENT_LIST_TABS, editorUrl, eventUrl, eventsUrl } from '#app/lib/events/event-rules'
import type { EventRow } from '#app/lib/events/events.server'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { eventsAction, eventsLoader, type EventsActionData } from './events.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventsLoader(args)
export const action = (args: ActionFunctionArgs) => eventsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'events:title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventsPage() {
  const { t } = useT()
  const { brandSlug, listing, personalCalendar } = useLoaderData<typeof loader>()
  const failed = useActionData<EventsActionData>()
  const tabs = EVENT_LIST_TABS.filter((tab) => tab !== 'archived' || listing.mayManage)
  return (
    <main id="main" className="community-main members-page events-page">
      <div className="members-header">
        <h1>{t('events:title')}</h1>
        <div className="inline-actions">
          {personalCalendar ? (
            <Link to={personalCalendar} className="button">
              {t('events:calendar.personal')}
            </Link>
          ) : null}
          {listing.mayManage ? (
            <Link to={`/${brandSlug}/events/new`} className="button button-primary">
              {t('events:actions.new')}
            </Link>
          ) : null}
        </div>
      </div>

      {failed ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error)}</p>
        </div>
      ) : null}

      <ListingTabs
        label={t('events:tabs.label')}
        tabs={tabs}
        current={listing.tab}
        href={(tab) => eventsUrl(brandSlug, tab)}
        name={(tab) => t(`events:tabs.${tab}`)}
        counts={listing.counts}
      />

      {listing.rows.length === 0 ? (
        <p className="muted">{t(`events:list.empty.${listing.tab}`)}</p>
      ) : (
        <div className="table-scroll">
          <table className="members-table events-table">
            <caption className="visually-hidden">
              {t('events:list.caption', { tab: t(`events:tabs.${listing.tab}`) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('events:list.columns.name')}</th>
                <th scope="col">{t('events:list.columns.when')}</th>
                <th scope="col">{t('events:list.columns.privacy')}</th>
                {listing.mayManage ? <th scope="col">{t('events:list.columns.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {listing.rows.map((row) => (
                <EventRowView key={row.id} row={row} brandSlug={brandSlug} mayManage={listing.mayManage} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  )
}

function EventRowView({ row, brandSlug, mayManage }: { row: EventRow; brandSlug: string; mayManage: boolean }) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const archived = row.tab === 'archived'
  return (
    <tr>
      <td>
        {archived ? (
          <span className="member-name">{row.name}</span>
        ) : (
          <Link to={eventUrl(brandSlug, row.slug)} className="member-name">
            {row.name}
          </Link>
        )}
      </td>
      <td data-label={t('events:list.columns.when')}>
        {row.startsAt ? (
          <EventTime iso={row.startsAt} timeZone={row.timeZone} />
        ) : (
          <span className="muted">{t('events:list.unscheduled')}</span>
        )}
      </td>
      <td data-label={t('events:list.columns.privacy')}>{t(`events:privacy.${row.privacy}`)}</td>
      {mayManage ? (
        <td>
          <div className="member-actions">
            <Link to={editorUrl(brandSlug, row.slug, 'details')} className="button button-small">
              {t('events:actions.edit')}
              <span className="visually-hidden"> {row.name}</span>
            </Link>
            <Form method="post">
              <input type="hidden" name="roomId" value={row.id} />
              <button
                type="submit"
                name="intent"
                value={archived ? 'restore' : 'archive'}
                className="button button-small"
                disabled={busy}
              >
                {t(archived ? 'events:actions.restore' : 'events:actions.archive')}
                <span className="visually-hidden"> {row.name}</span>
              </button>
            </Form>
          </div>
        </td>
      ) : null}
    </tr>
  )
}
