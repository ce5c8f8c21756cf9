// A real OAuth2/OIDC provider on loopback (oauth2-mock-server) for the end-to-end run. It approves
// every authorization at once, as if the person were already signed in there and had consented.
// Who that person is comes from a cookie the test sets on the provider's origin (PROFILE_COOKIE),
// so tests running side by side sign in as different people: the profile follows the
// authorization code to the access token, and userinfo answers it for that token.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { OAuth2Server, type MutableRedirectUri, type MutableResponse } from 'oauth2-mock-server'

export const PROFILE_COOKIE = 'e2e_profile'

/** What the provider's userinfo endpoint answers (OIDC standard claims). */
export type ProviderProfile = { sub: string; email?: string; email_verified?: boolean; name?: string }

/** Who signs in when no cookie says otherwise. */
const DEFAULT_PROFILE: ProviderProfile = {
  sub: 'e2e-default',
  email: 'oauth-default@provider.test',
  email_verified: true,
  name: 'Olga Oauth',
}

export function encodeProfile(profile: ProviderProfile): string {
  return Buffer.from(JSON.stringify(profile)).toString('base64url')
}

function profileFrom(cookieHeader: string | undefined): ProviderProfile {
  const value = cookieHeader
    ?.split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === PROFILE_COOKIE)?.[1]
  return value ? (JSON.parse(Buffer.from(value, 'base64url').toString()) as ProviderProfile) : DEFAULT_PROFILE
}

export async function startOAuthProvider(port: number, host = '127.0.0.1') {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  const byCode = new Map<string, ProviderProfile>()
  const byToken = new Map<string, ProviderProfile>()

  // A token's payload is only its times and scope, and RS256 signs deterministically: two tokens
  // issued in the same second would be one string, and the second person's profile would answer
  // for the first's token. A token id of its own keeps them apart.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.jti = randomUUID()
  })
  server.service.on('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri, request: IncomingMessage) => {
    const code = url.searchParams.get('code')
    if (code) byCode.set(code, profileFrom(request.headers.cookie))
  })
  server.service.on('beforeResponse', (response: MutableResponse, request: { body?: Record<string, unknown> }) => {
    const code = String(request.body?.code ?? '')
    const profile = byCode.get(code)
    byCode.delete(code)
    const token = typeof response.body === 'object' ? response.body.access_token : undefined
    if (profile && typeof token === 'string') byToken.set(token, profile)
  })
  server.service.on('beforeUserinfo', (response: MutableResponse, request: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const profile = token ? byToken.get(token) : undefined
    if (profile) response.body = profile
    else Object.assign(response, { statusCode: 401, body: { error: 'invalid_token' } })
  })

  await server.start(port, host)
  return { url: server.issuer.url!.replace(/\/$/, ''), close: () => server.stop() }
}
