// What happens when an admin approves a registration on the Members tab (or imports one as
// approved): the confirmation mail with the auto-join link (community spec §4, §5). That mail and
// its code belong to the participant registration flow, built in parallel in
// app/lib/events/registration*.server.ts (sendConfirmation / approveRegistration).
//
// TODO(merge): wire `onRegistrationApproved` to the participant flow's approveRegistration /
// sendConfirmation once both branches are in main, and drop this stub's body. Until then it only
// records the approval in the log: the Members tab's approvals are saved either way.
import type { EventRegistration, Room } from '#models/index'
import { logger } from '../platform/logger.server'

export type ApprovedRegistration = { registration: EventRegistration; room: Pick<Room, 'id' | 'slug' | 'brandId'> }

/** Called once per registration that became approved (it was pending, or is new and approved). */
export async function onRegistrationApproved({ registration, room }: ApprovedRegistration): Promise<void> {
  logger.info({ registrationId: registration.id, roomId: room.id }, 'registration approved: confirmation mail waits for the participant flow (registration-hooks TODO)')
}
