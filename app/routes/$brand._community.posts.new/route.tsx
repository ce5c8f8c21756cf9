import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PostComposer } from '#app/components/post-feed'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import type { PostActionData } from '#app/lib/posts/post-actions.server'
import { newPostLoader, newPostPageAction } from './new-post.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'home' }) }
export const loader = (args: LoaderFunctionArgs) => newPostLoader(args)
export const action = (args: ActionFunctionArgs) => newPostPageAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'posts:feed.write')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function NewPost() {
  const { t } = useT()
  const { room, mayPost } = useLoaderData<typeof loader>()
  // A refused post keeps the page it came from, so the next try still goes back there.
  const back = useActionData<PostActionData>()?.result.initialValue?.redirectTo

  return (
    <main id="main" className="community-main stack">
      <h1>{t('posts:feed.write')}</h1>
      <p className="eyebrow">{room.name}</p>
      {mayPost ? (
        <PostComposer roomId={room.id} back={typeof back === 'string' ? back : undefined} />
      ) : (
        <div role="alert" className="notice notice-error">
          <p>{t('posts:errors.noPostPermission')}</p>
        </div>
      )}
    </main>
  )
}
