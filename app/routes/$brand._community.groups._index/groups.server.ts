import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage, requireCommunityPermission } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { bulkGroupAction } from '#app/lib/groups/group-moderation.server'
import { groupsUrl, isGroupTab, perPageOf, visibleGroupTabs } from '#app/lib/groups/group-rules'
import { GroupBulkSchema } from '#app/lib/groups/group.schema'
import { listGroups } from '#app/lib/groups/groups.server'

/** The list's place (tab, page size, page) from an address, with anything odd read as its default. */
function listPlace(url: URL) {
  const tab = url.searchParams.get('tab')
  const raw = url.searchParams.get('page') ?? ''
  return {
    tab: isGroupTab(tab) ? tab : 'all',
    perPage: perPageOf(url.searchParams.get('perPage')),
    page: /^\d{1,6}$/.test(raw) ? Number(raw) : 1,
  }
}

export async function groupsLoader(args: LoaderFunctionArgs) {
  // The groups page needs access-community and access-community-groups (or the admins' guest switch).
  const { brand, user, permissions } = await requireCommunityPage(args, 'groups')
  const tabs = visibleGroupTabs(permissions)
  const place = listPlace(new URL(args.request.url))
  const tab = tabs.includes(place.tab) ? place.tab : 'all'
  const listing = await listGroups({
    brand,
    viewerId: user?.id ?? null,
    held: permissions,
    tab,
    page: place.page,
    perPage: place.perPage,
  })
  return {
    messages: await routeMessages(args, 'groups'),
    community: { slug: brand.slug, name: brand.name },
    tabs,
    listing,
    may: { create: permissions.has('create-groups'), moderate: permissions.has('manage-community-rooms') },
  }
}

export type GroupsActionData = { error: TranslationKey; ids: string[] }

export async function groupsAction(args: ActionFunctionArgs) {
  // Approving, rejecting, archiving, restoring and removing groups is running the community's rooms.
  const { brand } = await requireCommunityPermission(args, 'manage-community-rooms')
  const form = await readForm(args.request)
  const ids = form.getAll('ids').map((id) => String(id).slice(0, 36))
  const submission = parseWithZod(form, { schema: GroupBulkSchema })
  if (submission.status !== 'success') {
    const error = (submission.error?.ids?.[0] ?? 'groups:errors.badRequest') as TranslationKey
    return data<GroupsActionData>({ error, ids }, { status: 400 })
  }
  const { intent } = submission.value
  const changed = await bulkGroupAction(brand, intent, submission.value.ids)
  if (changed === 0) return data<GroupsActionData>({ error: 'groups:bulk.wrongState', ids }, { status: 400 })
  throw await redirectWithFlash(groupsUrl(brand.slug, listPlace(new URL(args.request.url))), {
    kind: 'success',
    message: `groups:bulk.done.${intent}`,
    values: { count: changed },
  })
}
