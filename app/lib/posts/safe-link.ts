// The links a post carries (its files, its video and the video's thumbnail): an http(s) address, or
// a path of this site (`/media/…`). Anything else in an href runs or leaves unseen when clicked:
// `javascript:` and `vbscript:` run script, `data:` opens a page of the writer's making, `//host`
// is another site dressed as a path. The Content-Security-Policy blocks some of it today; the post
// must not depend on one header. One rule for every schema that takes these fields (the post and
// comment forms, the posts API) and for the pages, which show a stored link only when it passes.
// Browser-safe.
import { z } from 'zod'
import { safeRedirect } from '../http/safe-redirect'
import { isWebAddress } from '../settings/community-settings.schema'

/** The longest link a post keeps (the videoUrl column holds 2048). */
export const LINK_MAX = 2048

/**
 * An http(s) address with a host, or a same-site path: what the return addresses accept (one
 * slash, no `/\host`, no control characters, no dot segments that resolve to `//host`).
 */
export function isSafeLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > LINK_MAX) return false
  if (value.startsWith('/')) return safeRedirect(value, '') !== ''
  return isWebAddress(value)
}

/** The zod field for a post's link: one translated message per problem, so the form shows one line. */
export const safeLinkUrl = z.string().superRefine((value, context) => {
  const problem =
    value.length > LINK_MAX ? 'posts:errors.linkTooLong' : isSafeLink(value) ? null : 'posts:errors.unsafeLink'
  if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem })
})
