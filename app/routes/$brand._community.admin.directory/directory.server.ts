import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/lib/admin/admin-access.server'
import { DirectoryRoomSchema } from '#app/lib/admin/admin.schema'
import { listRooms, placeInDirectory } from '#app/lib/admin/admin-rooms.server'
import { listingParams, paging } from '#app/lib/admin/listing'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { directorySettingsOf } from '#app/lib/directory/directory'
import { saveDirectorySettings } from '#app/lib/directory/directory.server'

/** The community's rooms that can be listed (not deleted), pinned ones first. */
export async function directoryLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireAdmin(args)
  const url = new URL(args.request.url)
  const { query, page } = listingParams(url)
  const { rooms, total } = await listRooms(brand, { query, page, status: 'active', context: null })
  const settings = directorySettingsOf(brand.directorySettings)
  return {
    messages: await routeMessages(args, 'directory', 'settings'),
    slug: brand.slug,
    query,
    rooms,
    paging: paging(url, page, total),
    settings: { ...settings, theme: settings.theme ?? '' },
    version: brand.updatedAt?.toISOString() ?? '',
  }
}

/** A refused row: which room, its message, and what was chosen. */
export type DirectoryActionData = {
  id: string
  errors: TranslationKey[]
  values: { visibility: string; pinned: boolean }
}

export async function directoryAction(args: ActionFunctionArgs) {
  const { brand } = await requireAdmin(args)
  const form = await readForm(args.request)
  // Two forms post here: the directory's settings, and one room's place in it.
  if (form.get('intent') === 'settings') return saveDirectorySettings(form, args.request.url, brand)
  const submission = parseWithZod(form, { schema: DirectoryRoomSchema })
  const refuse = (errors: string[]) =>
    data<DirectoryActionData>(
      {
        id: String(form.get('id') ?? ''),
        errors: errors as TranslationKey[],
        values: { visibility: String(form.get('visibility') ?? ''), pinned: form.get('pinned') === 'on' },
      },
      { status: 400 },
    )
  if (submission.status !== 'success') {
    const errors = Object.values(submission.reply().error ?? {}).flatMap((messages) => messages ?? [])
    return refuse(errors.length ? errors : ['admin:errors.intentInvalid'])
  }
  const { id, visibility, pinned } = submission.value
  const result = await placeInDirectory(brand, id, visibility, pinned)
  if ('error' in result) return refuse([result.error])
  const url = new URL(args.request.url)
  throw await redirectWithFlash(url.pathname + url.search, { kind: 'success', message: 'admin:flash.saved' })
}
