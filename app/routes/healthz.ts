import { APP_VERSION } from '#app/lib/platform/version.server'

/**
 * Liveness: the process answers, with the version it runs. Nothing it depends on is asked, so a database or Redis outage does
 * not get every web process restarted; /readyz says whether this one can serve (docs/operations.md).
 */
export function loader() {
  return Response.json({ status: 'ok', version: APP_VERSION }, { headers: { 'Cache-Control': 'no-store' } })
}
