import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AdminPaging, AdminSearch } from '#app/components/admin-listing'
import { requireAdmin } from '#app/lib/admin/admin-access.server'
import { listPeople } from '#app/lib/admin/admin-people.server'
import { listingParams, paging } from '#app/lib/admin/listing'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'admin:users.title')

export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireAdmin(args)
  const url = new URL(args.request.url)
  const { query, page } = listingParams(url)
  const { people, total } = await listPeople(brand.id, { query, page })
  return { slug: brand.slug, query, people, paging: paging(url, page, total) }
}

/** "community-owner" → the role's name in the admin texts. */
const roleKey = (slug: string) => `admin:roles.${slug.replace(/^community-/, '')}` as TranslationKey

export default function AdminUsers() {
  const { t } = useT()
  const { slug, query, people, paging } = useLoaderData<typeof loader>()
  return (
    <>
      <div className="admin-heading">
        <h1>{t('admin:users.title')}</h1>
        <Link to={`/${slug}/members`} className="button">
          {t('admin:users.membersPage')}
        </Link>
      </div>
      <p className="lead">{t('admin:users.intro')}</p>
      <AdminSearch label={t('admin:users.searchLabel')} query={query} />
      <p className="muted">{t('admin:users.total', { count: paging.total })}</p>
      {people.length === 0 ? (
        <p>{t('admin:users.none')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={t('admin:users.title')} tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin:users.columns.name')}</th>
                <th scope="col">{t('admin:users.columns.email')}</th>
                <th scope="col">{t('admin:users.columns.status')}</th>
                <th scope="col">{t('admin:users.columns.roles')}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.userId}>
                  <td>
                    <Link to={`/${slug}/members/${person.userId}`}>{person.name || t('admin:users.noName')}</Link>
                  </td>
                  <td className="admin-email">{person.emailAddress}</td>
                  <td>
                    <span className={`status-tag status-${person.status}`}>
                      {t(`admin:peopleStatus.${person.status}`)}
                    </span>
                  </td>
                  <td>{person.roles.map((role) => t(roleKey(role))).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPaging paging={paging} />
    </>
  )
}
