import type { TranslationKey } from '../i18n/i18n'
import type { PermissionSlug } from '#models/permissions'
import { communityRolesOf } from '#models/members'
import type { MembershipStatus } from '#models/membership'
import { Membership, RoleGrant, User, type Brand } from '#models/index'
import { DeliveryError } from '../platform/outbox.server'
import { logger } from '../platform/logger.server'
import type { MemberActionInput } from './member-actions.schema'
import { sendMemberInvitation } from './member-invitation.server'
import { notifyMembership } from '../notifications/notify.server'
import { memberActionRefusal, TRANSITIONS, type MemberAction, type MemberRefusal } from './member-rules'

/**
 * The members page's commands: approve, reject, activate, archive, restore,
 * reserve, resend an invitation, delete. Each reads the target's membership in THIS community
 * (anyone else is "not found"), asks the rules (member-rules.ts) and changes one row only if it is
 * still in the state the rule saw. Reused by the admin panel.
 */

export type MemberActionOutcome =
  { ok: true; flash: TranslationKey } | { ok: false; status: 400 | 403 | 404 | 503; error: TranslationKey }

const SUCCESS: Record<MemberAction, TranslationKey> = {
  approve: 'members:flash.approved',
  reject: 'members:flash.rejected',
  activate: 'members:flash.activated',
  archive: 'members:flash.archived',
  restore: 'members:flash.restored',
  reserve: 'members:flash.reserved',
  resend: 'members:flash.invited',
  delete: 'members:flash.deleted',
}

const REFUSED: Record<MemberRefusal, { status: 400 | 403; error: TranslationKey }> = {
  forbidden: { status: 403, error: 'members:errors.forbidden' },
  ownerProtected: { status: 403, error: 'members:errors.ownerProtected' },
  self: { status: 403, error: 'members:errors.self' },
  wrongState: { status: 400, error: 'members:errors.wrongState' },
}

/** What the member hears of each decision (membership approval, decline, deletion); the rest tells nobody. */
const NOTICE: Partial<Record<MemberAction, 'communityApproval' | 'communityDecline' | 'communityDeletion'>> = {
  approve: 'communityApproval',
  activate: 'communityApproval',
  reject: 'communityDecline',
  archive: 'communityDeletion',
}

const refuse = (status: 400 | 403 | 404 | 503, error: TranslationKey): MemberActionOutcome => ({
  ok: false,
  status,
  error,
})

export async function performMemberAction(input: {
  brand: Pick<Brand, 'id' | 'slug' | 'name' | 'themeColors' | 'fontBase' | 'logos' | 'communityLanguage'>
  actorId: string | null
  held: ReadonlySet<PermissionSlug>
  command: MemberActionInput
}): Promise<MemberActionOutcome> {
  const { brand, actorId, held, command } = input
  const membership = await Membership.findOne({
    where: { brandId: brand.id, userId: command.userId },
    include: [
      {
        model: User,
        as: 'user',
        required: true,
        attributes: ['id', 'name', 'emailAddress', 'phoneNumber', 'preferredLanguage'],
      },
    ],
  })
  if (!membership) return refuse(404, 'members:errors.notFound')
  const isOwner = (await communityRolesOf(command.userId, brand.id)).includes('community-owner')
  const refusal = memberActionRefusal({
    action: command.intent,
    held,
    actorId,
    target: { userId: command.userId, status: membership.status, isOwner },
  })
  if (refusal) return refuse(REFUSED[refusal].status, REFUSED[refusal].error)

  switch (command.intent) {
    case 'delete':
      return deleteMember(membership, command.confirmation, actorId)
    case 'resend':
      return resendInvitation(membership, brand)
    default:
      return changeState(membership, command.intent, actorId)
  }
}

/** One conditional update: a second click, or another admin acting first, finds the state changed. */
async function changeState(
  membership: Membership,
  action: Exclude<MemberAction, 'delete' | 'resend'>,
  actorId: string | null,
): Promise<MemberActionOutcome> {
  const { from, to } = TRANSITIONS[action]
  const [changed] = await Membership.update(
    { status: to, decidedById: actorId, decidedAt: new Date() },
    { where: { id: membership.id, status: from as readonly MembershipStatus[] as MembershipStatus[] } },
  )
  if (changed === 1 && NOTICE[action])
    await notifyMembership(membership.brandId, membership.userId, NOTICE[action], actorId)
  return changed === 1 ? { ok: true, flash: SUCCESS[action] } : refuse(400, REFUSED.wrongState.error)
}

/**
 * Removes the person from this community: the membership and the roles granted community-wide
 * here. The account stays (they may belong to other communities), and so do grants of a room.
 */
async function deleteMember(
  membership: Membership,
  typed: string,
  actorId: string | null,
): Promise<MemberActionOutcome> {
  const user = membership.user!
  const expected = (user.emailAddress ?? user.phoneNumber ?? '').toLowerCase()
  if (!expected || typed !== expected) return refuse(400, 'members:delete.error')
  await Membership.sequelize!.transaction(async (transaction) => {
    await RoleGrant.destroy({
      where: { brandId: membership.brandId, userId: membership.userId, roomId: null },
      transaction,
    })
    await membership.destroy({ transaction })
  })
  await notifyMembership(membership.brandId, membership.userId, 'communityDeletion', actorId)
  return { ok: true, flash: SUCCESS.delete }
}

async function resendInvitation(
  membership: Membership,
  brand: Parameters<typeof sendMemberInvitation>[0]['brand'],
): Promise<MemberActionOutcome> {
  const user = membership.user!
  if (!user.emailAddress) return refuse(400, 'members:errors.noEmail')
  try {
    await sendMemberInvitation({ to: user.emailAddress, name: user.name, brand, language: user.preferredLanguage })
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error
    logger.warn({ outboxId: error.outboxId }, 'member invitation could not be sent')
    return refuse(503, 'members:errors.inviteFailed')
  }
  await membership.update({ invitedAt: new Date() })
  return { ok: true, flash: SUCCESS.resend }
}
