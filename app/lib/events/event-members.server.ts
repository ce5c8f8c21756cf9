// The Members tab's registrations: the list with its status
// filter, and the tick-box actions (approve, set pending, make or unmake co-host, remove).
import { Op } from 'sequelize'
import { EventRegistration, User, type Brand, type Room } from '#models/index'
import type { RegistrationStatus } from '#models/event'
import type { RegistrationAction, RegistrationFilter } from './event-members-rules'
import { approveRegistration } from './registration.server'
import { placeInRoom } from './registration-room.server'

export type RegistrationRow = {
  id: string
  userId: string
  name: string
  emailAddress: string | null
  phoneNumber: string | null
  status: RegistrationStatus
  coHost: boolean
  source: 'form' | 'import'
  registeredAt: string
  /** When they accepted the community's terms registering; null when none were asked. */
  termsAcceptedAt: string | null
}

/** The people of these ids, by id (registrations have no association to users: one query, not one per row). */
export async function usersById(ids: readonly string[]) {
  if (!ids.length) return new Map<string, User>()
  const users = await User.findAll({
    where: { id: [...new Set(ids)] },
    attributes: ['id', 'name', 'emailAddress', 'phoneNumber'],
  })
  return new Map(users.map((user) => [user.id, user]))
}

/** The event's registrations, oldest first, and how many there are of each status. */
export async function listRegistrations(room: Pick<Room, 'id'>, filter: RegistrationFilter) {
  const where = { roomId: room.id, ...(filter === 'all' ? {} : { status: filter }) }
  const [registrations, approved, pending] = await Promise.all([
    EventRegistration.findAll({
      where,
      order: [
        ['createdAt', 'ASC'],
        ['id', 'ASC'],
      ],
    }),
    EventRegistration.count({ where: { roomId: room.id, status: 'approved' } }),
    EventRegistration.count({ where: { roomId: room.id, status: 'pending' } }),
  ])
  const users = await usersById(registrations.map((registration) => registration.userId))
  const rows: RegistrationRow[] = registrations.map((registration) => {
    const user = users.get(registration.userId)
    return {
      id: registration.id,
      userId: registration.userId,
      name: user?.name ?? '',
      emailAddress: user?.emailAddress ?? null,
      phoneNumber: user?.phoneNumber ?? null,
      status: registration.status,
      coHost: registration.coHost,
      source: registration.source,
      registeredAt: registration.createdAt.toISOString(),
      termsAcceptedAt: registration.termsAcceptedAt?.toISOString() ?? null,
    }
  })
  return { rows, counts: { all: approved + pending, approved, pending } }
}

/** The actions other than approve: which registrations each applies to, and what it sets (none: it removes). */
const CHANGES: Record<
  Exclude<RegistrationAction, 'approve'>,
  {
    applies: (registration: EventRegistration) => boolean
    values: Partial<Pick<EventRegistration, 'status' | 'coHost'>> | null
  }
> = {
  pending: { applies: (registration) => registration.status === 'approved', values: { status: 'pending' } },
  coHost: { applies: (registration) => !registration.coHost, values: { coHost: true } },
  notCoHost: { applies: (registration) => registration.coHost, values: { coHost: false } },
  remove: { applies: () => true, values: null },
}

/**
 * One tick-box action on this event's registrations (ids of another event are ignored: the form
 * could name any). Returns how many changed. Approving is the registration flow's own (the room
 * admits them and they are mailed their confirmation); every other change moves the person in or
 * out of the room in the same transaction (registration-room.server.ts).
 */
export async function applyRegistrationAction(
  brand: Brand,
  room: Pick<Room, 'id'>,
  action: RegistrationAction,
  ids: readonly string[],
): Promise<number> {
  const registrations = await EventRegistration.findAll({ where: { roomId: room.id, id: { [Op.in]: [...ids] } } })
  let changed = 0
  for (const registration of registrations) {
    if (action === 'approve') {
      if (await approveRegistration(brand, registration.id)) changed += 1
      continue
    }
    const change = CHANGES[action]
    if (!change.applies(registration)) continue
    await EventRegistration.sequelize!.transaction(async (transaction) => {
      if (change.values) await registration.update(change.values, { transaction })
      else await registration.destroy({ transaction })
      await placeInRoom(room.id, registration.userId, change.values ? registration : null, transaction)
    })
    changed += 1
  }
  return changed
}
