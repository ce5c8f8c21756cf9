import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AdminPaging } from '#app/components/admin-listing'
import { requireAdmin } from '#app/lib/admin/admin-access.server'
import { communitySummary, installCommunities } from '#app/lib/admin/admin-summary.server'
import { PEOPLE_STATUSES, ROOM_STATUSES } from '#app/lib/admin/summary'
import { listingParams, paging } from '#app/lib/admin/listing'
import { heldCount } from '#app/lib/moderation/review-queue.server'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'admin:home.title')

export async function loader(args: LoaderFunctionArgs) {
  const { brand, user, permissions } = await requireAdmin(args)
  const url = new URL(args.request.url)
  const { page } = listingParams(url)
  // Every community of the install is for super users only (admin summary's brands).
  const install = user?.isSuperUser ? await installCommunities(page) : null
  return {
    name: brand.name,
    summary: await communitySummary(brand.id),
    // Posts waiting in the review queue, for those who clear it.
    held: permissions.has('moderate-community-posts') ? await heldCount(brand.id) : null,
    install: install ? { communities: install.communities, paging: paging(url, page, install.total) } : null,
  }
}

export default function AdminHome() {
  const { t } = useT()
  const { name, summary, held, install } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>{t('admin:home.title')}</h1>
      <p className="lead">{t('admin:home.intro', { name })}</p>
      <div className="admin-summary">
        <section className="card" aria-labelledby="summary-people">
          <h2 id="summary-people">{t('admin:home.people')}</h2>
          <dl className="admin-counts">
            {[...PEOPLE_STATUSES, 'total' as const].map((status) => (
              <div key={status}>
                <dt>{t(`admin:peopleStatus.${status}`)}</dt>
                <dd>{summary.people[status]}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card" aria-labelledby="summary-rooms">
          <h2 id="summary-rooms">{t('admin:home.rooms')}</h2>
          <dl className="admin-counts">
            {[...ROOM_STATUSES, 'total' as const].map((status) => (
              <div key={status}>
                <dt>{t(`admin:roomStatus.${status}`)}</dt>
                <dd>{summary.rooms[status]}</dd>
              </div>
            ))}
          </dl>
        </section>
        {held !== null ? (
          <section className="card" aria-labelledby="summary-moderation">
            <h2 id="summary-moderation">{t('moderation:summary.title')}</h2>
            <p>{t('moderation:summary.held', { count: held })}</p>
            <p>
              <Link to="moderation">{t('moderation:summary.open')}</Link>
            </p>
          </section>
        ) : null}
      </div>

      {install ? (
        <section aria-labelledby="install-communities" className="admin-section">
          <h2 id="install-communities">{t('admin:home.communities')}</h2>
          <p className="hint">{t('admin:home.communitiesIntro')}</p>
          <div className="table-scroll" role="region" aria-labelledby="install-communities" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('admin:home.columns.name')}</th>
                  <th scope="col">{t('admin:home.columns.slug')}</th>
                  <th scope="col" className="numeric">
                    {t('admin:home.columns.users')}
                  </th>
                  <th scope="col" className="numeric">
                    {t('admin:home.columns.rooms')}
                  </th>
                  <th scope="col">{t('admin:home.columns.admin')}</th>
                </tr>
              </thead>
              <tbody>
                {install.communities.map((community) => (
                  <tr key={community.id}>
                    <td>
                      <Link to={`/${community.slug}`}>{community.name}</Link>
                    </td>
                    <td>/{community.slug}</td>
                    <td className="numeric">{community.userCount}</td>
                    <td className="numeric">{community.roomCount}</td>
                    <td>
                      <Link to={`/${community.slug}/admin`}>{t('admin:home.openAdmin', { name: community.name })}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPaging paging={install.paging} />
        </section>
      ) : null}
    </>
  )
}
