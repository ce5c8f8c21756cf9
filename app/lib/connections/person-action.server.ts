// The one action behind every connection, block, mute and room-follow form, wherever the form
// sits (the contacts drawer, a person's dialog, a room's follow button): the guard, the form's
// schema, the command, then back where the form came from with a flash, or a 4xx with the reason.
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs } from '@remix-run/node'
import { redirectWithFlash } from '../http/flash.server'
import { readForm } from '../http/form-body.server'
import { requireCommunityPage } from '../http/guards.server'
import type { TranslationKey } from '../i18n/i18n'
import { PersonActionSchema, RoomFollowSchema } from './connections.schema'
import { performPersonAction, type ConnectionOutcome } from './connections.server'
import { followRoom } from './room-follows.server'

/** What a refused form gets back: which form (intent and person or room) and why. */
export type PersonActionData = { intent: string; target: string; error: TranslationKey }

/** Back to a page of this community only: anything else (another site, another community) goes to the fallback. */
export function safeBack(back: string | undefined, slug: string, fallback: string): string {
  if (!back || back.includes('//') || back.includes('\\')) return fallback
  return back === `/${slug}` || back.startsWith(`/${slug}/`) || back.startsWith(`/${slug}?`) ? back : fallback
}

export async function personAction(args: ActionFunctionArgs, fallback: (slug: string) => string) {
  // The drawer's guard: signed-in members of the community (guests never hold contacts).
  const { brand, user } = await requireCommunityPage(args, 'drawer')
  const form = await readForm(args.request)
  const intent = String(form.get('intent') ?? '')
  const target = String(form.get('userId') ?? form.get('room') ?? '').slice(0, 255)
  const refuse = (status: number, error: TranslationKey) =>
    data<PersonActionData>({ intent, target, error }, { status })

  let outcome: ConnectionOutcome
  let back: string | undefined
  if (intent === 'follow-room' || intent === 'unfollow-room') {
    const submission = parseWithZod(form, { schema: RoomFollowSchema })
    if (submission.status !== 'success') return refuse(400, 'connections:errors.badRequest')
    back = submission.value.back
    outcome = await followRoom({
      brand,
      userId: user!.id,
      roomSlug: submission.value.room,
      follow: submission.value.intent === 'follow-room',
    })
  } else {
    const submission = parseWithZod(form, { schema: PersonActionSchema })
    if (submission.status !== 'success') return refuse(400, 'connections:errors.badRequest')
    back = submission.value.back
    outcome = await performPersonAction({
      brandId: brand.id,
      actorId: user!.id,
      intent: submission.value.intent,
      userId: submission.value.userId,
    })
  }
  if (!outcome.ok) return refuse(outcome.status, outcome.error)
  throw await redirectWithFlash(safeBack(back, brand.slug, fallback(brand.slug)), {
    kind: 'success',
    message: outcome.flash,
  })
}
