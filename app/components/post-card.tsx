import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, Link, useActionData, useLocation } from '@remix-run/react'
import { Field } from '#app/components/field'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'
import { useSentKey } from '#app/lib/posts/use-sent-key'
import type { PostActionData } from '#app/lib/posts/post-actions.server'
import type { CommentFormFields } from '#app/lib/posts/post.schema'
import type { ShownPost } from '#app/lib/posts/post-view.server'
import { shareLinks } from '#app/lib/posts/share'

/** The address of a post's own page. */
export const postUrl = (brandSlug: string, postId: string, lastPostId?: string | null) =>
  `/${brandSlug}/posts/${postId}${lastPostId ? `?lastPostId=${encodeURIComponent(lastPostId)}` : ''}`

/** The reply of the action for this form only (a page carries many post forms). */
function useReplyFor(formId: string) {
  const actionData = useActionData<PostActionData>()
  return actionData?.formId === formId ? actionData.result : undefined
}

function FormErrors({ errors }: { errors?: string[] }) {
  const { t } = useT()
  if (!errors?.length) return null
  return (
    <div role="alert" className="notice notice-error">
      {errors.map((error) => (
        <p key={error}>{t(error as TranslationKey)}</p>
      ))}
    </div>
  )
}

/**
 * One post, comment or reply: its author, time, message (stored sanitised, see
 * app/lib/posts/sanitize.server.ts), players for its video links, attachments, reactions and the
 * buttons this viewer may use. Every button is a small POST form to the post's own address that
 * comes back here, so all of it works without JavaScript.
 */
export function PostCard({
  brandSlug,
  post,
  level = 'post',
  absoluteUrl,
  children,
}: {
  brandSlug: string
  post: ShownPost
  level?: 'post' | 'comment' | 'reply'
  /** The post's full address, for the share links (top-level posts only). */
  absoluteUrl?: string
  children?: React.ReactNode
}) {
  const { t, language } = useT()
  const location = useLocation()
  const here = location.pathname + location.search
  const action = postUrl(brandSlug, post.id)
  const buttonsReply = useReplyFor(`buttons-${post.id}`)
  const Tag = level === 'post' ? 'article' : 'div'
  // A comment by someone the viewer blocked or muted keeps its place in the thread, as a notice.
  if (post.notice)
    return (
      <Tag className={`card post post-${level}`} id={`post-${post.id}`}>
        <p className="muted post-notice">{t(post.notice)}</p>
        {children}
      </Tag>
    )
  const time = <time dateTime={post.createdAt}>{formatDate(new Date(post.createdAt), { language })}</time>
  return (
    <Tag
      className={`card post post-${level}${post.moderation ? ` post-${post.moderation}` : ''}`}
      id={`post-${post.id}`}
      aria-label={post.author.name}
    >
      <header className="post-header">
        <strong>{post.author.name}</strong>{' '}
        {/* A post waiting for review has no page of its own yet: its time is not a link. */}
        {post.moderation ? (
          <span className="muted">{time}</span>
        ) : (
          <Link to={action} className="muted">
            {time}
          </Link>
        )}
        {post.pinned ? <span className="badge">{t('posts:post.pinned')}</span> : null}
        {post.promoted ? <span className="badge">{t('posts:post.promoted')}</span> : null}
        {post.moderation ? (
          <span className="badge badge-moderation">
            {t(post.moderation === 'held' ? 'moderation:post.held' : 'moderation:post.rejected')}
          </span>
        ) : null}
      </header>
      {post.moderation ? (
        <p className="hint">
          {t(post.moderation === 'held' ? 'moderation:post.heldHint' : 'moderation:post.rejectedHint')}
        </p>
      ) : null}
      {/* The message was sanitised when it was stored; nothing else reaches this HTML. */}
      {post.html ? <div className="post-message" dangerouslySetInnerHTML={{ __html: post.html }} /> : null}
      {post.embeds.map((embed) => (
        <div className="post-embed" key={embed.src}>
          <iframe
            src={embed.src}
            title={t('posts:post.embedTitle', { provider: embed.provider === 'youtube' ? 'YouTube' : 'Vimeo' })}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allow="fullscreen; picture-in-picture"
          />
        </div>
      ))}
      {post.video ? (
        <p>
          <a href={post.video.url} target="_blank" rel="noopener noreferrer">
            {t('posts:post.video')}
          </a>
        </p>
      ) : null}
      {post.fileUrls.length ? (
        <ul className="post-files">
          {post.fileUrls.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                {t('posts:post.file', { number: index + 1 })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <FormErrors errors={buttonsReply?.error?.[''] ?? undefined} />
      {/* A reader who may do nothing and sees no reactions gets no empty row. */}
      {post.can.react ||
      post.can.pin ||
      post.can.promote ||
      post.can.remove ||
      post.reactions.some((reaction) => reaction.count > 0) ? (
        <div className="post-actions inline-actions" aria-label={t('posts:post.reactions')} role="group">
          {post.reactions.map((reaction) =>
            post.can.react ? (
              <Form method="post" action={action} key={reaction.emoji} className="inline-form">
                <input type="hidden" name="intent" value="react" />
                <input type="hidden" name="redirectTo" value={here} />
                <button
                  type="submit"
                  name="reaction"
                  value={reaction.name}
                  className={`button button-small reaction${reaction.mine ? ' reaction-mine' : ''}`}
                  aria-pressed={reaction.mine}
                  aria-label={t('posts:post.react', { emoji: reaction.emoji })}
                >
                  {reaction.emoji} {reaction.count || ''}
                </button>
              </Form>
            ) : reaction.count ? (
              <span key={reaction.emoji} className="reaction">
                {reaction.emoji} {reaction.count}
              </span>
            ) : null,
          )}
          {post.can.pin ? (
            <PostButtonForm
              action={action}
              here={here}
              intent="pin"
              field={{ pinned: String(!post.pinned) }}
              label={t(post.pinned ? 'posts:post.unpin' : 'posts:post.pin')}
            />
          ) : null}
          {post.can.promote ? (
            <PostButtonForm
              action={action}
              here={here}
              intent="promote"
              field={{ promoted: String(!post.promoted) }}
              label={t(post.promoted ? 'posts:post.unpromote' : 'posts:post.promote')}
            />
          ) : null}
          {post.can.remove ? (
            <PostButtonForm action={action} here={here} intent="remove" label={t('posts:post.remove')} danger />
          ) : null}
        </div>
      ) : null}
      {absoluteUrl && !post.moderation ? (
        <p className="post-share">
          <span className="muted">{t('posts:post.share')}:</span>{' '}
          {shareLinks(absoluteUrl).map((link) => (
            <a
              key={link.network}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="post-share-link"
            >
              {t(`posts:post.shareOn.${link.network}`)}
            </a>
          ))}
        </p>
      ) : null}
      {children}
    </Tag>
  )
}

function PostButtonForm({
  action,
  here,
  intent,
  field = {},
  label,
  danger = false,
}: {
  action: string
  here: string
  intent: string
  field?: Record<string, string>
  label: string
  danger?: boolean
}) {
  return (
    <Form method="post" action={action} className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={here} />
      {Object.entries(field).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`button button-small${danger ? ' button-danger' : ''}`}>
        {label}
      </button>
    </Form>
  )
}

/** The comment (or reply) form under a post: a plain POST to the post's address that comes back here. */
export function CommentForm({
  brandSlug,
  postId,
  reply = false,
}: {
  brandSlug: string
  postId: string
  reply?: boolean
}) {
  const formId = `comment-${postId}`
  const action = postUrl(brandSlug, postId)
  // Emptied once the viewer's own comment went through; others' answers arriving live leave it as typed.
  const sentKey = useSentKey(
    formId,
    (sent, to) => sent.get('intent') === 'comment' && new URL(to, 'http://x').pathname === action,
  )
  return <CommentFormBody key={sentKey} formId={formId} action={action} reply={reply} />
}

function CommentFormBody({ formId, action, reply }: { formId: string; action: string; reply: boolean }) {
  const { t } = useT()
  const location = useLocation()
  const [form, fields] = useForm<CommentFormFields>({
    id: formId,
    lastResult: useReplyFor(formId),
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack comment-form">
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Field label={t(reply ? 'posts:post.replyLabel' : 'posts:post.commentLabel')} errors={fields.message.errors}>
        <textarea {...getTextareaProps(fields.message)} rows={2} />
      </Field>
      <div className="inline-actions">
        <button type="submit" className="button button-small">
          {t(reply ? 'posts:post.reply' : 'posts:post.comment')}
        </button>
      </div>
    </Form>
  )
}
