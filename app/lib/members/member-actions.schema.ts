import { z } from 'zod'

/**
 * The members page's row forms (browser-safe): each posts `intent` and `userId`; deleting also
 * carries the member's email address typed out (deleting a member requires it).
 * Messages are translation keys.
 */

const userId = z
  .string({ required_error: 'members:errors.badRequest' })
  .trim()
  .regex(/^[\w-]{1,36}$/, 'members:errors.badRequest')

const rowAction = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), userId })

export const ApproveMemberSchema = rowAction('approve')
export const RejectMemberSchema = rowAction('reject')
export const ActivateMemberSchema = rowAction('activate')
export const ArchiveMemberSchema = rowAction('archive')
export const RestoreMemberSchema = rowAction('restore')
export const ReserveMemberSchema = rowAction('reserve')
export const ResendInviteSchema = rowAction('resend')
export const DeleteMemberSchema = rowAction('delete').extend({
  // Compared with the member's address in member-actions.server.ts; any mismatch says "There was an error deleting the member".
  confirmation: z
    .string({ required_error: 'members:delete.error' })
    .trim()
    .toLowerCase()
    .max(320, 'members:delete.error'),
})

export const MemberActionSchema = z.discriminatedUnion(
  'intent',
  [
    ApproveMemberSchema,
    RejectMemberSchema,
    ActivateMemberSchema,
    ArchiveMemberSchema,
    RestoreMemberSchema,
    ReserveMemberSchema,
    ResendInviteSchema,
    DeleteMemberSchema,
  ],
  { errorMap: () => ({ message: 'members:errors.badRequest' }) },
)
export type MemberActionInput = z.output<typeof MemberActionSchema>
export type DeleteMemberFields = z.input<typeof DeleteMemberSchema>
