import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminPaging, AdminSearch } from '#app/components/admin-listing'
import { CheckboxField, Field } from '#app/components/field'
import { NotSavedNotice } from '#app/components/not-saved-notice'
import { NAMED_THEMES } from '#app/lib/communities/theme'
import { DIRECTORY_POSITIONS, DIRECTORY_TYPES, POSITION_KEYS } from '#app/lib/directory/directory'
import {
  DIRECTORY_THEMES,
  DirectorySettingsSchema,
  type DirectorySettingsFields,
} from '#app/lib/directory/directory-settings.schema'
import { DIRECTORY_VISIBILITIES } from '#app/lib/admin/admin.schema'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { directoryAction, directoryLoader, type DirectoryActionData } from './directory.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'admin:directory.title')
export const loader = (args: LoaderFunctionArgs) => directoryLoader(args)
export const action = (args: ActionFunctionArgs) => directoryAction(args)

export default function AdminDirectory() {
  const { t } = useT()
  const { slug, query, rooms, paging } = useLoaderData<typeof loader>()
  const answer = useActionData<DirectoryActionData | SettingsRefused>()
  const refused = answer && 'id' in answer ? answer : undefined
  const busy = useNavigation().state === 'submitting'
  return (
    <>
      <h1>{t('admin:directory.title')}</h1>
      <DirectorySettingsForm />
      <h2>{t('directory:settings.roomsHeading')}</h2>
      <p className="lead">{t('admin:directory.intro')}</p>
      <AdminSearch label={t('admin:rooms.searchLabel')} query={query} />
      {refused && !rooms.some((room) => room.id === refused.id) ? (
        <div role="alert" className="notice notice-error">
          <p>{refused.errors.map((error) => t(error)).join(' ')}</p>
        </div>
      ) : null}
      {rooms.length === 0 ? (
        <p>{t('admin:directory.none')}</p>
      ) : (
        // One small form a room, so each row saves on its own with or without JavaScript.
        <ul className="admin-directory">
          {rooms.map((room) => {
            const name = room.name || room.slug
            const mine = refused?.id === room.id ? refused : null
            const errorId = `directory-${room.id}-error`
            return (
              <li key={room.id} className="card">
                <Form method="post" className="admin-directory-row" aria-label={name}>
                  <input type="hidden" name="intent" value="directory" />
                  <input type="hidden" name="id" value={room.id} />
                  <div className="admin-directory-name">
                    <Link to={`/${slug}/${room.slug}`}>{name}</Link>
                    <p className="muted">{t(`admin:contexts.${room.context}`)}</p>
                  </div>
                  <div className="field">
                    <label htmlFor={`visibility-${room.id}`}>{t('admin:directory.visibility')}</label>
                    <select
                      id={`visibility-${room.id}`}
                      name="visibility"
                      defaultValue={mine?.values.visibility ?? room.visibility}
                      {...(mine ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
                    >
                      {DIRECTORY_VISIBILITIES.map((visibility) => (
                        <option key={visibility} value={visibility}>
                          {t(`admin:directory.visibilities.${visibility}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="checkbox-field">
                    <input
                      type="checkbox"
                      id={`pinned-${room.id}`}
                      name="pinned"
                      defaultChecked={mine ? mine.values.pinned : room.pinned}
                    />
                    <label htmlFor={`pinned-${room.id}`}>{t('admin:directory.pinned')}</label>
                  </div>
                  <button
                    type="submit"
                    className="button button-small"
                    disabled={busy}
                    aria-label={t('admin:directory.saveRoom', { name })}
                  >
                    {t('admin:directory.save')}
                  </button>
                  {mine ? (
                    <p id={errorId} role="alert" className="field-error">
                      {mine.errors.map((error) => t(error)).join(' ')}
                    </p>
                  ) : null}
                </Form>
              </li>
            )
          })}
        </ul>
      )}
      <AdminPaging paging={paging} />
    </>
  )
}

type SettingsRefused = { intent: 'settings'; result: SubmissionResult<string[]> }

/** The directory's own settings: on or off, launcher or listing, where the launcher sits, its theme, self sign-up. */
function DirectorySettingsForm() {
  const { t } = useT()
  const { settings, version, slug } = useLoaderData<typeof loader>()
  const answer = useActionData<DirectoryActionData | SettingsRefused>()
  const lastResult = answer && 'intent' in answer && answer.intent === 'settings' ? answer.result : undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<DirectorySettingsFields>({
    id: `directory-settings-${version}`,
    lastResult,
    defaultValue: settings,
    constraint: getZodConstraint(DirectorySettingsSchema),
    shouldValidate: 'onSubmit',
  })
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card stack settings-form"
      aria-labelledby="directory-settings-heading"
    >
      <NotSavedNotice show={lastResult?.status === 'error'} />
      <input type="hidden" name="intent" value="settings" />
      <h2 id="directory-settings-heading">{t('directory:settings.heading')}</h2>
      <p>
        {t('directory:settings.address')} <a href={`/directory/${slug}`}>{`/directory/${slug}`}</a>
      </p>
      <CheckboxField field={fields.enabled} label={t('directory:settings.enabled')} />
      <Field label={t('directory:settings.type')} errors={fields.type.errors}>
        <select {...getSelectProps(fields.type)}>
          {DIRECTORY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`directory:settings.types.${type}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('directory:settings.position')} errors={fields.position.errors}>
        <select {...getSelectProps(fields.position)}>
          {DIRECTORY_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {t(`directory:settings.positions.${POSITION_KEYS[position]}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('directory:settings.offsetX')} errors={fields.offsetX.errors}>
        <input {...getInputProps(fields.offsetX, { type: 'number' })} />
      </Field>
      <Field label={t('directory:settings.offsetY')} errors={fields.offsetY.errors}>
        <input {...getInputProps(fields.offsetY, { type: 'number' })} />
      </Field>
      <Field label={t('directory:settings.theme')} errors={fields.theme.errors}>
        <select {...getSelectProps(fields.theme)}>
          {DIRECTORY_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {theme ? NAMED_THEMES[theme].label : t('directory:settings.communityTheme')}
            </option>
          ))}
        </select>
      </Field>
      <CheckboxField
        field={fields.selfSignup}
        label={t('directory:settings.selfSignup')}
        hint={t('directory:settings.selfSignupHint')}
      />
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('directory:settings.save')}
        </button>
      </div>
    </Form>
  )
}
