import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormErrors } from '#app/components/field'
import { RoleCheckboxes, RoomLinkField, type RoomLinkRefusal } from '#app/components/member-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { DIRECTORY_VISIBILITY, ROOM_ACCESS, type NewMemberFields } from '#app/lib/members/member.schema'
import { newMemberAction, newMemberLoader } from './new-member.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'members' }) }
export const loader = (args: LoaderFunctionArgs) => newMemberLoader(args)
export const action = (args: ActionFunctionArgs) => newMemberAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'members:wizard.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { result: SubmissionResult<string[]>; refusal: RoomLinkRefusal }

// The product's wizard steps, as fieldsets of one form: it works without JavaScript and loses nothing between steps.
export default function NewMemberWizard() {
  const { t } = useT()
  const { brandSlug, roles, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<NewMemberFields>({
    id: 'new-member',
    lastResult: actionData?.result,
    defaultValue: { access: 'locked', visibleInDirectory: 'members', roles: ['community-member'] },
    constraint,
    shouldValidate: 'onSubmit',
  })
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/members`}>{t('members:editor.back')}</Link>
      </p>
      <h1>{t('members:wizard.title')}</h1>
      <p className="lead">{t('members:wizard.intro')}</p>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="stack card member-form">
        <fieldset className="stack">
          <legend>{t('members:wizard.steps.room')}</legend>
          <Field label={t('members:wizard.fields.name')} errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
          </Field>
          <RoomLinkField
            field={fields.roomLink}
            label={t('members:wizard.fields.roomLink')}
            prefix={`/${brandSlug}/`}
            refusal={actionData?.refusal ?? null}
          />
        </fieldset>

        <fieldset className="stack">
          <legend>{t('members:wizard.steps.person')}</legend>
          <div className="field-grid">
            <Field label={t('members:wizard.fields.emailAddress')} errors={fields.emailAddress.errors}>
              <input {...getInputProps(fields.emailAddress, { type: 'email' })} autoComplete="off" />
            </Field>
            <Field label={t('members:wizard.fields.fullName')} errors={fields.fullName.errors}>
              <input {...getInputProps(fields.fullName, { type: 'text' })} autoComplete="off" />
            </Field>
          </div>
          <p className="hint">{t('members:wizard.existingHint')}</p>
        </fieldset>

        <RoleCheckboxes field={fields.roles} choices={roles} />

        <fieldset className="stack">
          <legend>{t('members:wizard.steps.access')}</legend>
          <div className="field-grid">
            <Field label={t('members:wizard.fields.access')} errors={fields.access.errors}>
              <select {...getSelectProps(fields.access)}>
                {ROOM_ACCESS.map((access) => (
                  <option key={access} value={access}>
                    {t(`members:wizard.access.${access}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('members:wizard.fields.visibleInDirectory')} errors={fields.visibleInDirectory.errors}>
              <select {...getSelectProps(fields.visibleInDirectory)}>
                {DIRECTORY_VISIBILITY.map((visibility) => (
                  <option key={visibility} value={visibility}>
                    {t(`members:wizard.visibility.${visibility}`)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <CheckboxField field={fields.pinnedInDirectory} label={t('members:wizard.fields.pinnedInDirectory')} />
        </fieldset>

        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('members:wizard.create')}
          </button>
          <Link to={`/${brandSlug}/members`} className="button">
            {t('members:editor.cancel')}
          </Link>
        </div>
      </Form>
    </main>
  )
}
