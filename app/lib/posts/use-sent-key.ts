import { useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

/**
 * A key for a post form that changes once that form's own submission went through (it redirected,
 * no refusal came back for `formId`), so the form remounts empty. Anything else that changes the
 * page (someone else's post or comment arriving live) leaves what the viewer is typing alone.
 * `isThisForm` tells this form's submission from the page's other forms by what it sent.
 */
export function useSentKey(formId: string, isThisForm: (sent: FormData, action: string) => boolean): number {
  const navigation = useNavigation()
  const refused = useActionData<{ formId?: string }>()?.formId === formId
  const [sent, setSent] = useState(0)
  const pending = useRef(false)
  const matches = useRef(isThisForm)
  matches.current = isThisForm
  useEffect(() => {
    if (navigation.formData && matches.current(navigation.formData, navigation.formAction ?? '')) pending.current = true
    else if (navigation.state === 'idle' && pending.current) {
      pending.current = false
      if (!refused) setSent((count) => count + 1)
    }
  }, [navigation.state, navigation.formData, navigation.formAction, refused])
  return sent
}
