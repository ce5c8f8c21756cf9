// The edge token: a short-lived HS256 JWT the web app's room loader signs and the media edge
// verifies at connection. It is the only thing the edge believes about who a peer is and what
// powers they hold; the peer data a client sends never grants anything.
import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import { EDGE_TOKEN_TTL_SECONDS, type EdgeClaims, type EdgeControls } from './protocol'

/** The secret both processes use outside production when EDGE_SECRET is unset, so a development
 *  edge verifies what a development web app signs with no configuration. */
export const DEV_EDGE_SECRET = 'dev-only-edge-not-for-production'

const ISSUER = 'hearth-web'
const AUDIENCE = 'hearth-edge'

const key = (secret: string) => new TextEncoder().encode(secret)

export async function signEdgeToken(claims: EdgeClaims, secret: string, ttlSeconds = EDGE_TOKEN_TTL_SECONDS) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret))
}

export interface VerifiedEdgeToken {
  claims: EdgeClaims
  /** The token's unique id: a kicked peer's token id is refused for the rest of that meeting. */
  tokenId: string
}

/** The token's claims, or null when it is forged, expired or malformed. */
export async function verifyEdgeToken(token: string, secret: string): Promise<VerifiedEdgeToken | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    })
    const claims = payload as unknown as EdgeClaims
    if (typeof claims.userId !== 'string' || typeof claims.roomId !== 'string' || typeof payload.jti !== 'string')
      return null
    return {
      claims: {
        userId: claims.userId,
        name: String(claims.name ?? ''),
        avatar: typeof claims.avatar === 'string' ? claims.avatar : null,
        roomId: claims.roomId,
        brandId: String(claims.brandId ?? ''),
        isHost: claims.isHost === true,
        isCoHost: claims.isCoHost === true,
        permissions: Array.isArray(claims.permissions) ? claims.permissions.filter((p) => typeof p === 'string') : [],
        controls: controlsOf(claims.controls),
        ...(typeof claims.requestId === 'string' ? { requestId: claims.requestId.slice(0, 64) } : {}),
      },
      tokenId: payload.jti,
    }
  } catch {
    return null
  }
}

/**
 * Only a control set to false is off. Only the web app signs passes, so a pass without the claim
 * comes from a web app that predates it (a rolling deploy) and offers everything, as it did.
 */
function controlsOf(value: unknown): EdgeControls {
  const controls = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof EdgeControls, unknown>
  >
  return {
    chat: controls.chat !== false,
    sharedScreen: controls.sharedScreen !== false,
    sharedVideo: controls.sharedVideo !== false,
    closedCaption: controls.closedCaption !== false,
    transcribe: controls.transcribe !== false,
    recording: controls.recording !== false,
    live: controls.live !== false,
  }
}
