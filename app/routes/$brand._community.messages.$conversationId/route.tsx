import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { ConversationMessages } from '#app/components/conversation-messages'
import { ConversationNames } from '#app/components/conversation-names'
import { ReplyForm } from '#app/components/reply-form'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { useLiveRevalidation } from '#app/lib/http/use-live-revalidation'
import { conversationAction, conversationLoader } from './conversation.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'messages' }) }
export const loader = (args: LoaderFunctionArgs) => conversationLoader(args)
export const action = (args: ActionFunctionArgs) => conversationAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'messages:title.conversation')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function ConversationPage() {
  const { t } = useT()
  const { home, view, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const slug = home.community.slug
  useLiveRevalidation(`/${slug}/messages/live`)
  return (
    <CommunityDrawerPage view="messages" home={home}>
      <p className="breadcrumb">
        <Link to={`/${slug}/messages`}>{t('messages:conversation.back')}</Link>
      </p>
      <h2>
        <ConversationNames people={view.participants.filter((person) => !person.me)} />
      </h2>
      {view.tag ? <p className="hint">{t('messages:conversation.tag', { label: view.tag })}</p> : null}
      <ConversationMessages view={view} fileHref={(fileId) => `/${slug}/messages/files/${fileId}`} />
      <ReplyForm lastResult={actionData?.result} constraint={constraint} />
    </CommunityDrawerPage>
  )
}
