import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CommentForm, PostCard, postUrl } from '#app/components/post-card'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { postPageAction, postPageLoader } from './post-page.server'
import { useLiveRevalidation } from '#app/lib/http/use-live-revalidation'

export const handle: CommunityHandle = { nav: () => ({ page: 'home' }) }
export const loader = (args: LoaderFunctionArgs) => postPageLoader(args)
export const action = (args: ActionFunctionArgs) => postPageAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'posts:post.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function SinglePostView() {
  const { t } = useT()
  const { community, post, mayAnswer, parentPostId, comments, lastPostId, paged, origin, roomId } =
    useLoaderData<typeof loader>()
  const slug = community.slug
  // Where JavaScript runs, the thread follows its room live (answers, reactions, pins, removals).
  useLiveRevalidation(`/${slug}/feed/live?room=${encodeURIComponent(roomId)}`)
  const answers = parentPostId ? 'reply' : 'comment'
  return (
    <main id="main" className="community-main single-post stack">
      <p className="breadcrumb">
        {parentPostId ? (
          <Link to={postUrl(slug, parentPostId)}>{t('posts:post.backToThread')}</Link>
        ) : (
          <Link to={`/${slug}`}>{t('posts:post.backToCommunity')}</Link>
        )}
      </p>
      <h1 className="visually-hidden">{t('posts:post.pageTitle')}</h1>
      <PostCard
        brandSlug={slug}
        post={post}
        level={parentPostId ? 'comment' : 'post'}
        absoluteUrl={parentPostId ? undefined : origin + postUrl(slug, post.id)}
      >
        <div className="post-comments stack">
          {paged ? (
            <Link to={postUrl(slug, post.id)} className="post-more">
              {t('posts:post.backToThread')}
            </Link>
          ) : null}
          {comments.length === 0 && !paged ? <p className="muted">{t('posts:post.noComments')}</p> : null}
          {comments.map((comment) => (
            <PostCard key={comment.id} brandSlug={slug} post={comment} level={parentPostId ? 'reply' : 'comment'}>
              {comment.replies ? (
                <div className="post-comments stack">
                  {comment.replies.items.map((reply) => (
                    <PostCard key={reply.id} brandSlug={slug} post={reply} level="reply" />
                  ))}
                  {comment.replies.lastPostId ? (
                    <Link to={postUrl(slug, comment.id, comment.replies.lastPostId)} className="post-more">
                      {t('posts:post.moreReplies')}
                    </Link>
                  ) : null}
                  {comment.can.comment ? <CommentForm brandSlug={slug} postId={comment.id} reply /> : null}
                </div>
              ) : null}
            </PostCard>
          ))}
          {lastPostId ? (
            <Link to={postUrl(slug, post.id, lastPostId)} className="post-more">
              {t(answers === 'reply' ? 'posts:post.moreReplies' : 'posts:post.moreComments')}
            </Link>
          ) : null}
          {mayAnswer ? (
            <CommentForm brandSlug={slug} postId={post.id} reply={answers === 'reply'} />
          ) : !post.can.comment ? (
            <p className="hint">{t('posts:post.signInToComment')}</p>
          ) : null}
        </div>
      </PostCard>
    </main>
  )
}
