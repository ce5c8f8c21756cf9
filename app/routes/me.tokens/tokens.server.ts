import type { TokensAnswer } from '#app/components/api-tokens'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { NewTokenSchema, RevokeTokenSchema } from '#app/lib/api-tokens/api-token.schema'
import {
  TOKENS_PER_PERSON,
  createToken,
  listTokens,
  liveTokenCount,
  revokeToken,
} from '#app/lib/api-tokens/api-tokens.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireUser } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { userCommunities } from '#app/lib/rooms/user-rooms.server'

/** The page: the person's tokens that still work, and the communities a new one may be kept to. */
export async function tokensLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  return {
    messages: await routeMessages(args, 'account'),
    tokens: await listTokens(user.id),
    communities: (await userCommunities(user.id)).map(({ id, name }) => ({ id, name })),
    constraint: getZodConstraint(NewTokenSchema),
  }
}

// The secret is in the page this answer renders: no cache keeps it.
const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** Creating or revoking one of the person's own tokens. */
export async function tokensAction(args: ActionFunctionArgs) {
  const user = await requireUser(args)
  const form = await readForm(args.request)
  return form.get('intent') === 'revoke' ? revoke(user.id, form) : create(user.id, form)
}

async function create(userId: string, form: FormData) {
  const submission = parseWithZod(form, { schema: NewTokenSchema })
  if (submission.status !== 'success') return data<TokensAnswer>({ result: submission.reply() }, { status: 400 })
  const { name, scope, brandId, lifetime } = submission.value
  const refusal = (fieldErrors: Record<string, string[]>) =>
    data<TokensAnswer>({ result: submission.reply({ fieldErrors }) }, { status: 400 })
  // Kept to one community: one the person belongs to (a token never reaches further than its owner).
  if (brandId && !(await userCommunities(userId)).some((community) => community.id === brandId))
    return refusal({ brandId: ['account:tokens.errors.community'] })
  if ((await liveTokenCount(userId)) >= TOKENS_PER_PERSON) return refusal({ '': ['account:tokens.errors.tooMany'] })
  const { secret } = await createToken({ userId, name, scope, brandId, lifetimeDays: Number(lifetime) })
  return data<TokensAnswer>({ result: submission.reply({ resetForm: true }), secret }, { headers: NO_STORE })
}

async function revoke(userId: string, form: FormData) {
  const submission = parseWithZod(form, { schema: RevokeTokenSchema })
  if (submission.status !== 'success')
    return data<TokensAnswer>({ revokeError: 'account:tokens.errors.badRequest' }, { status: 400 })
  const name = await revokeToken(userId, submission.value.tokenId)
  if (name === null) return data<TokensAnswer>({ revokeError: 'account:tokens.errors.notFound' }, { status: 404 })
  throw await redirectWithFlash('/me/tokens', { kind: 'success', message: 'account:tokens.revoked', values: { name } })
}
