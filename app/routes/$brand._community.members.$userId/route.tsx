import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormErrors } from '#app/components/field'
import {
  RoleCheckboxes,
  RoomLinkChangeNotice,
  RoomLinkConfirmButton,
  RoomLinkField,
  type RoomLinkRefusal,
} from '#app/components/member-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import type { MemberEditorFields } from '#app/lib/members/member.schema'
import { memberEditorAction, memberEditorLoader } from './member-editor.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'members' }) }
export const loader = (args: LoaderFunctionArgs) => memberEditorLoader(args)
export const action = (args: ActionFunctionArgs) => memberEditorAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'members:editor.title', { name: data?.member.name ?? '' })
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = {
  result: SubmissionResult<string[]>
  refusal: RoomLinkRefusal
  confirm: { from: string; to: string } | null
}

const PROFILE_TEXT = ['location', 'company', 'jobTitle'] as const
const SOCIAL = ['facebook', 'linkedin', 'twitter', 'instagram'] as const

export default function MemberEditor() {
  const { version } = useLoaderData<typeof loader>()
  return <MemberEditorPage key={version} />
}

function MemberEditorPage() {
  const { t } = useT()
  const { brandSlug, member, managed, values, roles, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<MemberEditorFields>({
    id: 'member-editor',
    lastResult: actionData?.result,
    defaultValue: values,
    constraint,
    shouldValidate: 'onSubmit',
  })
  const confirm = actionData?.confirm ?? null
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/members`}>{t('members:editor.back')}</Link>
      </p>
      <h1>{t('members:editor.title', { name: member.name })}</h1>
      {member.status !== 'active' ? (
        <p className="hint">{t(`members:editor.status.${member.status}` as TranslationKey)}</p>
      ) : null}
      <FormErrors errors={form.errors} />
      {confirm ? <RoomLinkChangeNotice change={confirm} prefix={`/${brandSlug}/`} anchor="link-confirmation" /> : null}
      <Form method="post" {...getFormProps(form)} className="stack card member-form">
        {managed ? <AccountFields fields={fields} /> : <AccountSummary values={values} />}

        <fieldset className="stack">
          <legend>{t('members:editor.sections.room')}</legend>
          <RoomLinkField
            field={fields.roomLink}
            label={t('members:editor.fields.roomLink')}
            prefix={`/${brandSlug}/`}
            refusal={actionData?.refusal ?? null}
          />
          <CheckboxField
            field={fields.alwaysEnableMeetButton}
            label={t('members:editor.fields.alwaysEnableMeetButton')}
          />
        </fieldset>

        <RoleCheckboxes field={fields.roles} choices={roles} />

        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('members:editor.save')}
          </button>
          <Link to={`/${brandSlug}/members`} className="button">
            {t('members:editor.cancel')}
          </Link>
        </div>
        {confirm ? (
          <RoomLinkConfirmButton change={confirm} prefix={`/${brandSlug}/`} anchor="link-confirmation" busy={busy} />
        ) : null}
      </Form>
    </main>
  )
}

type EditorFields = ReturnType<typeof useForm<MemberEditorFields>>[1]

/** The account's own fields, for an account this community made and its person never signed in to. */
function AccountFields({ fields }: { fields: EditorFields }) {
  const { t } = useT()
  return (
    <>
      <p className="hint">{t('members:editor.managedHint')}</p>
      <fieldset className="stack">
        <legend>{t('members:editor.sections.profile')}</legend>
        <div className="field-grid">
          <Field label={t('members:editor.fields.name')} errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
          </Field>
          <Field label={t('members:editor.fields.emailAddress')} errors={fields.emailAddress.errors}>
            <input {...getInputProps(fields.emailAddress, { type: 'email' })} autoComplete="off" />
          </Field>
          <Field label={t('members:editor.fields.phoneNumber')} errors={fields.phoneNumber.errors}>
            <input {...getInputProps(fields.phoneNumber, { type: 'tel' })} autoComplete="off" />
          </Field>
          {PROFILE_TEXT.map((name) => (
            <Field key={name} label={t(`members:editor.fields.${name}`)} errors={fields[name].errors}>
              <input {...getInputProps(fields[name], { type: 'text' })} />
            </Field>
          ))}
        </div>
        <Field label={t('members:editor.fields.about')} errors={fields.about.errors}>
          <textarea {...getTextareaProps(fields.about)} rows={4} />
        </Field>
        <Field label={t('members:editor.fields.interests')} errors={fields.interests.errors}>
          <textarea {...getTextareaProps(fields.interests)} rows={2} />
        </Field>
      </fieldset>

      <fieldset className="stack">
        <legend>{t('members:editor.sections.links')}</legend>
        <div className="field-grid">
          <Field label={t('members:editor.fields.websiteUrl')} errors={fields.websiteUrl.errors}>
            <input {...getInputProps(fields.websiteUrl, { type: 'url' })} placeholder="https://" />
          </Field>
          <Field label={t('members:editor.fields.calendarUrl')} errors={fields.calendarUrl.errors}>
            <input {...getInputProps(fields.calendarUrl, { type: 'url' })} placeholder="https://" />
          </Field>
          {SOCIAL.map((name) => (
            <Field key={name} label={t(`members:editor.fields.${name}`)} errors={fields[name].errors}>
              <input
                {...getInputProps(fields[name], { type: 'text' })}
                autoCapitalize="none"
                spellCheck={false}
                placeholder={t('members:editor.usernamePlaceholder')}
              />
            </Field>
          ))}
        </div>
      </fieldset>
    </>
  )
}

/** Whose account it is: shown, not editable; only the person changes it, in their own settings. */
function AccountSummary({ values }: { values: MemberEditorFields }) {
  const { t } = useT()
  return (
    <section className="stack" aria-labelledby="account-summary">
      <h2 id="account-summary">{t('members:editor.sections.profile')}</h2>
      <dl className="facts">
        <dt>{t('members:editor.fields.name')}</dt>
        <dd>{values.name || '—'}</dd>
        <dt>{t('members:editor.fields.emailAddress')}</dt>
        <dd>{values.emailAddress || '—'}</dd>
        {values.phoneNumber ? (
          <>
            <dt>{t('members:editor.fields.phoneNumber')}</dt>
            <dd>{values.phoneNumber}</dd>
          </>
        ) : null}
      </dl>
      <p className="hint">{t('members:editor.ownAccountHint')}</p>
    </section>
  )
}
