import type { Flash } from '#app/lib/http/flash'
import { useT } from '#app/lib/i18n/use-t'

/** The message an action left for this page (flash.server.ts): a status line, announced to screen readers. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const { t } = useT()
  if (!flash) return null
  return (
    <p className={`flash notice ${flash.kind === 'error' ? 'notice-error' : 'notice-success'}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {t(flash.message, flash.values)}
    </p>
  )
}
