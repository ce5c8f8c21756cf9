// The JSON API's sign-in calls (docs/api.md#signing-in-from-an-app): bodies. Browser-safe; messages are translation
// keys, the sign-in page's own.
import { z } from 'zod'
import { CODE_LENGTH } from '../identity/code-length'
import { MAX_REDIRECT_LENGTH } from '../http/safe-redirect'
import { recordId } from '../forms/record-id'
import { brandQuery } from './api.schema'

const identifier = z
  .string({ invalid_type_error: 'auth:errors.identifierInvalid' })
  .trim()
  .min(1, 'auth:errors.identifierRequired')
  .max(320, 'auth:errors.identifierInvalid')

/** The id of a sign-in in progress, as POST /auth-otps/issue answered it. */
const signInId = z
  .string({ required_error: 'auth:errors.invalidCode', invalid_type_error: 'auth:errors.invalidCode' })
  .max(64, 'auth:errors.invalidCode')

/** Where a link lands once it has signed in: a path of this site, as a redirect after sign-in is. */
const destinationUrl = z
  .string({ invalid_type_error: 'api:errors.badRequest' })
  .max(MAX_REDIRECT_LENGTH, 'api:errors.badRequest')
  .optional()

/** A country for a number typed without its international prefix (ISO 3166 alpha-2). */
const country = z.string({ invalid_type_error: 'api:errors.badRequest' }).length(2, 'api:errors.badRequest').optional()

/** POST /auth-otps/issue: a code to the account's email address or mobile phone. */
export const IssueCodeBody = z
  .object({
    type: z.literal('signIn', { errorMap: () => ({ message: 'api:errors.badRequest' }) }).default('signIn'),
    emailAddress: identifier.optional(),
    phoneNumber: identifier.optional(),
    country,
  })
  .refine((body) => Boolean(body.emailAddress) !== Boolean(body.phoneNumber), {
    message: 'auth:errors.identifierRequired',
  })

/** POST /auth-otps/resend. */
export const ResendCodeBody = z.object({ id: signInId })

/** POST /auth-otps/verify: the code that arrived. */
export const VerifyCodeBody = z.object({
  id: signInId,
  passcode: z
    .string({ required_error: 'auth:errors.codeRequired', invalid_type_error: 'auth:errors.codeLength' })
    .trim()
    .length(CODE_LENGTH, 'auth:errors.codeLength'),
})

/** GET /vl/{id}: a sign-in link's id, as its message carries it (/ml/{id}). */
export const LinkParams = z.object({
  id: z.string({ required_error: 'auth:errors.linkExpired' }).max(64, 'auth:errors.linkExpired'),
})

/** POST /vl/send: a link that signs in, to the account's email address (`emailAddress`) or mobile phone (`mobilePhone`). */
export const SendLinkBody = z.object({
  type: z.enum(['emailAddress', 'mobilePhone'], { errorMap: () => ({ message: 'api:errors.badRequest' }) }),
  value: identifier,
  country,
  destinationUrl,
})

/** POST /verify-otps/issue: a code to prove a new email address or mobile phone for one's account. */
export const IssueContactCodeBody = z.object({
  type: z.enum(['emailAddress', 'mobilePhone'], { errorMap: () => ({ message: 'api:errors.badRequest' }) }),
  identifier: z
    .string({ required_error: 'auth:errors.identifierRequired', invalid_type_error: 'auth:errors.identifierInvalid' })
    .trim()
    .max(320, 'auth:errors.identifierInvalid'),
  country,
  // The spec sends the community the person is in; the code reads the same in every one.
  brandId: z.string({ invalid_type_error: 'api:errors.badRequest' }).max(64, 'api:errors.badRequest').optional(),
})

/** POST /verify-otps/resend. */
export const ResendContactCodeBody = ResendCodeBody.extend({ brandId: IssueContactCodeBody.shape.brandId })

/** The longest a sign-in link sent by POST /ml/send lives: a week (24 hours unless asked). */
export const MAX_LINK_SECONDS = 7 * 24 * 3600

/** POST /ml/send: sign-in links to members of a community, in its name, with the admin's words. */
export const SendMagicLinksBody = z.object({
  ...brandQuery,
  users: z
    .array(recordId('api:errors.badRequest'), { required_error: 'api:links.usersRequired' })
    .min(1, 'api:links.usersRequired')
    .max(100, 'api:links.tooManyUsers'),
  subject: z
    .string({ invalid_type_error: 'api:errors.badRequest' })
    .trim()
    .max(200, 'api:links.subjectTooLong')
    .optional(),
  message: z
    .string({ invalid_type_error: 'api:errors.badRequest' })
    .trim()
    .max(2000, 'api:links.messageTooLong')
    .optional(),
  destinationUrl,
  expiresIn: z
    .number({ invalid_type_error: 'api:links.badExpiry' })
    .int('api:links.badExpiry')
    .min(3600, 'api:links.badExpiry')
    .max(MAX_LINK_SECONDS, 'api:links.badExpiry')
    .default(24 * 3600),
})
