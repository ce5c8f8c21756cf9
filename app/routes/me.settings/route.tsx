import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field } from '#app/components/field'
import { LANGUAGES, type TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { ContactSection } from './contact-form'
import {
  settingsAction,
  settingsLoader,
  type AvatarFields,
  type DeleteAccountFields,
  type ProfileFields,
  type RoomDoorFields,
} from './settings.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:settings.title')
export const loader = (args: LoaderFunctionArgs) => settingsLoader(args)
export const action = (args: ActionFunctionArgs) => settingsAction(args)
// Its own boundary, so a refused form (app/lib/http/form-body.server.ts) still gets the root's data: the language and its texts.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { intent: string; result: SubmissionResult<string[]> | null }

function useActionResult(intent: ActionData['intent']) {
  const data = useActionData<ActionData>()
  return data?.intent === intent ? (data.result ?? undefined) : undefined
}

function useBusy(intent: ActionData['intent']) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export default function Settings() {
  const { t } = useT()
  const { version, avatar, contact, room } = useLoaderData<typeof loader>()
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
          {room ? <RoomDoorForm key={String(room.waitingRoom)} /> : null}
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
  const busy = useBusy('profile')
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
  const busy = useBusy('avatar')
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

/** My personal room's waiting room (remounted after a save, so it shows what was stored). */
function RoomDoorForm() {
  const { t } = useT()
  const { room, constraints } = useLoaderData<typeof loader>()
  const busy = useBusy('room')
  const [form, fields] = useForm<RoomDoorFields>({
    id: 'room-door',
    lastResult: useActionResult('room'),
    constraint: constraints.room,
    defaultValue: { waitingRoom: room?.waitingRoom ? 'on' : undefined },
  })
  return (
    <section aria-labelledby="room-door-heading" className="card">
      <h2 id="room-door-heading">{t('account:settings.room.heading')}</h2>
      <p>{t('account:settings.room.intro', { path: `/me/${room?.slug ?? ''}` })}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="room" />
        <CheckboxField
          field={fields.waitingRoom}
          label={t('account:settings.room.waitingRoom')}
          hint={t('account:settings.room.waitingRoomHint')}
        />
        {form.errors?.length ? (
          <p role="alert" className="field-error">
            {t(form.errors[0] as TranslationKey)}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('account:settings.room.save')}
          </button>
        </div>
      </Form>
    </section>
  )
}

function DeleteAccountForm() {
  const { t } = useT()
  const { confirm, constraints } = useLoaderData<typeof loader>()
  const busy = useBusy('delete')
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
