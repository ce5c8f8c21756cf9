import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CopyButton } from '#app/components/copy-button'
import { CheckboxField, FormErrors } from '#app/components/field'
import { FormBuilder } from '#app/components/form-builder'
import { NotSavedNotice } from '#app/components/not-saved-notice'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { useT } from '#app/lib/i18n/use-t'
import type { SignupFormFields } from '#app/lib/settings/signup-link.server'
import { signUpTabAction, signUpTabLoader } from './sign-up.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'settings' }) }
export const loader = (args: LoaderFunctionArgs) => signUpTabLoader(args)
export const action = (args: ActionFunctionArgs) => signUpTabAction(args)

type ActionData = { intent: 'change' | 'signup-form'; result: SubmissionResult<string[]> | null }

export default function SignUpTab() {
  const { signupForm } = useLoaderData<typeof loader>()
  return (
    <div className="stack">
      <SignupLink />
      {/* A new key after each save starts the builder again from what was stored. */}
      <SignupQuestions key={JSON.stringify(signupForm.values)} />
    </div>
  )
}

// The sign-up link: the address to hand out, its QR code, and the buttons that renew it or open and
// close sign-ups. Each button posts its own change, so the page needs no script.
function SignupLink() {
  const { t } = useT()
  const { slug, url, open, moderated, phoneRequired } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionData>()
  const failed = answer?.intent === 'change' && answer.result?.status === 'error'
  const busy = useNavigation().state === 'submitting'
  const change = (value: 'renew' | 'open' | 'close', label: string, primary = false) => (
    <button
      type="submit"
      name="change"
      value={value}
      className={primary ? 'button button-primary' : 'button'}
      disabled={busy}
    >
      {label}
    </button>
  )
  return (
    <section className="card stack signup-link" aria-labelledby="signup-link-heading">
      <NotSavedNotice show={failed} />
      <h2 id="signup-link-heading">{t('settings:signUp.heading')}</h2>
      <p className="lead">{t('settings:signUp.intro')}</p>
      <p role="status" className={open ? 'notice notice-success' : 'notice notice-info'}>
        {open ? t('settings:signUp.isOpen') : t('settings:signUp.isClosed')}
      </p>
      {url ? (
        <div className="signup-link-share">
          <div className="stack">
            <div className="field">
              <label htmlFor="signup-link-url">{t('settings:signUp.link')}</label>
              {/* A box that wraps, so the whole link shows on a phone. */}
              <textarea id="signup-link-url" readOnly rows={3} value={url} className="snippet" spellCheck={false} />
            </div>
            <div>
              <CopyButton targetId="signup-link-url" />
            </div>
            <p className="hint">
              {moderated ? t('settings:signUp.moderated') : t('settings:signUp.direct')}
              {phoneRequired ? ` ${t('settings:signUp.phoneRequired')}` : ''}
            </p>
          </div>
          {/* The code changes with the link; the image is never cached (resources.signup-qr). */}
          <a href={`/resources/signup-qr/${slug}`} download={`${slug}-sign-up-qr.svg`} className="signup-link-qr">
            <img src={`/resources/signup-qr/${slug}`} alt={t('settings:signUp.qrAlt')} width={160} height={160} />
            <span>{t('settings:signUp.qrDownload')}</span>
          </a>
        </div>
      ) : null}
      <Form method="post" className="stack">
        <div className="inline-actions">
          {open ? change('close', t('settings:signUp.close')) : change('open', t('settings:signUp.open'), true)}
          {url ? change('renew', t('settings:signUp.renew')) : null}
        </div>
        {url ? <p className="hint">{t('settings:signUp.renewHint')}</p> : null}
      </Form>
    </section>
  )
}

// After a save's redirect there is no answer: conform then starts again from what was saved.
const AFTER_SAVE: SubmissionResult<string[]> = { initialValue: null }

/** The questions newcomers answer on the sign-up page, built like an event's registration form. */
function SignupQuestions() {
  const { t } = useT()
  const { signupForm } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionData>()
  const lastResult = answer?.intent === 'signup-form' ? answer.result : undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<SignupFormFields>({
    id: 'signup-form',
    lastResult: lastResult ?? AFTER_SAVE,
    defaultValue: signupForm.values,
    constraint: signupForm.constraint as never,
    shouldValidate: 'onSubmit',
  })
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card stack settings-form"
      aria-labelledby="signup-form-heading"
    >
      {/* Enter in a field submits the form's first button: make that the save, not a builder button. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <NotSavedNotice show={lastResult?.status === 'error'} />
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="signup-form" />
      <h2 id="signup-form-heading">{t('settings:signUp.questions.heading')}</h2>
      <p>{t('settings:signUp.questions.intro')}</p>
      <CheckboxField field={fields.customSignUp} label={t('settings:signUp.questions.enabled')} />
      <FormBuilder form={form} field={fields.steps} title={t('settings:signUp.questions.builderTitle')} />
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('settings:save')}
        </button>
      </div>
    </Form>
  )
}
