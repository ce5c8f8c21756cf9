import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/lib/admin/admin-access.server'
import { BatchRoomsSchema, ReviewRoomSchema } from '#app/lib/admin/admin.schema'
import {
  changeRooms,
  listRooms,
  reviewQueueSize,
  roomFilters,
  type RoomsChange,
} from '#app/lib/admin/admin-rooms.server'
import { listingParams, paging } from '#app/lib/admin/listing'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'

/** The two lists of the page: every room (with filters), or the review queue (rooms in status pending). */
export type RoomsTab = 'all' | 'queue'

export async function roomsLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireAdmin(args)
  const url = new URL(args.request.url)
  const tab: RoomsTab = url.searchParams.get('tab') === 'queue' ? 'queue' : 'all'
  const { query, page } = listingParams(url)
  const filters = tab === 'queue' ? { status: 'pending' as const, context: null } : roomFilters(url)
  const [{ rooms, total }, queued] = await Promise.all([
    listRooms(brand, { query, page, ...filters }),
    reviewQueueSize(brand.id),
  ])
  return { slug: brand.slug, tab, query, filters, rooms, queued, paging: paging(url, page, total) }
}

/** What a refused form sends back: its messages, and what was chosen so the page shows it again. */
export type RoomsActionData = {
  intent: 'batch' | 'review'
  errors: TranslationKey[]
  values: { ids: string[]; status: string; verified: string }
}

export async function roomsAction(args: ActionFunctionArgs) {
  const { brand } = await requireAdmin(args)
  const form = await readForm(args.request)
  const intent = form.get('intent') === 'review' ? 'review' : 'batch'
  const values = {
    ids: form.getAll('ids').map(String),
    status: String(form.get('status') ?? ''),
    verified: String(form.get('verified') ?? ''),
  }
  const refuse = (errors: TranslationKey[]) => data<RoomsActionData>({ intent, errors, values }, { status: 400 })

  const submission =
    intent === 'review'
      ? parseWithZod(form, { schema: ReviewRoomSchema })
      : parseWithZod(form, { schema: BatchRoomsSchema })
  if (submission.status !== 'success') {
    const reply = submission.reply()
    const errors = Object.values(reply.error ?? {}).flatMap((messages) => messages ?? [])
    return refuse((errors.length ? errors : ['admin:errors.intentInvalid']) as TranslationKey[])
  }
  const value = submission.value
  const change: RoomsChange = { status: value.status }
  if ('verified' in value && value.verified) change.verified = value.verified === 'yes'
  const result = await changeRooms(brand, value.ids, change)
  if ('error' in result) return refuse([result.error])
  // Back to the list as it was (tab, filters, page): the address the form was posted from.
  const url = new URL(args.request.url)
  throw await redirectWithFlash(url.pathname + url.search, { kind: 'success', message: 'admin:flash.saved' })
}
