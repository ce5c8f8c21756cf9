import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { SubcommunityForm } from '#app/components/subcommunity-form'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { subcommunityEditorAction, subcommunityEditorLoader } from './subcommunity-editor.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'other' }) }
export const loader = (args: LoaderFunctionArgs) => subcommunityEditorLoader(args)
export const action = (args: ActionFunctionArgs) => subcommunityEditorAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'tags:subcommunities.editTitle', { title: data?.values.title ?? '' })
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function SubcommunityEditor() {
  const { t } = useT()
  const { brandSlug, subcommunity, values, groups, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const back = `/${brandSlug}/subcommunities/${subcommunity.id}`
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={back}>{t('tags:subcommunities.backTo', { title: values.title })}</Link>
      </p>
      <h1>{t('tags:subcommunities.editTitle', { title: values.title })}</h1>
      <SubcommunityForm
        // A new id after each save, so the form starts again from what was stored.
        id={`subcommunity-${subcommunity.id}-${subcommunity.updatedAt}`}
        values={values}
        groups={groups}
        lastResult={actionData?.result}
        constraint={constraint}
        cancelTo={back}
        submitLabel={t('tags:subcommunities.save')}
      />
    </main>
  )
}
