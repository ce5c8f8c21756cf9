import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { communityGroups, saveSubcommunity } from '#app/lib/subcommunities/subcommunities.server'
import { SubcommunitySchema } from '#app/lib/subcommunities/subcommunity.schema'

// Admins manage subcommunities: the community's manage permission.
const MANAGE = ['access-community', 'manage-community'] as const

export async function newSubcommunityLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, ...MANAGE)
  return {
    messages: await routeMessages(args, 'tags'),
    brandSlug: brand.slug,
    groups: await communityGroups(brand.id),
    constraint: getZodConstraint(SubcommunitySchema),
  }
}

export async function newSubcommunityAction(args: ActionFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, ...MANAGE)
  const submission = parseWithZod(await readForm(args.request), { schema: SubcommunitySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const outcome = await saveSubcommunity(brand.id, null, submission.value)
  if (!outcome.ok)
    return data({ result: submission.reply({ fieldErrors: { groups: [outcome.error] } }) }, { status: 400 })
  throw await redirectWithFlash(`/${brand.slug}/subcommunities/${outcome.subcommunity.id}`, {
    kind: 'success',
    message: 'tags:subcommunities.flash.created',
    values: { title: outcome.subcommunity.title },
  })
}
