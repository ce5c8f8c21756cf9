import { Brand, Room, User } from '#models/index'
import { addMember } from '#models/members'
import { isAvailableBrandSlug } from '#models/slugs'
import { slugWords } from '../forms/slug-words'

export const TRIAL_DAYS = 30

/** A link for a community name: lower case, accents dropped, words joined by hyphens. */
export function slugFromName(name: string): string {
  const slug = slugWords(name)
  return /^[a-z0-9]/.test(slug) && slug.length >= 2 ? slug : `community-${slug}`.replace(/-+$/, '')
}

/** The name's slug, or the same with -2, -3 … when taken or reserved. */
async function freeSlug(name: string): Promise<string> {
  const base = slugFromName(name)
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (isAvailableBrandSlug(candidate) && !(await Brand.count({ where: { slug: candidate } }))) return candidate
  }
}

/**
 * A new community for a person who proved their email: their account, the community (30-day trial,
 * pro edition, no card), its hub and announcements rooms, and the owner role. All or nothing.
 */
export async function registerCommunity(input: {
  fullName: string
  emailAddress: string
  communityName: string
  language?: string | null
}) {
  const slug = await freeSlug(input.communityName)
  return Brand.sequelize!.transaction(async (transaction) => {
    const owner = await User.create(
      {
        name: input.fullName,
        emailAddress: input.emailAddress,
        verified: true,
        preferredLanguage: input.language ?? null,
      },
      { transaction },
    )
    const brand = await Brand.create(
      {
        slug,
        name: input.communityName,
        edition: 'pro',
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 3600 * 1000),
      },
      { transaction },
    )
    const room = (fields: { slug: string; name: string }) =>
      Room.create(
        { ...fields, brandId: brand.id, hostId: owner.id, context: 'group', roomType: 'meeting', members: [owner.id] },
        { transaction },
      )
    const hub = await room({ slug: 'hub', name: input.communityName })
    const announcements = await room({ slug: 'announcements', name: 'Announcements' })
    await brand.update({ topLevelRoomId: hub.id, announcementsRoomId: announcements.id }, { transaction })
    await addMember({
      brandId: brand.id,
      userId: owner.id,
      roles: ['community-owner'],
      source: 'registration',
      transaction,
    })
    return { owner, brand }
  })
}
