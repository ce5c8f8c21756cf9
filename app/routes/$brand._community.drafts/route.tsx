import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Field, TimeZoneField } from '#app/components/field'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import {
  EditDraftFormSchema,
  ScheduleFormSchema,
  type EditDraftFormFields,
  type ScheduleFormFields,
} from '#app/lib/posts/draft.schema'
import type { DraftItem } from '#app/lib/posts/drafts.server'
import { dateToZonedTime } from '#app/lib/i18n/zoned-time'
import { draftsAction, draftsLoader, type DraftsActionData } from './drafts.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'home' }) }
export const loader = (args: LoaderFunctionArgs) => draftsLoader(args)
export const action = (args: ActionFunctionArgs) => draftsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'posts:drafts.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

const scheduleConstraint = getZodConstraint(ScheduleFormSchema)
const editConstraint = getZodConstraint(EditDraftFormSchema)

/** The drafts panel: one's drafts, and one's scheduled posts with their time. */
export default function DraftsPage() {
  const { t } = useT()
  const { drafts, scheduled } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main stack drafts-page">
      <h1>{t('posts:drafts.title')}</h1>
      <section className="stack" aria-labelledby="drafts-heading">
        <h2 id="drafts-heading" className="visually-hidden">
          {t('posts:drafts.title')}
        </h2>
        {drafts.length === 0 ? (
          <p className="muted">{t('posts:drafts.empty')}</p>
        ) : (
          drafts.map((draft) => <DraftCard key={draft.id} draft={draft} />)
        )}
      </section>
      <section className="stack" aria-labelledby="scheduled-heading">
        <h2 id="scheduled-heading">{t('posts:drafts.scheduledTitle')}</h2>
        {scheduled.length === 0 ? (
          <p className="muted">{t('posts:drafts.scheduledEmpty')}</p>
        ) : (
          scheduled.map((draft) => <DraftCard key={draft.id} draft={draft} />)
        )}
      </section>
    </main>
  )
}

/** The reply of the form `formId`, if it was the one that answered. */
function useReplyFor(formId: string) {
  const reply = useActionData<DraftsActionData>()
  return reply?.formId === formId ? reply.result : undefined
}

function DraftCard({ draft }: { draft: DraftItem }) {
  const { t, language } = useT()
  const { defaultTimeZone } = useLoaderData<typeof loader>()
  const buttonsReply = useReplyFor(`buttons-${draft.id}`)
  return (
    <article
      className="card stack post"
      id={`draft-${draft.id}`}
      aria-label={t('posts:drafts.inRoom', { room: draft.room.name })}
    >
      <header className="post-header">
        <span className="muted">{t('posts:drafts.inRoom', { room: draft.room.name })}</span>
        {draft.publishAt ? (
          <span className="badge">
            {t('posts:drafts.publishesAt', {
              when: formatDate(new Date(draft.publishAt), { language, timeZone: defaultTimeZone }),
            })}
          </span>
        ) : null}
      </header>
      {/* Sanitised when it was stored, as a published post's message is. */}
      {draft.html ? <div className="post-message" dangerouslySetInnerHTML={{ __html: draft.html }} /> : null}
      {buttonsReply?.error?.['']?.length ? (
        <div role="alert" className="notice notice-error">
          {buttonsReply.error[''].map((error) => (
            <p key={error}>{t(error as TranslationKey)}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" className="inline-actions">
        <input type="hidden" name="postId" value={draft.id} />
        <button type="submit" name="intent" value="publish" className="button button-primary">
          {t('posts:drafts.publishNow')}
        </button>
        {draft.status === 'scheduled' ? (
          <button type="submit" name="intent" value="cancel" className="button">
            {t('posts:drafts.cancelSchedule')}
          </button>
        ) : null}
        <button type="submit" name="intent" value="delete" className="button button-danger">
          {t('posts:drafts.delete')}
        </button>
      </Form>
      <ScheduleForm draft={draft} />
      {draft.status === 'draft' ? <EditForm draft={draft} /> : null}
    </article>
  )
}

/** The schedule-post dialog, as a form in the card: a wall-clock time and its zone. */
function ScheduleForm({ draft }: { draft: DraftItem }) {
  const { t } = useT()
  const { timeZones, defaultTimeZone } = useLoaderData<typeof loader>()
  const [form, fields] = useForm<ScheduleFormFields>({
    id: `schedule-${draft.id}`,
    lastResult: useReplyFor(`schedule-${draft.id}`),
    constraint: scheduleConstraint,
    shouldValidate: 'onSubmit',
    defaultValue: {
      publishAt: draft.publishAt ? dateToZonedTime(new Date(draft.publishAt), defaultTimeZone) : '',
      timeZone: defaultTimeZone,
    },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="stack schedule-form">
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="postId" value={draft.id} />
      <div className="schedule-fields">
        <Field label={t('posts:drafts.publishAtLabel')} errors={fields.publishAt.errors}>
          {/* To the second: a post can go out at a precise moment (a start time, an announcement). */}
          <input {...getInputProps(fields.publishAt, { type: 'datetime-local' })} step={1} />
        </Field>
        <TimeZoneField label={t('posts:drafts.timeZoneLabel')} field={fields.timeZone} zones={timeZones} />
      </div>
      <p className="hint">{t('posts:drafts.scheduleHint')}</p>
      <div className="inline-actions">
        <button type="submit" className="button">
          {t(draft.status === 'scheduled' ? 'posts:drafts.reschedule' : 'posts:drafts.schedule')}
        </button>
      </div>
    </Form>
  )
}

/** Edit a draft's text; open by itself when a refused edit came back, so its message shows. */
function EditForm({ draft }: { draft: DraftItem }) {
  const { t } = useT()
  const reply = useReplyFor(`edit-${draft.id}`)
  const [form, fields] = useForm<EditDraftFormFields>({
    id: `edit-${draft.id}`,
    lastResult: reply,
    constraint: editConstraint,
    shouldValidate: 'onSubmit',
    defaultValue: { message: draft.html ?? '' },
  })
  return (
    <details open={Boolean(reply)}>
      <summary>{t('posts:drafts.edit')}</summary>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="postId" value={draft.id} />
        <Field label={t('posts:drafts.messageLabel')} errors={fields.message.errors}>
          <textarea {...getTextareaProps(fields.message)} rows={3} />
        </Field>
        <div className="inline-actions">
          <button type="submit" className="button">
            {t('posts:drafts.save')}
          </button>
        </div>
      </Form>
    </details>
  )
}
