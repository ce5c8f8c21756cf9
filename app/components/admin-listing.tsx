import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Paging } from '#app/lib/admin/listing'
import { useT } from '#app/lib/i18n/use-t'

/** An admin list's search box: a GET form, so the search is in the address and works without JavaScript. */
export function AdminSearch({ label, query, children }: { label: string; query: string; children?: ReactNode }) {
  const { t } = useT()
  return (
    <Form method="get" className="admin-search" role="search">
      <div className="field">
        <label htmlFor="admin-search-q">{label}</label>
        <input id="admin-search-q" type="search" name="q" defaultValue={query} maxLength={100} />
      </div>
      {children}
      <button type="submit" className="button">
        {t('admin:search.button')}
      </button>
    </Form>
  )
}

/** Previous and next page links, when there is more than one page. */
export function AdminPaging({ paging }: { paging: Paging }) {
  const { t } = useT()
  if (paging.pages <= 1) return null
  return (
    <nav aria-label={t('admin:paging.label')} className="pagination">
      {paging.previousUrl ? (
        <Link to={paging.previousUrl} rel="prev" className="button button-small">
          {t('admin:paging.previous')}
        </Link>
      ) : null}
      <p aria-current="page">{t('admin:paging.pageOf', { page: paging.page, pages: paging.pages })}</p>
      {paging.nextUrl ? (
        <Link to={paging.nextUrl} rel="next" className="button button-small">
          {t('admin:paging.next')}
        </Link>
      ) : null}
    </nav>
  )
}
