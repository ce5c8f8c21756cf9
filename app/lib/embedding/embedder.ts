// The page that frames this one, if any. Browser-only helpers, safe to import
// anywhere: on the server they find no frame and do nothing.

/** The framing page's origin, or null when this page is not framed (or runs on the server). */
export function embedderOrigin(): string | null {
  if (typeof window === 'undefined' || window.parent === window) return null
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors?.length) return ancestors[0] ?? null
  try {
    return document.referrer ? new URL(document.referrer).origin : null
  } catch {
    return null
  }
}

/** Posts to the framing page only, at its own origin: no other site can read what a frame says. */
export function postToEmbedder(message: Record<string, unknown>) {
  const origin = embedderOrigin()
  if (origin) window.parent.postMessage(message, origin)
}
