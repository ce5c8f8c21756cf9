import type { ReactNode } from 'react'

/**
 * A secret the server shows once (an API token, a calendar feed's address): a notice holding it in a read-only
 * field to copy, with what to do with it.
 */
export function ShownOnce({
  id,
  title,
  value,
  children,
}: {
  id: string
  title: string
  value: string
  children: ReactNode
}) {
  return (
    <section role="status" className="card notice notice-success stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <input type="text" readOnly value={value} aria-labelledby={id} className="token-secret" spellCheck={false} />
      {children}
    </section>
  )
}
