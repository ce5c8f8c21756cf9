// The permission matrix for the invitation page (docs/security.md "Who may change what about a
// person"): anyone holding the link may read what it offers (the page tells a stranger only whose it
// is), but only the invited person, signed in as themselves, accepts or declines it. Here the
// invitation is the outsider's: someone of another community whom this one invites.
import { createHash, randomBytes } from 'node:crypto'
import { beforeAll } from 'vitest'
import { MemberInvitation } from '#models/index'
import { action as invitationAction, loader as invitationLoader } from '#app/routes/invitations.$token/route'
import { action as listAction, loader as listLoader } from '#app/routes/$brand._community.members.invitations/route'
import {
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Outcome,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
beforeAll(async () => {
  world = await makeMatrixWorld()
})

/** A fresh open invitation of the outsider's to the world's community (each run spends its own). */
async function openInvitation(w: MatrixWorld) {
  const token = randomBytes(32).toString('base64url')
  await MemberInvitation.create({
    brandId: w.brand.id,
    userId: w.people.outsider.id,
    invitedById: w.people.owner.id,
    kind: 'member',
    offer: { roles: ['community-member'], status: 'active', source: 'invitation' },
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 3600_000),
  })
  return token
}

const onlyTheInvitee = Object.fromEntries(
  Object.keys(everyone('denied')).map((persona) => [persona, persona === 'outsider' ? 'allowed' : 'denied']),
) as Record<Persona, Outcome>

describeMatrix(
  'invitations',
  [
    {
      name: 'GET /invitations/{token}',
      run: async (w, persona) => {
        const token = await openInvitation(w)
        return invitationLoader(await argsAs(w, persona, `/invitations/${token}`, { token }))
      },
      expected: everyone('allowed'),
    },
    {
      name: 'POST /invitations/{token} (accept)',
      run: async (w, persona) => {
        const token = await openInvitation(w)
        return invitationAction(
          await argsAs(
            w,
            persona,
            `/invitations/${token}`,
            { token },
            { method: 'POST', body: new URLSearchParams({ intent: 'accept' }) },
          ),
        )
      },
      expected: onlyTheInvitee,
    },
    {
      name: 'POST /invitations/{token} (decline)',
      run: async (w, persona) => {
        const token = await openInvitation(w)
        return invitationAction(
          await argsAs(
            w,
            persona,
            `/invitations/${token}`,
            { token },
            { method: 'POST', body: new URLSearchParams({ intent: 'decline' }) },
          ),
        )
      },
      expected: onlyTheInvitee,
    },
    // The community's list of open invitations is its admins' (manage-community-members), as the wizard is.
    {
      name: 'GET /{brand}/members/invitations',
      run: async (w, persona) =>
        listLoader(await argsAs(w, persona, `/${w.brand.slug}/members/invitations`, { brand: w.brand.slug })),
      expected: only(['owner', 'admin']),
    },
    {
      name: 'POST /{brand}/members/invitations (withdraw an unknown one: 400 past the guard)',
      run: async (w, persona) =>
        listAction(
          await argsAs(
            w,
            persona,
            `/${w.brand.slug}/members/invitations`,
            { brand: w.brand.slug },
            { method: 'POST', body: new URLSearchParams({ intent: 'withdraw', invitationId: 'none' }) },
          ),
        ),
      expected: only(['owner', 'admin']),
    },
  ],
  () => world,
)
