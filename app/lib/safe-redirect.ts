const BASE = 'http://hearth.invalid'

/**
 * A same-site path to send the user back to, or the fallback: never another origin. Resolving it
 * the way a browser would (which drops tabs and line breaks) catches `/\t/evil.com` and `/\evil.com`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || /[\u0000-\u001f\\]/.test(to)) return fallback
  const url = new URL(to, BASE)
  // Dot segments can normalise to a protocol-relative path (`/..//evil.com` → `//evil.com`).
  if (url.origin !== BASE || url.pathname.startsWith('//')) return fallback
  return url.pathname + url.search + url.hash
}
