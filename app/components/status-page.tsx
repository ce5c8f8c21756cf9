import type { ReactNode } from 'react'

/** The body of the status and end pages: a heading, a message, and what to do next. */
export function StatusPage({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <main id="main" className="status-page">
      <div className="card status-card">
        <h1>{title}</h1>
        {children}
        {actions ? <div className="status-actions">{actions}</div> : null}
      </div>
    </main>
  )
}
