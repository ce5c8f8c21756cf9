import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ConversationMessages } from '#app/components/conversation-messages'
import { ConversationNames } from '#app/components/conversation-names'
import { ReplyForm } from '#app/components/reply-form'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { replyAction, replyLoader } from './reply.server'

export const loader = (args: LoaderFunctionArgs) => replyLoader(args)
export const action = (args: ActionFunctionArgs) => replyAction(args)
export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) =>
  data?.view
    ? pageTitle({ matches, error }, 'messages:reply.title', { community: data.community })
    : pageTitle({ matches, error }, 'messages:reply.invalidTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function ReplyPage() {
  const { t } = useT()
  const { community, slug, token, name, personal, view, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  if (!view || !token || !constraint) {
    return (
      <StatusPage title={t('messages:reply.invalidTitle')}>
        <p>{t('messages:reply.invalid')}</p>
      </StatusPage>
    )
  }
  return (
    <main id="main" className="page message-reply-page">
      <div className="card stack">
        <h1>{t('messages:reply.title', { community })}</h1>
        <p className="lead">
          {personal
            ? t('messages:reply.personalIntro', { name: name ?? '' })
            : t('messages:reply.intro', { name: name ?? '', community })}
        </p>
        <p>
          <ConversationNames people={view.participants.filter((person) => !person.me)} />
        </p>
        <ConversationMessages view={view} fileHref={(fileId) => `/${slug}/messages/reply/${token}/files/${fileId}`} />
        <ReplyForm lastResult={actionData?.result} constraint={constraint} />
      </div>
    </main>
  )
}
