import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field } from '#app/components/field'
import { InstallInstructions } from '#app/components/install-instructions'
import { NotSavedNotice } from '#app/components/not-saved-notice'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { useT } from '#app/lib/i18n/use-t'
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
    </div>
  )
}

function SiteForm() {
  const { t } = useT()
  const { values, siteUrl } = useLoaderData<typeof loader>()
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result
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
