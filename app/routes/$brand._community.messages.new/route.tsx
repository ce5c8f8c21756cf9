import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { Field } from '#app/components/field'
import { MessageFilesField } from '#app/components/message-files-field'
import { MessageVideoField } from '#app/components/message-video-field'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import type { NewMessageFields } from '#app/lib/messages/message.schema'
import { newMessageAction, newMessageLoader } from './new-message.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'messages' }) }
export const loader = (args: LoaderFunctionArgs) => newMessageLoader(args)
export const action = (args: ActionFunctionArgs) => newMessageAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'messages:title.new')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** A group of checkboxes for one list field, keeping what was ticked after a refused post. */
function Choices({
  field,
  legend,
  hint,
  options,
  initial,
}: {
  field: FieldMetadata<string[] | undefined>
  legend: string
  hint: string
  options: Array<{ id: string; label: string }>
  initial: string[]
}) {
  const { t } = useT()
  const submitted = field.initialValue === undefined ? initial : ([] as unknown[]).concat(field.initialValue)
  const errorId = `${field.id}-error`
  return (
    <fieldset className="stack" aria-describedby={field.errors?.length ? errorId : undefined}>
      <legend>{legend}</legend>
      <p className="hint">{hint}</p>
      {options.map((option) => (
        <div key={option.id} className="checkbox-field">
          <input
            type="checkbox"
            id={`${field.id}-${option.id}`}
            name={field.name}
            value={option.id}
            defaultChecked={submitted.includes(option.id)}
          />
          <label htmlFor={`${field.id}-${option.id}`}>{option.label}</label>
        </div>
      ))}
      {field.errors?.length ? (
        <p id={errorId} className="field-error">
          {field.errors.map((error) => t(error as TranslationKey)).join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}

export default function NewMessage() {
  const { t } = useT()
  const { home, members, tags, to, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const busy = useNavigation().state === 'submitting'
  const slug = home.community.slug
  const [form, fields] = useForm<NewMessageFields>({
    id: 'new-message',
    lastResult: actionData?.result,
    constraint,
    shouldValidate: 'onSubmit',
  })
  return (
    <CommunityDrawerPage view="messages" home={home}>
      <p className="breadcrumb">
        <Link to={`/${slug}/messages`}>{t('messages:conversation.back')}</Link>
      </p>
      <h2>{t('messages:title.new')}</h2>
      {form.errors?.length ? (
        <div role="alert" className="notice notice-error">
          {form.errors.map((error) => (
            <p key={error}>{t(error as TranslationKey)}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
        <Choices
          field={fields.recipientIds}
          legend={t('messages:form.recipients')}
          hint={t('messages:form.recipientsHint')}
          options={members.map((member) => ({ id: member.id, label: member.name }))}
          initial={to ? [to] : []}
        />
        {tags.length > 0 ? (
          <Choices
            field={fields.tagIds}
            legend={t('messages:form.tag')}
            hint={t('messages:form.tagHint')}
            options={tags.map((tag) => ({ id: tag.id, label: tag.label }))}
            initial={[]}
          />
        ) : null}
        <fieldset className="stack">
          <legend>{t('messages:form.external')}</legend>
          <p className="hint">{t('messages:form.externalHint')}</p>
          <Field label={t('messages:form.externalName')} errors={fields.externalName.errors}>
            <input {...getInputProps(fields.externalName, { type: 'text' })} autoComplete="off" />
          </Field>
          <Field label={t('messages:form.externalEmail')} errors={fields.externalEmail.errors}>
            <input {...getInputProps(fields.externalEmail, { type: 'email' })} autoComplete="off" />
          </Field>
          <Field label={t('messages:form.externalPhone')} errors={fields.externalPhone.errors}>
            <input {...getInputProps(fields.externalPhone, { type: 'tel' })} autoComplete="off" />
          </Field>
        </fieldset>
        <Field label={t('messages:form.body')} errors={fields.body.errors}>
          <textarea {...getTextareaProps(fields.body)} rows={5} />
        </Field>
        <MessageFilesField field={fields.files} />
        <MessageVideoField field={fields.video} />
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('messages:form.send')}
          </button>
          <Link to={`/${slug}/messages`} className="button">
            {t('messages:form.cancel')}
          </Link>
        </div>
      </Form>
    </CommunityDrawerPage>
  )
}
