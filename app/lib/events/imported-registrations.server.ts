// Registrations an admin makes for a person (a registration import's row, or an invitation to an
// event once its person accepts): the event and its series' events, each registration made or
// updated to the given status and co-host mark, the person placed in each room accordingly.
import type { Transaction } from 'sequelize'
import { EventRegistration } from '#models/index'
import type { RegistrationStatus } from '#models/event'
import { placeInRoom } from './registration-room.server'

export type WrittenRegistrations = {
  /** The first room's registration, and whether it was there already. */
  main: { registration: EventRegistration; updated: boolean } | null
  /** Registrations that became approved by this write: their confirmation mails go out once it is saved. */
  newlyApproved: EventRegistration[]
}

export async function writeRegistrations(input: {
  userId: string
  roomIds: readonly string[]
  status: RegistrationStatus
  coHost: boolean
  transaction: Transaction
}): Promise<WrittenRegistrations> {
  const { userId, roomIds, status, coHost, transaction } = input
  const written: WrittenRegistrations = { main: null, newlyApproved: [] }
  for (const [index, roomId] of roomIds.entries()) {
    const found = await EventRegistration.findOne({ where: { roomId, userId }, transaction })
    const registration =
      found ?? (await EventRegistration.create({ roomId, userId, status, coHost, source: 'import' }, { transaction }))
    const becameApproved = status === 'approved' && (!found || found.status === 'pending')
    if (found) await found.update({ status, coHost }, { transaction })
    await placeInRoom(roomId, userId, registration, transaction)
    if (becameApproved) written.newlyApproved.push(registration)
    if (index === 0) written.main = { registration, updated: Boolean(found) }
  }
  return written
}
