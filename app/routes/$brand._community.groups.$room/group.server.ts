import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { requireGroupRunner } from '#app/lib/groups/group-access.server'
import { changeGroupPerson, decideJoinRequest, groupPeople, pendingRequests } from '#app/lib/groups/group-people.server'
import { groupLabel, maySetGroupPreferences, questionsOf, type GroupStatus } from '#app/lib/groups/group-rules'
import { GroupPeopleSchema, GroupPreferencesSchema } from '#app/lib/groups/group.schema'

// /{brand}/groups/{room}: the group moderation dialog as a page, for the group's host, co-hosts and
// the community's room managers: join requests with their answers, the group's people (promote,
// demote, remove) and, for co-hosts only (spec §6), the group's preferences.

export async function groupLoader(args: LoaderFunctionArgs) {
  const { brand, user, room, standing } = await requireGroupRunner(args, args.params.room)
  const [requests, people] = await Promise.all([pendingRequests(room.id), groupPeople(room)])
  return {
    messages: await routeMessages(args, 'groups'),
    brandSlug: brand.slug,
    viewerId: user.id,
    group: { slug: room.slug, name: room.name || room.slug, description: room.description ?? '', status: room.status as GroupStatus, label: groupLabel(room), bannerImage: room.bannerImage },
    requests,
    people,
    preferences: maySetGroupPreferences(standing)
      ? { allowMembershipRequests: room.allowMembershipRequests, manualApproval: room.newMemberModerationEnabled, questions: questionsOf(room.newMemberFormDefinition).join('\n') }
      : null,
    constraint: getZodConstraint(GroupPreferencesSchema),
  }
}

export type GroupActionData = { intent: string; error?: TranslationKey; result?: unknown }

export async function groupAction(args: ActionFunctionArgs) {
  const { brand, user, room, standing } = await requireGroupRunner(args, args.params.room)
  const form = await readForm(args.request)
  const here = `/${brand.slug}/groups/${room.slug}`

  if (form.get('intent') === 'preferences') {
    if (!maySetGroupPreferences(standing)) return data<GroupActionData>({ intent: 'preferences', error: 'groups:preferences.onlyCoHosts' }, { status: 403 })
    const submission = parseWithZod(form, { schema: GroupPreferencesSchema })
    if (submission.status !== 'success') return data<GroupActionData>({ intent: 'preferences', result: submission.reply() }, { status: 400 })
    const { allowMembershipRequests, manualApproval, questions } = submission.value
    await room.update({ allowMembershipRequests, newMemberModerationEnabled: manualApproval, newMemberFormEnabled: questions.length > 0, newMemberFormDefinition: { questions } as typeof room.newMemberFormDefinition })
    throw await redirectWithFlash(here, { kind: 'success', message: 'common:flash.saved' })
  }

  const submission = parseWithZod(form, { schema: GroupPeopleSchema })
  if (submission.status !== 'success') return data<GroupActionData>({ intent: String(form.get('intent') ?? ''), error: 'groups:errors.badRequest' }, { status: 400 })
  const command = submission.value
  const done =
    command.intent === 'approveRequest' || command.intent === 'rejectRequest'
      ? await decideJoinRequest(room, command.requestId, command.intent === 'approveRequest', user.id)
      : await changeGroupPerson(room, command.userId, command.intent)
  if (!done) return data<GroupActionData>({ intent: command.intent, error: 'groups:people.wrongState' }, { status: 400 })
  throw await redirectWithFlash(here, { kind: 'success', message: `groups:people.done.${command.intent}` })
}
