import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminPaging } from '#app/components/admin-listing'
import { formatDate } from '#app/lib/i18n/dates'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { moderationAction, moderationLoader, type ModerationActionData } from './moderation.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'moderation:queue.title')
export const loader = (args: LoaderFunctionArgs) => moderationLoader(args)
export const action = (args: ActionFunctionArgs) => moderationAction(args)

/**
 * The review queue: every held post of the community with its score, author, room and text, a
 * box to tick for the bulk decision, and its own Approve and Reject buttons. The row buttons belong
 * to a small form of their own (the `form` attribute), so both work as plain forms without JavaScript.
 */
export default function ModerationQueue() {
  const { t, language } = useT()
  const { slug, threshold, posts, paging } = useLoaderData<typeof loader>()
  const refused = useActionData<ModerationActionData>()
  const busy = useNavigation().state === 'submitting'
  const chosen = new Set(refused?.ids ?? [])
  return (
    <>
      <h1>{t('moderation:queue.title')}</h1>
      <p className="lead">{t('moderation:queue.intro', { threshold })}</p>
      {refused?.errors.length ? (
        <div role="alert" className="notice notice-error" id="moderation-errors">
          {refused.errors.map((error) => (
            <p key={error}>{t(error)}</p>
          ))}
        </div>
      ) : null}
      {posts.length === 0 ? (
        <p>{t('moderation:queue.empty')}</p>
      ) : (
        <Form
          method="post"
          className="stack"
          id="review-bulk"
          aria-describedby={refused ? 'moderation-errors' : undefined}
        >
          <p className="muted review-total">{t('moderation:queue.total', { count: paging.total })}</p>
          <ul className="review-queue stack">
            {posts.map((post) => (
              <li key={post.id} className="card review-item">
                <div className="review-item-head">
                  <input
                    type="checkbox"
                    name="ids"
                    value={post.id}
                    id={`held-${post.id}`}
                    defaultChecked={chosen.has(post.id)}
                    aria-label={t('moderation:queue.select', { name: post.author.name })}
                  />
                  <p className="review-meta">
                    <strong>{post.author.name}</strong>{' '}
                    <span className="muted">
                      {t(post.kind === 'comment' ? 'moderation:queue.commentIn' : 'moderation:queue.postIn', {
                        room: post.room.name,
                      })}{' '}
                      · <time dateTime={post.createdAt}>{formatDate(new Date(post.createdAt), { language })}</time>
                    </span>
                  </p>
                  <span className="badge review-score">
                    {post.score === null
                      ? t('moderation:queue.noScore')
                      : t('moderation:queue.score', { score: post.score })}
                  </span>
                </div>
                {/* Stored sanitised (app/lib/posts/sanitize.server.ts); nothing else reaches this HTML. */}
                {post.html ? (
                  <div className="post-message" dangerouslySetInnerHTML={{ __html: post.html }} />
                ) : (
                  <p className="muted">{t('moderation:queue.noText')}</p>
                )}
                <div className="inline-actions">
                  <button
                    type="submit"
                    form={`review-${post.id}`}
                    name="decision"
                    value="approve"
                    className="button button-small"
                    disabled={busy}
                  >
                    {t('moderation:queue.approve')}
                  </button>
                  <button
                    type="submit"
                    form={`review-${post.id}`}
                    name="decision"
                    value="reject"
                    className="button button-small button-danger"
                    disabled={busy}
                  >
                    {t('moderation:queue.reject')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <fieldset className="admin-batch">
            <legend>{t('moderation:queue.bulkLegend')}</legend>
            <div className="inline-actions">
              <button type="submit" name="decision" value="approve" className="button" disabled={busy}>
                {t('moderation:queue.approveChosen')}
              </button>
              <button type="submit" name="decision" value="reject" className="button button-danger" disabled={busy}>
                {t('moderation:queue.rejectChosen')}
              </button>
            </div>
          </fieldset>
        </Form>
      )}
      {/* Each row's own decision: one id, sent by the row's buttons above. */}
      {posts.map((post) => (
        <Form method="post" id={`review-${post.id}`} key={post.id} hidden>
          <input type="hidden" name="ids" value={post.id} />
        </Form>
      ))}
      <AdminPaging paging={paging} />
      <p className="hint">
        <Link to={`/${slug}`}>{t('moderation:queue.backToFeed')}</Link>
      </p>
    </>
  )
}
