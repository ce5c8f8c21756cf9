// POST /api/ml/send (docs/api.md#sign-in-links-for-members): those who run a community send its members a link that
// signs them in and lands on a page, with their own subject and words, in the community's name and colours. The link
// goes only to the member's own address; the caller never sees it.
import { Membership, User } from '#models/index'
import { inCommunity, readBody, refuse, type ApiArgs } from '../http/api.server'
import { requireCommunityPermission } from '../http/guards.server'
import { safeRedirect } from '../http/safe-redirect'
import { createMagicLink } from '../identity/auth.server'
import { sendMagicLink } from '../identity/sign-in-messages.server'
import { LIMITS, hit } from '../platform/rate-limit.server'
import { SendMagicLinksBody } from './sign-in-api.schema'

type Sent =
  { id: string; ok: true; channel: 'mail' | 'sms' } | { id: string; ok: false; reason: 'notMember' | 'noAddress' }

/** `{ users }`: for each id asked for, whether its link went out (by mail, else by SMS) or why not. */
export async function sendMagicLinksCall(args: ApiArgs) {
  const body = await readBody(args.request, SendMagicLinksBody)
  const { brand, user: sender } = await requireCommunityPermission(
    await inCommunity(args, body.brandId),
    'manage-community-members',
  )
  const ids = [...new Set(body.users)]
  const { allowed, retryAfterSeconds } = await hit(LIMITS.signInLinksPerAccount, sender.id, ids.length)
  if (!allowed) throw Object.assign(refuse(429, 'api:errors.tooManyRequests'), { retryAfterSeconds })

  const members = await User.findAll({
    where: { id: ids },
    include: [{ model: Membership, as: 'memberships', where: { brandId: brand.id, status: 'active' }, required: true }],
  })
  const byId = new Map(members.map((member) => [member.id, member]))
  const destination = safeRedirect(body.destinationUrl, `/${brand.slug}`)
  const users: Sent[] = []
  for (const id of ids) {
    const member = byId.get(id)
    // An unknown id reads as a non-member: the call tells nobody which accounts exist.
    if (!member) users.push({ id, ok: false, reason: 'notMember' })
    else if (!member.emailAddress && !member.phoneNumber) users.push({ id, ok: false, reason: 'noAddress' })
    else {
      const channel = member.emailAddress ? 'mail' : 'sms'
      await sendMagicLink({
        channel,
        to: (member.emailAddress ?? member.phoneNumber)!,
        link: await createMagicLink(member.id, destination, body.expiresIn * 1000),
        subject: body.subject || null,
        message: body.message || null,
        language: member.preferredLanguage ?? brand.communityLanguage,
        brand,
        // Said in whole hours, rounded down: the message never promises more time than the link has.
        hours: Math.floor(body.expiresIn / 3600),
      })
      users.push({ id, ok: true, channel })
    }
  }
  return { users }
}
