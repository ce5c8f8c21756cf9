import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { EventEditorFrame } from '#app/components/event-editor-frame'
import { ListingTabs } from '#app/components/listing-tabs'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import {
  REGISTRATION_ACTIONS,
  REGISTRATION_FILTERS,
  groupsUrl,
  memberImportUrl,
  membersTabUrl,
  type ExportKind,
} from '#app/lib/events/event-members-rules'
import {
  membersTabAction,
  membersTabLoader,
  type MembersTabActionData,
} from '#app/lib/events/event-members-routes.server'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'

// The editor's Members tab: the registrations with their status
// filter and tick-box actions, the CSV import's upload, and the CSV exports. Plain forms and links.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => membersTabLoader(args)
export const action = (args: ActionFunctionArgs) => membersTabAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'eventMembers:pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

const EXPORT_LABELS = {
  registrations: 'eventMembers:export.registrations',
  'pre-survey': 'eventMembers:export.preSurvey',
  'post-survey': 'eventMembers:export.postSurvey',
  participants: 'eventMembers:export.participants',
} as const satisfies Record<ExportKind, string>

export default function EventMembersTab() {
  const { t, language } = useT()
  const { brandSlug, event, refusal, registrations, filter, exports, maxRows, maxKilobytes } =
    useLoaderData<typeof loader>()
  const failed = useActionData<MembersTabActionData>()
  const busy = useNavigation().state === 'submitting'
  return (
    <EventEditorFrame brandSlug={brandSlug} event={event} refusal={refusal}>
      {event && registrations ? (
        <div className="stack event-members">
          <p className="lead">{t('eventMembers:intro')}</p>
          <section aria-labelledby="registrations-heading" className="card stack">
            <h2 id="registrations-heading">{t('eventMembers:list.title')}</h2>
            <ListingTabs
              label={t('eventMembers:filter.label')}
              tabs={REGISTRATION_FILTERS}
              current={filter}
              href={(status) => membersTabUrl(brandSlug, event.slug, status)}
              name={(status) => t(`eventMembers:filter.${status}`)}
              counts={registrations.counts}
            />
            {failed?.error ? (
              <div role="alert" className="notice notice-error">
                <p>{t(failed.error, failed.values)}</p>
              </div>
            ) : null}
            {registrations.rows.length === 0 ? (
              <p className="muted">
                {filter === 'all' ? t('eventMembers:list.empty') : t('eventMembers:list.emptyFiltered')}
              </p>
            ) : (
              <Form method="post" className="stack">
                <div className="table-scroll">
                  <table className="event-members-table">
                    <caption className="visually-hidden">
                      {t('eventMembers:list.caption', { name: event.name })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">
                          <span className="visually-hidden">{t('eventMembers:list.select')}</span>
                        </th>
                        <th scope="col">{t('eventMembers:list.name')}</th>
                        <th scope="col">{t('eventMembers:list.status')}</th>
                        <th scope="col">{t('eventMembers:list.coHost')}</th>
                        <th scope="col" className="wide-only">
                          {t('eventMembers:list.source')}
                        </th>
                        <th scope="col" className="wide-only">
                          {t('eventMembers:list.registeredAt')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {registrations.rows.map((row) => (
                        <tr key={row.id}>
                          <td>
                            <input
                              type="checkbox"
                              name="ids"
                              value={row.id}
                              id={`registration-${row.id}`}
                              aria-label={t('eventMembers:list.selectPerson', {
                                name: row.name || row.emailAddress || row.userId,
                              })}
                            />
                          </td>
                          <td>
                            <span className="member-name">{row.name || '—'}</span>
                            {row.emailAddress ? <div className="muted member-contact">{row.emailAddress}</div> : null}
                          </td>
                          <td>
                            <span className={`status-tag status-${row.status}`}>
                              {t(`eventMembers:status.${row.status}`)}
                            </span>
                          </td>
                          <td>{row.coHost ? t('eventMembers:list.yes') : t('eventMembers:list.no')}</td>
                          <td className="wide-only">{t(`eventMembers:source.${row.source}`)}</td>
                          <td className="wide-only">
                            <time dateTime={row.registeredAt}>
                              {formatDate(new Date(row.registeredAt), { language, dateOnly: true })}
                            </time>
                            {row.termsAcceptedAt ? (
                              <div className="muted member-contact">
                                {t('common:terms.acceptedOn', {
                                  date: formatDate(new Date(row.termsAcceptedAt), { language, dateOnly: true }),
                                })}
                              </div>
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <fieldset className="admin-batch">
                  <legend>{t('eventMembers:actions.label')}</legend>
                  <div className="inline-actions">
                    {REGISTRATION_ACTIONS.map((action) => (
                      <button
                        key={action}
                        type="submit"
                        name="intent"
                        value={action}
                        className={
                          action === 'approve'
                            ? 'button button-primary'
                            : action === 'remove'
                              ? 'button button-danger'
                              : 'button'
                        }
                        disabled={busy}
                      >
                        {t(`eventMembers:actions.${action}`)}
                      </button>
                    ))}
                  </div>
                </fieldset>
              </Form>
            )}
          </section>

          <section aria-labelledby="import-heading" className="card stack">
            <h2 id="import-heading">{t('eventMembers:import.title')}</h2>
            <Form
              method="post"
              action={memberImportUrl(brandSlug, event.slug)}
              encType="multipart/form-data"
              className="stack"
            >
              <div className="field">
                <label htmlFor="registrations-file">{t('eventMembers:import.file')}</label>
                <input
                  id="registrations-file"
                  name="file"
                  type="file"
                  accept=".csv,text/csv"
                  required
                  aria-describedby="registrations-file-hint"
                />
                <p id="registrations-file-hint" className="hint">
                  {t('eventMembers:import.hint', { rows: maxRows, size: maxKilobytes })}{' '}
                  {t('eventMembers:import.columns')}
                </p>
              </div>
              <div className="inline-actions">
                <button type="submit" className="button" disabled={busy}>
                  {t('eventMembers:import.submit')}
                </button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="exports-heading" className="card stack">
            <h2 id="exports-heading">{t('eventMembers:export.title')}</h2>
            <p className="hint">{t('eventMembers:export.hint')}</p>
            <ul className="event-exports">
              {exports.map(({ kind, href }) => (
                <li key={kind}>
                  {/* A plain link: the answer is a file, or this page again with "Nothing to export". */}
                  <a href={href} className="button">
                    {t('eventMembers:export.download', { what: t(EXPORT_LABELS[kind]) })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <p>
            <Link to={groupsUrl(brandSlug, event.slug)}>{t('eventMembers:groups.title')}</Link>
          </p>
        </div>
      ) : null}
    </EventEditorFrame>
  )
}
