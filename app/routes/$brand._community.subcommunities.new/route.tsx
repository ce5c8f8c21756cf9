import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { SubcommunityForm } from '#app/components/subcommunity-form'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { newSubcommunityAction, newSubcommunityLoader } from './new-subcommunity.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'other' }) }
export const loader = (args: LoaderFunctionArgs) => newSubcommunityLoader(args)
export const action = (args: ActionFunctionArgs) => newSubcommunityAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'tags:subcommunities.newTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function NewSubcommunity() {
  const { t } = useT()
  const { brandSlug, groups, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/subcommunities`}>{t('tags:subcommunities.back')}</Link>
      </p>
      <h1>{t('tags:subcommunities.newTitle')}</h1>
      <SubcommunityForm
        id="new-subcommunity"
        groups={groups}
        lastResult={actionData?.result}
        constraint={constraint}
        cancelTo={`/${brandSlug}/subcommunities`}
        submitLabel={t('tags:subcommunities.create')}
      />
    </main>
  )
}
