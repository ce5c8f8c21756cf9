import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CountryField } from '#app/components/country-field'
import { CodeField, Field } from '#app/components/field'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { signInAction, signInLoader, type SendCodeFields, type VerifyCodeFields } from './sign-in.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'auth:signIn.title')
export const loader = (args: LoaderFunctionArgs) => signInLoader(args)
export const action = (args: ActionFunctionArgs) => signInAction(args)
// Its own boundary, so a refused form (app/lib/http/form-body.server.ts) still gets the root's data: the language and its texts.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function SignIn() {
  const { pending } = useLoaderData<typeof loader>()
  // Cancel answers with a redirect, so no action data: the form starts afresh, without what was
  // typed before, as it does without JavaScript.
  const answered = useActionData<ActionData>()?.intent === 'send'
  return (
    <main id="main" className="status-page">
      <div className="card status-card">
        {pending ? <CodeStep identifier={pending} /> : <IdentifierStep key={answered ? 'answered' : 'fresh'} />}
      </div>
    </main>
  )
}

type ActionData = {
  intent: string
  result: SubmissionResult<string[]> | null
  error: { message: TranslationKey; minutes?: number; accountNotFound: boolean } | null
}

function useActionResult(intent: string) {
  const data = useActionData<ActionData>()
  return data?.intent === intent ? data : undefined
}

function IdentifierStep() {
  const { t } = useT()
  const { redirectTo, defaultCountry, countries, constraints } = useLoaderData<typeof loader>()
  const actionData = useActionResult('send')
  const busy = useNavigation().state === 'submitting'
  // No revalidation on blur: with no client-side validation conform would post the form to the
  // server on every blur, and that answer could overtake the real submission's (the error lost).
  const [form, fields] = useForm<SendCodeFields>({
    id: 'send-code',
    lastResult: actionData?.result,
    constraint: constraints.send,
  })
  return (
    <>
      <h1>{t('auth:signIn.title')}</h1>
      <p>{t('auth:signIn.intro')}</p>
      {actionData?.error ? (
        <ErrorNotice error={actionData.error} redirectTo={redirectTo} />
      ) : actionData ? null : (
        <ConnectFailureNotice />
      )}
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={t('auth:signIn.identifier')} errors={fields.identifier.errors}>
          <input
            {...getInputProps(fields.identifier, { type: 'text' })}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <CountryField
          label={t('auth:signIn.country')}
          field={fields.country}
          countries={countries}
          defaultCountry={defaultCountry}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('auth:signIn.send')}
        </button>
      </Form>
      <ProviderLinks />
      <p>
        {t('auth:signIn.noAccount')} <Link to="/register">{t('auth:signIn.signUp')}</Link>
      </p>
    </>
  )
}

/** Where a provider's sign-in starts: a plain link (GET), so it works without JavaScript. */
function connectHref(provider: string, redirectTo: string) {
  return `/connect/${provider}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`
}

/** One button per configured provider (OAUTH_PROVIDERS), labelled with its LABEL. */
function ProviderLinks() {
  const { t } = useT()
  const { providers, redirectTo } = useLoaderData<typeof loader>()
  if (!providers.length) return null
  return (
    <section aria-labelledby="connect-heading" className="stack">
      <h2 id="connect-heading">{t('auth:connect.heading')}</h2>
      <div className="inline-actions">
        {providers.map((provider) => (
          <a key={provider.name} href={connectHref(provider.name, redirectTo)} className="button">
            {t('auth:connect.continueWith', { provider: provider.label })}
          </a>
        ))}
      </div>
    </section>
  )
}

/** Back from a provider that did not sign the person in: why (a try-again message), and a retry. */
function ConnectFailureNotice() {
  const { t } = useT()
  const { connectFailure, redirectTo } = useLoaderData<typeof loader>()
  if (!connectFailure) return null
  const provider = connectFailure.provider.label
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <strong>{t(connectFailure.message, { provider })}</strong>
      </p>
      <p>
        <a href={connectHref(connectFailure.provider.name, redirectTo)}>{t('auth:connect.retry', { provider })}</a>
      </p>
    </div>
  )
}

function CodeStep({ identifier }: { identifier: string }) {
  const { t } = useT()
  const { redirectTo, constraints, notice } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<VerifyCodeFields>({
    id: 'verify-code',
    lastResult: useActionResult('verify')?.result,
    constraint: constraints.verify,
  })
  return (
    <>
      <h1>{t('auth:signIn.codeTitle')}</h1>
      <p>{t('auth:signIn.codeSent', { identifier })}</p>
      {notice && !actionData?.error ? (
        <div role="status" className="notice notice-info">
          <p>{t(notice)}</p>
        </div>
      ) : null}
      {actionData?.error ? <ErrorNotice error={actionData.error} redirectTo={redirectTo} /> : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <CodeField label={t('auth:signIn.code')} field={fields.code} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('auth:signIn.verify')}
        </button>
      </Form>
      <Form method="post" className="inline-actions">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" name="intent" value="resend" className="button">
          {t('auth:signIn.resend')}
        </button>
        <button type="submit" name="intent" value="cancel" className="button">
          {t('auth:signIn.useAnother')}
        </button>
      </Form>
    </>
  )
}

/** The product's failure messages; "Account not found!" comes with its advice, cancel and retry. */
function ErrorNotice({ error, redirectTo }: { error: NonNullable<ActionData['error']>; redirectTo: string }) {
  const { t } = useT()
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <strong>{t(error.message, { minutes: error.minutes ?? 0 })}</strong>
      </p>
      {error.accountNotFound ? (
        <>
          <p>{t('auth:errors.accountNotFoundAdvice')}</p>
          <Form method="post" className="inline-actions">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" name="intent" value="cancel" className="button">
              {t('auth:errors.cancel')}
            </button>
            <a href="#send-code" className="button">
              {t('auth:errors.retry')}
            </a>
            <Link to="/register" className="button button-primary">
              {t('auth:signIn.signUp')}
            </Link>
          </Form>
        </>
      ) : null}
    </div>
  )
}
