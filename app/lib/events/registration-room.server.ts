// What a registration means for its event's room. The room rule (models/room-access.ts) lets an
// event's members in and gives its co-hosts their powers, so an approved registrant is one of the
// room's members and an approved one marked co-host (the Members tab, an import's coHost column)
// also one of its co-hosts; a pending or removed registration is neither. Every change of a
// registration's status, co-host mark or existence goes through placeInRoom, in its transaction.
import type { Transaction } from 'sequelize'
import { Room, type EventRegistration } from '#models/index'

const toggled = (list: readonly string[], userId: string, on: boolean) =>
  on ? [...new Set([...list, userId])] : list.filter((id) => id !== userId)

/** Puts the person where their registration says (null: it was removed); the room row is locked for the change. */
export async function placeInRoom(
  roomId: string,
  userId: string,
  registration: Pick<EventRegistration, 'status' | 'coHost'> | null,
  transaction: Transaction,
) {
  const room = await Room.findByPk(roomId, { transaction, lock: transaction.LOCK.UPDATE })
  if (!room) return
  const approved = registration?.status === 'approved'
  const members = toggled(room.members ?? [], userId, approved)
  const coHosts = toggled(room.coHosts ?? [], userId, approved && Boolean(registration?.coHost))
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id))
  if (!same(members, room.members ?? []) || !same(coHosts, room.coHosts ?? []))
    await room.update({ members, coHosts }, { transaction })
}
