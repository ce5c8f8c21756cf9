import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'

/**
 * A session's start in the series' own zone, always (unlike EventTime, which moves to the viewer's
 * zone): a series promises the same local time every session, and this is where that shows.
 */
export function SeriesTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  const { language } = useT()
  return <time dateTime={iso}>{formatDate(new Date(iso), { language, timeZone })}</time>
}
