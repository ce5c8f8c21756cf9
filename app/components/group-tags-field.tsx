import type { FieldMetadata } from '@conform-to/react'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

export type TagChoice = { id: string; label: string }

/** What a posted value held: conform gives one string for one ticked box, a list for several. */
function chosen(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  return typeof value === 'string' ? [value] : []
}

/**
 * A group's tag input (at most 5 tags per group): the community's live tags
 * as boxes to tick, a plain form control that works without JavaScript. `ticked` is what the group
 * carries (or, in the wizard, what new groups get); after a refused post, what was posted. The
 * hidden `tagsOffered` tells the server the boxes were on the form, so none ticked means none.
 */
export function GroupTagsField({
  field,
  choices,
  ticked,
}: {
  field: FieldMetadata<string[] | undefined>
  choices: TagChoice[]
  ticked: string[]
}) {
  const { t } = useT()
  if (!choices.length) return null
  const selected = field.initialValue === undefined ? ticked : chosen(field.initialValue)
  const errorId = `${field.id}-error`
  return (
    <fieldset className="stack" aria-describedby={field.errors?.length ? errorId : undefined}>
      <legend>{t('groups:tags.legend')}</legend>
      <p className="hint">{t('groups:tags.hint')}</p>
      <input type="hidden" name="tagsOffered" value="on" />
      <div className="checkbox-grid">
        {choices.map((tag) => (
          <div key={tag.id} className="checkbox-field">
            <input
              type="checkbox"
              id={`${field.id}-${tag.id}`}
              name={field.name}
              value={tag.id}
              defaultChecked={selected.includes(tag.id)}
            />
            <label htmlFor={`${field.id}-${tag.id}`}>{tag.label}</label>
          </div>
        ))}
      </div>
      {field.errors?.length ? (
        <p id={errorId} className="field-error" role="alert">
          {field.errors.map((error) => t(error as TranslationKey)).join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}
