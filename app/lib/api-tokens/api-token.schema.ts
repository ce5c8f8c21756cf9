// The form that makes a personal access token (/me/tokens): a name to tell it apart, the scope, the one
// community it works in (empty: every community of its owner) and how long it lasts.
import { z } from 'zod'
import type { TokenScope } from '#models/api-token'
import { recordId } from '../forms/record-id'

/** The scopes offered, narrowest first (the model's list: this module is also the browser's). */
export const SCOPES = ['read', 'write', 'admin'] as const satisfies readonly TokenScope[]

/** How long a new token lasts, in days: every token expires. */
export const TOKEN_LIFETIMES = ['7', '30', '90', '365'] as const

export const TOKEN_NAME_MAX = 80

export const NewTokenSchema = z.object({
  intent: z.literal('create'),
  name: z
    .string({ required_error: 'account:tokens.errors.nameRequired' })
    .trim()
    .min(1, 'account:tokens.errors.nameRequired')
    .max(TOKEN_NAME_MAX, 'account:tokens.errors.nameTooLong'),
  scope: z.enum(SCOPES, { errorMap: () => ({ message: 'account:tokens.errors.scope' }) }),
  brandId: recordId('account:tokens.errors.community')
    .optional()
    .transform((value) => value ?? null),
  lifetime: z.enum(TOKEN_LIFETIMES, { errorMap: () => ({ message: 'account:tokens.errors.lifetime' }) }),
})
export type NewTokenFields = z.input<typeof NewTokenSchema>

export const RevokeTokenSchema = z.object({
  intent: z.literal('revoke'),
  tokenId: recordId('account:tokens.errors.badRequest'),
})
