// A ViewerCountProvider reading Twitch's Helix API: GET /helix/streams?user_login=<channel> with
// the app's Client-Id and an app access token (Authorization: Bearer); `data` holds the channel's
// stream while it is live (its viewer_count) and is empty while it is offline.
import type { Logger } from './logger'
import type { ViewerCountProvider } from './viewer-count'

/** A slow API must not hold a poll past the next one. */
const REQUEST_TIMEOUT_MS = 10_000

/** The count in one Helix answer: data[0].viewer_count, 0 for an empty data (offline), null for anything else. */
export function readViewerCount(body: unknown): number | null {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return null
  if (data.length === 0) return 0
  const count = (data[0] as { viewer_count?: unknown } | null)?.viewer_count
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null
}

export function twitchViewers(options: {
  url: string
  clientId: string
  token: string
  logger: Logger
}): ViewerCountProvider {
  return {
    async viewers(channel) {
      const url = new URL('/helix/streams', options.url)
      url.searchParams.set('user_login', channel)
      try {
        const response = await fetch(url, {
          headers: { 'Client-Id': options.clientId, Authorization: `Bearer ${options.token}` },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
        if (!response.ok) {
          // 401: the token expired or was revoked; the count goes away until someone fixes the configuration.
          options.logger.warn({ status: response.status, channel }, 'the viewer count service refused the request')
          return null
        }
        return readViewerCount(await response.json())
      } catch (error) {
        options.logger.warn({ err: error, channel }, 'the viewer count service could not be read')
        return null
      }
    },
  }
}
