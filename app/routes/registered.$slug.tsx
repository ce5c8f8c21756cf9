import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { SignupCodeForm } from '#app/components/signup-forms'
import { RoomLinkUnavailable, SignupErrorNotice } from '#app/components/signup-notices'
import { StatusPage } from '#app/components/status-page'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { registeredAction, registeredLoader, type Unavailable } from '#app/lib/rooms/claim-flow.server'

/**
 * registered/{link}: a personal room registered in this browser and waiting for its owner to prove
 * their email. The code goes in here; once it checks out the account and room are made and the
 * new owner lands on welcome-aboard. Without a claim waiting, the page says so and offers one.
 */
export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:registered.title')
export const loader = (args: LoaderFunctionArgs) => registeredLoader(args)
export const action = (args: ActionFunctionArgs) => registeredAction(args)
// Its own boundary, so a refused form (app/lib/http/form-body.server.ts) still gets the root's data: the language and its texts.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = {
  result: SubmissionResult<string[]> | null
  error: { message: TranslationKey; minutes?: number } | null
  unavailable: Unavailable | null
}

export default function Registered() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  return data.step === 'code' ? (
    <CodeStep />
  ) : (
    <NothingWaiting unavailable={actionData?.unavailable ?? null} error={actionData?.error ?? null} />
  )
}

function CodeStep() {
  const { t } = useT()
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  if (data.step !== 'code') return null
  return (
    <main id="main" className="status-page">
      <div className="card status-card">
        <h1>{t('signup:registered.title')}</h1>
        <p>{t('signup:registered.codeSent', { email: data.emailAddress, link: data.path })}</p>
        <SignupErrorNotice error={actionData?.error ?? null} />
        <SignupCodeForm
          id="claim-code"
          lastResult={actionData?.result}
          constraint={data.constraints}
          submitLabel={t('signup:registered.confirm')}
        />
      </div>
    </main>
  )
}

function NothingWaiting({ unavailable, error }: { unavailable: Unavailable | null; error: ActionData['error'] }) {
  const { t } = useT()
  const data = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('signup:registered.noneTitle')}
      actions={
        <Link to={data.step === 'none' ? data.claimPath : '/register/room'} className="button button-primary">
          {t('signup:registered.claim')}
        </Link>
      }
    >
      <RoomLinkUnavailable unavailable={unavailable} />
      <SignupErrorNotice error={error} signInUrl="/sign-in" />
      <p>{t('signup:registered.noneMessage', { link: data.path })}</p>
    </StatusPage>
  )
}
