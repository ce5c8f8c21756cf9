import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field } from '#app/components/field'
import { NotSavedNotice } from '#app/components/not-saved-notice'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { LANGUAGES } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import type { LanguageSettingsFields } from '#app/lib/settings/community-settings.schema'
import { languageTabAction, languageTabLoader } from './language.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'settings' }) }
export const loader = (args: LoaderFunctionArgs) => languageTabLoader(args)
export const action = (args: ActionFunctionArgs) => languageTabAction(args)

export default function LanguageTab() {
  const { version } = useLoaderData<typeof loader>()
  return <LanguageForm key={version} />
}

function LanguageForm() {
  const { t } = useT()
  const { values } = useLoaderData<typeof loader>()
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<LanguageSettingsFields>({ id: 'language-settings', lastResult, defaultValue: values })
  return (
    <Form method="post" {...getFormProps(form)} className="card stack settings-form">
      <NotSavedNotice show={lastResult?.status === 'error'} />
      <input type="hidden" name="intent" value="language" />
      <p>{t('settings:language.intro')}</p>
      <Field label={t('settings:language.field')} errors={fields.communityLanguage.errors}>
        <select {...getSelectProps(fields.communityLanguage)}>
          <option value="">{t('settings:language.none')}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:language.${language}`)}
            </option>
          ))}
        </select>
      </Field>
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('settings:save')}
        </button>
      </div>
    </Form>
  )
}
