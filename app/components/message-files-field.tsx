import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '#app/components/field'
import { useT } from '#app/lib/i18n/use-t'
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, ATTACHMENTS_PER_MESSAGE } from '#app/lib/messages/message-rules'

/** A message's files: the browser offers the accepted types; the server checks them by content. */
export function MessageFilesField({ field }: { field: FieldMetadata<File[] | undefined> }) {
  const { t } = useT()
  return (
    <div className="stack">
      <Field label={t('messages:form.files')} errors={field.errors}>
        <input {...getInputProps(field, { type: 'file' })} multiple accept={ATTACHMENT_TYPES.join(',')} />
      </Field>
      <p className="hint">
        {t('messages:form.filesHint', { count: ATTACHMENTS_PER_MESSAGE, size: ATTACHMENT_MAX_BYTES / (1024 * 1024) })}
      </p>
    </div>
  )
}
