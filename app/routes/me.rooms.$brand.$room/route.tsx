import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormErrors } from '#app/components/field'
import { BreakoutPreviewFields } from '#app/components/breakout-preview-fields'
import {
  RoomLinkChangeNotice,
  RoomLinkConfirmButton,
  RoomLinkField,
  type RoomLinkRefusal,
} from '#app/components/member-form-parts'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import type { OwnRoomFields } from '#app/lib/rooms/own-room.server'
import { accountStyles } from '#app/styles/stylesheets'
import { ownRoomAction, ownRoomLoader } from './own-room.server'

// /me/rooms/{brand}/{room}: a personal room's settings, for its host (app/lib/rooms/own-room.server.ts).
export const links = accountStyles
export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:rooms.title')
export const loader = (args: LoaderFunctionArgs) => ownRoomLoader(args)
export const action = (args: ActionFunctionArgs) => ownRoomAction(args)
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = {
  result: SubmissionResult<string[]>
  refusal: RoomLinkRefusal
  confirm: { from: string; to: string } | null
}

export default function OwnRoomPage() {
  const { version } = useLoaderData<typeof loader>()
  // A new key after each save starts the form again from what was stored.
  return <OwnRoomForm key={version} />
}

function OwnRoomForm() {
  const { t } = useT()
  const { community, path, profileUrl, values, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<OwnRoomFields>({
    id: 'own-room',
    lastResult: actionData?.result,
    defaultValue: values,
    constraint,
    shouldValidate: 'onSubmit',
  })
  const confirm = actionData?.confirm ?? null
  const prefix = `/${community.slug}/`
  return (
    <main id="main" className="page account-page">
      <p className="breadcrumb">
        <Link to="/me/settings">{t('account:rooms.back')}</Link>
      </p>
      <h1>{t('account:rooms.title')}</h1>
      <p className="lead">
        {t('account:rooms.intro', { community: community.name })} <Link to={path}>{path}</Link>
      </p>
      <p>
        <Link to={profileUrl}>{t('account:hostProfile.profileLink')}</Link>
      </p>
      <FormErrors errors={form.errors} />
      {confirm ? <RoomLinkChangeNotice change={confirm} prefix={prefix} anchor="link-confirmation" /> : null}
      <Form method="post" {...getFormProps(form)} className="stack card">
        <Field label={t('account:rooms.fields.name')} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: 'text' })} />
        </Field>
        <Field label={t('account:rooms.fields.description')} errors={fields.description.errors}>
          <textarea {...getTextareaProps(fields.description)} rows={3} />
        </Field>
        <RoomLinkField
          field={fields.roomLink}
          label={t('account:rooms.fields.roomLink')}
          prefix={prefix}
          refusal={actionData?.refusal ?? null}
        />
        <Field label={t('account:rooms.fields.redirectOnEndUrl')} errors={fields.redirectOnEndUrl.errors}>
          <input {...getInputProps(fields.redirectOnEndUrl, { type: 'url' })} placeholder="https://" />
        </Field>
        <p className="hint">{t('account:rooms.fields.redirectOnEndUrlHint')}</p>
        <CheckboxField
          field={fields.waitingRoom}
          label={t('account:settings.room.waitingRoom')}
          hint={t('account:settings.room.waitingRoomHint')}
        />
        <CheckboxField
          field={fields.locked}
          label={t('account:rooms.fields.locked')}
          hint={t('account:rooms.fields.lockedHint')}
        />
        <BreakoutPreviewFields preview={fields.breakoutPreview} seconds={fields.breakoutPreviewSeconds} />
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('account:settings.room.save')}
          </button>
        </div>
        {confirm ? (
          <RoomLinkConfirmButton change={confirm} prefix={prefix} anchor="link-confirmation" busy={busy} />
        ) : null}
      </Form>
    </main>
  )
}
