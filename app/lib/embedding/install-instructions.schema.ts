/**
 * The "send install instructions" form of the settings install tab ("Site domain must be a valid
 * URL. Install instructions need a recipient email."; the call POST
 * /api/brand/send-install-instructions with toEmailAddresses, ccEmailAddresses, domain,
 * customMessage). Browser-safe; messages are translation keys.
 */
import { z } from 'zod'
import { isWebAddress } from '../settings/community-settings.schema'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Enough for a site's team; more looks like a mailing list, which these instructions are not for. */
export const RECIPIENTS_MAX = 20
export const CUSTOM_MESSAGE_MAX = 2000

/** Addresses typed one a line or separated by commas: trimmed, lower-cased, each once. */
const addresses = z
  .string()
  .max(10_000, 'directory:errors.tooManyRecipients')
  .optional()
  .transform((text) => [
    ...new Set(
      (text ?? '')
        .split(/[\n,;]/)
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine((items) => items.every((item) => item.length <= 254 && EMAIL.test(item)), 'directory:errors.emailInvalid')
  .refine((items) => items.length <= RECIPIENTS_MAX, 'directory:errors.tooManyRecipients')

export const InstallInstructionsSchema = z.object({
  intent: z.literal('sendInstructions'),
  toEmailAddresses: addresses.refine((items) => items.length > 0, 'directory:errors.recipientRequired'),
  ccEmailAddresses: addresses,
  domain: z
    .string({ required_error: 'settings:errors.siteUrlInvalid' })
    .trim()
    .max(1024, 'settings:errors.siteUrlInvalid')
    .refine(isWebAddress, 'settings:errors.siteUrlInvalid'),
  customMessage: z
    .string()
    .trim()
    .max(CUSTOM_MESSAGE_MAX, 'directory:errors.messageTooLong')
    .optional()
    .transform((value) => value ?? ''),
})

export type InstallInstructionsFields = z.input<typeof InstallInstructionsSchema>
