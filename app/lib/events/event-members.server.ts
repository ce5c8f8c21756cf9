// The Members tab's registrations (community spec §2 editor tab members): the list with its status
// filter, and the tick-box actions (approve, set pending, make or unmake co-host, remove). An
// approval hands each newly approved registration to the confirmation hook (registration-hooks).
import { Op } from 'sequelize'
import { EventRegistration, User, type Room } from '#models/index'
import type { RegistrationStatus } from '#models/event'
import type { RegistrationAction, RegistrationFilter } from './event-members-rules'
import { onRegistrationApproved } from './registration-hooks.server'

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
}

/** The people of these ids, by id (registrations have no association to users: one query, not one per row). */
export async function usersById(ids: readonly string[]) {
  if (!ids.length) return new Map<string, User>()
  const users = await User.findAll({ where: { id: [...new Set(ids)] }, attributes: ['id', 'name', 'emailAddress', 'phoneNumber'] })
  return new Map(users.map((user) => [user.id, user]))
}

/** The event's registrations, oldest first, and how many there are of each status. */
export async function listRegistrations(room: Pick<Room, 'id'>, filter: RegistrationFilter) {
  const where = { roomId: room.id, ...(filter === 'all' ? {} : { status: filter }) }
  const [registrations, approved, pending] = await Promise.all([
    EventRegistration.findAll({ where, order: [['createdAt', 'ASC'], ['id', 'ASC']] }),
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
    }
  })
  return { rows, counts: { all: approved + pending, approved, pending } }
}

/**
 * One tick-box action on this event's registrations (ids of another event are ignored: the form
 * could name any). Returns how many changed; approvals call the confirmation hook for each one
 * that was pending, after the change is saved.
 */
export async function applyRegistrationAction(room: Pick<Room, 'id' | 'slug' | 'brandId'>, action: RegistrationAction, ids: readonly string[]): Promise<number> {
  const where = { roomId: room.id, id: { [Op.in]: [...ids] } }
  switch (action) {
    case 'approve': {
      const pending = await EventRegistration.findAll({ where: { ...where, status: 'pending' } })
      if (!pending.length) return 0
      await EventRegistration.update({ status: 'approved' }, { where: { roomId: room.id, id: pending.map((registration) => registration.id) } })
      for (const registration of pending) {
        registration.status = 'approved'
        await onRegistrationApproved({ registration, room })
      }
      return pending.length
    }
    case 'pending':
      return (await EventRegistration.update({ status: 'pending' }, { where: { ...where, status: 'approved' } }))[0]
    case 'coHost':
      return (await EventRegistration.update({ coHost: true }, { where: { ...where, coHost: false } }))[0]
    case 'notCoHost':
      return (await EventRegistration.update({ coHost: false }, { where: { ...where, coHost: true } }))[0]
    case 'remove':
      return EventRegistration.destroy({ where })
  }
}
