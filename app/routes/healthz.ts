/**
 * Liveness: the process answers. Nothing it depends on is asked, so a database or Redis outage does
 * not get every web process restarted; /readyz says whether this one can serve (docs/operations.md).
 */
export function loader() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}
