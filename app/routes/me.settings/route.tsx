import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { CheckboxField, Field } from '#app/components/field'
import { LANGUAGES } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useIntentAnswer, useIntentSubmitting } from '#app/lib/http/use-intent'
import { useT } from '#app/lib/i18n/use-t'
import { ContactSection } from './contact-form'
import {
  settingsAction,
  settingsLoader,
  type AvatarFields,
  type DeleteAccountFields,
  type ProfileFields,
} from './settings.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:settings.title')
export const loader = (args: LoaderFunctionArgs) => settingsLoader(args)
export const action = (args: ActionFunctionArgs) => settingsAction(args)
// Its own boundary, so a refused form (app/lib/http/form-body.server.ts) still gets the root's data: the language and its texts.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { intent: string; result: SubmissionResult<string[]> | null }

const useActionResult = (intent: ActionData['intent']) => useIntentAnswer<ActionData>(intent)?.result ?? undefined

export default function Settings() {
  const { t } = useT()
  const { version, avatar, contact, rooms } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="page account-page settings-page">
      <h1>{t('account:settings.title')}</h1>
      <p className="lead">{t('account:settings.intro')}</p>
      <div className="settings-layout">
        {/* A new key after each save starts the form again from what was stored (trimmed values). */}
        <ProfileForm key={version} />
        <div className="settings-aside">
          {/* Remounted when the picture changes, so a success clears the last error and the chosen file. */}
          <AvatarForm key={avatar ?? 'none'} />
          {/* Remounted when an address changes, so the forms start empty again. */}
          <ContactSection key={`${contact.emailAddress}|${contact.phoneNumber}`} />
          {rooms.length ? <YourRooms /> : null}
          <DeleteAccountForm />
        </div>
      </div>
    </main>
  )
}

const TEXT_FIELDS = [
  { name: 'company', autoComplete: 'organization' },
  { name: 'jobTitle', autoComplete: 'organization-title' },
  { name: 'location', autoComplete: 'address-level2' },
] as const

const URL_FIELDS = ['websiteUrl', 'facebookUrl', 'linkedinUrl', 'twitterUrl', 'instagramUrl', 'calendarUrl'] as const

const FLAGS = [
  { name: 'preferenceEmailNotifications', label: 'account:settings.fields.emailNotifications' },
  { name: 'preferenceSmsNotifications', label: 'account:settings.fields.smsNotifications' },
  { name: 'preferenceShowEmailAddress', label: 'account:settings.fields.showEmail' },
  { name: 'preferenceShowPhoneNumber', label: 'account:settings.fields.showPhone' },
] as const

function ProfileForm() {
  const { t } = useT()
  const { profile, constraints } = useLoaderData<typeof loader>()
  const busy = useIntentSubmitting('profile')
  const [form, fields] = useForm<ProfileFields>({
    id: 'profile',
    lastResult: useActionResult('profile'),
    defaultValue: profile,
    constraint: constraints.profile,
  })
  return (
    <section aria-labelledby="profile-heading" className="card">
      <h2 id="profile-heading">{t('account:settings.sections.profile')}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="profile" />
        <fieldset className="stack">
          <legend>{t('account:settings.sections.about')}</legend>
          <Field label={t('account:settings.fields.name')} errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="name" />
          </Field>
          <Field label={t('account:settings.fields.about')} errors={fields.about.errors}>
            <textarea {...getTextareaProps(fields.about)} rows={4} />
          </Field>
          {TEXT_FIELDS.map(({ name, autoComplete }) => (
            <Field key={name} label={t(`account:settings.fields.${name}`)} errors={fields[name].errors}>
              <input {...getInputProps(fields[name], { type: 'text' })} autoComplete={autoComplete} />
            </Field>
          ))}
          <Field label={t('account:settings.fields.interests')} errors={fields.interests.errors}>
            <textarea {...getTextareaProps(fields.interests)} rows={2} />
          </Field>
        </fieldset>

        <fieldset className="stack">
          <legend>{t('account:settings.sections.links')}</legend>
          <p className="hint">{t('account:settings.fields.urlHint')}</p>
          <div className="field-grid">
            {URL_FIELDS.map((name) => (
              <Field key={name} label={t(`account:settings.fields.${name}`)} errors={fields[name].errors}>
                <input {...getInputProps(fields[name], { type: 'url' })} autoComplete="url" placeholder="https://" />
              </Field>
            ))}
          </div>
        </fieldset>

        <fieldset className="stack">
          <legend>{t('account:settings.sections.language')}</legend>
          <Field label={t('account:settings.fields.preferredLanguage')} errors={fields.preferredLanguage.errors}>
            <select {...getSelectProps(fields.preferredLanguage)}>
              <option value="">{t('account:settings.fields.languageAuto')}</option>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`common:language.${language}`)}
                </option>
              ))}
            </select>
          </Field>
          <p className="hint">{t('account:settings.fields.languageHint')}</p>
        </fieldset>

        <fieldset className="stack">
          <legend>{t('account:settings.sections.preferences')}</legend>
          {FLAGS.map(({ name, label }) => (
            <CheckboxField key={name} field={fields[name]} label={t(label)} />
          ))}
        </fieldset>

        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('account:settings.save')}
          </button>
        </div>
      </Form>
    </section>
  )
}

function AvatarForm() {
  const { t } = useT()
  const { avatar, constraints } = useLoaderData<typeof loader>()
  const busy = useIntentSubmitting('avatar')
  const [form, fields] = useForm<AvatarFields>({
    id: 'avatar-form',
    lastResult: useActionResult('avatar'),
    constraint: constraints.avatar,
  })
  return (
    <section aria-labelledby="avatar-heading" className="card">
      <h2 id="avatar-heading">{t('account:settings.avatar.heading')}</h2>
      <div className="avatar-row">
        {avatar ? (
          <img
            src={avatar}
            alt={t('account:settings.avatar.current')}
            width={96}
            height={96}
            className="avatar-preview"
          />
        ) : (
          <p className="muted">{t('account:settings.avatar.none')}</p>
        )}
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="avatar" />
        <Field label={t('account:settings.avatar.file')} errors={fields.avatar.errors}>
          <input {...getInputProps(fields.avatar, { type: 'file' })} accept="image/jpeg,image/png,image/gif" />
        </Field>
        <p className="hint">{t('account:settings.avatar.hint')}</p>
        <div>
          <button type="submit" className="button" disabled={busy}>
            {t('account:settings.avatar.upload')}
          </button>
        </div>
      </Form>
    </section>
  )
}

/** Every personal room the person hosts, each with a link to its own settings (me.rooms.$brand.$room). */
function YourRooms() {
  const { t } = useT()
  const { rooms } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="your-rooms-heading" className="card stack">
      <h2 id="your-rooms-heading">{t('account:rooms.listHeading')}</h2>
      <p>{t('account:rooms.listIntro')}</p>
      <ul className="your-rooms">
        {rooms.map((room) => (
          <li key={room.id}>
            <strong>{room.name}</strong> <span className="muted">({room.community})</span>
            <div className="inline-actions">
              <Link to={room.path}>{room.path}</Link>
              <Link to={room.settingsUrl} className="button button-small">
                {t('account:rooms.settings')}
                <span className="visually-hidden"> ({room.name})</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

function DeleteAccountForm() {
  const { t } = useT()
  const { confirm, constraints } = useLoaderData<typeof loader>()
  const busy = useIntentSubmitting('delete')
  const [form, fields] = useForm<DeleteAccountFields>({
    id: 'delete-account',
    lastResult: useActionResult('delete'),
    constraint: constraints.delete,
  })
  return (
    <section aria-labelledby="delete-heading" className="card danger-zone">
      <h2 id="delete-heading">{t('account:settings.delete.heading')}</h2>
      <p>{t('account:settings.delete.warning')}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="delete" />
        <Field
          label={t(
            confirm.kind === 'email' ? 'account:settings.delete.confirmEmail' : 'account:settings.delete.confirmPhone',
            {
              identifier: confirm.identifier,
            },
          )}
          errors={fields.confirmation.errors}
        >
          <input
            {...getInputProps(fields.confirmation, { type: 'text' })}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <div>
          <button type="submit" className="button button-danger" disabled={busy}>
            {t('account:settings.delete.button')}
          </button>
        </div>
      </Form>
    </section>
  )
}
