// Leaving a message for a host (core spec §2 "leave a message"; issue 14 item 1): a signed-in
// caller whose call nobody answered writes to the room's host from the waiting room; it lands in the
// host's messages as any message does (conversations.server.ts: the host must be a member the
// caller may reach, blocks included). Guests have no messages of their own to write from.
import { startConversation, type SendOutcome } from '../messages/conversations.server'
import { NewMessageSchema } from '../messages/message.schema'
import type { Brand, Room, User } from '../platform/db.server'
import { RoomCall } from '../platform/db.server'

export type CallMessageOutcome = SendOutcome | { kind: 'notMissed' }

/** Sends `body` to the room's host when the sender's last call to the room was missed. */
export async function leaveMessageForHost(input: { brand: Brand; room: Room; sender: User; body: string }): Promise<CallMessageOutcome> {
  const { brand, room, sender } = input
  const last = await RoomCall.findOne({ where: { roomId: room.id, callerId: sender.id }, order: [['createdAt', 'DESC']], attributes: ['status'] })
  if (last?.status !== 'missed' || !room.hostId) return { kind: 'notMissed' }
  const values = NewMessageSchema.safeParse({ recipientIds: [room.hostId], tagIds: [], body: input.body })
  if (!values.success) return { kind: 'invalid', fieldErrors: { body: values.error.issues.map((issue) => issue.message) } }
  return startConversation({ brand, sender, values: values.data })
}
