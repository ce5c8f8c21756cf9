import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ListingTabs } from '#app/components/listing-tabs'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { GROUP_BULK_ACTIONS, PER_PAGE_CHOICES, groupsUrl } from '#app/lib/groups/group-rules'
import type { GroupRow } from '#app/lib/groups/groups.server'
import { groupsAction, groupsLoader, type GroupsActionData } from './groups.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'groups' }) }
export const loader = (args: LoaderFunctionArgs) => groupsLoader(args)
export const action = (args: ActionFunctionArgs) => groupsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'groups:title.page')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function GroupsPage() {
  const { t } = useT()
  const { community, tabs, listing, may } = useLoaderData<typeof loader>()
  const failed = useActionData<GroupsActionData>()
  const busy = useNavigation().state === 'submitting'
  const place = { tab: listing.tab, perPage: listing.perPage }
  const from = listing.total === 0 ? 0 : (listing.page - 1) * listing.perPage + 1
  const to = Math.min(listing.page * listing.perPage, listing.total)
  const ticked = new Set(failed?.ids ?? [])
  return (
    <main id="main" className="community-main members-page">
      <div className="members-header">
        <h1>{t('groups:title.page')}</h1>
        {may.create ? (
          <div className="inline-actions">
            <Link to={`/${community.slug}/groups/new`} className="button button-primary">
              {t('groups:actions.create')}
            </Link>
          </div>
        ) : null}
      </div>

      <ListingTabs
        label={t('groups:tabs.label')}
        tabs={tabs}
        current={listing.tab}
        href={(tab) => groupsUrl(community.slug, { tab, perPage: listing.perPage })}
        name={(tab) => t(`groups:tabs.${tab}`)}
        counts={listing.counts}
      />

      {/* The page size is a plain GET form: it works without JavaScript, and keeps the tab. */}
      <form method="get" className="members-search groups-per-page">
        {listing.tab !== 'all' ? <input type="hidden" name="tab" value={listing.tab} /> : null}
        <div className="members-search-row">
          <label htmlFor="groups-per-page">{t('groups:list.perPage')}</label>
          <select id="groups-per-page" name="perPage" defaultValue={String(listing.perPage)}>
            {PER_PAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            {t('groups:list.show')}
          </button>
        </div>
      </form>

      {failed ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error)}</p>
        </div>
      ) : null}

      {listing.total === 0 ? (
        <p className="muted">{t(listing.tab === 'mine' ? 'groups:list.emptyMine' : 'groups:list.empty')}</p>
      ) : (
        <Form method="post" className="stack">
          <p className="muted" aria-live="polite">
            {t('groups:list.showing', { from, to, total: listing.total })}
          </p>
          <div className="table-scroll">
            <table className="members-table">
              <caption className="visually-hidden">
                {t('groups:list.caption', { tab: t(`groups:tabs.${listing.tab}`) })}
              </caption>
              <thead>
                <tr>
                  {may.moderate ? (
                    <th scope="col" className="select-column">
                      <span className="visually-hidden">{t('groups:list.columns.select')}</span>
                    </th>
                  ) : null}
                  <th scope="col">{t('groups:list.columns.group')}</th>
                  <th scope="col">{t('groups:list.columns.type')}</th>
                  <th scope="col">{t('groups:list.columns.members')}</th>
                  <th scope="col">{t('groups:list.columns.status')}</th>
                  <th scope="col">{t('groups:list.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {listing.rows.map((row) => (
                  <GroupRowView
                    key={row.id}
                    row={row}
                    slug={community.slug}
                    select={may.moderate}
                    ticked={ticked.has(row.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {may.moderate ? (
            <fieldset className="admin-batch">
              <legend>{t('groups:bulk.legend')}</legend>
              <div className="inline-actions">
                {GROUP_BULK_ACTIONS.map((action) => (
                  <button
                    key={action}
                    type="submit"
                    name="intent"
                    value={action}
                    className={action === 'remove' ? 'button button-danger' : 'button'}
                    disabled={busy}
                  >
                    {t(`groups:bulk.${action}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : null}
        </Form>
      )}

      {listing.pages > 1 ? (
        <nav aria-label={t('groups:list.pagination')} className="pagination">
          {listing.page > 1 ? (
            <Link
              to={groupsUrl(community.slug, { ...place, page: listing.page - 1 })}
              rel="prev"
              className="button button-small"
            >
              {t('groups:list.previous')}
            </Link>
          ) : null}
          <p aria-current="page">{t('groups:list.pageOf', { page: listing.page, pages: listing.pages })}</p>
          {listing.page < listing.pages ? (
            <Link
              to={groupsUrl(community.slug, { ...place, page: listing.page + 1 })}
              rel="next"
              className="button button-small"
            >
              {t('groups:list.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  )
}

function GroupRowView({
  row,
  slug,
  select,
  ticked,
}: {
  row: GroupRow
  slug: string
  select: boolean
  ticked: boolean
}) {
  const { t } = useT()
  return (
    <tr>
      {select ? (
        <td className="select-column">
          <input
            type="checkbox"
            name="ids"
            value={row.id}
            defaultChecked={ticked}
            aria-label={t('groups:list.select', { name: row.name })}
          />
        </td>
      ) : null}
      <td>
        <div className="member-cell">
          {row.bannerImage ? <img src={row.bannerImage} alt="" width={72} height={24} className="group-thumb" /> : null}
          <div>
            {row.enter ? (
              <Link to={`/${slug}/${row.slug}`} className="member-name">
                {row.name}
              </Link>
            ) : (
              <span className="member-name">{row.name}</span>
            )}
            {row.description ? <div className="muted member-contact">{row.description}</div> : null}
            {row.tags.length ? (
              <ul className="group-tags" aria-label={t('groups:tags.listLabel')}>
                {row.tags.map((label) => (
                  <li key={label} className="badge">
                    {label}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      </td>
      <td data-label={t('groups:list.columns.type')}>{t(`groups:labels.${row.label}`)}</td>
      <td data-label={t('groups:list.columns.members')}>{row.memberCount}</td>
      <td data-label={t('groups:list.columns.status')}>
        <span className={`status-tag status-${row.status}`}>{t(`groups:status.${row.status}`)}</span>
        {row.standing !== 'none' ? (
          <div className="muted member-contact">{t(`groups:standing.${row.standing}`)}</div>
        ) : null}
      </td>
      <td>
        <div className="member-actions">
          {row.enter ? (
            <Link to={`/${slug}/${row.slug}`} className="button button-small button-primary">
              {t('groups:actions.enter')}
              <span className="visually-hidden"> {row.name}</span>
            </Link>
          ) : null}
          {row.requested ? (
            <span className="muted">{t('groups:list.requested')}</span>
          ) : row.join ? (
            <Link to={`/${slug}/join/${row.slug}`} className="button button-small">
              {t('groups:actions.join')}
              <span className="visually-hidden"> {row.name}</span>
            </Link>
          ) : null}
          {row.manage ? (
            <Link to={`/${slug}/groups/${row.slug}`} className="button button-small">
              {t('groups:actions.manage')}
              <span className="visually-hidden"> {row.name}</span>
            </Link>
          ) : null}
        </div>
      </td>
    </tr>
  )
}
