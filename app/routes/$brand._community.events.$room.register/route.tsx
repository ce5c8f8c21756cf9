import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { EventTime } from '#app/components/event-time'
import { CodeField } from '#app/components/field'
import { FormStepFields } from '#app/components/form-fields'
import { NameAndEmailFields, SignupCodeForm } from '#app/components/signup-forms'
import { SignupErrorNotice } from '#app/components/signup-notices'
import { TermsBox } from '#app/components/terms-box'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { registerAction, registerLoader } from './register.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => registerLoader(args)
export const action = (args: ActionFunctionArgs) => registerAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  data
    ? pageTitle({ matches, error }, 'registration:page.title', { name: data.event.name })
    : pageTitle({ matches, error }, 'events:title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = {
  intent: string
  result: SubmissionResult<string[]> | null
  error: { message: TranslationKey; minutes?: number } | null
}

/** /{brand}/events/{room}/register: the registration form, one step a page. */
export default function RegisterPage() {
  const { t } = useT()
  const { event, eventPath, stage, status, signedInAs } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main registration-page">
      <p className="breadcrumb">
        <Link to={eventPath}>{t('registration:page.backToEvent')}</Link>
      </p>
      <h1>{t('registration:page.heading', { name: event.name })}</h1>
      {event.startsAt ? (
        <p className="muted">
          <EventTime iso={event.startsAt} timeZone={event.timeZone} />
        </p>
      ) : null}
      {status ? <p className="notice">{t(`registration:status.${status}`)}</p> : null}
      {signedInAs !== null && stage === 'step' ? (
        <p>{t('registration:page.signedInAs', { name: signedInAs })}</p>
      ) : null}
      {stage === 'closed' ? (
        <ClosedStage />
      ) : stage === 'phone' ? (
        <PhoneStage />
      ) : stage === 'code' ? (
        <CodeStage />
      ) : stage === 'about' ? (
        <AboutStage />
      ) : (
        <StepStage />
      )}
    </main>
  )
}

function ClosedStage() {
  const { t } = useT()
  const { closed, eventPath } = useLoaderData<typeof loader>()
  return (
    <>
      <p role="status">{t(`registration:status.${closed ?? 'cutoff'}`)}</p>
      <Link to={eventPath} className="button">
        {t('registration:page.backToEvent')}
      </Link>
    </>
  )
}

function AboutStage() {
  const { t } = useT()
  const { constraints, terms, stepCount, communityName } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<{ fullName: string; emailAddress: string; acceptTerms?: boolean }>({
    id: 'registration-about',
    lastResult: actionData?.intent === 'about' ? actionData.result : undefined,
    constraint: constraints.about,
  })
  return (
    <section aria-labelledby="about-heading" className="card registration-card">
      <h2 id="about-heading">{t('registration:page.aboutYou')}</h2>
      <p>{t('registration:page.aboutYouIntro')}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="about" />
        <NameAndEmailFields fields={fields} />
        {/* With no questions to follow, this form registers: the terms are accepted here. */}
        {terms && stepCount === 0 ? (
          <TermsBox field={fields.acceptTerms} terms={terms} community={communityName} />
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('registration:page.next')}
        </button>
      </Form>
    </section>
  )
}

function StepStage() {
  const { t } = useT()
  const {
    constraints,
    fields: stepFields,
    defaults,
    step,
    stepCount,
    status,
    smsConsent,
    terms,
    communityName,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `registration-step-${step}`,
    lastResult: actionData?.intent === 'step' ? actionData.result : undefined,
    constraint: constraints.step,
    defaultValue: defaults as never,
    // No revalidation on blur: with no client-side validation conform would post the form to check
    // a field, and that post disables the button under the pointer, swallowing the click on it.
  })
  const last = stepCount === 0 || step === stepCount - 1
  return (
    <section aria-labelledby="step-heading" className="card registration-card">
      <SignupErrorNotice error={actionData?.error ?? null} />
      <h2 id="step-heading">
        {stepCount > 1
          ? t('registration:page.stepOf', { step: step + 1, steps: stepCount })
          : t('registration:status.register')}
      </h2>
      {stepCount === 0 ? <p>{t('registration:page.nothingToAsk')}</p> : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="step" />
        <input type="hidden" name="step" value={step} />
        <FormStepFields fields={stepFields} meta={fields as never} smsConsent={smsConsent} />
        {terms && last ? (
          <TermsBox
            field={fields.acceptTerms as FieldMetadata<boolean | undefined>}
            terms={terms}
            community={communityName}
          />
        ) : null}
        <div className="inline-actions">
          {step > 0 ? (
            <Link to={`?step=${step - 1}`} className="button">
              {t('registration:page.back')}
            </Link>
          ) : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            {last ? t(status ? 'registration:page.update' : 'registration:page.submit') : t('registration:page.next')}
          </button>
        </div>
      </Form>
    </section>
  )
}

function CodeStage() {
  const { t } = useT()
  const { constraints, emailAddress } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  return (
    <section className="card registration-card">
      <p>{t('registration:page.codeSent', { email: emailAddress ?? '' })}</p>
      <SignupErrorNotice error={actionData?.error ?? null} />
      <SignupCodeForm
        id="registration-code"
        lastResult={actionData?.intent === 'verify' ? actionData.result : undefined}
        constraint={constraints.code}
        submitLabel={t('registration:page.confirm')}
      />
    </section>
  )
}

function PhoneStage() {
  const { t } = useT()
  const { constraints, phone } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<{ code: string }>({
    id: 'registration-phone',
    lastResult: actionData?.intent === 'verifyPhone' ? actionData.result : undefined,
    constraint: constraints.phone,
  })
  return (
    <section className="card registration-card">
      <p>{t('registration:phone.codeSent', { phone: phone ?? '' })}</p>
      <SignupErrorNotice error={actionData?.error ?? null} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="verifyPhone" />
        <CodeField label={t('auth:signIn.code')} field={fields.code} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('registration:phone.confirm')}
        </button>
      </Form>
      <Form method="post" className="inline-actions">
        <button type="submit" name="intent" value="cancel" className="button">
          {t('auth:register.startOver')}
        </button>
      </Form>
    </section>
  )
}
