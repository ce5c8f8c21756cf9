// What a session row holds for a browser signed in as these users, as the app's sign-in leaves it
// (session.server.ts startSession): shared by the integration fixture (signedInCookie) and the e2e
// fixture (signInWithSession), which cannot load the app's server modules. No server imports here.
import { IDENTITY_LIFETIME_MS, newIdentity } from '../../app/lib/identity/identities'

export { IDENTITY_LIFETIME_MS }

/** The session data of a browser signed in as these users, the first current. */
export function signedInData(userIds: string[], now = Date.now()) {
  if (!userIds.length) throw new Error('signedInData: name at least one user')
  return { identities: userIds.map((userId) => newIdentity(userId, now)), currentUserId: userIds[0]! }
}
