import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { openInvitations, withdrawInvitation } from '#app/lib/members/invitations.server'

export async function invitationsLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, 'manage-community-members')
  return {
    messages: await routeMessages(args, 'members'),
    brandSlug: brand.slug,
    invitations: await openInvitations(brand.id),
  }
}

const WithdrawSchema = z.object({ intent: z.literal('withdraw'), invitationId: z.string().regex(/^[\w-]{1,36}$/) })

/** Withdraws one of the community's open invitations; anything else (an odd id, one already answered) is a 400. */
export async function invitationsAction(args: ActionFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, 'manage-community-members')
  const parsed = WithdrawSchema.safeParse(Object.fromEntries(await readForm(args.request)))
  if (!parsed.success || !(await withdrawInvitation(brand.id, parsed.data.invitationId))) {
    return data({ error: 'members:invitations.notWithdrawn' as const }, { status: 400 })
  }
  throw await redirectWithFlash(`/${brand.slug}/members/invitations`, {
    kind: 'success',
    message: 'members:invitations.withdrawn',
  })
}
