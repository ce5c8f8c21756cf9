import { timingSafeEqual } from 'node:crypto'
import { UniqueConstraintError, type Transaction } from 'sequelize'
import { Brand, MembershipRequest, Role, RoleGrant } from '#models/index'
import { newId } from '#models/ids'
import { createVerifiedUser } from './verified-accounts.server'

/**
 * Joining a community through its sign-up link (/{brand}/signup-{signupHash}). With member
 * moderation the newcomer waits as pending, holding no role (so no page lets them in) until an admin
 * approves; without it they become a member at once.
 */


/** Public communities always moderate new members (spec: "Public communities force moderation"). */
export const moderatesMembers = (brand: Pick<Brand, 'memberModeration' | 'publicCommunity'>) => brand.memberModeration || brand.publicCommunity

/**
 * Whether a community takes sign-ups through this link: sign-ups allowed, a link issued, and the
 * hash the same (compared in constant time: the hash is the link's only secret).
 */
export function signupLinkMatches(brand: Pick<Brand, 'allowSignUps' | 'selfSignupHash' | 'status'>, hash: string): boolean {
  if (brand.status !== 'active' || !brand.allowSignUps || !brand.selfSignupHash) return false
  const expected = Buffer.from(brand.selfSignupHash)
  const given = Buffer.from(hash)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Issues a new sign-up link for a community (the old one stops working) and returns its hash. */
export async function renewSignupLink(brand: Brand): Promise<string> {
  const hash = newId()
  await brand.update({ selfSignupHash: hash })
  return hash
}


export type MembershipStatus = 'member' | 'pending' | 'rejected' | 'none'

/** Where someone stands with a community: any role there makes them a member. */
export async function membershipStatus(userId: string, brandId: string, transaction?: Transaction): Promise<MembershipStatus> {
  if (await RoleGrant.count({ where: { userId, brandId }, transaction })) return 'member'
  const request = await MembershipRequest.findOne({ attributes: ['status'], where: { userId, brandId }, transaction })
  if (request?.status === 'pending') return 'pending'
  if (request?.status === 'rejected') return 'rejected'
  return 'none'
}

/**
 * Signs a user up to a community: a member already stays one, a pending or rejected request stays
 * as it is (asking again does not put a declined person back in the queue), anyone else becomes a
 * member or, with moderation, pending.
 */
export async function joinCommunity(brand: Brand, userId: string, transaction?: Transaction): Promise<MembershipStatus> {
  const status = await membershipStatus(userId, brand.id, transaction)
  if (status !== 'none') return status
  if (moderatesMembers(brand)) {
    try {
      await MembershipRequest.create({ brandId: brand.id, userId, status: 'pending', source: 'signup-link' }, { transaction })
    } catch (error) {
      // The same person signing up twice at once: the first request stands.
      if (!(error instanceof UniqueConstraintError)) throw error
    }
    return 'pending'
  }
  const memberRole = await Role.findOne({ where: { slug: 'community-member' }, rejectOnEmpty: true, transaction })
  await RoleGrant.findOrCreate({ where: { userId, brandId: brand.id, roleId: memberRole.id }, transaction })
  return 'member'
}

/** A new person who proved their email signs up: their account and their place in the community, together. */
export async function createAccountAndJoin(brand: Brand, input: { fullName: string; emailAddress: string; language?: string | null }) {
  return Brand.sequelize!.transaction(async (transaction) => {
    const user = await createVerifiedUser(input, transaction)
    return { user, status: await joinCommunity(brand, user.id, transaction) }
  })
}

/** Where a sign-up lands: inside the community, or the page that says the request awaits approval. */
export function afterJoining(brandSlug: string, status: MembershipStatus): string {
  return status === 'member' ? `/${brandSlug}` : `/${brandSlug}/signup-successful`
}
