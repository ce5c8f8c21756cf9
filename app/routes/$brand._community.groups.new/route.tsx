import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FormErrors } from '#app/components/field'
import { GroupAccessFields, GroupJoiningFields } from '#app/components/group-access-fields'
import { GroupTagsField } from '#app/components/group-tags-field'
import { RoomLinkField, type RoomLinkRefusal } from '#app/components/member-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import type { NewGroupFields } from '#app/lib/groups/group.schema'
import { newGroupAction, newGroupLoader } from './new-group.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'groups' }) }
export const loader = (args: LoaderFunctionArgs) => newGroupLoader(args)
export const action = (args: ActionFunctionArgs) => newGroupAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'groups:wizard.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { result: SubmissionResult<string[]> | null; refusal: RoomLinkRefusal; error: TranslationKey | null }

// The product's wizard steps as fieldsets of one form: it works without JavaScript and loses nothing between steps.
export default function NewGroupWizard() {
  const { t } = useT()
  const { brandSlug, mayCreate, moderated, constraint, tags, newGroupTagIds } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<NewGroupFields>({
    id: 'new-group',
    lastResult: actionData?.result ?? undefined,
    // A public group's way by default: anyone may ask, and is in at once.
    defaultValue: { groupType: 'public', visibleInDirectory: 'everyone', allowMembershipRequests: 'on' },
    constraint,
    shouldValidate: 'onSubmit',
  })
  const back = (
    <p className="breadcrumb">
      <Link to={`/${brandSlug}/groups`}>{t('groups:wizard.back')}</Link>
    </p>
  )
  if (!mayCreate || actionData?.error) {
    return (
      <main id="main" className="community-main member-editor">
        {back}
        <h1>{t('groups:wizard.title')}</h1>
        <div role="alert" className="notice notice-error">
          <p>{t('groups:wizard.errors.noPermission')}</p>
        </div>
      </main>
    )
  }
  return (
    <main id="main" className="community-main member-editor">
      {back}
      <h1>{t('groups:wizard.title')}</h1>
      <p className="lead">{t(moderated ? 'groups:wizard.introModerated' : 'groups:wizard.intro')}</p>
      <FormErrors errors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack card member-form">
        <fieldset className="stack">
          <legend>{t('groups:wizard.steps.details')}</legend>
          <Field label={t('groups:wizard.fields.title')} errors={fields.title.errors}>
            <input {...getInputProps(fields.title, { type: 'text' })} autoComplete="off" />
          </Field>
          <Field label={t('groups:wizard.fields.description')} errors={fields.description.errors}>
            <textarea {...getTextareaProps(fields.description)} rows={3} />
          </Field>
          <Field label={t('groups:wizard.fields.banner')} errors={fields.banner.errors}>
            <input
              {...getInputProps(fields.banner, { type: 'file' })}
              accept="image/png,image/jpeg,image/webp,image/gif"
            />
          </Field>
          <p className="hint">{t('groups:wizard.bannerHint')}</p>
        </fieldset>

        <fieldset className="stack">
          <legend>{t('groups:wizard.steps.link')}</legend>
          <RoomLinkField
            field={fields.roomLink}
            label={t('groups:wizard.fields.roomLink')}
            prefix={`/${brandSlug}/`}
            refusal={actionData?.refusal ?? null}
          />
        </fieldset>

        <fieldset className="stack">
          <legend>{t('groups:wizard.steps.access')}</legend>
          <GroupAccessFields
            groupType={fields.groupType}
            visibleInDirectory={fields.visibleInDirectory}
            pinnedInDirectory={fields.pinnedInDirectory}
          />
        </fieldset>

        <fieldset className="stack">
          <legend>{t('groups:wizard.steps.joining')}</legend>
          <input type="hidden" name="joiningOffered" value="on" />
          <GroupJoiningFields
            allowMembershipRequests={fields.allowMembershipRequests}
            manualApproval={fields.manualApproval}
            questions={fields.questions}
          />
          <p className="hint">{t('groups:wizard.joiningHint')}</p>
        </fieldset>

        <GroupTagsField field={fields.tagIds} choices={tags} ticked={newGroupTagIds} />

        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('groups:wizard.create')}
          </button>
          <Link to={`/${brandSlug}/groups`} className="button">
            {t('groups:wizard.cancel')}
          </Link>
        </div>
      </Form>
    </main>
  )
}
