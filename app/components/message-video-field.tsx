import type { FieldMetadata } from '@conform-to/react'
import { useRef } from 'react'
import { Field } from '#app/components/field'
import { VideoRecorder } from '#app/components/video-recorder'
import { useT } from '#app/lib/i18n/use-t'
import { VIDEO_MESSAGE_MAX_BYTES, VIDEO_MESSAGE_TYPES } from '#app/lib/messages/message-rules'

/**
 * A message's video: a plain file input (the form works without JavaScript), and where JavaScript
 * runs a recorder that puts what the camera recorded into that same input. The server checks the
 * file by its content either way.
 */
export function MessageVideoField({ field }: { field: FieldMetadata<string | undefined> }) {
  const { t } = useT()
  const input = useRef<HTMLInputElement>(null)
  return (
    <div className="stack message-video-field">
      <Field label={t('messages:form.video')} errors={field.errors}>
        <input ref={input} type="file" id={field.id} name={field.name} accept={VIDEO_MESSAGE_TYPES.join(',')} />
      </Field>
      <p className="hint">{t('messages:form.videoHint', { size: VIDEO_MESSAGE_MAX_BYTES / (1024 * 1024) })}</p>
      <VideoRecorder input={input} maxBytes={VIDEO_MESSAGE_MAX_BYTES} />
    </div>
  )
}
