import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CsvFileInput, ImportReport } from '#app/components/csv-import'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { memberImportAction, memberImportLoader, type ImportActionData } from './member-import.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'members' }) }
export const loader = (args: LoaderFunctionArgs) => memberImportLoader(args)
export const action = (args: ActionFunctionArgs) => memberImportAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'members:import.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function MemberImport() {
  const { t } = useT()
  const { brandSlug, maxRows, maxKilobytes } = useLoaderData<typeof loader>()
  const result = useActionData<ImportActionData>()
  const busy = useNavigation().state === 'submitting'
  const report = result?.report ?? null
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/members`}>{t('members:editor.back')}</Link>
      </p>
      <h1>{t('members:import.title')}</h1>
      <p className="lead">{t('members:import.intro')}</p>

      {report ? (
        <ImportReport
          headingLevel="h2"
          title={t('members:import.report.title')}
          summary={t('members:import.report.summary', { imported: report.imported, refused: report.refused })}
          note={
            [
              report.imported ? t('members:import.report.pending') : '',
              report.invited ? t('members:import.report.invitedNote', { count: report.invited }) : '',
            ]
              .filter(Boolean)
              .join(' ') || null
          }
          headings={{
            line: t('members:import.report.line'),
            person: t('members:import.report.person'),
            outcome: t('members:import.report.outcome'),
          }}
          refused={t('members:import.report.refused')}
          rows={report.rows.map((row) => ({
            line: row.line,
            fullName: row.fullName,
            emailAddress: row.emailAddress,
            reasons: row.reasons.map((reason) => t(reason as TranslationKey, { roles: row.roleLabel ?? '' })),
            outcome: row.imported ? (
              <strong>{t('members:import.report.imported')}</strong>
            ) : row.invited ? (
              <strong>{t('members:import.report.invited')}</strong>
            ) : null,
          }))}
        />
      ) : null}

      <Form method="post" encType="multipart/form-data" className="stack card member-form">
        <h2>{report ? t('members:import.another') : t('members:import.upload')}</h2>
        <CsvFileInput
          label={t('members:import.file')}
          hint={t('members:import.hint', { rows: maxRows, size: maxKilobytes })}
          problem={result?.problem ? t(result.problem, { rows: maxRows, size: maxKilobytes }) : null}
        />
        <p className="hint">{t('members:import.columns')}</p>
        <pre className="csv-example">
          fullName,emailAddress,phoneNumber,roles{'\n'}Ada Lovelace,ada@example.com,+14155550132,community-member
        </pre>
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('members:import.submit')}
          </button>
        </div>
      </Form>
    </main>
  )
}
