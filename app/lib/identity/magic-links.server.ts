import { Op } from 'sequelize'
import { MagicLink, User } from '#models/index'
import { safeRedirect } from '../http/safe-redirect'

/**
 * Spends a magic link: the user it signs in and where it goes, or null when it is unknown, used or
 * expired. Marking it used is one conditional UPDATE, so two clicks racing cannot both sign in.
 */
export async function redeemMagicLink(id: string): Promise<{ userId: string; destinationUrl: string } | null> {
  const now = new Date()
  const [updated] = await MagicLink.update(
    { usedAt: now },
    { where: { id, usedAt: null, expiresAt: { [Op.gt]: now } } },
  )
  if (updated !== 1) return null
  const link = await MagicLink.findByPk(id)
  return link ? { userId: link.userId, destinationUrl: safeRedirect(link.destinationUrl, '/me') } : null
}

/** Who a link would sign in, without spending it (to ask first), or null when it cannot be used. */
export async function usableMagicLink(id: string): Promise<{ userId: string } | null> {
  const link = await MagicLink.findOne({
    where: { id, usedAt: null, expiresAt: { [Op.gt]: new Date() } },
    attributes: ['userId'],
  })
  return link ? { userId: link.userId } : null
}

/** Where an expired link would have gone, to offer signing in and going there anyway. */
export async function magicLinkDestination(id: string): Promise<string | null> {
  const link = await MagicLink.findByPk(id, { attributes: ['destinationUrl'] })
  return link ? safeRedirect(link.destinationUrl, '/me') : null
}

/**
 * Kills every outstanding link of an account: a code used or a new one sent makes the links mailed
 * earlier worthless, so an old mail lying in an inbox cannot sign anyone in later.
 */
export async function revokeMagicLinks(userId: string): Promise<void> {
  await MagicLink.update({ usedAt: new Date() }, { where: { userId, usedAt: null } })
}

/** The name a confirmation page shows for an account. */
export async function accountLabel(userId: string): Promise<string> {
  const user = await User.findByPk(userId, { attributes: ['name', 'emailAddress', 'phoneNumber'] })
  return user?.name ?? user?.emailAddress ?? user?.phoneNumber ?? ''
}
