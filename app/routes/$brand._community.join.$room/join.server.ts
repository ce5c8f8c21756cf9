import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { GroupJoinRequest } from '#models/index'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { requireGroupVisitor } from '#app/lib/groups/group-access.server'
import { isActiveMember, submitJoinRequest } from '#app/lib/groups/group-people.server'
import { publishedSignupPath } from '#app/lib/identity/published-signup'
import { groupLabel, questionsOf } from '#app/lib/groups/group-rules'
import { joinRequestSchema } from '#app/lib/groups/group.schema'

// /{brand}/join/{room} (page title "Join Group"): the group join dialog with its questionnaire.

export async function joinLoader(args: LoaderFunctionArgs) {
  const { brand, user, room, standing } = await requireGroupVisitor(args, args.params.room)
  const questions = questionsOf(room.newMemberFormDefinition)
  const pending = await GroupJoinRequest.count({ where: { roomId: room.id, userId: user.id, status: 'pending' } })
  // Only the community's active members ask to join its groups; anyone else is shown the community's sign-up (where it publishes one) instead of the form.
  const communityMember = await isActiveMember(brand.id, user.id)
  return {
    messages: await routeMessages(args, 'groups'),
    brandSlug: brand.slug,
    group: {
      slug: room.slug,
      name: room.name || room.slug,
      description: room.description ?? '',
      bannerImage: room.bannerImage,
      label: groupLabel(room),
    },
    questions,
    member: standing !== 'none' && communityMember,
    communityMember,
    community: { name: brand.name, signupPath: communityMember ? null : publishedSignupPath(brand) },
    pending: pending > 0,
    open: room.status === 'active' && room.allowMembershipRequests,
    approval: room.newMemberModerationEnabled,
    constraint: getZodConstraint(joinRequestSchema(questions.length)),
  }
}

export async function joinAction(args: ActionFunctionArgs) {
  const { brand, user, room } = await requireGroupVisitor(args, args.params.room)
  const questions = questionsOf(room.newMemberFormDefinition)
  const submission = parseWithZod(await readForm(args.request), { schema: joinRequestSchema(questions.length) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const outcome = await submitJoinRequest(room, user.id, submission.value.answers)
  switch (outcome) {
    case 'notCommunityMember':
      return data({ result: submission.reply({ formErrors: ['groups:join.notCommunityMember'] }) }, { status: 403 })
    case 'alreadyMember':
      return data({ result: submission.reply({ formErrors: ['groups:join.alreadyMember'] }) }, { status: 400 })
    case 'problem':
      return data({ result: submission.reply({ formErrors: ['groups:join.problem'] }) }, { status: 400 })
    case 'requested':
      throw await redirectWithFlash(`/${brand.slug}/groups`, {
        kind: 'success',
        message: 'groups:join.requested',
        values: { name: room.name || room.slug },
      })
    case 'joined':
      throw await redirectWithFlash(`/${brand.slug}/groups?tab=mine`, {
        kind: 'success',
        message: 'groups:join.joined',
        values: { name: room.name || room.slug },
      })
  }
}
