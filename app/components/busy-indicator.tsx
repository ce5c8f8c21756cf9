import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useT } from '#app/lib/i18n/use-t'

/** How long a page or a form's answer may take before the indicator shows (the spec's 400 ms). */
export const BUSY_DELAY_MS = 400

/**
 * "Busy", once the next page (or a form's answer) has kept the visitor waiting BUSY_DELAY_MS: a
 * slow answer is not taken for a dead click, and a quick one shows nothing. Before JavaScript runs
 * the browser's own loading mark does this job. An indeterminate progress bar, not a status: the
 * page's own status (a saved form's "Saved") may arrive while it still shows.
 */
export function BusyIndicator() {
  const { t } = useT()
  const waiting = useNavigation().state !== 'idle'
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!waiting) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), BUSY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [waiting])
  return shown ? (
    <div className="busy-indicator" role="progressbar" aria-label={t('common:busy')}>
      {t('common:busy')}
    </div>
  ) : null
}
