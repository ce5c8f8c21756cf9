import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { tagSchema } from '#app/lib/tags/tag.schema'
import { earliestExpiryDay, tagsUrl } from '#app/lib/tags/tag-rules'
import { createTag, findTag, tagRow, updateTag } from '#app/lib/tags/tags.server'

/** `/{brand}/tags/new` makes a tag; `/{brand}/tags/{id}` edits one (ids are 36 characters, never "new"). */
const NEW = 'new'

/**
 * Who may open the editor: anyone who sees the tags page reaches it, and someone without
 * create-tags is told so with a 403, instead of a form they cannot use.
 */
async function editorAccess(args: LoaderFunctionArgs) {
  const { brand, permissions } = await requireCommunityPage(args, 'tags')
  const tagId = args.params.tagId
  const creating = tagId === NEW
  const tag = creating ? null : await findTag(brand.id, tagId)
  if (!creating && !tag) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const refusal: TranslationKey | null = permissions.has('create-tags')
    ? null
    : creating
      ? 'tags:errors.noCreatePermission'
      : 'tags:errors.noManagePermission'
  return { brand, tag, refusal }
}

export async function tagEditorLoader(args: LoaderFunctionArgs) {
  const { brand, tag, refusal } = await editorAccess(args)
  const page = {
    messages: await routeMessages(args, 'tags'),
    brandSlug: brand.slug,
    refusal,
    tag: tag && !refusal ? tagRow(tag) : null,
    earliestExpiry: earliestExpiryDay(),
    constraint: getZodConstraint(tagSchema()),
  }
  return data(page, { status: refusal ? 403 : 200 })
}

export async function tagEditorAction(args: ActionFunctionArgs) {
  const { brand, tag, refusal } = await editorAccess(args)
  const form = await readForm(args.request)
  const schema = tagSchema({ keptDay: tag ? tagRow(tag).expiresOn : null })
  const submission = parseWithZod(form, { schema })
  if (refusal) return data({ result: submission.reply({ formErrors: [refusal] }) }, { status: 403 })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })

  if (tag) {
    await updateTag(tag, submission.value)
    throw await redirectWithFlash(tagsUrl(brand.slug, tagRow(tag).status), {
      kind: 'success',
      message: 'common:flash.saved',
    })
  }
  const created = await createTag(brand.id, submission.value)
  throw await redirectWithFlash(tagsUrl(brand.slug), {
    kind: 'success',
    message: 'tags:flash.created',
    values: { label: created.label },
  })
}
