import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormErrors } from '#app/components/field'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import type { TagFields } from '#app/lib/tags/tag.schema'
import { tagEditorAction, tagEditorLoader } from './tag-editor.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'tags' }) }
export const loader = (args: LoaderFunctionArgs) => tagEditorLoader(args)
export const action = (args: ActionFunctionArgs) => tagEditorAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle(
    { matches, error },
    data?.tag ? 'tags:editor.editTitle' : 'tags:editor.newTitle',
    data?.tag ? { label: data.tag.label } : undefined,
  )
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function TagEditor() {
  const { t } = useT()
  const { brandSlug, refusal, tag, earliestExpiry, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<TagFields>({
    // A new id after each save of an existing tag, so the form starts from what was stored.
    id: tag ? `tag-${tag.id}-${tag.updatedAt}` : 'new-tag',
    lastResult: actionData?.result,
    defaultValue: tag
      ? {
          label: tag.label,
          description: tag.description ?? '',
          newMembers: tag.newMembers,
          newGroups: tag.newGroups,
          expiresOn: tag.expiresOn ?? '',
        }
      : undefined,
    constraint,
    shouldValidate: 'onSubmit',
  })
  const title = tag ? t('tags:editor.editTitle', { label: tag.label }) : t('tags:editor.newTitle')
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/tags`}>{t('tags:editor.back')}</Link>
      </p>
      <h1>{title}</h1>
      {refusal ? (
        <div role="alert" className="notice notice-error">
          <p>{t(refusal)}</p>
        </div>
      ) : (
        <>
          <FormErrors errors={form.errors} />
          <Form method="post" {...getFormProps(form)} className="stack card member-form">
            <Field label={t('tags:editor.fields.label')} errors={fields.label.errors}>
              <input {...getInputProps(fields.label, { type: 'text' })} autoComplete="off" />
            </Field>
            <Field label={t('tags:editor.fields.description')} errors={fields.description.errors}>
              <textarea {...getTextareaProps(fields.description)} rows={3} />
            </Field>
            <fieldset className="stack">
              <legend>{t('tags:editor.assign')}</legend>
              <CheckboxField field={fields.newMembers} label={t('tags:editor.fields.newMembers')} />
              <CheckboxField field={fields.newGroups} label={t('tags:editor.fields.newGroups')} />
            </fieldset>
            <Field label={t('tags:editor.fields.expiresOn')} errors={fields.expiresOn.errors}>
              <input
                {...getInputProps(fields.expiresOn, { type: 'date' })}
                min={tag?.expiresOn && tag.expiresOn < earliestExpiry ? undefined : earliestExpiry}
              />
            </Field>
            <p className="hint">{t('tags:editor.expiryHint')}</p>
            <div className="inline-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {tag ? t('tags:editor.save') : t('tags:editor.create')}
              </button>
              <Link to={`/${brandSlug}/tags`} className="button">
                {t('tags:editor.cancel')}
              </Link>
            </div>
          </Form>
        </>
      )}
    </main>
  )
}
