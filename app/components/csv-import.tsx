import type { ReactNode } from 'react'

// The two halves of a CSV import page (the upload, then a result screen),
// shared by the member import and an event's registration import: the report, one row per line of
// the file, and the file input with its limits and its refusal. Each page brings its own words.

export type ReportRow = {
  line: number
  fullName: string
  emailAddress: string
  /** What became of the line (imported, updated …), or null when it was refused. */
  outcome: ReactNode | null
  /** Why a refused line was refused, in the reader's language. */
  reasons: string[]
}

export function ImportReport({
  title,
  summary,
  note,
  headings,
  refused,
  rows,
  headingLevel: Heading,
}: {
  title: string
  summary: string
  note?: string | null
  headings: { line: string; person: string; outcome: string }
  refused: string
  rows: ReportRow[]
  headingLevel: 'h2' | 'h3'
}) {
  return (
    <section aria-labelledby="import-report" className="card import-report">
      <Heading id="import-report">{title}</Heading>
      <p role="status">{summary}</p>
      {note ? <p className="hint">{note}</p> : null}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{headings.line}</th>
              <th scope="col">{headings.person}</th>
              <th scope="col">{headings.outcome}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line} className={row.outcome === null ? 'import-refused' : 'import-ok'}>
                <td>{row.line}</td>
                <td>
                  <span className="import-name">{row.fullName || '—'}</span>
                  <br />
                  <span className="muted">{row.emailAddress || '—'}</span>
                </td>
                <td>
                  {row.outcome === null ? (
                    <>
                      <strong>{refused}</strong>
                      <ul className="import-reasons">
                        {row.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    row.outcome
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/** The file input of an import, with its limits as a hint and the refusal of the last file, if any, tied to it. */
export function CsvFileInput({ label, hint, problem }: { label: string; hint: string; problem: string | null }) {
  return (
    <div className="field">
      <label htmlFor="import-file">{label}</label>
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
        {hint}
      </p>
      {problem ? (
        <p id="import-file-error" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
