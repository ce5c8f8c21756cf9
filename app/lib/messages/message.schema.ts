// The message forms' zod schemas (spec §5 "New message"), used by the actions to parse and by the
// pages for their constraints. Browser-safe; every message is a key of the messages namespace.
// What needs the database (who the recipients are, the sender's own address, the files' content)
// is checked by the server after parsing (conversations.server.ts).
import { z } from 'zod'
import { isMobilePhone, normalisePhone } from '#app/lib/identity/phone'
import { ATTACHMENTS_PER_MESSAGE, ATTACHMENT_MAX_BYTES, MESSAGE_MAX_LENGTH } from './message-rules'

const ids = z.array(z.string().trim().max(36)).default([])

/** The text and files every message has: one or the other at least. */
const content = {
  body: z.string().trim().max(MESSAGE_MAX_LENGTH, 'messages:errors.bodyTooLong').optional(),
  files: z
    .array(z.instanceof(File))
    .max(ATTACHMENTS_PER_MESSAGE, 'messages:errors.tooManyFiles')
    .refine((files) => files.every((file) => file.size <= ATTACHMENT_MAX_BYTES), 'messages:errors.fileTooLarge')
    .default([]),
}

function requireContent(value: { body?: string; files: File[] }, context: z.RefinementCtx) {
  if (!value.body && value.files.length === 0) context.addIssue({ code: z.ZodIssueCode.custom, path: ['body'], message: 'messages:errors.bodyRequired' })
}

export const NewMessageSchema = z
  .object({
    recipientIds: ids,
    // Spec §5: "Only one tag allowed".
    tagIds: ids.pipe(z.array(z.string()).max(1, 'messages:errors.oneTag')),
    externalName: z.string().trim().max(255, 'messages:errors.tooLong').optional(),
    externalEmail: z.string().trim().toLowerCase().max(255, 'messages:errors.emailInvalid').optional(),
    externalPhone: z.string().trim().max(40, 'messages:errors.phoneInvalid').optional(),
    ...content,
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
    const external = Boolean(value.externalName || value.externalEmail || value.externalPhone)
    // Spec §5: at least one recipient.
    if (!external && value.recipientIds.length === 0 && value.tagIds.length === 0) issue('recipientIds', 'messages:errors.recipientRequired')
    if (external) {
      // Spec §5: an external recipient needs a name, and an email or a phone but not both, valid.
      if (!value.externalName) issue('externalName', 'messages:errors.externalNameRequired')
      if (Boolean(value.externalEmail) === Boolean(value.externalPhone)) issue('externalEmail', 'messages:errors.emailOrPhone')
      else if (value.externalEmail && !z.string().email().safeParse(value.externalEmail).success) issue('externalEmail', 'messages:errors.emailInvalid')
      else if (value.externalPhone && !isMobilePhone(normalisePhone(value.externalPhone))) issue('externalPhone', 'messages:errors.phoneInvalid')
    }
    requireContent(value, context)
  })
  .transform((value) => ({ ...value, externalPhone: value.externalPhone ? normalisePhone(value.externalPhone) : undefined }))

export type NewMessageFields = z.input<typeof NewMessageSchema>
export type NewMessageValues = z.output<typeof NewMessageSchema>

export const ReplySchema = z.object(content).superRefine(requireContent)
export type ReplyFields = z.input<typeof ReplySchema>
export type ReplyValues = z.output<typeof ReplySchema>
