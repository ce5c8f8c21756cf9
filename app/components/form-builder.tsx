import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react'
import { CheckboxField, Field } from '#app/components/field'
import { FormPreview } from '#app/components/form-preview'
import {
  BUILDER_ADD,
  DEFAULT_ADD_TYPE,
  type BuilderFieldInput,
  type BuilderStepInput,
} from '#app/lib/forms/form-builder.schema'
import { CHOICE_TYPES, FIELD_TYPES, FORM_LIMITS, TEXT_TYPES, type FieldType } from '#app/lib/forms/form-definition'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// The form builder (docs/admin-guide.md#the-form-builder), server-rendered and whole
// without JavaScript: every button posts the whole definition. Remove, move and the step buttons
// are conform list intents; "Add field" posts the step's type select (withBuilderIntent makes it
// an insert on the server). The page re-renders the changed builder without saving; its Save saves.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder serves every form's schema
type AnyForm = FormMetadata<any, string[]>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any of those schemas
type AnyField = FieldMetadata<any, any, string[]>

const isFieldType = (value: unknown): value is FieldType =>
  typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value)

/** The errors of one list or field, announced where they are. */
function Errors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useT()
  if (!errors?.length) return null
  return (
    <p id={id} className="field-error" role="alert">
      {errors.map((error) => t(error as TranslationKey)).join(' ')}
    </p>
  )
}

export function FormBuilder({
  form,
  field,
  title,
}: {
  form: AnyForm
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's schema: the builder serves every form
  field: FieldMetadata<BuilderStepInput[] | undefined, any, string[]>
  title: string
}) {
  const { t } = useT()
  const steps = field.getFieldList()
  return (
    <section className="form-builder" aria-labelledby={`${field.id}-title`}>
      {/* The fieldset around the builder already says what it is; the heading names the region for assistive tech. */}
      <h3 id={`${field.id}-title`} className="visually-hidden">
        {t('forms:builder.title', { title })}
      </h3>
      <p className="hint">{t('forms:builder.hint')}</p>
      <Errors id={`${field.id}-error`} errors={field.errors} />
      <ol className="form-builder-steps">
        {steps.map((step, s) => {
          const stepFields = step.getFieldset()
          const fields = stepFields.fields.getFieldList()
          return (
            // conform keys a list item once the list changes in the browser; before that (the server's render) its id.
            <li key={step.key ?? step.id} className="form-builder-step">
              <fieldset>
                <legend>{t('forms:builder.stepLegend', { number: s + 1 })}</legend>
                <Errors id={`${stepFields.fields.id}-error`} errors={stepFields.fields.errors} />
                {fields.length === 0 ? <p className="muted">{t('forms:builder.noFields')}</p> : null}
                <ol className="form-builder-fields">
                  {fields.map((one, f) => (
                    <li key={one.key ?? one.id} className="form-builder-field">
                      <BuilderField
                        form={form}
                        list={stepFields.fields}
                        field={one}
                        index={f}
                        count={fields.length}
                        step={s}
                      />
                    </li>
                  ))}
                </ol>
                <div className="form-builder-adder">
                  <Field label={t('forms:builder.addType')} errors={undefined}>
                    <select
                      {...getSelectProps(stepFields.addType)}
                      defaultValue={(stepFields.addType.initialValue as string | undefined) || DEFAULT_ADD_TYPE}
                    >
                      {FIELD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`forms:types.${type}`)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <button type="submit" name={BUILDER_ADD} value={step.name} className="button button-small">
                    {t('forms:builder.addField')}
                    <span className="visually-hidden"> ({t('forms:builder.stepContext', { number: s + 1 })})</span>
                  </button>
                </div>
                {steps.length > 1 ? (
                  <div className="inline-actions">
                    <button
                      {...form.remove.getButtonProps({ name: field.name, index: s })}
                      className="button button-small"
                    >
                      {t('forms:builder.removeStep')}
                      <span className="visually-hidden"> ({t('forms:builder.stepContext', { number: s + 1 })})</span>
                    </button>
                  </div>
                ) : null}
              </fieldset>
            </li>
          )
        })}
      </ol>
      <div>
        <button
          {...form.insert.getButtonProps({ name: field.name, defaultValue: { fields: [], addType: DEFAULT_ADD_TYPE } })}
          className="button button-small"
        >
          {t('forms:builder.addStep')}
        </button>
      </div>
      <FormPreview id={field.id} steps={Array.isArray(field.value) ? (field.value as BuilderStepInput[]) : undefined} />
    </section>
  )
}

/** One field: what its type asks for (a label, options, limits or a text), and its list buttons. */
function BuilderField({
  form,
  list,
  field,
  index,
  count,
  step,
}: {
  form: AnyForm
  list: AnyField
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's schema: the builder serves every form
  field: FieldMetadata<BuilderFieldInput, any, string[]>
  index: number
  count: number
  step: number
}) {
  const { t } = useT()
  const inputs = field.getFieldset()
  const typed = inputs.type.value ?? inputs.type.initialValue
  const type: FieldType = isFieldType(typed) ? typed : DEFAULT_ADD_TYPE
  const context = (
    <span className="visually-hidden"> ({t('forms:builder.fieldContext', { number: index + 1, step: step + 1 })})</span>
  )
  const number = (meta: AnyField, label: string, extra: { min?: number; max?: number; step?: string } = {}) => (
    <Field label={label} errors={meta.errors}>
      <input
        {...getInputProps(meta, { type: 'number' })}
        inputMode={extra.step ? 'decimal' : 'numeric'}
        min={extra.min}
        max={extra.max}
        step={extra.step}
      />
    </Field>
  )
  return (
    <fieldset>
      <legend>{t('forms:builder.fieldLegend', { number: index + 1, type: t(`forms:types.${type}`) })}</legend>
      <input {...getInputProps(inputs.name, { type: 'hidden' })} />
      <input {...getInputProps(inputs.type, { type: 'hidden' })} />
      <Errors id={`${field.id}-error`} errors={field.errors} />
      {type === 'displayText' ? (
        <Field label={t('forms:builder.text')} errors={inputs.text.errors}>
          <textarea {...getTextareaProps(inputs.text)} rows={3} maxLength={FORM_LIMITS.displayTextMax} />
        </Field>
      ) : (
        <>
          <Field label={t('forms:builder.label')} errors={inputs.label.errors}>
            <input
              {...getInputProps(inputs.label, { type: 'text' })}
              autoComplete="off"
              maxLength={FORM_LIMITS.labelMax}
            />
          </Field>
          {type === 'email' ? (
            <CheckboxField
              field={inputs.required as FieldMetadata<boolean | undefined>}
              label={t('forms:builder.required')}
              hint={t('forms:builder.emailRequired')}
              disabled
              checked
            />
          ) : (
            <CheckboxField
              field={inputs.required as FieldMetadata<boolean | undefined>}
              label={t('forms:builder.required')}
            />
          )}
        </>
      )}
      {CHOICE_TYPES.has(type) ? (
        <Field label={t('forms:builder.options')} errors={inputs.options.errors}>
          <textarea {...getTextareaProps(inputs.options)} rows={4} />
        </Field>
      ) : null}
      {TEXT_TYPES.has(type) ? (
        <div className="field-grid">
          {number(inputs.min, t('forms:builder.minLength'), { min: 0 })}
          {number(inputs.max, t('forms:builder.maxLength'), { min: 0 })}
        </div>
      ) : null}
      {type === 'number' ? (
        <div className="field-grid">
          {number(inputs.min, t('forms:builder.minNumber'), { step: 'any' })}
          {number(inputs.max, t('forms:builder.maxNumber'), { step: 'any' })}
        </div>
      ) : null}
      {type === 'rating'
        ? number(inputs.max, t('forms:builder.scale'), { min: 2, max: FORM_LIMITS.ratingScaleMax })
        : null}
      <div className="inline-actions form-builder-field-actions">
        {index > 0 ? (
          <button
            {...form.reorder.getButtonProps({ name: list.name, from: index, to: index - 1 })}
            className="button button-small"
          >
            {t('forms:builder.moveUp')}
            {context}
          </button>
        ) : null}
        {index < count - 1 ? (
          <button
            {...form.reorder.getButtonProps({ name: list.name, from: index, to: index + 1 })}
            className="button button-small"
          >
            {t('forms:builder.moveDown')}
            {context}
          </button>
        ) : null}
        <button {...form.remove.getButtonProps({ name: list.name, index })} className="button button-small">
          {t('forms:builder.remove')}
          {context}
        </button>
      </div>
    </fieldset>
  )
}
