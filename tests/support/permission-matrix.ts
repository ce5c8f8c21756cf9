// The permission matrix: every role × protected route × action, asserted against tables written
// from the product's rules (tests/integration/permissions/*.test.ts), not derived from the code
// under test. This file only makes the people and classifies what a route did to them.
import { describe, expect, it } from 'vitest'
import type { RoleSlug } from '#models/permissions'
import { Membership, type Brand, type User } from '#models/index'
import { grantRole, makeCommunity, makeUser } from './factories'
import { routeArgs } from './route-args'
import { initOf, signedInCookie } from './session'

/** Who asks: a holder of each community role, the pending and the archived, someone from another community, and nobody. */
export const PERSONAS = [
  'owner',
  'admin',
  'moderator',
  'member',
  'user',
  'viewer',
  'guest',
  'developer',
  'pending',
  'archived',
  'outsider',
  'anonymous',
] as const
export type Persona = (typeof PERSONAS)[number]

/**
 * What a route did: let them in (a page, a redirect elsewhere, a 4xx for bad input all mean the
 * guard passed), asked them to sign in, or refused them (access denied, or a 403 for a script).
 */
export type Outcome = 'allowed' | 'signIn' | 'denied'

const ROLE_OF: Record<Exclude<Persona, 'pending' | 'archived' | 'outsider' | 'anonymous'>, RoleSlug> = {
  owner: 'community-owner',
  admin: 'community-admin',
  moderator: 'community-moderator',
  member: 'community-member',
  user: 'community-user',
  viewer: 'community-viewer',
  guest: 'community-guest',
  developer: 'community-developer',
}

export type MatrixWorld = { brand: Brand; other: Brand; people: Record<Exclude<Persona, 'anonymous'>, User> }

/** A community with one person per persona (and the community the outsider belongs to). */
export async function makeMatrixWorld(brandFields: Partial<Brand> = {}): Promise<MatrixWorld> {
  const { brand, owner } = await makeCommunity({ brand: brandFields })
  const { brand: other } = await makeCommunity()
  const people = { owner } as MatrixWorld['people']
  for (const [persona, role] of Object.entries(ROLE_OF)) {
    if (persona === 'owner') continue
    people[persona as keyof typeof ROLE_OF] = await makeUser()
    await grantRole(people[persona as keyof typeof ROLE_OF], brand, role)
  }
  for (const persona of ['pending', 'archived'] as const) {
    people[persona] = await makeUser()
    await grantRole(people[persona], brand)
    await Membership.update(
      { status: persona === 'pending' ? 'pending' : 'deleted' },
      { where: { brandId: brand.id, userId: people[persona].id } },
    )
  }
  people.outsider = await makeUser()
  await grantRole(people.outsider, other, 'community-admin')
  return { brand, other, people }
}

/** What Remix hands a loader or action for this persona: their signed-in cookie, the params, the body. */
export async function argsAs(
  world: MatrixWorld,
  persona: Persona,
  path: string,
  params: Record<string, string>,
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers)
  if (persona !== 'anonymous') headers.set('Cookie', await signedInCookie(world.people[persona].id))
  return routeArgs(path, params, { ...init, headers })
}

/**
 * A JSON API call answers its refusals (401, 403) instead of throwing a redirect: thrown here, so
 * that outcomeOf reads them as it reads a page's. Any other answer is returned as it is.
 */
export function refusedAsThrown(response: Response): Response {
  if (response.status === 401 || response.status === 403) throw response
  return response
}

/**
 * A refusal answered on the page (a `data()` or Response with status 403, the form and its message
 * kept) counts as denied, as a thrown one does: rethrown as a 403 for outcomeOf.
 */
export async function refusedAs403(work: Promise<unknown>): Promise<unknown> {
  const result = await work
  const status = result instanceof Response ? result.status : initOf(result).status
  if (status === 403) throw new Response(null, { status: 403 })
  return result
}

/** Runs a loader or action and classifies what it did (see Outcome). */
export async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run()
    return 'allowed'
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const location = thrown.headers.get('Location') ?? ''
    const { pathname } = new URL(location || '/', 'http://hearth.invalid')
    if (thrown.status === 403 || pathname.endsWith('/access-denied')) return 'denied'
    if (thrown.status === 401 || pathname === '/private' || pathname === '/sign-in') return 'signIn'
    if (thrown.status >= 500) throw new Error(`the route failed with ${thrown.status}`)
    return 'allowed'
  }
}

export type MatrixRow = {
  /** How the row reads in the report, e.g. "GET /{brand}/members". */
  name: string
  /** The request: loader or action with its arguments for this persona. */
  run: (world: MatrixWorld, persona: Persona) => Promise<unknown>
  /** The product's answer for every persona. */
  expected: Record<Persona, Outcome>
}

/** Every row × every persona as its own test, so a failure names the route and the person. */
export function describeMatrix(title: string, rows: MatrixRow[], world: () => MatrixWorld) {
  describe(title, () => {
    for (const row of rows) {
      for (const persona of PERSONAS) {
        it(`${row.name} as ${persona}: ${row.expected[persona]}`, async () => {
          expect(await outcomeOf(() => row.run(world(), persona))).toBe(row.expected[persona])
        })
      }
    }
  })
}

/** Shorthands for writing the tables: who passes a page for people with a role and who does not. */
export const everyone = (outcome: Outcome): Record<Persona, Outcome> =>
  Object.fromEntries(PERSONAS.map((persona) => [persona, outcome])) as Record<Persona, Outcome>
export function only(allowed: readonly Persona[]): Record<Persona, Outcome> {
  return Object.fromEntries(
    PERSONAS.map((persona) => [
      persona,
      allowed.includes(persona) ? 'allowed' : persona === 'anonymous' ? 'signIn' : 'denied',
    ]),
  ) as Record<Persona, Outcome>
}
