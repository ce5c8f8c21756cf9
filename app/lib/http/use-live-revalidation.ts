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
    return followStream(streamUrl, () => latest.current.revalidate())
  }, [streamUrl])
}

/** The first wait before opening a stream again that the server refused; it doubles on each refusal in a row, to the last. */
const REFUSED_RETRY_MS = 60_000
const REFUSED_RETRY_MAX_MS = 10 * 60_000

/**
 * Calls `changed` on each event of the stream, and once each time the stream opens again after a
 * gap, whose events went by unheard: the server ends every stream after some minutes (the browser
 * reopens it by itself, at the `retry:` hint's pace), and refuses one past its caps (429) or while
 * it is down, which EventSource takes as final; that one is opened again here, later and later
 * (with some randomness, so tabs refused together do not all return together). Returns the stop.
 */
export function followStream(url: string, changed: () => void): () => void {
  let source: EventSource | null = null
  let retry: ReturnType<typeof setTimeout> | undefined
  let refusals = 0
  // Since the last open, the stream was down for a while (ended, dropped or refused): events may have gone by.
  let gap = false
  const open = () => {
    const current = new EventSource(url)
    source = current
    current.addEventListener('message', () => changed())
    current.addEventListener('open', () => {
      if (gap) changed()
      gap = false
      refusals = 0
    })
    current.addEventListener('error', () => {
      gap = true
      // A dropped connection is CONNECTING again (the browser retries); CLOSED means it gave up.
      if (current.readyState !== EventSource.CLOSED) return
      const wait = Math.min(REFUSED_RETRY_MS * 2 ** refusals++, REFUSED_RETRY_MAX_MS)
      retry = setTimeout(open, wait * (1 + Math.random() / 2))
    })
  }
  open()
  return () => {
    clearTimeout(retry)
    source?.close()
  }
}
