// The JSON API's message calls (docs/api.md#messages), one schema per call. Browser-safe;
// messages are translation keys. What a message must hold (recipients, content, an outsider's
// address) is then the new-message form's own schema's to say (app/lib/messages/message.schema.ts).
import { z } from 'zod'
import { recordId } from '../forms/record-id'
import { brandQuery, pageNumber } from './api.schema'

const text = z
  .string({ invalid_type_error: 'posts:errors.invalidMessage' })
  .max(20_000, 'messages:errors.bodyTooLong')
  .optional()
const ids = z
  .array(z.string({ invalid_type_error: 'api:errors.badRequest' }).max(36), {
    invalid_type_error: 'api:errors.badRequest',
  })
  .max(1000)
  .optional()
/** Files and videos travel through the pages' forms for now: a JSON body cannot carry them yet. */
const none = (value: unknown) => value === undefined || value === null || (Array.isArray(value) && value.length === 0)
const noAttachments = {
  fileUrls: z.unknown().refine(none, 'api:errors.attachmentsNotProvided'),
  videoUrl: z.unknown().refine(none, 'api:errors.attachmentsNotProvided'),
}

/** POST /messages/conversations: a new conversation (recipients, or one tag), or with `conversation` a message in one of mine. */
export const SendMessageBody = z.object({
  ...brandQuery,
  conversation: recordId('api:errors.missingConversation').optional(),
  recipients: ids,
  tagIds: ids,
  message: text,
  ...noAttachments,
})

/** POST /messages/conversations/external: a conversation with one person outside the community (name, and an email or a phone). */
export const ExternalMessageBody = z.object({
  ...brandQuery,
  name: z.string({ invalid_type_error: 'api:errors.badRequest' }).max(255, 'messages:errors.tooLong').optional(),
  emailAddress: z
    .string({ invalid_type_error: 'api:errors.badRequest' })
    .max(255, 'messages:errors.emailInvalid')
    .optional(),
  phoneNumber: z
    .string({ invalid_type_error: 'api:errors.badRequest' })
    .max(40, 'messages:errors.phoneInvalid')
    .optional(),
  message: text,
  ...noAttachments,
})

/** GET /messages/conversations with page (from 0). */
export const ConversationsQuery = z.object({ ...brandQuery, page: pageNumber })
/** GET /messages/conversations/unread-event-count. */
export const UnreadQuery = z.object(brandQuery)
/** GET /messages/conversations/{id}/events with page (0: the newest). */
export const EventsQuery = z.object({ page: pageNumber })
/** The {id} of a conversation's address. */
export const ConversationId = recordId('api:errors.missingConversation')
/** POST /messages/conversations/last-read-event. */
export const LastReadBody = z.object({ conversation: ConversationId })
/** POST /messages/conversations/ensure-user-conversation: the member to talk with. */
export const EnsureConversationBody = z.object({ ...brandQuery, userId: recordId('api:errors.missingConnectedUser') })
