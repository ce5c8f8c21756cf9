import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { memberImportAction, memberImportLoader, type ImportActionData } from './member-import.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'members' }) }
export const loader = (args: LoaderFunctionArgs) => memberImportLoader(args)
export const action = (args: ActionFunctionArgs) => memberImportAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'members:import.title')
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
        <section aria-labelledby="import-report" className="card import-report">
          <h2 id="import-report">{t('members:import.report.title')}</h2>
          <p role="status">{t('members:import.report.summary', { imported: report.imported, refused: report.refused })}</p>
          {report.imported ? <p className="hint">{t('members:import.report.pending')}</p> : null}
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('members:import.report.line')}</th>
                  <th scope="col">{t('members:import.report.person')}</th>
                  <th scope="col">{t('members:import.report.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.line} className={row.imported ? 'import-ok' : 'import-refused'}>
                    <td>{row.line}</td>
                    <td>
                      <span className="import-name">{row.fullName || '—'}</span>
                      <br />
                      <span className="muted">{row.emailAddress || '—'}</span>
                    </td>
                    <td>
                      {row.imported ? (
                        <strong>{t('members:import.report.imported')}</strong>
                      ) : (
                        <>
                          <strong>{t('members:import.report.refused')}</strong>
                          <ul className="import-reasons">
                            {row.reasons.map((reason) => (
                              <li key={reason}>{t(reason as TranslationKey, { roles: row.roleLabel ?? '' })}</li>
                            ))}
                          </ul>
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

      <Form method="post" encType="multipart/form-data" className="stack card member-form">
        <h2>{report ? t('members:import.another') : t('members:import.upload')}</h2>
        <div className="field">
          <label htmlFor="import-file">{t('members:import.file')}</label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={result?.problem ? true : undefined}
            aria-describedby={result?.problem ? 'import-file-error import-file-hint' : 'import-file-hint'}
          />
          <p id="import-file-hint" className="hint">
            {t('members:import.hint', { rows: maxRows, size: maxKilobytes })}
          </p>
          {result?.problem ? (
            <p id="import-file-error" className="field-error" role="alert">
              {t(result.problem, { rows: maxRows, size: maxKilobytes })}
            </p>
          ) : null}
        </div>
        <p className="hint">{t('members:import.columns')}</p>
        <pre className="csv-example">fullName,emailAddress,phoneNumber,roles{'\n'}Ada Lovelace,ada@example.com,+14155550132,community-member</pre>
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('members:import.submit')}
          </button>
        </div>
      </Form>
    </main>
  )
}
