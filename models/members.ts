import type { Transaction } from 'sequelize'
import { assignNewMemberTags } from './member-tag'
import { Membership, type MembershipSource, type MembershipStatus } from './membership'
import type { RoleSlug } from './permissions'
import { Role, RoleGrant } from './role'

/**
 * Puts a person in a community with these roles: their membership (created with `status`, or left
 * as it is when they already have one) and a community-wide grant of each role. The one way
 * registration, sign-up, imports, the member wizard, the seed and the test factories add people.
 */
export async function addMember(input: {
  brandId: string
  userId: string
  roles: readonly RoleSlug[]
  status?: MembershipStatus
  source?: MembershipSource
  /** Joining by the sign-up link: when they accepted the terms, and their answers to its questions. */
  signup?: { termsAcceptedAt: Date | null; answers: unknown[] | null }
  transaction?: Transaction
}): Promise<Membership> {
  const { brandId, userId, roles, status = 'active', source = 'invitation', signup, transaction } = input
  const [membership, created] = await Membership.findOrCreate({
    where: { brandId, userId },
    defaults: {
      brandId,
      userId,
      status,
      source,
      termsAcceptedAt: signup?.termsAcceptedAt ?? null,
      signupAnswers: (signup?.answers ?? null) as Membership['signupAnswers'],
    },
    transaction,
  })
  // A new member gets the community's "assign to new members" tags once, however they joined.
  if (created) await assignNewMemberTags(brandId, userId, transaction)
  await grantRoles({ brandId, userId, roles, transaction })
  return membership
}

/** Community-wide grants of these roles (those already held stay as they are). */
export async function grantRoles({
  brandId,
  userId,
  roles,
  transaction,
}: {
  brandId: string
  userId: string
  roles: readonly RoleSlug[]
  transaction?: Transaction
}) {
  if (!roles.length) return
  const found = await Role.findAll({ attributes: ['id', 'slug'], where: { slug: [...roles] }, transaction })
  if (found.length !== new Set(roles).size) throw new Error(`Unknown role among ${roles.join(', ')}`)
  for (const role of found)
    await RoleGrant.findOrCreate({ where: { userId, brandId, roleId: role.id, roomId: null }, transaction })
}

/** The community-wide roles someone holds in a community, by slug. */
export async function communityRolesOf(
  userId: string,
  brandId: string,
  transaction?: Transaction,
): Promise<RoleSlug[]> {
  const grants = await RoleGrant.findAll({
    attributes: ['id'],
    where: { userId, brandId, roomId: null },
    include: [{ model: Role, as: 'role', attributes: ['slug'], required: true }],
    transaction,
  })
  return grants.map((grant) => grant.role!.slug as RoleSlug)
}
