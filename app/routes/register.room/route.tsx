import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field } from '#app/components/field'
import { NameAndEmailFields } from '#app/components/signup-forms'
import { RoomLinkUnavailable, SignupErrorNotice } from '#app/components/signup-notices'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import {
  claimAction,
  claimLoader,
  type ClaimDetailsFields,
  type ClaimLinkFields,
  type Unavailable,
} from '#app/lib/rooms/claim-flow.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:claim.title')
export const loader = (args: LoaderFunctionArgs) => claimLoader(args)
export const action = (args: ActionFunctionArgs) => claimAction(args)
// Its own boundary, so a refused form (app/lib/http/form-body.server.ts) still gets the root's data: the language and its texts.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = {
  intent: string
  result: SubmissionResult<string[]> | null
  error: { message: TranslationKey; minutes?: number } | null
  unavailable: Unavailable | null
}

/** Claim a personal room: a link of your own at /me/{link}, then who it is for, then a code. */
export default function ClaimRoom() {
  const { step } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="status-page">
      <div className="card status-card">
        {step === 'existing' ? <ExistingRoom /> : step === 'details' ? <DetailsStep /> : <LinkStep />}
        <OtherWays />
      </div>
    </main>
  )
}

function LinkStep() {
  const { t } = useT()
  const { constraints, asked, signedInAs, origin } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<ClaimLinkFields>({
    id: 'claim-link',
    lastResult: actionData?.intent === 'link' ? actionData.result : undefined,
    constraint: constraints.link,
    defaultValue: { roomLink: asked },
  })
  return (
    <>
      <h1>{t('signup:claim.title')}</h1>
      <p>{t('signup:claim.intro')}</p>
      {signedInAs ? <p>{t('signup:claim.signedInAs', { name: signedInAs })}</p> : null}
      <RoomLinkUnavailable unavailable={actionData?.intent === 'link' ? actionData.unavailable : null} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="link" />
        <Field label={t('signup:claim.roomLink')} errors={fields.roomLink.errors}>
          <input
            {...getInputProps(fields.roomLink, { type: 'text' })}
            aria-describedby="room-link-hint"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <p id="room-link-hint" className="hint">
          {t('signup:claim.linkHint', { prefix: `${origin}/me/` })}
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {signedInAs ? t('signup:claim.claim') : t('signup:claim.check')}
        </button>
      </Form>
    </>
  )
}

function DetailsStep() {
  const { t } = useT()
  const { constraints, claim, origin } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<ClaimDetailsFields>({
    id: 'claim-details',
    lastResult: actionData?.intent === 'details' ? actionData.result : undefined,
    constraint: constraints.details,
  })
  return (
    <>
      <h1>{t('signup:claim.detailsTitle')}</h1>
      <p className="notice notice-info">{t('signup:claim.available', { link: `${origin}${claim!.path}` })}</p>
      <SignupErrorNotice error={actionData?.error ?? null} signInUrl="/sign-in?redirectTo=%2Fregister%2Froom" />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="details" />
        <NameAndEmailFields fields={fields} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('auth:register.continue')}
        </button>
      </Form>
      <Form method="post" className="inline-actions">
        <button type="submit" name="intent" value="change" className="button">
          {t('signup:claim.changeLink')}
        </button>
      </Form>
    </>
  )
}

function ExistingRoom() {
  const { t } = useT()
  const { existing, origin } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>{t('signup:claim.existingTitle')}</h1>
      <p>{t('signup:claim.existingMessage', { link: `${origin}${existing!.path}` })}</p>
      <p className="status-actions">
        <Link to={existing!.path} className="button button-primary">
          {t('signup:welcome.enterRoom')}
        </Link>
      </p>
    </>
  )
}

function OtherWays() {
  const { t } = useT()
  const { signedInAs } = useLoaderData<typeof loader>()
  return (
    <>
      <p>
        {t('signup:claim.orCommunity')} <Link to="/register">{t('auth:signIn.signUp')}</Link>
      </p>
      {signedInAs ? null : (
        <p>
          {t('auth:register.haveAccount')}{' '}
          <Link to="/sign-in?redirectTo=%2Fregister%2Froom">{t('auth:signIn.title')}</Link>
        </p>
      )}
    </>
  )
}
