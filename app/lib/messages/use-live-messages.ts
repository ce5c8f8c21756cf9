import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * Where JavaScript runs, re-reads the page's data when a message arrives for the viewer: the
 * browser's own EventSource on the community's live stream (the messages.live route), no library.
 * Without JavaScript the page shows the same on its next load.
 */
export function useLiveMessages(communitySlug: string) {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`/${communitySlug}/messages/live`)
    source.addEventListener('message', () => latest.current.revalidate())
    return () => source.close()
  }, [communitySlug])
}
