// The JSON API's media calls (docs/api.md#media): the media library's guard
// (whoever enters the community; a group's library, `context=group&roomId=`, by its room's rules),
// its rule for who may read or delete an item (mediaRights) and its upload, answered as JSON. An item's bytes are at its `url`, the
// library's own file address, under the same rule.
import { Media } from '#models/index'
import { refuse, readQuery, inCommunity, json, type ApiArgs } from '../http/api.server'
import { requireCommunityPermission, requireUser } from '../http/guards.server'
import { listMedia, mediaRights, openLibrary, removeMedia, type MediaRow } from '../media/media-library.server'
import { TAB_KIND } from '../media/media-rules'
import { uploadToLibrary } from '../media/upload-to-library.server'
import { MediaId, MediaQuery, UploadQuery } from './media-api.schema'

const libraryIn = async (args: ApiArgs, brandId: string) =>
  requireCommunityPermission(await inCommunity(args, brandId), 'access-community')

/** An item with the address of its bytes (relative to the site, as image URLs are). */
const withUrl = (slug: string) => (row: MediaRow) => ({ ...row, url: `/${slug}/media/${row.id}` })

/** The library a call names (a group's with roomId, else the caller's own) when the caller may use it that way; else a refusal. */
async function libraryFor(args: ApiArgs, brandId: string, roomId: string | null, use: 'read' | 'add') {
  const access = await libraryIn(args, brandId)
  const library = await openLibrary(access.brand, access.user, roomId, access.permissions)
  if (!library) throw refuse(404, 'media:errors.noLibrary')
  if (!library[use]) throw refuse(403, 'media:errors.libraryClosed')
  return { ...access, roomId: library.room?.id ?? null }
}

/** GET /media with brandId, type and page (from 0), and roomId for a group's library: its items of that type, newest first. */
export async function listMediaCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, MediaQuery)
  const { brand, user, roomId } = await libraryFor(args, query.brandId, query.roomId ?? null, 'read')
  const page = await listMedia({
    brandId: brand.id,
    userId: user.id,
    roomId,
    kind: TAB_KIND[query.type],
    page: (query.page ?? 0) + 1,
  })
  return {
    rows: page.rows.map(withUrl(brand.slug)),
    total: page.total,
    page: page.page - 1,
    pages: page.pages,
    perPage: page.perPage,
  }
}

/** POST /media?brandId=…&type=…: multipart, the files in `files`; the same checks and storage as the library's upload. */
export async function uploadMediaCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, UploadQuery)
  const { brand, user, roomId } = await libraryFor(args, query.brandId, query.roomId ?? null, 'add')
  const outcome = await uploadToLibrary({ request: args.request, brand, user, roomId, tab: query.type })
  if (!outcome.ok) throw refuse(outcome.status, outcome.error, outcome.values)
  return json({ media: outcome.items.map(withUrl(brand.slug)) }, 201)
}

/** DELETE /media/{id}: its uploader, the community's admins, a group library's moderators; to anyone else it does not exist. */
export async function deleteMediaCall(args: ApiArgs) {
  const user = await requireUser(args)
  const id = MediaId.safeParse(args.params.id)
  const item = id.success ? await Media.findByPk(id.data) : null
  if (!item) throw refuse(404, 'media:errors.notFound')
  const { brand, permissions } = await libraryIn(args, item.brandId)
  if (!(await mediaRights(item, brand, user, permissions)).remove) throw refuse(404, 'media:errors.notFound')
  await removeMedia(item)
  return new Response(null, { status: 204 })
}
