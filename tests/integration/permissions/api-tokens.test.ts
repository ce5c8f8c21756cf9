// The permission matrix for personal access tokens (docs/decisions/0021-api-tokens.md): a call made with
// `Authorization: Bearer …` answers exactly as its owner's session would, narrowed by the token. From the
// product's rules: a read token only reads; a write token reads and writes as a member does, never as an
// admin or moderator (even its owner's admin powers stay out of reach); an admin token carries what its
// owner holds, no more. Tokens of the pending, the archived and another community's people reach nothing
// here, as their sessions would not.
import { beforeAll, describe, expect, it } from 'vitest'
import type { TokenScope } from '#models/index'
import { createToken } from '#app/lib/api-tokens/api-tokens.server'
import { createPost } from '#app/lib/posts/posts.server'
import * as drafts from '#app/routes/api.drafts._index'
import * as posts from '#app/routes/api.posts._index'
import * as pinned from '#app/routes/api.posts.pinned.$id'
import * as signUpLink from '#app/routes/api.brand.sign-up-link.$id'
import { routeArgs } from '../../support/route-args'
import {
  PERSONAS,
  makeMatrixWorld,
  outcomeOf,
  refusedAsThrown,
  type MatrixWorld,
  type Outcome,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
beforeAll(async () => {
  world = await makeMatrixWorld()
})

type TokenPersona = Exclude<Persona, 'anonymous'>
const HOLDERS = PERSONAS.filter((persona): persona is TokenPersona => persona !== 'anonymous')

/** A call as this persona, with a new token of theirs at this scope (and no cookie). */
async function withToken(persona: TokenPersona, scope: TokenScope, init: RequestInit = {}) {
  const { secret } = await createToken({
    userId: world.people[persona].id,
    name: `${persona} ${scope}`,
    scope,
    brandId: null,
    lifetimeDays: 1,
  })
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${secret}`)
  return { ...init, headers }
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
})

const COMMUNITY: TokenPersona[] = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer']
const WRITERS: TokenPersona[] = ['owner', 'admin', 'moderator', 'member', 'user', 'developer']
const MODERATORS: TokenPersona[] = ['owner', 'admin', 'moderator']
const ADMINS: TokenPersona[] = ['owner', 'admin']
const NOBODY: TokenPersona[] = []

type Row = {
  name: string
  run: (persona: TokenPersona, scope: TokenScope) => Promise<unknown>
  /** Who passes, per scope. */
  allowed: Record<TokenScope, readonly TokenPersona[]>
}

const rows: Row[] = [
  {
    name: 'GET /api/drafts (a read)',
    run: async (persona, scope) => {
      const path = `/api/drafts?brandId=${world.brand.id}`
      return refusedAsThrown(await drafts.loader(routeArgs(path, {}, await withToken(persona, scope))))
    },
    allowed: { read: COMMUNITY, write: COMMUNITY, admin: COMMUNITY },
  },
  {
    name: 'POST /api/posts (a member’s write)',
    run: async (persona, scope) => {
      const body = json('POST', { contextRoomId: world.brand.topLevelRoomId, message: 'By token' })
      return refusedAsThrown(await posts.action(routeArgs('/api/posts', {}, await withToken(persona, scope, body))))
    },
    allowed: { read: NOBODY, write: WRITERS, admin: WRITERS },
  },
  {
    name: 'PUT /api/posts/pinned/{id} (a moderator’s write)',
    run: async (persona, scope) => {
      const post = await createPost(world.brand, world.people.owner.id, {
        contextRoomId: world.brand.topLevelRoomId!,
        message: 'Pin me',
      })
      const init = await withToken(persona, scope, json('PUT', { pinned: true }))
      return refusedAsThrown(await pinned.action(routeArgs(`/api/posts/pinned/${post.id}`, { id: post.id }, init)))
    },
    // The owner hosts the hub (registration makes them its host): a host keeps their own rooms at write scope.
    allowed: { read: NOBODY, write: ['owner'], admin: MODERATORS },
  },
  {
    name: 'PUT /api/brand/sign-up-link/{id} (an admin’s write)',
    run: async (persona, scope) => {
      const init = await withToken(persona, scope, json('PUT', {}))
      const path = `/api/brand/sign-up-link/${world.brand.id}`
      return refusedAsThrown(await signUpLink.action(routeArgs(path, { id: world.brand.id }, init)))
    },
    allowed: { read: NOBODY, write: NOBODY, admin: ADMINS },
  },
]

describe('the API with a personal access token', () => {
  for (const row of rows) {
    for (const scope of ['read', 'write', 'admin'] as const) {
      for (const persona of HOLDERS) {
        const expected: Outcome = row.allowed[scope].includes(persona) ? 'allowed' : 'denied'
        it(`${row.name} with a ${scope} token of the ${persona}: ${expected}`, async () => {
          expect(await outcomeOf(() => row.run(persona, scope))).toBe(expected)
        })
      }
    }
  }
})
