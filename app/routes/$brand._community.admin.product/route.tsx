import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field } from '#app/components/field'
import type { ProductConfigFields } from '#app/lib/admin/admin.schema'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { productAction, productLoader } from './product.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'admin:product.title')
export const loader = (args: LoaderFunctionArgs) => productLoader(args)
export const action = (args: ActionFunctionArgs) => productAction(args)

export default function ProductConfigPage() {
  const { version } = useLoaderData<typeof loader>()
  // A new key after each save starts the form again from what was stored.
  return <ProductConfigForm key={version} />
}

function ProductConfigForm() {
  const { t } = useT()
  const { values, constraint } = useLoaderData<typeof loader>()
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<ProductConfigFields>({
    id: 'product-config',
    lastResult,
    defaultValue: values,
    constraint,
    shouldRevalidate: 'onBlur',
  })
  return (
    <>
      <h1>{t('admin:product.title')}</h1>
      <p className="lead">{t('admin:product.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="stack card admin-form">
        <fieldset className="stack">
          <legend>{t('admin:product.developers')}</legend>
          <Field label={t('admin:product.allowedDevEmailAddresses')} errors={fields.allowedDevEmailAddresses.errors}>
            <textarea
              {...getTextareaProps(fields.allowedDevEmailAddresses)}
              rows={4}
              spellCheck={false}
              autoCapitalize="none"
            />
          </Field>
          <p className="hint">{t('admin:product.allowedHint')}</p>
          <Field label={t('admin:product.fallbackDevEmailAddress')} errors={fields.fallbackDevEmailAddress.errors}>
            <input {...getInputProps(fields.fallbackDevEmailAddress, { type: 'email' })} autoComplete="off" />
          </Field>
        </fieldset>
        <fieldset className="stack">
          <legend>{t('admin:product.rooms')}</legend>
          <CheckboxField field={fields.queueNewPersonalRooms} label={t('admin:product.queueNewPersonalRooms')} />
          <p className="hint">{t('admin:product.queueHint')}</p>
        </fieldset>
        <fieldset className="stack">
          <legend>{t('admin:product.moderation')}</legend>
          <CheckboxField field={fields.moderationEnabled} label={t('admin:product.moderationEnabled')} />
          <Field label={t('admin:product.postToxicityThreshold')} errors={fields.postToxicityThreshold.errors}>
            <input {...getInputProps(fields.postToxicityThreshold, { type: 'number' })} step={1} />
          </Field>
          <Field label={t('admin:product.imageCategories')} errors={fields.imageCategories.errors}>
            <textarea {...getTextareaProps(fields.imageCategories)} rows={3} />
          </Field>
          <Field label={t('admin:product.videoCategories')} errors={fields.videoCategories.errors}>
            <textarea {...getTextareaProps(fields.videoCategories)} rows={3} />
          </Field>
          <p className="hint">{t('admin:product.categoriesHint')}</p>
        </fieldset>
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('admin:product.save')}
          </button>
        </div>
      </Form>
    </>
  )
}
