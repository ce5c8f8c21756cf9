import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ListingTabs } from '#app/components/listing-tabs'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'
import { expiryOf, tagsUrl } from '#app/lib/tags/tag-rules'
import type { TagRow } from '#app/lib/tags/tags.server'
import { tagsAction, tagsLoader, type TagsActionData } from './tags.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'tags' }) }
export const loader = (args: LoaderFunctionArgs) => tagsLoader(args)
export const action = (args: ActionFunctionArgs) => tagsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'tags:title.page')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

const TABS = ['active', 'expired', 'archived'] as const
/** The batch delete form sits above the table; the rows' boxes join it through their form attribute. */
const BATCH_FORM = 'tags-batch-delete'

export default function TagsPage() {
  const { t } = useT()
  const { community, listing, mayManage } = useLoaderData<typeof loader>()
  const failed = useActionData<TagsActionData>()
  const busy = useNavigation().state === 'submitting'
  const ticked = new Set(failed?.intent === 'delete' ? failed.ids : [])
  return (
    <main id="main" className="community-main members-page">
      <div className="members-header">
        <h1>{t('tags:title.page')}</h1>
        <div className="inline-actions">
          <Link to={`/${community.slug}/tags/new`} className="button button-primary">
            {t('tags:actions.new')}
          </Link>
        </div>
      </div>

      {failed ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error)}</p>
        </div>
      ) : null}

      <ListingTabs
        label={t('tags:tabs.label')}
        tabs={TABS}
        current={listing.tab}
        href={(tab) => tagsUrl(community.slug, tab)}
        name={(tab) => t(`tags:tabs.${tab}`)}
        counts={listing.counts}
      />

      {listing.rows.length === 0 ? (
        <p className="muted">{t(`tags:list.empty.${listing.tab}`)}</p>
      ) : (
        <>
          {mayManage ? (
            <Form id={BATCH_FORM} method="post" className="stack">
              <p className="hint">{t('tags:list.deleteHint')}</p>
              <input type="hidden" name="intent" value="delete" />
              <div>
                <button type="submit" className="button button-small button-danger" disabled={busy}>
                  {t('tags:actions.deleteSelected')}
                </button>
              </div>
            </Form>
          ) : null}
          <div className="table-scroll">
            <table className="members-table">
              <caption className="visually-hidden">
                {t('tags:list.caption', { tab: t(`tags:tabs.${listing.tab}`) })}
              </caption>
              <thead>
                <tr>
                  {mayManage ? <th scope="col">{t('tags:list.columns.select')}</th> : null}
                  <th scope="col">{t('tags:list.columns.label')}</th>
                  <th scope="col">{t('tags:list.columns.assignedTo')}</th>
                  <th scope="col">{t('tags:list.columns.expires')}</th>
                  {mayManage ? <th scope="col">{t('tags:list.columns.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {listing.rows.map((row) => (
                  <TagRowView
                    key={row.id}
                    row={row}
                    slug={community.slug}
                    mayManage={mayManage}
                    ticked={ticked.has(row.id)}
                    busy={busy}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </main>
  )
}

function TagRowView({
  row,
  slug,
  mayManage,
  ticked,
  busy,
}: {
  row: TagRow
  slug: string
  mayManage: boolean
  ticked: boolean
  busy: boolean
}) {
  const { t, language } = useT()
  const assigned = [
    row.newMembers ? t('tags:list.newMembers') : null,
    row.newGroups ? t('tags:list.newGroups') : null,
  ].filter(Boolean)
  const expires = row.expiresOn ? expiryOf(row.expiresOn) : null
  return (
    <tr>
      {mayManage ? (
        <td>
          <input
            type="checkbox"
            name="ids"
            value={row.id}
            form={BATCH_FORM}
            defaultChecked={ticked}
            aria-label={t('tags:list.select', { label: row.label })}
          />
        </td>
      ) : null}
      <td>
        {mayManage ? (
          <Link to={`/${slug}/tags/${row.id}`} className="member-name">
            {row.label}
          </Link>
        ) : (
          <span className="member-name">{row.label}</span>
        )}
        {row.description ? <div className="muted member-contact">{row.description}</div> : null}
      </td>
      <td data-label={t('tags:list.columns.assignedTo')}>
        {assigned.length ? assigned.join(', ') : <span className="muted">{t('tags:list.assignedNone')}</span>}
      </td>
      <td data-label={t('tags:list.columns.expires')}>
        {expires ? (
          <time dateTime={row.expiresOn!}>
            {formatDate(new Date(expires.getTime() - 1), { language, dateOnly: true })}
          </time>
        ) : (
          <span className="muted">{t('tags:list.never')}</span>
        )}
      </td>
      {mayManage ? (
        <td>
          <div className="member-actions">
            <Form method="post">
              <input type="hidden" name="tagId" value={row.id} />
              <button
                type="submit"
                name="intent"
                value={row.status === 'archived' ? 'restore' : 'archive'}
                className="button button-small"
                disabled={busy}
              >
                {t(row.status === 'archived' ? 'tags:actions.restore' : 'tags:actions.archive')}
                <span className="visually-hidden"> {row.label}</span>
              </button>
            </Form>
          </div>
        </td>
      ) : null}
    </tr>
  )
}
