import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field } from '#app/components/field'
import { NotSavedNotice } from '#app/components/not-saved-notice'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { useT } from '#app/lib/i18n/use-t'
import {
  END_CALL_REDIRECTS,
  LANDING_PAGES,
  PEERS_MAX,
  PEERS_MIN_SIZE,
  PUBLIC_ACCESS_PAGES,
  TOOLBAR_CONTROLS,
  TOXICITY,
  VIEWING_MODES,
  type CommunitySettingsFields,
} from '#app/lib/settings/community-settings.schema'
import { settingsTabAction, settingsTabLoader } from './settings.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'settings' }) }
export const loader = (args: LoaderFunctionArgs) => settingsTabLoader(args)
export const action = (args: ActionFunctionArgs) => settingsTabAction(args)

export default function SettingsTab() {
  const { version } = useLoaderData<typeof loader>()
  // A new key after each save starts the form again from what was stored.
  return <CommunitySettingsForm key={version} />
}

function CommunitySettingsForm() {
  const { t } = useT()
  const { values, mayChangeStatus, constraint } = useLoaderData<typeof loader>()
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<CommunitySettingsFields>({
    id: 'community-settings',
    lastResult,
    defaultValue: values,
    constraint,
  })
  const publicAccess = fields.publicAccess.getFieldset()
  const peers = fields.peerSettings.getFieldset()
  const toolbar = fields.toolbarControls.getFieldset()
  const moderation = fields.contentModeration.getFieldset()
  // A public community always moderates membership. The form says so while the box is
  // ticked (as stored, or as changed with JavaScript); the server enforces it either way.
  const isPublic = fields.publicCommunity.value === 'on'
  const select = (
    name: 'defaultLandingPage' | 'redirectOnEndCall' | 'defaultViewDesktop' | 'defaultViewMobile',
    options: readonly string[],
    labels: (option: string) => string,
  ) => (
    <select {...getSelectProps(fields[name])}>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels(option)}
        </option>
      ))}
    </select>
  )
  return (
    <Form method="post" {...getFormProps(form)} className="stack settings-form">
      <NotSavedNotice show={lastResult?.status === 'error'} />
      <input type="hidden" name="intent" value="settings" />

      <fieldset className="card stack">
        <legend>{t('settings:sections.community')}</legend>
        <Field label={t('settings:fields.name')} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="organization" />
        </Field>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t('settings:sections.access')}</legend>
        <CheckboxField
          field={fields.publicCommunity}
          label={t('settings:fields.publicCommunity')}
          hint={t('settings:fields.publicCommunityHint')}
        />
        <fieldset className="stack nested-fieldset">
          <legend>{t('settings:fields.publicAccess')}</legend>
          <div className="checkbox-grid">
            {PUBLIC_ACCESS_PAGES.map((page) => (
              <CheckboxField
                key={page}
                field={publicAccess[page]}
                label={t(`settings:fields.publicAccessPages.${page}`)}
              />
            ))}
          </div>
        </fieldset>
        <CheckboxField
          field={fields.memberModeration}
          label={t('settings:fields.memberModeration')}
          disabled={isPublic}
          checked={isPublic}
          hint={isPublic ? t('settings:fields.memberModerationForced') : undefined}
        />
        <CheckboxField field={fields.requireMemberPhoneNumber} label={t('settings:fields.requireMemberPhoneNumber')} />
        <CheckboxField
          field={fields.newGroupModerationEnabled}
          label={t('settings:fields.newGroupModerationEnabled')}
        />
      </fieldset>

      <fieldset className="card stack">
        <legend>{t('settings:sections.landing')}</legend>
        <div className="field-grid">
          <Field label={t('settings:fields.defaultLandingPage')} errors={fields.defaultLandingPage.errors}>
            {select('defaultLandingPage', LANDING_PAGES, (option) =>
              t(`settings:fields.landingPages.${option as (typeof LANDING_PAGES)[number]}`),
            )}
          </Field>
          <Field label={t('settings:fields.redirectOnEndCall')} errors={fields.redirectOnEndCall.errors}>
            {select('redirectOnEndCall', END_CALL_REDIRECTS, (option) =>
              t(`settings:fields.endCallRedirects.${option as (typeof END_CALL_REDIRECTS)[number]}`),
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t('settings:sections.legal')}</legend>
        <p className="hint">{t('settings:fields.urlHint')}</p>
        <div className="field-grid">
          <Field label={t('settings:fields.communityToS')} errors={fields.communityToS.errors}>
            <input {...getInputProps(fields.communityToS, { type: 'url' })} placeholder="https://" />
          </Field>
          <Field label={t('settings:fields.communityPP')} errors={fields.communityPP.errors}>
            <input {...getInputProps(fields.communityPP, { type: 'url' })} placeholder="https://" />
          </Field>
        </div>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t('settings:sections.meeting')}</legend>
        <CheckboxField field={fields.meetButtonEnabled} label={t('settings:fields.meetButtonEnabled')} />
        <CheckboxField
          field={fields.displayAbbreviatedUserNames}
          label={t('settings:fields.displayAbbreviatedUserNames')}
        />
        <CheckboxField field={peers.mirrorOwnVideo} label={t('settings:fields.mirrorOwnVideo')} />
        <CheckboxField field={peers.peersDisplayNameplates} label={t('settings:fields.peersDisplayNameplates')} />
        <div className="field-grid">
          <Field label={t('settings:fields.peersMax')} errors={peers.peersMax.errors}>
            <input
              {...getInputProps(peers.peersMax, { type: 'number' })}
              min={PEERS_MAX.min}
              max={PEERS_MAX.max}
              step={1}
              inputMode="numeric"
            />
          </Field>
          <Field label={t('settings:fields.peersMinSize')} errors={peers.peersMinSize.errors}>
            <input
              {...getInputProps(peers.peersMinSize, { type: 'number' })}
              min={PEERS_MIN_SIZE.min}
              max={PEERS_MIN_SIZE.max}
              step={1}
              inputMode="numeric"
            />
          </Field>
          <Field label={t('settings:fields.defaultDisplayName')} errors={peers.defaultDisplayName.errors}>
            <input {...getInputProps(peers.defaultDisplayName, { type: 'text' })} />
          </Field>
          <Field label={t('settings:fields.defaultViewDesktop')} errors={fields.defaultViewDesktop.errors}>
            {select('defaultViewDesktop', VIEWING_MODES, (option) =>
              t(`settings:fields.viewingModes.${option as (typeof VIEWING_MODES)[number]}`),
            )}
          </Field>
          <Field label={t('settings:fields.defaultViewMobile')} errors={fields.defaultViewMobile.errors}>
            {select('defaultViewMobile', VIEWING_MODES, (option) =>
              t(`settings:fields.viewingModes.${option as (typeof VIEWING_MODES)[number]}`),
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t('settings:sections.toolbar')}</legend>
        <p className="hint">{t('settings:fields.toolbarHint')}</p>
        <div className="checkbox-grid">
          {TOOLBAR_CONTROLS.map((control) => (
            <CheckboxField key={control} field={toolbar[control]} label={t(`settings:fields.toolbar.${control}`)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t('settings:sections.moderation')}</legend>
        <Field label={t('settings:fields.toxicity')} errors={moderation.postToxicityThreshold.errors}>
          <input
            {...getInputProps(moderation.postToxicityThreshold, { type: 'number' })}
            min={TOXICITY.min}
            max={TOXICITY.max}
            step={1}
            inputMode="numeric"
          />
        </Field>
        <p className="hint">{t('settings:fields.toxicityHint')}</p>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t('settings:sections.status')}</legend>
        {mayChangeStatus ? (
          <Field label={t('settings:fields.status')} errors={fields.status.errors}>
            <select {...getSelectProps(fields.status)}>
              <option value="active">{t('settings:fields.statuses.active')}</option>
              <option value="deleted">{t('settings:fields.statuses.deleted')}</option>
            </select>
          </Field>
        ) : (
          <p>
            {t('settings:fields.status')}: <strong>{t('settings:fields.statuses.active')}</strong>
          </p>
        )}
        <p className="hint">
          {mayChangeStatus ? t('settings:fields.statusHint') : t('settings:fields.statusOwnersOnly')}
        </p>
      </fieldset>

      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('settings:save')}
        </button>
      </div>
    </Form>
  )
}
