import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { TokensAnswer } from '#app/components/api-tokens'
import { requireAdmin } from '#app/lib/admin/admin-access.server'
import { NewTokenSchema, RevokeTokenSchema } from '#app/lib/api-tokens/api-token.schema'
import {
  createCommunityToken,
  listCommunityTokens,
  revokeCommunityToken,
} from '#app/lib/api-tokens/community-tokens.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

// The secret is in the page this answer renders: no cache keeps it.
const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** The community's tokens (its bots'): for those who run the community. */
export async function communityTokensLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireAdmin(args)
  return {
    messages: await routeMessages(args, 'admin', 'account'),
    tokens: await listCommunityTokens(brand.id),
    constraint: getZodConstraint(NewTokenSchema),
  }
}

/** Making a bot with its token (shown in this answer only), or revoking one. */
export async function communityTokensAction(args: ActionFunctionArgs) {
  const { brand } = await requireAdmin(args)
  const form = await readForm(args.request)
  const here = `/${brand.slug}/admin/tokens`
  if (form.get('intent') === 'revoke') {
    const submission = parseWithZod(form, { schema: RevokeTokenSchema })
    if (submission.status !== 'success')
      return data<TokensAnswer>({ revokeError: 'account:tokens.errors.badRequest' }, { status: 400 })
    const name = await revokeCommunityToken(brand.id, submission.value.tokenId)
    if (name === null) return data<TokensAnswer>({ revokeError: 'account:tokens.errors.notFound' }, { status: 404 })
    throw await redirectWithFlash(here, { kind: 'success', message: 'account:tokens.revoked', values: { name } })
  }
  // A community's token is its own: no community to choose (a brandId sent is ignored).
  const submission = parseWithZod(form, { schema: NewTokenSchema.omit({ brandId: true }) })
  if (submission.status !== 'success') return data<TokensAnswer>({ result: submission.reply() }, { status: 400 })
  const { name, scope, lifetime } = submission.value
  const made = await createCommunityToken({ brand, name, scope, lifetimeDays: Number(lifetime) })
  if (!made)
    return data<TokensAnswer>({ result: submission.reply({ formErrors: ['admin:tokens.tooMany'] }) }, { status: 400 })
  return data<TokensAnswer>(
    { result: submission.reply({ resetForm: true }), secret: made.secret },
    { headers: NO_STORE },
  )
}
