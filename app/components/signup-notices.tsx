import { Form, Link } from '@remix-run/react'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

/**
 * What went wrong with a sign-up step (a code refused, too many tries, an address that already has
 * an account), in the page's language. An existing account gets a way to sign in.
 */
export function SignupErrorNotice({
  error,
  signInUrl,
}: {
  error: { message: TranslationKey; minutes?: number } | null
  signInUrl?: string
}) {
  const { t } = useT()
  if (!error) return null
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <strong>{t(error.message, { minutes: error.minutes ?? 0 })}</strong>
      </p>
      {signInUrl && error.message === 'auth:errors.accountExists' ? (
        <p>
          <Link to={signInUrl}>{t('auth:signIn.title')}</Link>
        </p>
      ) : null}
    </div>
  )
}

/**
 * A room link taken: "Sorry, but {label} is not available", with a free link offered
 * instead. Taking it is one button, a form of its own, so it works without JavaScript.
 */
export function RoomLinkUnavailable({ unavailable }: { unavailable: { label: string; suggestion: string } | null }) {
  const { t } = useT()
  if (!unavailable) return null
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <strong>{t('signup:errors.notAvailable', { label: unavailable.label })}</strong>
      </p>
      <TakeSuggestion suggestion={unavailable.suggestion} />
    </div>
  )
}

/** "{suggestion} is free", and a button that claims it (the claim form's first step, already filled in). */
export function TakeSuggestion({ suggestion }: { suggestion: string }) {
  const { t } = useT()
  return (
    <>
      <p>{t('signup:errors.suggestion', { suggestion })}</p>
      <Form method="post" action="/register/room" className="inline-actions">
        <input type="hidden" name="intent" value="link" />
        <button type="submit" name="roomLink" value={suggestion} className="button button-primary">
          {t('signup:errors.takeSuggestion', { suggestion })}
        </button>
      </Form>
    </>
  )
}
