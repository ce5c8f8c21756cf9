import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, Link, useActionData, useLocation, useParams } from '@remix-run/react'
import { Field } from '#app/components/field'
import { CommentForm, PostCard, postUrl } from '#app/components/post-card'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import type { PostActionData } from '#app/lib/posts/post-actions.server'
import type { PostFormFields } from '#app/lib/posts/post.schema'
import type { FeedView } from '#app/lib/posts/feed.server'
import { useLiveRevalidation } from '#app/lib/http/use-live-revalidation'
import { useSentKey } from '#app/lib/posts/use-sent-key'

/**
 * A feed: the composer (for those who may post in its room), the posts with their first comments
 * (COMMENTS_PAGE_SIZE; "more comments" goes on on the post's page), and plain links between pages.
 * The community home shows the hub's; a group page can show its room's with the same component.
 */
export function PostFeed({
  brandSlug,
  feed,
  origin,
  composeElsewhere = false,
  postingNote,
}: {
  brandSlug: string
  feed: FeedView
  origin: string
  /** The page has no post action of its own (a group page): the composer posts to `/{brand}/posts/new`, which comes back here. */
  composeElsewhere?: boolean
  /** Said where the composer would be to a signed-in reader who may not post (an event whose hosts alone post). */
  postingNote?: string
}) {
  const { t } = useT()
  const composerKey = useSentKey('new-post', (sent) => sent.get('intent') === 'post' && sent.has('contextRoomId'))
  // Where JavaScript runs, the feed follows its room live: posts, answers, reactions, pins and removals.
  useLiveRevalidation(feed.roomId ? `/${brandSlug}/feed/live?room=${encodeURIComponent(feed.roomId)}` : null)
  return (
    <section aria-labelledby="feed-heading" className="post-feed stack">
      <h2 id="feed-heading">{t('posts:feed.title')}</h2>
      {/* Keyed by the viewer's own sending: a published post empties the composer, a refused one (or others' posts arriving live) keeps what was typed. */}
      {feed.canPost && feed.roomId ? (
        <PostComposer
          key={composerKey}
          roomId={feed.roomId}
          action={composeElsewhere ? `/${brandSlug}/posts/new?room=${encodeURIComponent(feed.roomId)}` : undefined}
        />
      ) : !feed.signedIn ? (
        <p className="hint">{t('posts:feed.guestHint')}</p>
      ) : postingNote ? (
        <p className="hint">{postingNote}</p>
      ) : null}
      {feed.posts.length === 0 ? <p>{t('posts:feed.empty')}</p> : null}
      {feed.posts.map((post) => (
        <PostCard key={post.id} brandSlug={brandSlug} post={post} absoluteUrl={origin + postUrl(brandSlug, post.id)}>
          <div className="post-comments stack">
            {post.comments.items.map((comment) => (
              <PostCard key={comment.id} brandSlug={brandSlug} post={comment} level="comment">
                {comment.childCount ? (
                  <Link to={postUrl(brandSlug, comment.id)} className="post-more">
                    {t('posts:post.replies', { count: comment.childCount })}
                  </Link>
                ) : null}
              </PostCard>
            ))}
            {post.comments.lastPostId ? (
              <Link to={postUrl(brandSlug, post.id, post.comments.lastPostId)} className="post-more">
                {t('posts:post.moreComments')}
              </Link>
            ) : null}
            {post.can.comment ? <CommentForm key={post.childCount} brandSlug={brandSlug} postId={post.id} /> : null}
          </div>
        </PostCard>
      ))}
      {feed.page > 0 || feed.hasMore ? (
        <nav className="pagination" aria-label={t('posts:feed.title')}>
          {feed.page > 0 ? <Link to={`?page=${feed.page - 1}`}>{t('posts:feed.newer')}</Link> : null}
          {feed.hasMore ? <Link to={`?page=${feed.page + 1}`}>{t('posts:feed.older')}</Link> : null}
        </nav>
      ) : null}
    </section>
  )
}

/** When the feed's newest post was written (pinned posts come first, so not simply the first one). */
/** "Write a post": a plain POST to the page that shows the feed (its action is newPostAction), or to `action`, coming back here. */
export function PostComposer({ roomId, action, back }: { roomId: string; action?: string; back?: string }) {
  const { t } = useT()
  const location = useLocation()
  const { brand } = useParams()
  const actionData = useActionData<PostActionData>()
  const [form, fields] = useForm<PostFormFields>({
    id: 'new-post',
    lastResult: actionData?.formId === 'new-post' ? actionData.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="card stack post-composer">
      {form.errors?.length ? (
        <div role="alert" className="notice notice-error">
          {form.errors.map((error) => (
            <p key={error}>{t(error as TranslationKey)}</p>
          ))}
        </div>
      ) : null}
      <input type="hidden" name="contextRoomId" value={roomId} />
      {back || action ? (
        <input type="hidden" name="redirectTo" value={back ?? location.pathname + location.search} />
      ) : null}
      <Field label={t('posts:feed.messageLabel')} errors={fields.message.errors}>
        <textarea {...getTextareaProps(fields.message)} rows={3} placeholder={t('posts:feed.messagePlaceholder')} />
      </Field>
      <p className="hint">{t('posts:feed.messageHint')}</p>
      <div className="inline-actions">
        {/* The first button is the one Enter presses: publishing, as before drafts. */}
        <button type="submit" name="intent" value="post" className="button button-primary">
          {t('posts:feed.publish')}
        </button>
        <button type="submit" name="intent" value="draft" className="button">
          {t('posts:drafts.saveDraft')}
        </button>
        <Link to={`/${brand}/drafts`}>{t('posts:drafts.link')}</Link>
      </div>
    </Form>
  )
}
