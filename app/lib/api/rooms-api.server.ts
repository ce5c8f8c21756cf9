// The JSON calls that put rooms in place (docs/api.md#rooms): POST /reserved-names sets links aside,
// POST /room/provision gives a person their room in a community as the new member wizard does.
// Personal links (the main brand) are the install's, so super users reserve them; a community's
// are reserved and provisioned by those who manage its members, as on its Members tab.
import { z } from 'zod'
import { Room } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { mainBrand } from '#models/main-brand'
import type { TranslationKey } from '../i18n/i18n'
import { inCommunity, json, readBody, refuse, requesterT, type ApiArgs } from '../http/api.server'
import { requireCommunityPermission, requireUser } from '../http/guards.server'
import { NewMemberSchema } from '../members/member.schema'
import { createMember } from '../members/new-member.server'
import { roomLinkSlug } from '../members/room-link.server'
import { RESERVED_NAMES_MAX, reserveNames } from '../rooms/reserved-names.server'
import { actsAsSuperUser } from '#models/token-cap'

const brandIdField = () => z.string().regex(ID_PATTERN, 'api:errors.communityNotFound')

const ReservedNamesBody = z.object({
  /** Absent: the install's personal links (/me/{link}). */
  brandId: brandIdField().optional(),
  names: z
    .array(z.string().max(255, 'api:rooms.nameInvalid'), { required_error: 'api:rooms.namesRequired' })
    .min(1, 'api:rooms.namesRequired')
    .max(RESERVED_NAMES_MAX, 'api:rooms.tooManyNames'),
})

/** POST reserved-names: `{ reserved, refused }`, each refusal with its reason and message. */
export async function reserveNamesCall(args: ApiArgs) {
  const body = await readBody(args.request, ReservedNamesBody)
  const main = await mainBrand()
  if (!body.brandId || body.brandId === main.id) {
    const user = await requireUser(args)
    if (!actsAsSuperUser(user)) throw refuse(403, 'api:errors.forbidden')
  } else {
    await requireCommunityPermission(await inCommunity(args, body.brandId), 'manage-community-members')
  }
  const { reserved, refused } = await reserveNames(body.brandId ?? main.id, body.names)
  const t = await requesterT(args)
  return {
    reserved,
    refused: refused.map((refusal) => ({
      ...refusal,
      message: t(`api:rooms.${refusal.reason}`, { name: refusal.name }),
    })),
  }
}

/** The new member wizard's fields (with its defaults: a locked room, shown to members) and the community. */
const ProvisionBody = NewMemberSchema.extend({ brandId: brandIdField() })

/** Which of the wizard's refusals the answer names when there are several. */
const FIELD_ORDER = ['emailAddress', 'roomLink', 'roles'] as const

/**
 * POST room/provision: the person's account (made when they have none), membership and room, and
 * the room's `id` (201). Someone with an account is invited instead (202, `{ id: null, invited }`):
 * they join by accepting. A failure nobody foresaw answers the spec's `unknown` error.
 */
export async function provisionRoomCall(args: ApiArgs) {
  const body = await readBody(args.request, ProvisionBody)
  const { brand, permissions, user } = await requireCommunityPermission(
    await inCommunity(args, body.brandId),
    'manage-community-members',
  )
  const outcome = await createMember({ brand, held: permissions, values: body, invitedById: user.id })
  switch (outcome.kind) {
    case 'created': {
      const room = await Room.findOne({
        attributes: ['id'],
        where: { brandId: brand.id, slug: roomLinkSlug(body.roomLink) },
        rejectOnEmpty: true,
      })
      return json({ id: room.id, userId: outcome.userId }, 201)
    }
    case 'invited':
      return json({ id: null, invited: true }, 202)
    case 'invalid': {
      // Roles the caller may not give are a bad request; the rest (a member already, a link taken) conflicts.
      const field = FIELD_ORDER.find((name) => outcome.fieldErrors[name]?.length)
      const key = (field ? outcome.fieldErrors[field]![0] : 'api:errors.badRequest') as TranslationKey
      const { refusal } = outcome
      if (field === 'roomLink' && refusal)
        throw refuse(409, key, { label: refusal.label }, { suggestion: refusal.suggestion })
      throw refuse(field === 'roles' ? 400 : 409, key)
    }
    case 'failed':
      // The spec's shape for it: the room's `id` says `unknown`, beside the error.
      throw refuse(500, 'auth:errors.unknown', {}, { id: 'unknown' })
  }
}
