import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field } from '#app/components/field'
import { NameAndEmailFields, SignupCodeForm } from '#app/components/signup-forms'
import { SignupErrorNotice } from '#app/components/signup-notices'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { registerAction, registerLoader, type RegisterFields } from './register.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'auth:register.title')
export const loader = (args: LoaderFunctionArgs) => registerLoader(args)
export const action = (args: ActionFunctionArgs) => registerAction(args)
// Its own boundary, so a refused form (app/lib/http/form-body.server.ts) still gets the root's data: the language and its texts.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = {
  intent: string
  result: SubmissionResult<string[]> | null
  error: { message: TranslationKey; minutes?: number } | null
}

/** Create a community: who you are and what it is called, then the code sent to your email. (A personal room is claimed at /register/room.) */
export default function Register() {
  const { pending } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="status-page">
      <div className="card status-card">{pending ? <CodeStep {...pending} /> : <DetailsStep />}</div>
    </main>
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
      <SignupErrorNotice error={actionData?.error ?? null} signInUrl="/sign-in" />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="details" />
        <NameAndEmailFields fields={fields} />
        <Field label={t('auth:register.communityName')} errors={fields.communityName.errors}>
          <input {...getInputProps(fields.communityName, { type: 'text' })} autoComplete="organization" />
        </Field>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('auth:register.continue')}
        </button>
      </Form>
      <p>
        {t('signup:register.orRoom')} <Link to="/register/room">{t('signup:register.claimRoom')}</Link>
      </p>
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
  return (
    <>
      <h1>{t('auth:register.codeTitle')}</h1>
      <p>{t('auth:register.codeSent', { email: emailAddress, community: communityName })}</p>
      <SignupErrorNotice error={actionData?.error ?? null} />
      <SignupCodeForm
        id="register-code"
        lastResult={actionData?.intent === 'verify' ? actionData.result : undefined}
        constraint={constraints.verify}
        submitLabel={t('auth:register.create')}
      />
    </>
  )
}
