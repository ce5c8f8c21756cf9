import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import {
  assignedGroups,
  communityGroups,
  findSubcommunity,
  saveSubcommunity,
} from '#app/lib/subcommunities/subcommunities.server'
import { SubcommunitySchema } from '#app/lib/subcommunities/subcommunity.schema'

// Admins manage subcommunities: the community's manage permission.
const MANAGE = ['access-community', 'manage-community'] as const

async function subcommunityOrNotFound(brandId: string, id: string | undefined) {
  const subcommunity = await findSubcommunity(brandId, id)
  if (!subcommunity) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return subcommunity
}

export async function subcommunityEditorLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, ...MANAGE)
  const subcommunity = await subcommunityOrNotFound(brand.id, args.params.subcommunityId)
  const [groups, assigned] = await Promise.all([communityGroups(brand.id), assignedGroups(subcommunity)])
  return {
    messages: await routeMessages(args, 'tags'),
    brandSlug: brand.slug,
    subcommunity: { id: subcommunity.id, updatedAt: subcommunity.updatedAt.toISOString() },
    values: {
      title: subcommunity.title,
      description: subcommunity.description ?? '',
      groups: assigned.map((group) => group.id),
    },
    groups,
    constraint: getZodConstraint(SubcommunitySchema),
  }
}

export async function subcommunityEditorAction(args: ActionFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, ...MANAGE)
  const subcommunity = await subcommunityOrNotFound(brand.id, args.params.subcommunityId)
  const submission = parseWithZod(await readForm(args.request), { schema: SubcommunitySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const outcome = await saveSubcommunity(brand.id, subcommunity, submission.value)
  if (!outcome.ok)
    return data({ result: submission.reply({ fieldErrors: { groups: [outcome.error] } }) }, { status: 400 })
  throw await redirectWithFlash(`/${brand.slug}/subcommunities/${subcommunity.id}`, {
    kind: 'success',
    message: 'common:flash.saved',
  })
}
