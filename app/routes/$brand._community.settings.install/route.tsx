import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field } from '#app/components/field'
import { InstallInstructions } from '#app/components/install-instructions'
import { NotSavedNotice } from '#app/components/not-saved-notice'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import {
  InstallInstructionsSchema,
  type InstallInstructionsFields,
} from '#app/lib/embedding/install-instructions.schema'
import type { InstallSettingsFields } from '#app/lib/settings/community-settings.schema'
import { installTabAction, installTabLoader } from './install.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'settings' }) }
export const loader = (args: LoaderFunctionArgs) => installTabLoader(args)
export const action = (args: ActionFunctionArgs) => installTabAction(args)

export default function InstallTab() {
  const { t } = useT()
  const { name, snippets, version } = useLoaderData<typeof loader>()
  return (
    <div className="stack">
      <SiteForm key={version} />
      <p className="lead">{t('settings:install.intro', { name })}</p>
      <InstallInstructions snippets={snippets} />
      <SendInstructionsForm />
    </div>
  )
}

function SiteForm() {
  const { t } = useT()
  const { values, siteUrl } = useLoaderData<typeof loader>()
  const answer = useActionData<{ intent: string; result: SubmissionResult<string[]> }>()
  const lastResult = answer?.intent === 'install' ? answer.result : undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<InstallSettingsFields>({ id: 'install-settings', lastResult, defaultValue: values })
  return (
    <Form method="post" {...getFormProps(form)} className="card stack settings-form">
      <NotSavedNotice show={lastResult?.status === 'error'} />
      <input type="hidden" name="intent" value="install" />
      <h2>{t('settings:install.siteHeading')}</h2>
      <p>{siteUrl ? t('settings:install.currentSite', { url: siteUrl }) : t('settings:install.noSite')}</p>
      <Field label={t('settings:install.siteUrl')} errors={fields.siteUrl.errors}>
        <input {...getInputProps(fields.siteUrl, { type: 'url' })} placeholder="https://" autoComplete="url" />
      </Field>
      <p className="hint">{t('settings:install.siteHint')}</p>
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('settings:save')}
        </button>
      </div>
    </Form>
  )
}

/** Send install instructions: to whoever runs the site, with the snippet and the public install page. */
function SendInstructionsForm() {
  const { t } = useT()
  const { name, siteUrl } = useLoaderData<typeof loader>()
  const answer = useActionData<{ intent: string; result: SubmissionResult<string[]> }>()
  const lastResult = answer?.intent === 'sendInstructions' ? answer.result : undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<InstallInstructionsFields>({
    id: 'send-install-instructions',
    lastResult,
    defaultValue: { domain: siteUrl ?? '' },
    constraint: getZodConstraint(InstallInstructionsSchema),
    shouldValidate: 'onSubmit',
  })
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card stack settings-form"
      aria-labelledby="send-instructions-heading"
    >
      <NotSavedNotice show={lastResult?.status === 'error'} />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="field-error">
          {form.errors.map((error) => t(error as TranslationKey)).join(' ')}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="sendInstructions" />
      <h2 id="send-instructions-heading">{t('directory:install.sendHeading')}</h2>
      <p>{t('directory:install.sendIntro')}</p>
      {/* An existing site says so. */}
      {siteUrl ? (
        <div className="notice notice-info" role="status">
          <p>{t('directory:install.existingSite', { name, url: siteUrl })}</p>
        </div>
      ) : null}
      <Field label={t('directory:install.to')} errors={fields.toEmailAddresses.errors}>
        <textarea {...getTextareaProps(fields.toEmailAddresses)} rows={2} autoComplete="off" />
      </Field>
      <Field label={t('directory:install.cc')} errors={fields.ccEmailAddresses.errors}>
        <textarea {...getTextareaProps(fields.ccEmailAddresses)} rows={2} autoComplete="off" />
      </Field>
      <p className="hint">{t('directory:install.listHint')}</p>
      <Field label={t('directory:install.domain')} errors={fields.domain.errors}>
        <input {...getInputProps(fields.domain, { type: 'url' })} placeholder="https://" autoComplete="url" />
      </Field>
      <Field label={t('directory:install.message')} errors={fields.customMessage.errors}>
        <textarea {...getTextareaProps(fields.customMessage)} rows={4} />
      </Field>
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('directory:install.send')}
        </button>
      </div>
    </Form>
  )
}
