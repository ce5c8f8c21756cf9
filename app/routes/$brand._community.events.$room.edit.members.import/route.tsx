import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CsvFileInput, ImportReport } from '#app/components/csv-import'
import { EventEditorFrame } from '#app/components/event-editor-frame'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { memberImportUrl, membersTabUrl } from '#app/lib/events/event-members-rules'
import { importAction, importLoader, type ImportActionData } from '#app/lib/events/event-members-routes.server'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// The registrations import and its result screen: the upload posts here, and the answer is the report, row by row.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => importLoader(args)
export const action = (args: ActionFunctionArgs) => importAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'eventMembers:import.title')
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
            <ImportReport
              headingLevel="h3"
              title={t('eventMembers:import.report.title')}
              summary={t('eventMembers:import.report.summary', {
                imported: report.imported,
                updated: report.updated,
                refused: report.refused,
              })}
              note={report.invited ? t('eventMembers:import.report.invitedNote', { count: report.invited }) : null}
              headings={{
                line: t('eventMembers:import.report.line'),
                person: t('eventMembers:import.report.person'),
                outcome: t('eventMembers:import.report.outcome'),
              }}
              refused={t('eventMembers:import.report.refused')}
              rows={report.rows.map((row) => ({
                line: row.line,
                fullName: row.fullName,
                emailAddress: row.emailAddress,
                reasons: row.reasons.map((reason) => t(reason as TranslationKey, { series: row.series ?? '' })),
                outcome:
                  row.outcome === 'refused' ? null : (
                    <>
                      <strong>{t(`eventMembers:import.report.${row.outcome}`)}</strong>
                      <div className="muted">
                        {t('eventMembers:import.report.registeredAs', {
                          status: row.status ? t(`eventMembers:status.${row.status}`) : '',
                          coHost: yesNo(row.coHost),
                        })}
                      </div>
                    </>
                  ),
              }))}
            />
          ) : null}

          <Form
            method="post"
            action={memberImportUrl(brandSlug, event.slug)}
            encType="multipart/form-data"
            className="stack card member-form"
          >
            <h3>{report ? t('eventMembers:import.another') : t('eventMembers:import.upload')}</h3>
            <CsvFileInput
              label={t('eventMembers:import.file')}
              hint={t('eventMembers:import.hint', { rows: maxRows, size: maxKilobytes })}
              problem={
                problem
                  ? t(problem, {
                      rows: maxRows,
                      size: maxKilobytes,
                      minutes: result && !result.report ? (result.minutes ?? 1) : 1,
                    })
                  : null
              }
            />
            <p className="hint">{t('eventMembers:import.columns')}</p>
            <pre className="csv-example">
              {
                'fullName,emailAddress,phoneNumber,status,coHost,eventSeries\nAda Lovelace,ada@example.com,+14155550132,approved,no,'
              }
            </pre>
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
