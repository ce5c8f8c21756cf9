import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminPaging, AdminSearch } from '#app/components/admin-listing'
import { ADMIN_ROOM_STATUSES } from '#app/lib/admin/admin.schema'
import { formatDate } from '#app/lib/i18n/dates'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { roomsAction, roomsLoader, type RoomsActionData } from './rooms.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'admin:rooms.title')
export const loader = (args: LoaderFunctionArgs) => roomsLoader(args)
export const action = (args: ActionFunctionArgs) => roomsAction(args)

const CONTEXTS = ['personal', 'group', 'event'] as const

export default function AdminRooms() {
  const { t } = useT()
  const { slug, tab, query, filters, queued, paging } = useLoaderData<typeof loader>()
  const base = `/${slug}/admin/rooms`
  return (
    <>
      <h1>{t('admin:rooms.title')}</h1>
      <p className="lead">{t('admin:rooms.intro')}</p>
      <nav aria-label={t('admin:rooms.tabs.label')} className="admin-tabs">
        <Link
          to={base}
          aria-current={tab === 'all' ? 'page' : undefined}
          className={tab === 'all' ? 'tab active' : 'tab'}
        >
          {t('admin:rooms.tabs.all')}
        </Link>
        <Link
          to={`${base}?tab=queue`}
          aria-current={tab === 'queue' ? 'page' : undefined}
          className={tab === 'queue' ? 'tab active' : 'tab'}
        >
          {t('admin:rooms.tabs.queue', { count: queued })}
        </Link>
      </nav>
      {tab === 'queue' ? (
        <ReviewQueue />
      ) : (
        <>
          <AdminSearch label={t('admin:rooms.searchLabel')} query={query}>
            <div className="field">
              <label htmlFor="rooms-status">{t('admin:rooms.statusFilter')}</label>
              <select id="rooms-status" name="status" defaultValue={filters.status ?? ''}>
                <option value="">{t('admin:rooms.anyStatus')}</option>
                {ADMIN_ROOM_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`admin:roomStatus.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="rooms-context">{t('admin:rooms.contextFilter')}</label>
              <select id="rooms-context" name="context" defaultValue={filters.context ?? ''}>
                <option value="">{t('admin:rooms.anyContext')}</option>
                {CONTEXTS.map((context) => (
                  <option key={context} value={context}>
                    {t(`admin:contexts.${context}`)}
                  </option>
                ))}
              </select>
            </div>
          </AdminSearch>
          <BatchForm />
        </>
      )}
      <AdminPaging paging={paging} />
    </>
  )
}

/** The refused form's messages, when this form was the one sent. */
function useRefusal(intent: RoomsActionData['intent']) {
  const refused = useActionData<RoomsActionData>()
  return refused?.intent === intent ? refused : null
}

function Errors({ errors }: { errors: readonly string[] }) {
  const { t } = useT()
  if (!errors.length) return null
  return (
    <div role="alert" className="notice notice-error" id="rooms-errors">
      {errors.map((error) => (
        <p key={error}>{t(error as never)}</p>
      ))}
    </div>
  )
}

/** Every room on the page with a box to tick, and one change for all the ticked ones (no JavaScript needed). */
function BatchForm() {
  const { t } = useT()
  const { rooms, paging, slug } = useLoaderData<typeof loader>()
  const refused = useRefusal('batch')
  const busy = useNavigation().state === 'submitting'
  const chosen = new Set(refused?.values.ids ?? [])
  if (rooms.length === 0) return <p>{t('admin:rooms.none')}</p>
  return (
    <Form method="post" className="stack" aria-describedby={refused ? 'rooms-errors' : undefined}>
      <input type="hidden" name="intent" value="batch" />
      <Errors errors={refused?.errors ?? []} />
      <p className="muted">{t('admin:rooms.total', { count: paging.total })}</p>
      <div className="table-scroll" role="region" aria-label={t('admin:rooms.title')} tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col" className="select-column">
                <span className="visually-hidden">{t('admin:rooms.columns.select')}</span>
              </th>
              <th scope="col">{t('admin:rooms.columns.name')}</th>
              <th scope="col">{t('admin:rooms.columns.kind')}</th>
              <th scope="col" className="wide-only">
                {t('admin:rooms.columns.host')}
              </th>
              <th scope="col">{t('admin:rooms.columns.status')}</th>
              <th scope="col">{t('admin:rooms.columns.verified')}</th>
            </tr>
          </thead>
          <tbody>
            {rooms.map((room) => {
              const name = room.name || room.slug
              return (
                <tr key={room.id}>
                  <td className="select-column">
                    <input
                      type="checkbox"
                      name="ids"
                      value={room.id}
                      id={`room-${room.id}`}
                      defaultChecked={chosen.has(room.id)}
                      aria-label={t('admin:rooms.select', { name })}
                    />
                  </td>
                  <td>
                    <Link to={`/${slug}/${room.slug}`}>{name}</Link>
                    {room.protected ? <p className="hint">{t('admin:rooms.protected')}</p> : null}
                  </td>
                  <td>{t(`admin:contexts.${room.context}`)}</td>
                  <td className="wide-only">{room.hostName}</td>
                  <td>
                    <span className={`status-tag status-${room.status}`}>{t(`admin:roomStatus.${room.status}`)}</span>
                  </td>
                  <td>{room.verified ? t('admin:rooms.verifiedYes') : t('admin:rooms.verifiedNo')}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <fieldset className="admin-batch">
        <legend>{t('admin:rooms.batch.legend')}</legend>
        <div className="field">
          <label htmlFor="batch-status">{t('admin:rooms.batch.status')}</label>
          <select id="batch-status" name="status" defaultValue={refused?.values.status ?? ''}>
            <option value="">{t('admin:rooms.batch.keep')}</option>
            {ADMIN_ROOM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin:roomStatus.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="batch-verified">{t('admin:rooms.batch.verified')}</label>
          <select id="batch-verified" name="verified" defaultValue={refused?.values.verified ?? ''}>
            <option value="">{t('admin:rooms.batch.keep')}</option>
            <option value="yes">{t('admin:rooms.verifiedYes')}</option>
            <option value="no">{t('admin:rooms.verifiedNo')}</option>
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('admin:rooms.batch.apply')}
        </button>
      </fieldset>
    </Form>
  )
}

/** Rooms waiting in status pending, each with approve (active) and reject (deleted). */
function ReviewQueue() {
  const { t, language } = useT()
  const { rooms, slug } = useLoaderData<typeof loader>()
  const refused = useRefusal('review')
  const busy = useNavigation().state === 'submitting'
  return (
    <section aria-labelledby="queue-heading" className="admin-section">
      <h2 id="queue-heading" className="visually-hidden">
        {t('admin:rooms.tabs.queue', { count: rooms.length })}
      </h2>
      <p className="hint">{t('admin:rooms.queue.intro')}</p>
      <Errors errors={refused?.errors ?? []} />
      {rooms.length === 0 ? (
        <p>{t('admin:rooms.queue.empty')}</p>
      ) : (
        <ul className="admin-queue">
          {rooms.map((room) => {
            const name = room.name || room.slug
            return (
              <li key={room.id} className="card">
                <div>
                  <h3>{name}</h3>
                  <p className="muted">
                    {t(`admin:contexts.${room.context}`)} · /{slug}/{room.slug}
                    {room.hostName ? ` · ${room.hostName}` : ''} · {t('admin:rooms.queue.created')}{' '}
                    <time dateTime={room.createdAt}>{formatDate(new Date(room.createdAt), { language })}</time>
                  </p>
                </div>
                <Form
                  method="post"
                  className="inline-actions"
                  aria-label={`${t('admin:rooms.queue.actions')}: ${name}`}
                >
                  <input type="hidden" name="intent" value="review" />
                  <input type="hidden" name="ids" value={room.id} />
                  <button
                    type="submit"
                    name="status"
                    value="active"
                    className="button button-primary button-small"
                    disabled={busy}
                  >
                    {t('admin:rooms.queue.approve')}
                  </button>
                  <button type="submit" name="status" value="deleted" className="button button-small" disabled={busy}>
                    {t('admin:rooms.queue.reject')}
                  </button>
                </Form>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
