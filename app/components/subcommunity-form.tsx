import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Field, FormErrors } from '#app/components/field'
import { useT } from '#app/lib/i18n/use-t'
import type { SubcommunityFields } from '#app/lib/subcommunities/subcommunity.schema'

type GroupChoice = { id: string; name: string; slug: string }

/** What a posted value held: conform gives one string for one ticked box, a list for several. */
function chosen(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  return typeof value === 'string' ? [value] : []
}

/**
 * The subcommunity editor (new and edit): title, description and the community's groups as boxes
 * to tick. A plain form: it works without JavaScript and keeps what was typed when refused.
 */
export function SubcommunityForm({
  id,
  values,
  groups,
  lastResult,
  constraint,
  cancelTo,
  submitLabel,
}: {
  id: string
  values?: { title: string; description: string; groups: string[] }
  groups: GroupChoice[]
  lastResult?: SubmissionResult<string[]>
  constraint: Parameters<typeof useForm>[0]['constraint']
  cancelTo: string
  submitLabel: string
}) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<SubcommunityFields>({
    id,
    lastResult,
    defaultValue: values,
    constraint,
    shouldValidate: 'onSubmit',
  })
  const ticked = fields.groups.initialValue === undefined ? (values?.groups ?? []) : chosen(fields.groups.initialValue)
  return (
    <>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="stack card member-form">
        <Field label={t('tags:subcommunities.fields.title')} errors={fields.title.errors}>
          <input {...getInputProps(fields.title, { type: 'text' })} autoComplete="off" />
        </Field>
        <Field label={t('tags:subcommunities.fields.description')} errors={fields.description.errors}>
          <textarea {...getTextareaProps(fields.description)} rows={3} />
        </Field>
        <fieldset className="stack">
          <legend>{t('tags:subcommunities.fields.groups')}</legend>
          {groups.length ? (
            <div className="checkbox-grid">
              {groups.map((group) => (
                <div key={group.id} className="checkbox-field">
                  <input
                    type="checkbox"
                    id={`${fields.groups.id}-${group.id}`}
                    name={fields.groups.name}
                    value={group.id}
                    defaultChecked={ticked.includes(group.id)}
                  />
                  <label htmlFor={`${fields.groups.id}-${group.id}`}>{group.name}</label>
                </div>
              ))}
            </div>
          ) : (
            <p className="hint">{t('tags:subcommunities.noGroups')}</p>
          )}
        </fieldset>
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {submitLabel}
          </button>
          <Link to={cancelTo} className="button">
            {t('tags:subcommunities.cancel')}
          </Link>
        </div>
      </Form>
    </>
  )
}
