import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { BREAKOUT_PREVIEW_SECONDS } from '#app/lib/rooms/breakout-preview'
import { useT } from '#app/lib/i18n/use-t'
import { CheckboxField, Field } from './field'

/** A room's breakout preview (app/lib/rooms/breakout-preview.ts): on or off, and its seconds. */
export function BreakoutPreviewFields({
  preview,
  seconds,
}: {
  preview: FieldMetadata<boolean | undefined>
  seconds: FieldMetadata<number | undefined>
}) {
  const { t } = useT()
  return (
    <>
      <CheckboxField
        field={preview}
        label={t('common:breakoutPreview.label')}
        hint={t('common:breakoutPreview.hint')}
      />
      <Field label={t('common:breakoutPreview.seconds')} errors={seconds.errors}>
        <input
          {...getInputProps(seconds, { type: 'number' })}
          min={BREAKOUT_PREVIEW_SECONDS.min}
          max={BREAKOUT_PREVIEW_SECONDS.max}
          step={1}
          inputMode="numeric"
        />
      </Field>
    </>
  )
}
