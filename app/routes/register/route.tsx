import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field } from '#app/components/field'
import type { TranslationKey } from '#app/lib/i18n'
import { pageTitle } from '#app/lib/meta'
import { useT } from '#app/lib/use-t'
import { registerAction, registerLoader, type RegisterCodeFields, type RegisterFields } from './register.server'

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'auth:register.title')
export const loader = (args: LoaderFunctionArgs) => registerLoader(args)
export const action = (args: ActionFunctionArgs) => registerAction(args)

type ActionData = {
  intent: string
  result: SubmissionResult<string[]> | null
  error: { message: TranslationKey; minutes?: number } | null
}

/** Create a community: who you are and what it is called, then the code sent to your email. */
export default function Register() {
  const { pending } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="status-page">
      <div className="card status-card">{pending ? <CodeStep {...pending} /> : <DetailsStep />}</div>
    </main>
  )
}

function ErrorNotice({ error }: { error: ActionData['error'] }) {
  const { t } = useT()
  if (!error) return null
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <strong>{t(error.message, { minutes: error.minutes ?? 0 })}</strong>
      </p>
    </div>
  )
}

function DetailsStep() {
  const { t } = useT()
  const { constraints } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<RegisterFields>({
    id: 'register',
    lastResult: actionData?.intent === 'details' ? actionData.result : undefined,
    constraint: constraints.details,
  })
  return (
    <>
      <h1>{t('auth:register.title')}</h1>
      <p>{t('auth:register.intro')}</p>
      <ErrorNotice error={actionData?.error ?? null} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="details" />
        <Field label={t('auth:register.fullName')} errors={fields.fullName.errors}>
          <input {...getInputProps(fields.fullName, { type: 'text' })} autoComplete="name" />
        </Field>
        <Field label={t('auth:register.email')} errors={fields.emailAddress.errors}>
          <input {...getInputProps(fields.emailAddress, { type: 'email' })} autoComplete="email" />
        </Field>
        <Field label={t('auth:register.communityName')} errors={fields.communityName.errors}>
          <input {...getInputProps(fields.communityName, { type: 'text' })} autoComplete="organization" />
        </Field>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('auth:register.continue')}
        </button>
      </Form>
      <p>
        {t('auth:register.haveAccount')} <Link to="/sign-in">{t('auth:signIn.title')}</Link>
      </p>
    </>
  )
}

function CodeStep({ emailAddress, communityName }: { emailAddress: string; communityName: string }) {
  const { t } = useT()
  const { constraints } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<RegisterCodeFields>({
    id: 'register-code',
    lastResult: actionData?.intent === 'verify' ? actionData.result : undefined,
    constraint: constraints.verify,
  })
  return (
    <>
      <h1>{t('auth:register.codeTitle')}</h1>
      <p>{t('auth:register.codeSent', { email: emailAddress, community: communityName })}</p>
      <ErrorNotice error={actionData?.error ?? null} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="verify" />
        <Field label={t('auth:signIn.code')} errors={fields.code.errors}>
          <input
            {...getInputProps(fields.code, { type: 'text' })}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            className="code-input"
          />
        </Field>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('auth:register.create')}
        </button>
      </Form>
      <Form method="post" className="inline-actions">
        <button type="submit" name="intent" value="cancel" className="button">
          {t('auth:register.startOver')}
        </button>
      </Form>
    </>
  )
}
