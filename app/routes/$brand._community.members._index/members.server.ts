import { parseWithZod } from '@conform-to/zod'
import { COMMUNITY_PAGES } from '#models/permissions'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAnyCommunityPermission, requireCommunityPage } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { MemberActionSchema } from '#app/lib/members/member-actions.schema'
import { performMemberAction } from '#app/lib/members/member-actions.server'
import { listMembers } from '#app/lib/members/member-list.server'
import {
  ACTION_PERMISSIONS,
  MEMBER_ACTIONS,
  isMemberTab,
  membersUrl,
  visibleTabs,
  type MemberAction,
} from '#app/lib/members/member-rules'

/** The longest search kept: enough for any name or address, and no more. */
const QUERY_MAX = 100

/** The list's place (tab, search, page) from an address, with anything odd read as its default. */
function listPlace(url: URL) {
  const tab = url.searchParams.get('tab')
  const raw = url.searchParams.get('page') ?? ''
  return {
    tab: isMemberTab(tab) ? tab : 'active',
    query: (url.searchParams.get('q') ?? '').trim().slice(0, QUERY_MAX),
    page: /^\d{1,6}$/.test(raw) ? Number(raw) : 1,
  }
}

export async function membersLoader(args: LoaderFunctionArgs) {
  // Members see the page with access-community-members; guests only where the admins opened it.
  const { brand, user, permissions } = await requireCommunityPage(args, 'members')
  const tabs = visibleTabs(permissions)
  const place = listPlace(new URL(args.request.url))
  const tab = tabs.includes(place.tab) ? place.tab : 'active'
  const listing = await listMembers({
    brandId: brand.id,
    viewerId: user?.id ?? null,
    held: permissions,
    tab,
    query: place.query,
    page: place.page,
  })
  return {
    messages: await routeMessages(args, 'members', 'connections'),
    // Signed-in members get the connect button beside everyone else (components/connect-button.tsx).
    viewerId: user?.id ?? null,
    community: { slug: brand.slug, name: brand.name },
    tabs,
    listing,
    may: {
      manage: permissions.has('manage-community-members'),
      export: COMMUNITY_PAGES.membersExport.permissions.every((permission) => permissions.has(permission)),
    },
  }
}

/** What a refused row form gets back: which row and form, why, and (for a delete) what was typed. */
export type MembersActionData = { intent: string; userId: string; error: TranslationKey; confirmation?: string }

const isMemberAction = (value: unknown): value is MemberAction => MEMBER_ACTIONS.includes(value as MemberAction)

export async function membersAction(args: ActionFunctionArgs) {
  await requireCommunityPage(args, 'members')
  const form = await readForm(args.request)
  const intent = form.get('intent')
  // The intent's own permission (an unknown intent needs what the least of them needs, then fails as bad input).
  const { brand, user, permissions } = await requireAnyCommunityPermission(
    args,
    ...(isMemberAction(intent) ? ACTION_PERMISSIONS[intent] : ACTION_PERMISSIONS.approve),
  )
  const userId = String(form.get('userId') ?? '').slice(0, 36)
  const typed = String(form.get('confirmation') ?? '').slice(0, 320)
  const refused = (status: number, error: TranslationKey) =>
    data<MembersActionData>(
      { intent: String(intent ?? ''), userId, error, ...(intent === 'delete' ? { confirmation: typed } : {}) },
      { status },
    )

  const submission = parseWithZod(form, { schema: MemberActionSchema })
  if (submission.status !== 'success')
    return refused(400, intent === 'delete' ? 'members:delete.error' : 'members:errors.badRequest')

  const outcome = await performMemberAction({ brand, actorId: user.id, held: permissions, command: submission.value })
  if (!outcome.ok) return refused(outcome.status, outcome.error)
  throw await redirectWithFlash(membersUrl(brand.slug, listPlace(new URL(args.request.url))), {
    kind: 'success',
    message: outcome.flash,
  })
}
