import { z } from 'zod'
import { CODE_LENGTH } from './code-length'

/**
 * The fields every sign-up form shares, with translation keys as their messages: a full
 * name of first and last name, a valid email (trimmed, lower case), the 6-character code.
 */
export const fullNameField = () =>
  z
    .string({ required_error: 'auth:errors.fullNameRequired' })
    .trim()
    .min(2, 'auth:errors.fullNameRequired')
    .max(255)
    .refine((name) => name.split(/\s+/).filter(Boolean).length >= 2, 'auth:errors.fullNameRequired')

export const emailAddressField = () =>
  z
    .string({ required_error: 'auth:errors.emailRequired' })
    .trim()
    .toLowerCase()
    .email('auth:errors.emailRequired')
    .max(320)

export const codeField = () =>
  z.string({ required_error: 'auth:errors.codeRequired' }).trim().length(CODE_LENGTH, 'auth:errors.codeLength')

/** The code step every sign-up flow shares (SignupCodeForm in app/components/signup-forms.tsx). */
export const SignupCodeSchema = z.object({ intent: z.literal('verify'), code: codeField() })
