import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { Form, Link, NavLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import { EVENT_EDITOR_TABS, editorUrl, eventUrl, eventsUrl, type EventEditorTab } from '#app/lib/events/event-rules'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

/**
 * The event editor around one tab (docs/admin-guide.md#the-event-editor): the way back, the event's name, the
 * tabs built so far, and the refusal for someone who may not manage events.
 */
export function EventEditorFrame({
  brandSlug,
  event,
  refusal,
  formErrors,
  current,
  children,
}: {
  /** A page under a tab (the members' import, the composition's groups) keeps that tab marked. */
  current?: EventEditorTab
  brandSlug: string
  event: { slug: string; name: string; status: string } | null
  refusal: TranslationKey | null
  formErrors?: string[]
  children: ReactNode
}) {
  const { t } = useT()
  return (
    <main id="main" className="community-main member-editor event-editor">
      <p className="breadcrumb">
        <Link to={eventsUrl(brandSlug)}>{t('events:editor.back')}</Link>
      </p>
      <h1>{event ? t('events:editor.title', { name: event.name }) : t('events:editor.titleNoEvent')}</h1>
      {refusal || !event ? (
        <div role="alert" className="notice notice-error">
          <p>{t(refusal ?? 'events:errors.noPermission')}</p>
        </div>
      ) : (
        <>
          {event.status === 'archived' ? <p className="notice">{t('events:editor.archivedNote')}</p> : null}
          <p>
            <Link to={eventUrl(brandSlug, event.slug)}>{t('events:editor.viewPage')}</Link>
          </p>
          <nav aria-label={t('events:editor.tabs.label')} className="settings-tabs event-editor-tabs">
            <ul>
              {EVENT_EDITOR_TABS.map((tab: EventEditorTab) => (
                <li key={tab}>
                  <NavLink to={editorUrl(brandSlug, event.slug, tab)} end={tab !== current} className="settings-tab">
                    {t(`events:editor.tabs.${tab}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {formErrors?.length ? (
            <div role="alert" className="notice notice-error">
              {formErrors.map((error) => (
                <p key={error}>{t(error as TranslationKey)}</p>
              ))}
            </div>
          ) : null}
          {children}
        </>
      )}
    </main>
  )
}

const AFTER_SAVE: SubmissionResult<string[]> = { initialValue: null }

/**
 * One editor tab's form state: the page the tab routes' shared loader read, and conform's form
 * bound to that tab's values, its constraint and the action's last answer.
 */
export function useEventTabForm<Fields extends Record<string, unknown>>(tab: EventEditorTab) {
  const page = useLoaderData<typeof eventEditorLoader>()
  // Once a save has redirected there is no answer any more: the form then starts again from what was
  // saved (conform resets on an answer without values), so an earlier refusal's messages go with it.
  const lastResult = useActionData<{ result: SubmissionResult<string[]> | null }>()?.result ?? AFTER_SAVE
  const [form, fields] = useForm<Fields>({
    id: `event-${tab}`,
    lastResult,
    // A tab without form values of the event (members) reads none.
    defaultValue: (page.event as Record<string, unknown> | null)?.[tab] as DefaultValue<Fields> | undefined,
    constraint: page.constraint,
    shouldValidate: 'onSubmit',
  })
  return { page, form, fields }
}

/** A tab's form, in its frame, ending with the tab's Save. */
export function EventTabForm<Fields extends Record<string, unknown>>({
  form,
  multipart,
  children,
}: {
  form: FormMetadata<Fields, string[]>
  multipart?: boolean
  children: ReactNode
}) {
  const { t } = useT()
  const { brandSlug, event, refusal } = useLoaderData<typeof eventEditorLoader>()
  const busy = useNavigation().state === 'submitting'
  return (
    <EventEditorFrame brandSlug={brandSlug} event={event} refusal={refusal} formErrors={form.errors}>
      <Form
        method="post"
        encType={multipart ? 'multipart/form-data' : undefined}
        {...getFormProps(form)}
        className="stack card member-form"
      >
        {children}
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('events:editor.save')}
          </button>
        </div>
      </Form>
    </EventEditorFrame>
  )
}
