import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readFormWithFile } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { requireGroup, requireGroupRunner } from '#app/lib/groups/group-access.server'
import { groupFeed } from '#app/lib/groups/group-feed.server'
import { saveGroupDetails } from '#app/lib/groups/group-editor.server'
import { breakoutPreviewColumns, breakoutPreviewValues } from '#app/lib/rooms/breakout-preview'
import {
  changeGroupPerson,
  decideJoinRequest,
  groupPeople,
  inviteToGroup,
  pendingRequests,
} from '#app/lib/groups/group-people.server'
import {
  groupLabel,
  mayEditGroup,
  mayRunGroup,
  maySetGroupPreferences,
  questionsOf,
  type GroupStatus,
  type GroupType,
} from '#app/lib/groups/group-rules'
import { roomTagIds, tagChoices } from '#app/lib/tags/room-tags.server'
import {
  GroupDetailsSchema,
  GroupInviteSchema,
  GroupPeopleSchema,
  GroupPreferencesSchema,
} from '#app/lib/groups/group.schema'

// /{brand}/groups/{room}: the group's page. Its feed for those its room admits (with the follow
// button); the group editor and moderation dialog for the group's host, co-hosts and the
// community's room managers: its details, join requests with their answers, its people (promote,
// demote, remove) and, for co-hosts only, its preferences.

export async function groupLoader(args: LoaderFunctionArgs) {
  const { brand, user, room, standing, permissions } = await requireGroup(args, args.params.room)
  // Everyone who may see the group reads its page and, where its room admits them, its feed; the
  // moderation parts are for those who run it.
  const mayRun = user !== null && mayRunGroup(standing, permissions)
  const mayEdit = mayRun && mayEditGroup(standing, permissions)
  // Addresses show as each person allows, except to those who manage the community's members (who see them in the members list anyway).
  const seesAllContacts = permissions.has('manage-community-members')
  const [requests, people, tagIds, feed] = await Promise.all([
    mayRun ? pendingRequests(room.id, seesAllContacts) : [],
    mayRun ? groupPeople(room, seesAllContacts) : [],
    mayEdit ? roomTagIds(room.id) : [],
    groupFeed(args, brand, room, user?.id ?? null),
  ])
  return {
    messages: await routeMessages(args, 'groups', 'members', 'tags', 'posts', 'connections', 'moderation'),
    brandSlug: brand.slug,
    viewerId: user?.id ?? null,
    mayRun,
    ...feed,
    group: {
      id: room.id,
      slug: room.slug,
      name: room.name || room.slug,
      description: room.description ?? '',
      status: room.status as GroupStatus,
      label: groupLabel(room),
      bannerImage: room.bannerImage,
    },
    details: mayEdit
      ? {
          title: room.name ?? '',
          description: room.description ?? '',
          roomLink: room.slug,
          groupType: room.roomType as GroupType,
          visibleInDirectory: room.visibleInDirectory,
          pinnedInDirectory: room.pinnedInDirectory,
          redirectOnEndUrl: room.redirectOnEndUrl ?? '',
          tagIds,
        }
      : null,
    tags: mayEdit ? await tagChoices(brand.id, tagIds) : [],
    requests,
    people,
    preferences:
      mayRun && maySetGroupPreferences(standing)
        ? {
            allowMembershipRequests: room.allowMembershipRequests,
            manualApproval: room.newMemberModerationEnabled,
            questions: questionsOf(room.newMemberFormDefinition).join('\n'),
            waitingRoom: room.waitingRoom,
            ...breakoutPreviewValues(room),
          }
        : null,
    constraints: {
      details: getZodConstraint(GroupDetailsSchema),
      preferences: getZodConstraint(GroupPreferencesSchema),
      invite: getZodConstraint(GroupInviteSchema),
    },
  }
}

export type GroupActionData = {
  intent: string
  error?: TranslationKey
  result?: unknown
  refusal?: { message: TranslationKey; label: string; suggestion: string } | null
  confirm?: { from: string; to: string } | null
}

export async function groupAction(args: ActionFunctionArgs) {
  const { brand, user, room, standing, permissions } = await requireGroupRunner(args, args.params.room)
  const form = await readFormWithFile(args.request, 'banner')
  if (!form) {
    return data<GroupActionData>(
      { intent: 'details', result: { status: 'error', error: { banner: ['groups:wizard.errors.bannerTooLarge'] } } },
      { status: 400 },
    )
  }
  const here = (slug = room.slug) => `/${brand.slug}/groups/${slug}`

  if (form.get('intent') === 'details') {
    if (!mayEditGroup(standing, permissions))
      return data<GroupActionData>({ intent: 'details', error: 'groups:editor.notAllowed' }, { status: 403 })
    const submission = parseWithZod(form, { schema: GroupDetailsSchema })
    const reply = (extra: Parameters<typeof submission.reply>[0] = {}) =>
      submission.reply({ ...extra, hideFields: ['banner'] })
    if (submission.status !== 'success')
      return data<GroupActionData>({ intent: 'details', result: reply() }, { status: 400 })
    const outcome = await saveGroupDetails(room, submission.value)
    switch (outcome.kind) {
      case 'saved':
        throw await redirectWithFlash(here(room.slug), { kind: 'success', message: 'common:flash.saved' })
      case 'confirm':
        return data<GroupActionData>({
          intent: 'details',
          result: reply(),
          confirm: { from: outcome.from, to: outcome.to },
        })
      case 'invalid':
        return data<GroupActionData>(
          { intent: 'details', result: reply({ fieldErrors: outcome.fieldErrors }), refusal: outcome.refusal ?? null },
          { status: 400 },
        )
      case 'failed':
        return data<GroupActionData>(
          { intent: 'details', result: reply({ formErrors: ['common:flash.notSaved'] }) },
          { status: 500 },
        )
    }
  }

  if (form.get('intent') === 'preferences') {
    if (!maySetGroupPreferences(standing))
      return data<GroupActionData>({ intent: 'preferences', error: 'groups:preferences.onlyCoHosts' }, { status: 403 })
    const submission = parseWithZod(form, { schema: GroupPreferencesSchema })
    if (submission.status !== 'success')
      return data<GroupActionData>({ intent: 'preferences', result: submission.reply() }, { status: 400 })
    const { allowMembershipRequests, manualApproval, questions, waitingRoom } = submission.value
    await room.update({
      waitingRoom,
      ...breakoutPreviewColumns(submission.value),
      allowMembershipRequests,
      newMemberModerationEnabled: manualApproval,
      newMemberFormEnabled: questions.length > 0,
      newMemberFormDefinition: { questions } as typeof room.newMemberFormDefinition,
    })
    throw await redirectWithFlash(here(), { kind: 'success', message: 'common:flash.saved' })
  }

  if (form.get('intent') === 'invite') {
    const submission = parseWithZod(form, { schema: GroupInviteSchema })
    if (submission.status !== 'success')
      return data<GroupActionData>({ intent: 'invite', result: submission.reply() }, { status: 400 })
    // One answer whatever became of it (added, not an active member, already in the group): the form
    // must not tell whether an address belongs to someone. The people list shows who is in.
    await inviteToGroup(room, submission.value.emailAddress, user.id)
    throw await redirectWithFlash(here(), {
      kind: 'success',
      message: 'groups:invite.answered',
      values: { email: submission.value.emailAddress },
    })
  }

  const submission = parseWithZod(form, { schema: GroupPeopleSchema })
  if (submission.status !== 'success')
    return data<GroupActionData>(
      { intent: String(form.get('intent') ?? ''), error: 'groups:errors.badRequest' },
      { status: 400 },
    )
  const command = submission.value
  const outcome =
    command.intent === 'approveRequest' || command.intent === 'rejectRequest'
      ? await decideJoinRequest(room, command.requestId, command.intent === 'approveRequest', user.id)
      : await changeGroupPerson(room, command.userId, command.intent, user.id)
  if (outcome !== 'done')
    return data<GroupActionData>({ intent: command.intent, error: `groups:people.${outcome}` }, { status: 400 })
  throw await redirectWithFlash(here(), { kind: 'success', message: `groups:people.done.${command.intent}` })
}
