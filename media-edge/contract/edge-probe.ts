// The web app's quick look at a media edge that a client could not reach, before it hands that
// edge out again (shared/room-assignment.ts): the registry believes an edge alive until its key expires,
// which is seconds after a crash. Only a definite answer condemns an edge: nothing listening on
// its port any more (connection refused or reset), a proxy in front of it saying so (502), or the
// edge itself saying it is draining. A slow answer or none proves nothing (a busy edge, a GC
// pause, a host gone silent): those are left to the registry's expiry, so a live edge is never
// robbed of its meetings for being slow.

export type EdgeProbe = 'alive' | 'dead' | 'unknown'

/** Long enough for a live edge on a busy machine; a refused connection answers at once anyway. */
export const EDGE_PROBE_TIMEOUT_MS = 500

/** Error codes that mean the host answered and nothing listens on the port. */
const NOTHING_LISTENING = new Set(['ECONNREFUSED', 'ECONNRESET'])

/** GET {url}/healthz within the timeout: alive (200), dead (see above) or unknown. */
export async function probeEdge(url: string, timeoutMs = EDGE_PROBE_TIMEOUT_MS): Promise<EdgeProbe> {
  let response: Response
  try {
    response = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' })
  } catch (error) {
    return errorCodes(error).some((code) => NOTHING_LISTENING.has(code)) ? 'dead' : 'unknown'
  }
  if (response.status === 200) {
    await response.body?.cancel()
    return 'alive'
  }
  if (response.status === 502) return 'dead'
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null
  return response.status === 503 && body?.status === 'draining' ? 'dead' : 'unknown'
}

/** fetch wraps the socket's error in `cause`; a host name with several addresses gives one per address. */
function errorCodes(error: unknown): string[] {
  const cause = (error as { cause?: { code?: unknown; errors?: Array<{ code?: unknown }> } } | null)?.cause
  if (!cause) return []
  return [cause.code, ...(cause.errors ?? []).map((inner) => inner.code)].filter(
    (code): code is string => typeof code === 'string',
  )
}
