import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { subcommunityLoader } from './subcommunity.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'other' }) }
export const loader = (args: LoaderFunctionArgs) => subcommunityLoader(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'tags:subcommunities.viewTitle', { title: data?.subcommunity.title ?? '' })
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function SubcommunityPage() {
  const { t } = useT()
  const { community, subcommunity, groups, mayManage } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main members-page">
      <p className="breadcrumb">
        <Link to={`/${community.slug}/subcommunities`}>{t('tags:subcommunities.back')}</Link>
      </p>
      <div className="members-header">
        <h1>{subcommunity.title}</h1>
        {mayManage ? (
          <div className="inline-actions">
            <Link to={`/${community.slug}/subcommunities/${subcommunity.id}/edit`} className="button">
              {t('tags:subcommunities.edit')}
            </Link>
          </div>
        ) : null}
      </div>
      {subcommunity.description ? <p className="lead">{subcommunity.description}</p> : null}
      <h2>{t('tags:subcommunities.fields.groups')}</h2>
      {groups.length ? (
        <ul>
          {groups.map((group) => (
            <li key={group.id}>
              <Link to={`/${community.slug}/${group.slug}`}>{group.name}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('tags:subcommunities.noAssignedGroups')}</p>
      )}
    </main>
  )
}
