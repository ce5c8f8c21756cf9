import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireUser } from '#app/lib/http/guards.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { removeMedia } from '#app/lib/media/media-library.server'
import { MediaDeleteSchema } from '#app/lib/media/media.schema'
import { listPage, recordingsUrl } from '#app/lib/media/media-rules'
import { findPersonalRecording, listPersonalRecordings } from '#app/lib/media/personal-recordings.server'

/** The me screen's recordings: those made in the person's personal rooms. */
export async function recordingsLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  return {
    messages: await routeMessages(args, 'account'),
    listing: await listPersonalRecordings(args.context, user.id, listPage(new URL(args.request.url))),
  }
}

/** What a refused delete gets back: the item and why. */
export type RecordingsActionData = { mediaId: string; error: TranslationKey }

/** Deleting one: the owner's only; the list's page comes back with a notice. */
export async function recordingsAction(args: ActionFunctionArgs) {
  const user = await requireUser(args)
  const back = recordingsUrl(listPage(new URL(args.request.url)))
  const form = await readForm(args.request)
  const mediaId = String(form.get('mediaId') ?? '').slice(0, 36)
  const submission = parseWithZod(form, { schema: MediaDeleteSchema })
  if (submission.status !== 'success')
    return data<RecordingsActionData>({ mediaId, error: 'account:recordings.errors.badRequest' }, { status: 400 })
  const item = await findPersonalRecording(args.context, user.id, submission.value.mediaId)
  if (!item)
    return data<RecordingsActionData>({ mediaId, error: 'account:recordings.errors.notFound' }, { status: 404 })
  await removeMedia(item)
  throw await redirectWithFlash(back, { kind: 'success', message: 'account:recordings.deleted' })
}
