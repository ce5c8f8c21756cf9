// The waiting room's "leave a message" form (full name, company name and mobile phone in some
// cases, and either text or a video message). Browser-safe;
// every message is a translation key. The "some cases" are ours to pick: a signed-in caller is
// known by their account, so they write only the message; a guest gives their full name, a mobile
// phone (the host's reply reaches them there, by SMS with a reply link) and, if they like, their
// company. The video itself never passes through here (message-form.server.ts streams it to disk
// and sets `video` once it passed its checks).
import { z } from 'zod'
import { isMobilePhone, normalisePhone } from '#app/lib/identity/phone'
import { MESSAGE_MAX_LENGTH } from '#app/lib/messages/message-rules'
import { RECEIVED_VIDEO } from '#app/lib/messages/message.schema'

/** Ours: enough for any company name, and the column's size (migration 0027). */
export const CALLER_COMPANY_MAX = 100
/** The full name as sign-up takes it (first and last name, at least 2 characters). */
export const CALLER_NAME_MAX = 255
export const CALLER_PHONE_MAX = 40

const content = {
  body: z.string().trim().max(MESSAGE_MAX_LENGTH, 'messages:errors.bodyTooLong').optional(),
  video: z.literal(RECEIVED_VIDEO).optional(),
}

/** Full name as sign-up takes it: at least 2 characters, a first and a last name. */
const isFullName = (name: string) => name.length >= 2 && name.split(/\s+/).filter(Boolean).length >= 2

/**
 * Who the guest is and where to reach them. Checked in one refinement with the content, not field
 * by field: zod skips an object's refinements once one of its fields fails, and a guest who sends
 * the form empty must read every missing part at once.
 */
const guestFields = {
  fullName: z.string().trim().optional(),
  company: z.string().trim().optional(),
  phone: z.string().trim().optional(),
}

function requireGuest(value: { fullName?: string; company?: string; phone?: string }, context: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
  if (!value.fullName || !isFullName(value.fullName)) issue('fullName', 'meeting:callMessage.errors.fullName')
  else if (value.fullName.length > CALLER_NAME_MAX) issue('fullName', 'meeting:callMessage.errors.tooLong')
  if (value.company && value.company.length > CALLER_COMPANY_MAX)
    issue('company', 'meeting:callMessage.errors.companyTooLong')
  // As a member's message to someone outside the community reads a number: international with
  // its +, or North American without (normalisePhone), and it must be able to take an SMS.
  if (!value.phone) issue('phone', 'meeting:callMessage.errors.phoneRequired')
  else if (value.phone.length > CALLER_PHONE_MAX || !isMobilePhone(normalisePhone(value.phone)))
    issue('phone', 'messages:errors.phoneInvalid')
}

function requireContent(value: { body?: string; video?: string }, context: z.RefinementCtx) {
  if (!value.body && !value.video)
    context.addIssue({ code: z.ZodIssueCode.custom, path: ['body'], message: 'meeting:callMessage.errors.textOrVideo' })
}

/** The form as a signed-in caller sends it: text, a video, or both. */
export const MemberCallMessageSchema = z.object(content).superRefine(requireContent)
/** The form as a guest sends it: who they are and how to reach them, then text, a video, or both. */
export const GuestCallMessageSchema = z
  .object({ ...guestFields, ...content })
  .superRefine((value, context) => {
    requireGuest(value, context)
    requireContent(value, context)
  })
  // Checked above: a full name and a phone are there; the phone is kept as E.164, as every external recipient's.
  .transform((value) => ({
    ...value,
    fullName: value.fullName!,
    phone: normalisePhone(value.phone!),
    company: value.company || undefined,
  }))

export type MemberCallMessage = z.output<typeof MemberCallMessageSchema>
export type GuestCallMessage = z.output<typeof GuestCallMessageSchema>
