import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { CountryField } from '#app/components/country-field'
import { FormStepFields } from '#app/components/form-fields'
import { Field } from '#app/components/field'
import { NameAndEmailFields, SignupCodeForm } from '#app/components/signup-forms'
import { SignupErrorNotice } from '#app/components/signup-notices'
import { TermsBox } from '#app/components/terms-box'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import type { SelfSignupDetailsFields, SelfSignupJoinFields, selfSignupLoader } from './self-signup.server'

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
        {step === 'join' ? <JoinStep /> : step === 'code' || step === 'phoneCode' ? <CodeStep /> : <DetailsStep />}
      </div>
    </main>
  )
}

/** What the community asks for besides name and email: its questions, a mobile number, the terms accepted. */
function AskedFields({
  fields,
}: {
  fields: {
    answers: FieldMetadata<Record<string, unknown> | undefined>
    phoneNumber: FieldMetadata<string | undefined>
    country: FieldMetadata<string | undefined>
    acceptTerms: FieldMetadata<boolean | undefined>
  }
}) {
  const { t } = useT()
  const { asks, terms, community, countries, defaultCountry } = useLoaderData<typeof selfSignupLoader>()
  const answers = fields.answers.getFieldset()
  return (
    <>
      {asks.questions.map((step, index) => (
        <FormStepFields key={index} fields={step} meta={answers as never} />
      ))}
      {asks.phone ? (
        <>
          <Field label={t('signup:selfSignup.phone')} errors={fields.phoneNumber.errors}>
            <input {...getInputProps(fields.phoneNumber, { type: 'tel' })} autoComplete="tel" />
          </Field>
          <CountryField
            label={t('auth:signIn.country')}
            field={fields.country}
            countries={countries}
            defaultCountry={defaultCountry}
          />
          <p className="hint">{t('signup:selfSignup.phoneHint', { community: community.name })}</p>
        </>
      ) : null}
      {terms ? <TermsBox field={fields.acceptTerms} terms={terms} community={community.name} /> : null}
    </>
  )
}

function JoinStep() {
  const { t } = useT()
  const { community, signedInAs, constraints } = useLoaderData<typeof selfSignupLoader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<SelfSignupJoinFields>({
    id: 'self-signup-join',
    lastResult: actionData?.intent === 'join' ? actionData.result : undefined,
    constraint: constraints.join,
  })
  return (
    <>
      <p>{t('signup:selfSignup.signedInAs', { name: signedInAs ?? '' })}</p>
      <SignupErrorNotice error={actionData?.intent === 'join' ? actionData.error : null} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="join" />
        <AskedFields fields={fields} />
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('signup:selfSignup.join', { community: community.name })}
          </button>
        </div>
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
        <AskedFields fields={fields} />
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

/** The mailed code, then (where the community asks for a number) the texted one. */
function CodeStep() {
  const { t } = useT()
  const { step, constraints, codeSentTo, community } = useLoaderData<typeof selfSignupLoader>()
  const actionData = useActionData<ActionData>()
  const values = { email: codeSentTo ?? '', phone: codeSentTo ?? '', community: community.name }
  return (
    <>
      <p>
        {step === 'phoneCode' ? t('signup:selfSignup.phoneCodeSent', values) : t('signup:selfSignup.codeSent', values)}
      </p>
      <SignupErrorNotice error={actionData?.error ?? null} signInUrl="/sign-in" />
      <SignupCodeForm
        id={step === 'phoneCode' ? 'self-signup-phone-code' : 'self-signup-code'}
        lastResult={actionData?.intent === 'verify' ? actionData.result : undefined}
        constraint={constraints.verify}
        submitLabel={t('signup:selfSignup.confirm')}
      />
    </>
  )
}
