// The message forms' zod schemas (the New message form), used by the actions to parse and by the
// pages for their constraints. Browser-safe; every message is a key of the messages namespace.
// What needs the database (who the recipients are, the sender's own address, the files' content)
// is checked by the server after parsing (conversations.server.ts).
import { z } from 'zod'
import { isMobilePhone, normalisePhone } from '#app/lib/identity/phone'
import { ATTACHMENTS_PER_MESSAGE, ATTACHMENT_MAX_BYTES, MESSAGE_MAX_LENGTH } from './message-rules'

const ids = z.array(z.string().trim().max(36)).default([])

/**
 * The value of the `video` field once the server has received a video and checked it (its type by
 * content, its size): the file itself streams to disk (message-form.server.ts), never through
 * here, and whatever a browser sends as a `video` text field is dropped before parsing.
 */
export const RECEIVED_VIDEO = 'received'

/** The text, files and video every message has: one of them at least. */
const content = {
  body: z.string().trim().max(MESSAGE_MAX_LENGTH, 'messages:errors.bodyTooLong').optional(),
  files: z
    .array(z.instanceof(File))
    .max(ATTACHMENTS_PER_MESSAGE, 'messages:errors.tooManyFiles')
    .refine((files) => files.every((file) => file.size <= ATTACHMENT_MAX_BYTES), 'messages:errors.fileTooLarge')
    .default([]),
  video: z.literal(RECEIVED_VIDEO).optional(),
}

function requireContent(value: { body?: string; files: File[]; video?: string }, context: z.RefinementCtx) {
  if (!value.body && value.files.length === 0 && !value.video)
    context.addIssue({ code: z.ZodIssueCode.custom, path: ['body'], message: 'messages:errors.bodyRequired' })
}

export const NewMessageSchema = z
  .object({
    recipientIds: ids,
    // "Only one tag allowed".
    tagIds: ids.pipe(z.array(z.string()).max(1, 'messages:errors.oneTag')),
    externalName: z.string().trim().max(255, 'messages:errors.tooLong').optional(),
    externalEmail: z.string().trim().toLowerCase().max(255, 'messages:errors.emailInvalid').optional(),
    externalPhone: z.string().trim().max(40, 'messages:errors.phoneInvalid').optional(),
    ...content,
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
    const external = Boolean(value.externalName || value.externalEmail || value.externalPhone)
    // At least one recipient.
    if (!external && value.recipientIds.length === 0 && value.tagIds.length === 0)
      issue('recipientIds', 'messages:errors.recipientRequired')
    if (external) {
      // An external recipient needs a name, and an email or a phone but not both, valid.
      if (!value.externalName) issue('externalName', 'messages:errors.externalNameRequired')
      if (Boolean(value.externalEmail) === Boolean(value.externalPhone))
        issue('externalEmail', 'messages:errors.emailOrPhone')
      else if (value.externalEmail && !z.string().email().safeParse(value.externalEmail).success)
        issue('externalEmail', 'messages:errors.emailInvalid')
      else if (value.externalPhone && !isMobilePhone(normalisePhone(value.externalPhone)))
        issue('externalPhone', 'messages:errors.phoneInvalid')
    }
    requireContent(value, context)
  })
  .transform((value) => ({
    ...value,
    externalPhone: value.externalPhone ? normalisePhone(value.externalPhone) : undefined,
  }))

export type NewMessageFields = z.input<typeof NewMessageSchema>
export type NewMessageValues = z.output<typeof NewMessageSchema>

export const ReplySchema = z.object(content).superRefine(requireContent)
export type ReplyFields = z.input<typeof ReplySchema>
export type ReplyValues = z.output<typeof ReplySchema>
