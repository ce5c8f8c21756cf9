import { useEffect, useState } from 'react'
import { useT } from '#app/lib/i18n/use-t'

/**
 * "Copy" beside a read-only box: copies the box's text with JavaScript. Without it the button is
 * not drawn and the box itself is there to copy from. Where the clipboard is refused (an insecure
 * origin, a denied permission) the text is selected, so a keyboard copy finishes the job.
 */
export function CopyButton({ targetId }: { targetId: string }) {
  const { t } = useT()
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setReady(true), [])
  if (!ready) return null
  const copy = async () => {
    const box = document.getElementById(targetId) as HTMLInputElement | HTMLTextAreaElement | null
    if (!box) return
    try {
      await navigator.clipboard.writeText(box.value)
      setCopied(true)
    } catch {
      box.select()
    }
  }
  return (
    <button type="button" className="button" onClick={copy}>
      <span aria-live="polite">{copied ? t('common:copy.copied') : t('common:copy.copy')}</span>
    </button>
  )
}
