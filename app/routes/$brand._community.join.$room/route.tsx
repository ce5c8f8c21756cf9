import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FormErrors } from '#app/components/field'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { joinAction, joinLoader } from './join.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'groups' }) }
export const loader = (args: LoaderFunctionArgs) => joinLoader(args)
export const action = (args: ActionFunctionArgs) => joinAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'groups:join.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function JoinGroupPage() {
  const { t } = useT()
  const { brandSlug, group, questions, member, communityMember, community, pending, open, approval, constraint } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<{ answers: string[] }>({
    id: 'join-group',
    lastResult: actionData?.result,
    defaultValue: { answers: questions.map(() => '') },
    constraint,
    shouldValidate: 'onSubmit',
  })
  const answers = fields.answers.getFieldList()
  return (
    <main id="main" className="community-main member-editor">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/groups`}>{t('groups:wizard.back')}</Link>
      </p>
      {group.bannerImage ? (
        <img src={group.bannerImage} alt="" width={1200} height={400} className="group-banner" />
      ) : null}
      <h1>{t('groups:join.heading', { name: group.name })}</h1>
      <p className="muted">{t(`groups:labels.${group.label}`)}</p>
      {group.description ? <p className="lead">{group.description}</p> : null}
      <FormErrors errors={form.errors} />
      {!communityMember ? (
        <div className="notice notice-info">
          <p>{t('groups:join.notCommunityMember')}</p>
          {community.signupPath ? (
            <p>
              <a href={community.signupPath} className="button button-primary">
                {t('groups:join.signUp', { community: community.name })}
              </a>
            </p>
          ) : null}
        </div>
      ) : member ? (
        <div className="notice notice-info">
          <p>{t('groups:join.alreadyMember')}</p>
          <p>
            <Link to={`/${brandSlug}/${group.slug}`} className="button button-primary">
              {t('groups:actions.enter')}
            </Link>
          </p>
        </div>
      ) : pending ? (
        <div className="notice notice-info">
          <p>{t('groups:join.waiting')}</p>
        </div>
      ) : !open ? (
        <div className="notice notice-info">
          <p>{t('groups:join.closed')}</p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack card member-form">
          <p>{t(approval ? 'groups:join.introApproval' : 'groups:join.intro')}</p>
          {questions.length ? (
            <fieldset className="stack">
              <legend>{t('groups:join.questionnaire')}</legend>
              {questions.map((question, index) => (
                <Field key={index} label={question} errors={answers[index]?.errors}>
                  <textarea {...getTextareaProps(answers[index]!)} rows={2} />
                </Field>
              ))}
            </fieldset>
          ) : null}
          <div className="inline-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('groups:join.submit')}
            </button>
          </div>
        </Form>
      )}
    </main>
  )
}
