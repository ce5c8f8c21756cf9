import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { TagListActionSchema } from '#app/lib/tags/tag.schema'
import { deleteTags, isTagTab, listTags, setTagArchived } from '#app/lib/tags/tags.server'
import { tagsUrl } from '#app/lib/tags/tag-rules'

export async function tagsLoader(args: LoaderFunctionArgs) {
  // The tags page needs access-community and access-community-tags; changing tags needs create-tags.
  const { brand, permissions } = await requireCommunityPage(args, 'tags')
  const asked = new URL(args.request.url).searchParams.get('tab')
  const listing = await listTags(brand.id, isTagTab(asked) ? asked : 'active')
  return {
    messages: await routeMessages(args, 'tags'),
    community: { slug: brand.slug },
    listing,
    mayManage: permissions.has('create-tags'),
  }
}

/** A refused form: which one (a row's tag, or the batch delete) and why, with the ticked ids kept. */
export type TagsActionData = { intent: string; tagId: string; ids: string[]; error: TranslationKey }

export async function tagsAction(args: ActionFunctionArgs) {
  const { brand, permissions } = await requireCommunityPage(args, 'tags')
  const form = await readForm(args.request)
  const intent = String(form.get('intent') ?? '')
  const tagId = String(form.get('tagId') ?? '').slice(0, 36)
  const ids = form
    .getAll('ids')
    .map((id) => String(id).slice(0, 36))
    .slice(0, 500)
  const refused = (status: number, error: TranslationKey) =>
    data<TagsActionData>({ intent, tagId, ids, error }, { status })

  // Members browse tags; only those who may create tags change them.
  if (!permissions.has('create-tags')) return refused(403, 'tags:errors.noManagePermission')
  const submission = parseWithZod(form, { schema: TagListActionSchema })
  if (submission.status !== 'success')
    return refused(400, intent === 'delete' ? 'tags:errors.noneSelected' : 'tags:errors.badRequest')

  const back = tagsUrl(brand.slug, new URL(args.request.url).searchParams.get('tab'))
  const command = submission.value
  if (command.intent === 'delete') {
    // "Unfortunately we could not delete the requested tag(s)." when any of them cannot go.
    if (!(await deleteTags(brand.id, command.ids))) return refused(400, 'tags:errors.deleteFailed')
    throw await redirectWithFlash(back, {
      kind: 'success',
      message: 'tags:flash.deleted',
      values: { count: command.ids.length },
    })
  }
  const tag = await setTagArchived(brand.id, command.tagId, command.intent === 'archive')
  if (!tag) return refused(404, 'tags:errors.notFound')
  throw await redirectWithFlash(back, {
    kind: 'success',
    message: command.intent === 'archive' ? 'tags:flash.archived' : 'tags:flash.restored',
    values: { label: tag.label },
  })
}
