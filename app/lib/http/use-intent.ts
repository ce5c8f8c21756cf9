// A page whose forms post to one action, told apart by their `intent` field (the settings pages):
// which answer belongs to which form, and which form is on its way.
import { useActionData, useNavigation } from '@remix-run/react'

/** The action's last answer when it was to the form with this intent; undefined otherwise. */
export function useIntentAnswer<Answer extends { intent: string }>(intent: string): Answer | undefined {
  // The answers are plain JSON, so what the action sent is what arrives.
  const data = useActionData() as Answer | undefined
  return data?.intent === intent ? data : undefined
}

/** Whether a form with one of these intents is being submitted now (its button waits meanwhile). */
export function useIntentSubmitting(...intents: string[]): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && intents.includes(String(navigation.formData?.get('intent')))
}
