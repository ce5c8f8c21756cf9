import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * Where JavaScript runs, re-reads the page's data on each event of a live route (server-sent
 * events through the browser's own EventSource, no library). Without JavaScript the page shows the
 * same on its next load. A null address (a page with nothing live to follow) listens to nothing.
 */
export function useLiveRevalidation(streamUrl: string | null) {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    if (streamUrl === null || typeof EventSource === 'undefined') return
    const source = new EventSource(streamUrl)
    source.addEventListener('message', () => latest.current.revalidate())
    return () => source.close()
  }, [streamUrl])
}
