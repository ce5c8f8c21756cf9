import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { NewMemberSchema } from '#app/lib/members/member.schema'
import { roleChoices } from '#app/lib/members/member-editor.server'
import { createMember } from '#app/lib/members/new-member.server'

export async function newMemberLoader(args: LoaderFunctionArgs) {
  const { brand, permissions } = await requireCommunityPermission(args, 'manage-community-members')
  return {
    messages: await routeMessages(args, 'members'),
    brandSlug: brand.slug,
    // A new person is a member unless the admin says otherwise.
    roles: roleChoices(permissions, ['community-member']),
    constraint: getZodConstraint(NewMemberSchema),
  }
}

export async function newMemberAction(args: ActionFunctionArgs) {
  const { brand, permissions, user } = await requireCommunityPermission(args, 'manage-community-members')
  const submission = parseWithZod(await readForm(args.request), { schema: NewMemberSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), refusal: null }, { status: 400 })
  const outcome = await createMember({ brand, held: permissions, values: submission.value, invitedById: user.id })
  switch (outcome.kind) {
    case 'created':
      throw await redirectWithFlash(`/${brand.slug}/members`, {
        kind: 'success',
        message: 'members:wizard.created',
        values: { name: submission.value.fullName },
      })
    case 'invited':
      // They have an account: they are a member once they accept the mailed invitation.
      throw await redirectWithFlash(`/${brand.slug}/members`, {
        kind: 'success',
        message: 'members:wizard.invited',
        values: { email: submission.value.emailAddress },
      })
    case 'invalid':
      return data(
        { result: submission.reply({ fieldErrors: outcome.fieldErrors }), refusal: outcome.refusal ?? null },
        { status: 400 },
      )
    case 'failed':
      return data(
        { result: submission.reply({ formErrors: ['common:flash.notSaved'] }), refusal: null },
        { status: 500 },
      )
  }
}
