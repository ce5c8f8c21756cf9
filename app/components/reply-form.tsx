import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Field } from '#app/components/field'
import { MessageFilesField } from '#app/components/message-files-field'
import { MessageVideoField } from '#app/components/message-video-field'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import type { ReplyFields } from '#app/lib/messages/message.schema'

/** Writing in a conversation: a text, files, a video, or several of these. A plain multipart form. */
export function ReplyForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  constraint: Record<string, object>
}) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<ReplyFields>({ id: 'reply', lastResult, constraint, shouldValidate: 'onSubmit' })
  return (
    <>
      {form.errors?.length ? (
        <div role="alert" className="notice notice-error">
          {form.errors.map((error) => (
            <p key={error}>{t(error as TranslationKey)}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
        <Field label={t('messages:form.reply')} errors={fields.body.errors}>
          <textarea {...getTextareaProps(fields.body)} rows={3} />
        </Field>
        <MessageFilesField field={fields.files} />
        <MessageVideoField field={fields.video} />
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('messages:form.send')}
          </button>
        </div>
      </Form>
    </>
  )
}
