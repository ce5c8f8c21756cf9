import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { communityRolesOf } from '#models/members'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { linkChangeStopReply } from '#app/lib/members/room-link.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { communityMayFillIn } from '#app/lib/members/account-ownership'
import { memberEditorSchema } from '#app/lib/members/member.schema'
import {
  editorValues,
  findMember,
  personalRoomIn,
  roleChoices,
  saveMember,
} from '#app/lib/members/member-editor.server'

/** The member being edited, or a 404: only a member of this community can be edited here. */
async function memberOrNotFound(brandId: string, userId: string | undefined) {
  const member = await findMember(brandId, userId)
  if (!member) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return member
}

export async function memberEditorLoader(args: LoaderFunctionArgs) {
  const { brand, permissions } = await requireCommunityPermission(args, 'manage-community-members')
  const { user, membership } = await memberOrNotFound(brand.id, args.params.userId)
  const [room, roles] = await Promise.all([personalRoomIn(brand.id, user.id), communityRolesOf(user.id, brand.id)])
  return {
    messages: await routeMessages(args, 'members'),
    brandSlug: brand.slug,
    member: { id: user.id, name: user.name ?? user.emailAddress ?? '', status: membership.status },
    // The account's fields are editable only while this community may fill the account in; else they are the person's.
    managed: communityMayFillIn(user, brand.id),
    values: editorValues(user, room, roles),
    // Changes with each save, so the form starts again from what was stored (a phone normalised, a link lower-cased).
    version: `${user.updatedAt.toISOString()}|${room?.slug ?? ''}`,
    roles: roleChoices(permissions, roles),
    constraint: getZodConstraint(memberEditorSchema(communityMayFillIn(user, brand.id))),
  }
}

export async function memberEditorAction(args: ActionFunctionArgs) {
  const { brand, permissions } = await requireCommunityPermission(args, 'manage-community-members')
  const { user } = await memberOrNotFound(brand.id, args.params.userId)
  const form = await readForm(args.request)
  const submission = parseWithZod(form, { schema: memberEditorSchema(communityMayFillIn(user, brand.id)) })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), refusal: null, confirm: null }, { status: 400 })

  const outcome = await saveMember({ brand, held: permissions, user, values: submission.value })
  switch (outcome.kind) {
    case 'saved':
      // Back to the editor, which shows what was stored (a link now lower case, a phone normalised).
      throw await redirectWithFlash(`/${brand.slug}/members/${user.id}`, {
        kind: 'success',
        message: 'common:flash.saved',
      })
    case 'invalid':
    case 'confirm':
      return linkChangeStopReply(submission, outcome)
    case 'failed':
      return data(
        { result: submission.reply({ formErrors: ['common:flash.notSaved'] }), refusal: null, confirm: null },
        { status: 500 },
      )
  }
}
