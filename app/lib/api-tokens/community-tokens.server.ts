// Community (bot) tokens (docs/api.md#community-tokens, decision 0021): made and revoked by a community's admins on
// /{brand}/admin/tokens. Each is a bot's: an account of its own, named as the token (no address, so nobody signs in
// as it), a member of this community only (membership source `bot`) holding the member role, or the admin role for
// an admin token; its token is kept to the community. What the bot writes carries its name. Revoking ends the
// token and the bot's membership: it holds nothing from then on.
import { ApiToken, Membership, User, type Brand, type TokenScope } from '#models/index'
import { addMember } from '#models/members'
import { createToken, listTokens, liveTokenCount, TOKENS_PER_PERSON } from './api-tokens.server'

/** The community's bots that still hold their membership. */
async function botsOf(brandId: string): Promise<string[]> {
  const rows = await Membership.findAll({ attributes: ['userId'], where: { brandId, source: 'bot', status: 'active' } })
  return rows.map((row) => row.userId)
}

/** The community's tokens that still work, newest first. */
export async function listCommunityTokens(brandId: string) {
  return listTokens(await botsOf(brandId))
}

/** A new bot with its token, or null when the community has TOKENS_PER_PERSON tokens that work already. */
export async function createCommunityToken(input: {
  brand: Pick<Brand, 'id'>
  name: string
  scope: TokenScope
  lifetimeDays: number
}): Promise<{ secret: string } | null> {
  const { brand, name, scope, lifetimeDays } = input
  if ((await liveTokenCount(await botsOf(brand.id))) >= TOKENS_PER_PERSON) return null
  return User.sequelize!.transaction(async (transaction) => {
    const bot = await User.create({ name, managedByBrandId: brand.id }, { transaction })
    const role = scope === 'admin' ? 'community-admin' : 'community-member'
    await addMember({ brandId: brand.id, userId: bot.id, roles: [role], source: 'bot', transaction })
    const { secret } = await createToken({ userId: bot.id, name, scope, brandId: brand.id, lifetimeDays, transaction })
    return { secret }
  })
}

/** Revokes one of the community's tokens and archives its bot: the token's name, or null when there is no such token. */
export async function revokeCommunityToken(brandId: string, tokenId: string): Promise<string | null> {
  const token = await ApiToken.findOne({ where: { id: tokenId, userId: await botsOf(brandId), revokedAt: null } })
  if (!token) return null
  await token.update({ revokedAt: new Date() })
  await Membership.update({ status: 'deleted' }, { where: { brandId, userId: token.userId } })
  return token.name
}
