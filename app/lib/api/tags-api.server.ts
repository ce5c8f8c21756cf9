// The JSON API's tag calls (GET and POST /brand-tags, GET /brand-tags/count, PUT and DELETE /brand-tags/{id},
// POST /brand-tags/batch-delete; docs/api.md#tags): the tags page's guard (access-community and
// access-community-tags to read, create-tags to change, refused with the page's message), the editor's schema and
// the page's commands, as JSON.
import { BrandTag } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { inCommunity, json, readBody, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireCommunityPage } from '../http/guards.server'
import { tagSchema } from '../tags/tag.schema'
import { createTag, deleteTags, listTags, setTagArchived, tagRow, updateTag } from '../tags/tags.server'
import { brandQuery } from './api.schema'
import { TagArchiveField, TagBatchDeleteBody, TagCountQuery, TagListQuery } from './tags-api.schema'

const inTagsPage = async (args: ApiArgs, brandId: string) =>
  requireCommunityPage(await inCommunity(args, brandId), 'tags')

/** The tags page, and create-tags: members browse tags, those who may create them change them. */
async function tagManager(args: ApiArgs, brandId: string, creating: boolean) {
  const access = await inTagsPage(args, brandId)
  if (!access.permissions.has('create-tags'))
    throw refuse(403, creating ? 'tags:errors.noCreatePermission' : 'tags:errors.noManagePermission')
  return access
}

/** The tag an address names (404 when there is none); its community's guard then decides, as on the tags page. */
async function tagOf(args: ApiArgs) {
  const id = args.params.id ?? ''
  const tag = ID_PATTERN.test(id) ? await BrandTag.findByPk(id) : null
  if (!tag) throw refuse(404, 'tags:errors.notFound')
  return tag
}

/** GET /brand-tags with brandId and status (active, expired, archived): that tab, alphabetical, with every tab's count. */
export async function listTagsCall(args: ApiArgs) {
  const { brandId, status } = readQuery(args.request, TagListQuery)
  const { brand } = await inTagsPage(args, brandId)
  const { rows, counts } = await listTags(brand.id, status)
  return { tags: rows, counts }
}

/** GET /brand-tags/count with brandId: each tab's count and all of them. */
export async function countTagsCall(args: ApiArgs) {
  const { brandId } = readQuery(args.request, TagCountQuery)
  const { brand } = await inTagsPage(args, brandId)
  const { counts } = await listTags(brand.id, 'active')
  return { counts, count: counts.active + counts.expired + counts.archived }
}

/** POST /brand-tags with brandId and the editor's fields: 201 with the tag. */
export async function createTagCall(args: ApiArgs) {
  const { brandId, ...values } = await readBody(args.request, tagSchema().extend(brandQuery))
  const { brand } = await tagManager(args, brandId, true)
  return json({ tag: tagRow(await createTag(brand.id, values)) }, 201)
}

/**
 * PUT /brand-tags/{id} with the editor's fields (an expiry left as it was may be near or past, as in the editor),
 * and `archived` to archive or restore it.
 */
export async function updateTagCall(args: ApiArgs) {
  const tag = await tagOf(args)
  await tagManager(args, tag.brandId, false)
  const schema = tagSchema({ keptDay: tagRow(tag).expiresOn }).merge(TagArchiveField)
  const { archived, ...values } = await readBody(args.request, schema)
  await updateTag(tag, values)
  if (archived !== undefined) await setTagArchived(tag.brandId, tag.id, archived)
  return { tag: tagRow(await tag.reload()) }
}

/** DELETE /brand-tags/{id}: the tag and its links to groups and members. */
export async function deleteTagCall(args: ApiArgs) {
  const tag = await tagOf(args)
  await tagManager(args, tag.brandId, false)
  if (!(await deleteTags(tag.brandId, [tag.id]))) throw refuse(404, 'tags:errors.notFound')
  return { id: tag.id }
}

/** POST /brand-tags/batch-delete with brandId and ids: all of them or none ("could not delete" names no tag). */
export async function batchDeleteTagsCall(args: ApiArgs) {
  const { brandId, ids } = await readBody(args.request, TagBatchDeleteBody)
  const { brand } = await tagManager(args, brandId, false)
  if (!(await deleteTags(brand.id, ids))) throw refuse(400, 'tags:errors.deleteFailed')
  return { ids: [...new Set(ids)] }
}
