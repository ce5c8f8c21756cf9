import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { EventEditorFrame } from '#app/components/event-editor-frame'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { memberImportUrl, membersTabUrl } from '#app/lib/events/event-members-rules'
import { importAction, importLoader, type ImportActionData } from '#app/lib/events/event-members-routes.server'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// The registrations import and its result screen (spec §2 "CSV user import … with an upload
// result screen"): the upload posts here, and the answer is the report, row by row.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => importLoader(args)
export const action = (args: ActionFunctionArgs) => importAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'eventMembers:import.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function RegistrationImport() {
  const { t } = useT()
  const { brandSlug, event, refusal, maxRows, maxKilobytes } = useLoaderData<typeof loader>()
  const result = useActionData<ImportActionData>()
  const busy = useNavigation().state === 'submitting'
  const report = result?.report ?? null
  const problem = result && !result.report ? result.problem : null
  const yesNo = (value: boolean | undefined) => (value ? t('eventMembers:list.yes') : t('eventMembers:list.no'))
  return (
    <EventEditorFrame brandSlug={brandSlug} event={event} refusal={refusal} current="members">
      {event ? (
        <div className="stack event-members">
          <p className="breadcrumb">
            <Link to={membersTabUrl(brandSlug, event.slug)}>{t('eventMembers:import.back')}</Link>
          </p>
          <h2>{t('eventMembers:import.title')}</h2>
          <p className="lead">{t('eventMembers:import.intro')}</p>
          {report ? (
            <section aria-labelledby="import-report" className="card import-report">
              <h3 id="import-report">{t('eventMembers:import.report.title')}</h3>
              <p role="status">{t('eventMembers:import.report.summary', { imported: report.imported, updated: report.updated, refused: report.refused })}</p>
              <div className="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('eventMembers:import.report.line')}</th>
                      <th scope="col">{t('eventMembers:import.report.person')}</th>
                      <th scope="col">{t('eventMembers:import.report.outcome')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.rows.map((row) => (
                      <tr key={row.line} className={row.outcome === 'refused' ? 'import-refused' : 'import-ok'}>
                        <td>{row.line}</td>
                        <td>
                          <span className="import-name">{row.fullName || '—'}</span>
                          <br />
                          <span className="muted">{row.emailAddress || '—'}</span>
                        </td>
                        <td>
                          {row.outcome === 'refused' ? (
                            <>
                              <strong>{t('eventMembers:import.report.refused')}</strong>
                              <ul className="import-reasons">
                                {row.reasons.map((reason) => (
                                  <li key={reason}>{t(reason as TranslationKey, { series: row.series ?? '' })}</li>
                                ))}
                              </ul>
                            </>
                          ) : (
                            <>
                              <strong>{t(`eventMembers:import.report.${row.outcome}`)}</strong>
                              <div className="muted">
                                {t('eventMembers:import.report.registeredAs', { status: row.status ? t(`eventMembers:status.${row.status}`) : '', coHost: yesNo(row.coHost) })}
                              </div>
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}

          <Form method="post" action={memberImportUrl(brandSlug, event.slug)} encType="multipart/form-data" className="stack card member-form">
            <h3>{report ? t('eventMembers:import.another') : t('eventMembers:import.upload')}</h3>
            <div className="field">
              <label htmlFor="import-file">{t('eventMembers:import.file')}</label>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".csv,text/csv"
                required
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'import-file-error import-file-hint' : 'import-file-hint'}
              />
              <p id="import-file-hint" className="hint">
                {t('eventMembers:import.hint', { rows: maxRows, size: maxKilobytes })}
              </p>
              {problem ? (
                <p id="import-file-error" className="field-error" role="alert">
                  {t(problem, { rows: maxRows, size: maxKilobytes, minutes: result && !result.report ? (result.minutes ?? 1) : 1 })}
                </p>
              ) : null}
            </div>
            <p className="hint">{t('eventMembers:import.columns')}</p>
            <pre className="csv-example">{'fullName,emailAddress,phoneNumber,status,coHost,eventSeries\nAda Lovelace,ada@example.com,+14155550132,approved,no,'}</pre>
            <div className="inline-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {t('eventMembers:import.submit')}
              </button>
            </div>
          </Form>
        </div>
      ) : null}
    </EventEditorFrame>
  )
}
