import { timingSafeEqual } from 'node:crypto'
import { UniqueConstraintError, type Transaction } from 'sequelize'
import { Brand, Membership } from '#models/index'
import type { MembershipStatus } from '#models/membership'
import { addMember } from '#models/members'
import { newId } from '#models/ids'
import { createVerifiedUser } from '../identity/verified-accounts.server'
import { notifyCommunityRequest } from '../notifications/notify.server'
import type { SignupAnswer } from './signup-answers'
import { landingPath } from './landing.server'

/**
 * Joining a community through its sign-up link (/{brand}/signup-{signupHash}). With member
 * moderation the newcomer waits as pending, holding no role (so no page lets them in) until an admin
 * approves; without it they become a member at once.
 */

/** Public communities always moderate new members ("Public communities force moderation"). */
export const moderatesMembers = (brand: Pick<Brand, 'memberModeration' | 'publicCommunity'>) =>
  brand.memberModeration || brand.publicCommunity

/**
 * Whether a community takes sign-ups through this link: sign-ups allowed, a link issued, and the
 * hash the same (compared in constant time: the hash is the link's only secret).
 */
export function signupLinkMatches(
  brand: Pick<Brand, 'allowSignUps' | 'selfSignupHash' | 'status'>,
  hash: string,
): boolean {
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

/** What someone gave on the sign-up page besides who they are. */
export type SignupGiven = { termsAccepted: boolean; answers: SignupAnswer[] }

export type JoinStatus = 'member' | 'pending' | 'rejected' | 'archived' | 'none'
const JOIN_STATUS = {
  active: 'member',
  pending: 'pending',
  rejected: 'rejected',
  deleted: 'archived',
} as const satisfies Record<MembershipStatus, JoinStatus>

/** Where someone stands with a community, as a sign-up sees it. */
export async function membershipStatus(
  userId: string,
  brandId: string,
  transaction?: Transaction,
): Promise<JoinStatus> {
  const membership = await Membership.findOne({ attributes: ['status'], where: { userId, brandId }, transaction })
  if (!membership) return 'none'
  return JOIN_STATUS[membership.status as MembershipStatus]
}

/**
 * Signs a user up to a community: a member stays one, a pending, rejected or archived membership
 * stays as it is (asking again does not put a declined or archived person back in), anyone else
 * becomes a member or, with moderation, pending (holding the member role, which counts only once
 * an admin approves). `signup`: what they gave on the sign-up page (terms accepted just now, answers).
 */
export async function joinCommunity(
  brand: Brand,
  userId: string,
  { signup, transaction }: { signup?: SignupGiven; transaction?: Transaction } = {},
): Promise<JoinStatus> {
  const status = await membershipStatus(userId, brand.id, transaction)
  if (status !== 'none') return status
  const pending = moderatesMembers(brand)
  try {
    await addMember({
      brandId: brand.id,
      userId,
      roles: ['community-member'],
      status: pending ? 'pending' : 'active',
      source: 'signup-link',
      signup: signup && {
        termsAcceptedAt: signup.termsAccepted ? new Date() : null,
        answers: signup.answers.length ? signup.answers : null,
      },
      transaction,
    })
  } catch (error) {
    // The same person signing up twice at once: the first sign-up stands.
    if (!(error instanceof UniqueConstraintError)) throw error
  }
  // Inside a caller's transaction the caller tells, once it is committed (createAccountAndJoin).
  if (pending && !transaction) await notifyCommunityRequest(brand.id, userId)
  return pending ? 'pending' : 'member'
}

/** A new person who proved their email (and phone) signs up: their account and their place in the community, together. */
export async function createAccountAndJoin(
  brand: Brand,
  input: Parameters<typeof createVerifiedUser>[0] & { signup?: SignupGiven },
) {
  const { signup, ...account } = input
  const joined = await Brand.sequelize!.transaction(async (transaction) => {
    const user = await createVerifiedUser(account, transaction)
    return { user, status: await joinCommunity(brand, user.id, { signup, transaction }) }
  })
  if (joined.status === 'pending') await notifyCommunityRequest(brand.id, joined.user.id)
  return joined
}

/** Where a sign-up lands: the community's landing page, or the page that says the request awaits approval. */
export async function afterJoining(brand: Parameters<typeof landingPath>[0], status: JoinStatus): Promise<string> {
  return status === 'member' ? landingPath(brand) : `/${brand.slug}/signup-successful`
}
