import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { FREQUENCY_CHOICES, SCOPE_CHOICES } from '#app/lib/notifications/notification-choices'
import {
  ROOM_SCOPE_CHOICES,
  type NotificationSettingsFields,
} from '#app/lib/notifications/notification-settings.schema'
import { settingsAction, settingsLoader } from './settings.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'notifications' }) }
export const loader = (args: LoaderFunctionArgs) => settingsLoader(args)
export const action = (args: ActionFunctionArgs) => settingsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'notifications:settings.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** The notification settings dialog: how often, what, and per followed room. */
export default function NotificationSettingsDrawer() {
  const { t } = useT()
  const { home, values, globallyDisabled, constraint } = useLoaderData<typeof loader>()
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result
  const [form, fields] = useForm<NotificationSettingsFields>({
    id: 'notification-settings',
    lastResult,
    defaultValue: values,
    constraint,
  })
  const slug = home.community.slug
  const rooms = fields.rooms.getFieldList()
  const errorOf = (errors: string[] | undefined) =>
    errors?.length ? (
      <p className="field-error" role="alert">
        {errors.map((error) => t(error as TranslationKey)).join(' ')}
      </p>
    ) : null
  return (
    <CommunityDrawerPage view="notifications" home={home}>
      <div className="stack notification-settings">
        <h2>{t('notifications:settings.title')}</h2>
        {globallyDisabled ? (
          <div role="status" className="notice notice-warning">
            <p>{t('notifications:settings.disabledWarning')}</p>
            <p>
              <Link to="/me/settings">{t('notifications:settings.accountSettings')}</Link>
            </p>
          </div>
        ) : null}
        {lastResult?.status === 'error' ? (
          <div role="alert" className="notice notice-error">
            <p>{t('notifications:settings.notSaved')}</p>
          </div>
        ) : null}
        <p className="muted">{t('notifications:settings.intro', { community: home.community.name })}</p>
        <Form method="post" {...getFormProps(form)} className="stack">
          <fieldset className="stack" aria-invalid={fields.frequency.errors?.length ? true : undefined}>
            <legend>{t('notifications:settings.frequency')}</legend>
            {FREQUENCY_CHOICES.map((option) => (
              <label key={option} className="radio-row">
                <input
                  type="radio"
                  name={fields.frequency.name}
                  value={option}
                  defaultChecked={fields.frequency.initialValue === option}
                />
                {t(`notifications:settings.frequencyOptions.${option}`)}
              </label>
            ))}
            {errorOf(fields.frequency.errors)}
          </fieldset>
          <fieldset className="stack" aria-invalid={fields.scope.errors?.length ? true : undefined}>
            <legend>{t('notifications:settings.scope')}</legend>
            {SCOPE_CHOICES.map((option) => (
              <label key={option} className="radio-row">
                <input
                  type="radio"
                  name={fields.scope.name}
                  value={option}
                  defaultChecked={fields.scope.initialValue === option}
                />
                {t(`notifications:settings.scopeOptions.${option}`)}
              </label>
            ))}
            {errorOf(fields.scope.errors)}
          </fieldset>
          <fieldset className="stack">
            <legend>{t('notifications:settings.rooms')}</legend>
            {rooms.length === 0 ? (
              <p className="muted">{t('notifications:settings.noRooms')}</p>
            ) : (
              <>
                <p className="muted">{t('notifications:settings.roomsHint')}</p>
                {rooms.map((room, index) => {
                  const entry = room.getFieldset()
                  const name = values.rooms[index]?.name ?? ''
                  return (
                    <div key={room.key} className="field">
                      <input type="hidden" name={entry.roomId.name} value={entry.roomId.initialValue ?? ''} />
                      <label htmlFor={entry.scope.id}>{name}</label>
                      <select
                        id={entry.scope.id}
                        name={entry.scope.name}
                        defaultValue={entry.scope.initialValue ?? 'inherit'}
                      >
                        {ROOM_SCOPE_CHOICES.map((option) => (
                          <option key={option} value={option}>
                            {option === 'inherit'
                              ? t('notifications:settings.roomInherit')
                              : t(`notifications:settings.scopeOptions.${option}`)}
                          </option>
                        ))}
                      </select>
                      {errorOf(entry.scope.errors ?? entry.roomId.errors)}
                    </div>
                  )
                })}
              </>
            )}
          </fieldset>
          <div className="inline-actions">
            <button type="submit" className="button button-primary">
              {t('notifications:settings.save')}
            </button>
            <Link to={`/${slug}/notifications`} className="button">
              {t('notifications:settings.back')}
            </Link>
          </div>
        </Form>
      </div>
    </CommunityDrawerPage>
  )
}
