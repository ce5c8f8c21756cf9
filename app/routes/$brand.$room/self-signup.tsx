import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { NameAndEmailFields, SignupCodeForm } from '#app/components/signup-forms'
import { SignupErrorNotice } from '#app/components/signup-notices'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import type { SelfSignupDetailsFields, selfSignupLoader } from './self-signup.server'

/** The page's title, "Sign-Up" (its page title), for the meeting route's meta when it shows this page. */
export const selfSignupMeta: MetaFunction = ({ matches, error }) =>
  pageTitle({ matches, error }, 'signup:selfSignup.title')

type ActionData = {
  intent: string
  result: SubmissionResult<string[]> | null
  error: { message: TranslationKey; minutes?: number } | null
}

/** /{brand}/signup-{hash}: join a community through its sign-up link. */
export function SelfSignupPage() {
  const { t } = useT()
  const { step, community, moderated } = useLoaderData<typeof selfSignupLoader>()
  return (
    <main id="main" className="status-page">
      <div className="card status-card">
        <h1>{t('signup:selfSignup.heading', { community: community.name })}</h1>
        <p>{moderated ? t('signup:selfSignup.introModerated') : t('signup:selfSignup.intro')}</p>
        {step === 'join' ? <JoinStep /> : step === 'code' ? <CodeStep /> : <DetailsStep />}
      </div>
    </main>
  )
}

function JoinStep() {
  const { t } = useT()
  const { community, signedInAs } = useLoaderData<typeof selfSignupLoader>()
  const busy = useNavigation().state === 'submitting'
  return (
    <>
      <p>{t('signup:selfSignup.signedInAs', { name: signedInAs ?? '' })}</p>
      <Form method="post" className="inline-actions">
        <button type="submit" name="intent" value="join" className="button button-primary" disabled={busy}>
          {t('signup:selfSignup.join', { community: community.name })}
        </button>
      </Form>
    </>
  )
}

function DetailsStep() {
  const { t } = useT()
  const { constraints } = useLoaderData<typeof selfSignupLoader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const signInUrl = `/sign-in?redirectTo=${encodeURIComponent(useLocation().pathname)}`
  const [form, fields] = useForm<SelfSignupDetailsFields>({
    id: 'self-signup',
    lastResult: actionData?.intent === 'details' ? actionData.result : undefined,
    constraint: constraints.details,
  })
  return (
    <>
      <SignupErrorNotice error={actionData?.error ?? null} signInUrl={signInUrl} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="details" />
        <NameAndEmailFields fields={fields} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('auth:register.continue')}
        </button>
      </Form>
      <p>
        {t('auth:register.haveAccount')} <Link to={signInUrl}>{t('auth:signIn.title')}</Link>
      </p>
    </>
  )
}

function CodeStep() {
  const { t } = useT()
  const { constraints, emailAddress, community } = useLoaderData<typeof selfSignupLoader>()
  const actionData = useActionData<ActionData>()
  return (
    <>
      <p>{t('signup:selfSignup.codeSent', { email: emailAddress ?? '', community: community.name })}</p>
      <SignupErrorNotice error={actionData?.error ?? null} signInUrl="/sign-in" />
      <SignupCodeForm
        id="self-signup-code"
        lastResult={actionData?.intent === 'verify' ? actionData.result : undefined}
        constraint={constraints.verify}
        submitLabel={t('signup:selfSignup.confirm')}
      />
    </>
  )
}
