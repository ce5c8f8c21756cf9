const BASE = 'http://hearth.invalid'

/** The longest address to come back to that Hearth accepts (a magic link's destination column holds 2048). */
export const MAX_REDIRECT_LENGTH = 2048

/** What a too-long return address answers: a 400 whose data the error page turns into its message. */
export type RedirectTooLong = { reason: 'redirectTooLong'; max: number }

/**
 * A same-site path to send the user back to, or the fallback: never another origin. Resolving it
 * the way a browser would (which drops tabs and line breaks) catches `/\t/evil.com` and `/\evil.com`.
 * One longer than MAX_REDIRECT_LENGTH throws a 400 (the error page says why): every place that takes
 * a return address goes through here, and storing it (a magic link, MySQL's column) would fail later.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to === 'string' && to.length > MAX_REDIRECT_LENGTH) throw redirectTooLong()
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof to !== 'string' || !to.startsWith('/') || /[\u0000-\u001f\\]/.test(to)) return fallback
  const url = new URL(to, BASE)
  // Dot segments can normalise to a protocol-relative path (`/..//evil.com` → `//evil.com`).
  if (url.origin !== BASE || url.pathname.startsWith('//')) return fallback
  const path = url.pathname + url.search + url.hash
  // Resolving percent-encodes what the browser would, which can make it longer.
  if (path.length > MAX_REDIRECT_LENGTH) throw redirectTooLong()
  return path
}

function redirectTooLong(): Response {
  const body: RedirectTooLong = { reason: 'redirectTooLong', max: MAX_REDIRECT_LENGTH }
  return new Response(JSON.stringify(body), {
    status: 400,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}
