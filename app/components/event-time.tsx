import { useEffect, useState } from 'react'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'

/**
 * When an event starts, in the viewer's language and zone, the zone named. The server cannot know
 * the viewer's zone, so the page comes in the event's own zone (correct, and named, without
 * JavaScript); once the page runs, the browser's zone takes over.
 */
export function EventTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  const { language } = useT()
  const [zone, setZone] = useState(timeZone)
  useEffect(() => {
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (viewer) setZone(viewer)
  }, [])
  return <time dateTime={iso}>{formatDate(new Date(iso), { language, timeZone: zone })}</time>
}
