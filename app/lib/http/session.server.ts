import { createCookie, createSessionStorage, redirect, type AppLoadContext, type Session } from '@remix-run/node'
import { Op } from 'sequelize'
import { Session as SessionRow, User } from '#models/index'
import { tokenCap } from '#models/token-cap'
import { env } from '../platform/env.server'
import { IDENTITY_LIFETIME_MS, newIdentity, type Identity } from '../identity/identities'
import { once } from '../platform/request-cache.server'

export { IDENTITY_LIFETIME_MS, type Identity }

export type SessionData = {
  identities: Identity[]
  currentUserId: string
  /** The identity that was current before this one: signing this one out goes back to it. */
  lastUsedUserId: string
  /** Where to go after signing in (the stored redirect). */
  redirectTo: string
  /** From the sign-in callback: join the meeting at once as its host; the app runs in a frame. */
  flags: { autoJoin: boolean; embedded: boolean }
  // A sign-in in progress, kept by remix-auth-otp: the identifier, its encrypted code, the
  // verified user until the sign-in page turns it into an identity.
  'auth:email': string
  'auth:otp': string
  user: string
  // The same for proving an email address while creating a community.
  'verify:email': string
  'verify:otp': string
  'verify:identifier': string
} & {
  // The flows waiting for that code (registering a community, claiming a room, joining through a
  // sign-up link, changing the account's email or phone) keep their state under `flow:name` keys
  // they declare where they live (sessionSlot), so this module imports none of them.
  [flowKey: FlowKey]: unknown
}

type FlowKey = `${string}:${string}`

/** A typed place in the session for one flow's state: `const pending = sessionSlot<Pending>('contact:change')`. */
export function sessionSlot<T>(key: FlowKey) {
  return {
    key,
    get: (session: AppSession) => session.get(key) as T | undefined,
    set: (session: AppSession, value: T) => session.set(key, value),
    unset: (session: AppSession) => session.unset(key),
  }
}

type FlashData = { notice: string }
export type AppSession = Session<SessionData, FlashData>

/** The signed cookie holds only the session row's id; httpOnly, SameSite=Lax, Secure in production. */
export const sessionCookie = createCookie('__session', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: env.isProduction,
  secrets: [env.SESSION_SECRET],
  maxAge: IDENTITY_LIFETIME_MS / 1000,
})

export const sessionStorage = createSessionStorage<SessionData, FlashData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const row = await SessionRow.create({ data, expiresAt: expires ?? new Date(Date.now() + IDENTITY_LIFETIME_MS) })
    return row.id
  },
  async readData(id) {
    const row = await SessionRow.findOne({ where: { id, expiresAt: { [Op.gt]: new Date() } } })
    return row ? (row.data as Partial<SessionData>) : null
  },
  async updateData(id, data, expires) {
    await SessionRow.update(
      { data, expiresAt: expires ?? new Date(Date.now() + IDENTITY_LIFETIME_MS) },
      { where: { id } },
    )
  },
  async deleteData(id) {
    await SessionRow.destroy({ where: { id } })
  },
})

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get('Cookie'))
}

/** Response options that save the session and hand the browser its cookie: `redirect(to, await withSession(session))`. */
export async function withSession(session: AppSession): Promise<{ headers: { 'Set-Cookie': string } }> {
  return { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } }
}

/** The identities still valid; expired ones drop out (compared in seconds). */
export function liveIdentities(session: AppSession, now = Date.now()): Identity[] {
  const nowSeconds = Math.floor(now / 1000)
  return (session.get('identities') ?? []).filter(
    (identity) => Math.floor(Date.parse(identity.expiresAt) / 1000) > nowSeconds,
  )
}

export type Viewer = {
  session: AppSession
  user: User | null
  /** Every live identity with the user behind it, the current one first. */
  accounts: Array<{
    userId: string
    name: string | null
    emailAddress: string | null
    phoneNumber: string | null
    avatar: string | null
  }>
}

/**
 * Who is signed in on this request; read once per request and shared by its loaders. An API call made
 * with a token (models/token-cap.ts) is its owner's, whatever session cookie came with it.
 */
export function viewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const cap = tokenCap()
  if (cap) {
    return once(context, 'viewer:token', async () => ({
      session: await sessionStorage.getSession(),
      user: cap.user,
      accounts: [],
    }))
  }
  return once(context, 'viewer', async () => {
    const session = await getSession(request)
    const identities = liveIdentities(session)
    const users = identities.length
      ? await User.findAll({ where: { id: identities.map((identity) => identity.userId) } })
      : []
    const byId = new Map(users.map((user) => [user.id, user]))
    const currentId = session.get('currentUserId')
    const current = (currentId ? byId.get(currentId) : undefined) ?? null
    const accounts = identities
      .map((identity) => byId.get(identity.userId))
      .filter((user): user is User => Boolean(user))
      .sort((a, b) => Number(b.id === current?.id) - Number(a.id === current?.id))
      .map((user) => ({
        userId: user.id,
        name: user.name,
        emailAddress: user.emailAddress,
        phoneNumber: user.phoneNumber,
        avatar: user.avatar,
      }))
    return { session, user: current, accounts }
  })
}

/**
 * Signs a user in: the old session row is destroyed and a new one issued (a new id defeats session
 * fixation), keeping the other identities of the account switcher. Every sign-in comes through here.
 */
export async function startSession(
  previous: AppSession,
  userId: string,
  redirectTo: string,
  flags: SessionData['flags'] = previous.get('flags') ?? { autoJoin: false, embedded: false },
): Promise<Response> {
  const now = Date.now()
  // From the first sign-in on, the account is the person's alone: no community fills it in any more.
  await User.update({ firstSignedInAt: new Date(now) }, { where: { id: userId, firstSignedInAt: null } })
  const identity = newIdentity(userId, now)
  const others = liveIdentities(previous, now).filter((existing) => existing.userId !== userId)
  await sessionStorage.destroySession(previous)
  const session = await sessionStorage.getSession()
  session.set('identities', [identity, ...others])
  session.set('currentUserId', userId)
  const lastUsed = previous.get('currentUserId')
  if (lastUsed && others.some((existing) => existing.userId === lastUsed)) session.set('lastUsedUserId', lastUsed)
  session.set('flags', flags)
  return redirect(redirectTo, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } })
}

/** Makes another signed-in identity the current one. */
export async function switchIdentity(session: AppSession, userId: string, redirectTo: string): Promise<Response> {
  if (!liveIdentities(session).some((identity) => identity.userId === userId)) throw new Response(null, { status: 400 })
  const lastUsed = session.get('currentUserId')
  if (lastUsed && lastUsed !== userId) session.set('lastUsedUserId', lastUsed)
  session.set('currentUserId', userId)
  return redirect(redirectTo, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } })
}

/**
 * Signs out one identity (the current one by default). Signing out the current one goes back to the
 * last-used identity when it is still signed in, else to the next one; with none left the session is
 * destroyed.
 */
export async function endIdentity(
  session: AppSession,
  redirectTo: string,
  userId = session.get('currentUserId'),
): Promise<Response> {
  const remaining = liveIdentities(session).filter((identity) => identity.userId !== userId)
  if (!remaining.length) {
    return redirect(redirectTo, { headers: { 'Set-Cookie': await sessionStorage.destroySession(session) } })
  }
  session.set('identities', remaining)
  const still = (id: string | undefined) => remaining.find((identity) => identity.userId === id)?.userId
  if (!still(session.get('currentUserId'))) {
    session.set('currentUserId', still(session.get('lastUsedUserId')) ?? remaining[0]!.userId)
  }
  if (!still(session.get('lastUsedUserId')) || session.get('lastUsedUserId') === session.get('currentUserId'))
    session.unset('lastUsedUserId')
  return redirect(redirectTo, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } })
}

/** Where to land after signing in: the stored redirect, or /me when there is none or it is a sign-in page. */
export function afterSignIn(stored: string | null | undefined): string {
  if (!stored || /\/sign-in\/?$/.test(stored.split('?')[0]!)) return '/me'
  return stored
}
