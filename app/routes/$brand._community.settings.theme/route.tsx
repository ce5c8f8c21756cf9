import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { CheckboxField, Field } from '#app/components/field'
import { NotSavedNotice } from '#app/components/not-saved-notice'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import {
  BACKGROUND_OPTIONS,
  EDITABLE_ROLES,
  NAMED_THEMES,
  STATUS_NAMES,
  THEME_NAMES,
  onRole,
} from '#app/lib/communities/theme'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useIntentAnswer, useIntentSubmitting } from '#app/lib/http/use-intent'
import { useT } from '#app/lib/i18n/use-t'
import type { LogoSettingsFields, ThemeSettingsFields } from '#app/lib/settings/community-settings.schema'
import { themeTabAction, themeTabLoader } from './theme.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'settings' }) }
export const loader = (args: LoaderFunctionArgs) => themeTabLoader(args)
export const action = (args: ActionFunctionArgs) => themeTabAction(args)

/** The last answer of the tab's action, when it was to this form (the tab holds three). */
const useActionResult = (intent: 'theme' | 'logo') =>
  useIntentAnswer<{ intent: string; result: SubmissionResult<string[]> }>(intent)?.result

export default function ThemeTab() {
  const { t } = useT()
  const { version, logo } = useLoaderData<typeof loader>()
  return (
    <>
      <p className="lead">{t('settings:theme.intro')}</p>
      {/* Remounted when the logo changes, so a success clears the last error and the chosen file. */}
      <LogoForm key={logo.logo ?? 'none'} />
      <ThemeForm key={version} />
    </>
  )
}

/** The logo: a form of its own, as it sends a file (multipart), and a button that removes it. */
function LogoForm() {
  const { t } = useT()
  const { logo } = useLoaderData<typeof loader>()
  const busy = useIntentSubmitting('logo', 'removeLogo')
  const lastResult = useActionResult('logo')
  const [form, fields] = useForm<LogoSettingsFields>({ id: 'logo-settings', lastResult, constraint: logo.constraint })
  return (
    <section aria-labelledby="logo-heading" className="card stack">
      <h2 id="logo-heading">{t('settings:theme.logo.heading')}</h2>
      <NotSavedNotice show={lastResult?.status === 'error'} />
      <p className="hint">{t('settings:theme.logo.intro')}</p>
      {logo.logo ? (
        // Removing acts on the logo shown, so its button sits beside it (a form of its own, no file).
        <div className="logo-current">
          <img src={logo.logo} alt={t('settings:theme.logo.current')} className="logo-preview" />
          <Form method="post">
            <input type="hidden" name="intent" value="removeLogo" />
            <button type="submit" className="button button-small" disabled={busy}>
              {t('settings:theme.logo.remove')}
            </button>
          </Form>
        </div>
      ) : (
        <p className="muted">{t('settings:theme.logo.none')}</p>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="logo" />
        <Field label={t('settings:theme.logo.file')} errors={fields.logo.errors}>
          <input {...getInputProps(fields.logo, { type: 'file' })} accept="image/png,image/jpeg,image/webp,image/gif" />
        </Field>
        <p className="hint">{t('settings:theme.logo.hint', logo.limits)}</p>
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('settings:theme.logo.upload')}
          </button>
        </div>
      </Form>
    </section>
  )
}

function ThemeForm() {
  const { t } = useT()
  const { values, constraint, swatchesUrl, images } = useLoaderData<typeof loader>()
  const lastResult = useActionResult('theme')
  const busy = useIntentSubmitting('theme')
  const [form, fields] = useForm<ThemeSettingsFields>({
    id: 'theme-settings',
    lastResult,
    defaultValue: values,
    constraint,
  })
  const custom = fields.custom.getFieldset()
  const background = fields.background.getFieldset()
  const chosen = fields.theme.value ?? values.theme
  const colour = (name: string, label: string) => {
    const field = custom[name]!
    return (
      <Field key={name} label={label} errors={field.errors}>
        <input {...getInputProps(field, { type: 'color' })} className="color-input" />
      </Field>
    )
  }
  const optionSelect = (name: keyof typeof BACKGROUND_OPTIONS) => (
    <Field label={t(`settings:theme.${name}`)} errors={background[name].errors}>
      <select {...getSelectProps(background[name])}>
        {BACKGROUND_OPTIONS[name].map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  )
  return (
    <>
      {/* A stylesheet link in the body: allowed by the CSP (style-src 'self') on the first load and after a client navigation alike. */}
      <link rel="stylesheet" href={swatchesUrl} />
      <Form method="post" {...getFormProps(form)} className="stack settings-form">
        <NotSavedNotice show={lastResult?.status === 'error'} />
        <input type="hidden" name="intent" value="theme" />

        <fieldset className="card stack">
          <legend>{t('settings:theme.pick')}</legend>
          <ul className="theme-picker">
            {THEME_NAMES.map((name) => {
              const id = `theme-${name}`
              return (
                <li key={name}>
                  <input
                    type="radio"
                    id={id}
                    name={fields.theme.name}
                    value={name}
                    defaultChecked={chosen === name}
                    className="theme-radio"
                  />
                  <label htmlFor={id} className="theme-option">
                    <span className={`theme-swatch theme-swatch-${name}`} aria-hidden="true">
                      <span className="theme-swatch-bar" />
                      <span className="theme-swatch-card">
                        <span className="theme-swatch-dot theme-swatch-primary" />
                        <span className="theme-swatch-dot theme-swatch-secondary" />
                        <span className="theme-swatch-dot theme-swatch-accent" />
                      </span>
                    </span>
                    <span className="theme-name">
                      {name === 'custom' ? t('settings:theme.custom') : NAMED_THEMES[name].label}
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
          {fields.theme.errors?.length ? (
            <p className="field-error">{fields.theme.errors.map((error) => t(error as TranslationKey)).join(' ')}</p>
          ) : null}
        </fieldset>

        <fieldset className="card stack">
          <legend>{t('settings:theme.customHeading')}</legend>
          <p className="hint">{t('settings:theme.customHint')}</p>
          <div className="color-grid color-pairs">
            {EDITABLE_ROLES.map((role) => (
              <div key={role} className="color-pair">
                {colour(role, t(`settings:theme.roles.${role}`))}
                {colour(onRole(role), t('settings:theme.textOn', { role: t(`settings:theme.roles.${role}`) }))}
              </div>
            ))}
          </div>
          <CheckboxField field={fields.customFlat} label={t('settings:theme.flat')} />
          <CheckboxField field={fields.customBordered} label={t('settings:theme.bordered')} />
          <fieldset className="stack nested-fieldset">
            <legend>{t('settings:theme.statusHeading')}</legend>
            <div className="color-grid">
              {STATUS_NAMES.map((name) => colour(name, t(`settings:theme.status.${name}`)))}
            </div>
          </fieldset>
        </fieldset>

        <fieldset className="card stack">
          <legend>{t('settings:theme.backgroundHeading')}</legend>
          <p className="hint">{t('settings:theme.backgroundHint')}</p>
          <Field label={t('settings:theme.backgroundImage')} errors={background.image.errors}>
            <select {...getSelectProps(background.image)}>
              <option value="">{t('settings:theme.noBackground')}</option>
              {images.map((image) => (
                <option key={image.path} value={image.path}>
                  {image.name}
                </option>
              ))}
            </select>
          </Field>
          <div className="field-grid">
            {optionSelect('position')}
            {optionSelect('repeat')}
            {optionSelect('size')}
            {optionSelect('attachment')}
          </div>
        </fieldset>

        <fieldset className="card stack">
          <legend>{t('settings:theme.fontsHeading')}</legend>
          <div className="field-grid">
            <Field label={t('settings:theme.fontBase')} errors={fields.fontBase.errors}>
              <input {...getInputProps(fields.fontBase, { type: 'text' })} />
            </Field>
            <Field label={t('settings:theme.fontTitle')} errors={fields.fontTitle.errors}>
              <input {...getInputProps(fields.fontTitle, { type: 'text' })} />
            </Field>
          </div>
          <p className="hint">{t('settings:theme.fontHint')}</p>
        </fieldset>

        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('settings:save')}
          </button>
        </div>
      </Form>
    </>
  )
}
