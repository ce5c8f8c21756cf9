// A local stand-in for Twitch's Helix API, for the live viewer count tests: the one endpoint the
// edge reads (GET /helix/streams?user_login=<channel>), answering as Twitch does — a stream in
// `data` with its viewer_count while the channel is live, an empty `data` while it is offline, 401
// with Twitch's error body when the token is not the one it was given. It records what was asked.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The e2e run's service (global-setup.ts; start-server.mjs gives the edge the same credentials): one live channel. */
export const E2E_HELIX = {
  credentials: { clientId: 'hearth-e2e-client', token: 'hearth-e2e-token' },
  channel: 'hearth_book_club',
  viewers: 42,
} as const

export interface HelixServer {
  url: string
  /** The viewer count per live channel; a channel not here is offline. */
  live: Map<string, number>
  /** The app credentials it accepts; change token to make it refuse (a revoked token). */
  credentials: { clientId: string; token: string }
  /** Every request, in order: its path with query, and its headers. */
  requests: { path: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}

/** Port 0 (the default) picks a free one. */
export async function startHelixServer(
  credentials: { clientId: string; token: string },
  port = 0,
): Promise<HelixServer> {
  // Read on each request: a test revokes the token by changing it.
  const live = new Map<string, number>()
  const requests: HelixServer['requests'] = []
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push({ path: `${url.pathname}${url.search}`, headers: request.headers })
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (
      request.headers['client-id'] !== credentials.clientId ||
      request.headers.authorization !== `Bearer ${credentials.token}`
    ) {
      return send(401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' })
    }
    if (request.method !== 'GET' || url.pathname !== '/helix/streams')
      return send(404, { error: 'Not Found', status: 404, message: '' })
    const login = url.searchParams.get('user_login') ?? ''
    const viewers = live.get(login.toLowerCase())
    const data =
      viewers === undefined
        ? []
        : [
            {
              id: '40952121085',
              user_id: '101051819',
              user_login: login.toLowerCase(),
              user_name: login,
              game_id: '509658',
              game_name: 'Just Chatting',
              type: 'live',
              title: 'Book club',
              viewer_count: viewers,
              started_at: '2026-11-25T20:00:00Z',
              language: 'en',
              thumbnail_url: '',
              tag_ids: [],
              tags: [],
              is_mature: false,
            },
          ]
    send(200, { data, pagination: {} })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const bound = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${bound}`,
    live,
    credentials,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
