import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { ID_PATTERN } from '#models/ids'
import { drawerPage } from '#app/lib/communities/drawer-page.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireCommunityPage, requireUser } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { markRead, notificationPage } from '#app/lib/notifications/notifications.server'

// The notifications panel: the member's own notifications in this community,
// newest first, a page at a time; the left drawer's, so members only (the drawer guard).

const PAGE_MAX = 1000

export async function notificationsLoader(args: LoaderFunctionArgs) {
  const [{ access, home, messages }, user] = await Promise.all([drawerPage(args), requireUser(args)])
  const raw = Number(new URL(args.request.url).searchParams.get('page') ?? '1')
  const page = Number.isInteger(raw) && raw >= 1 && raw <= PAGE_MAX ? raw : 1
  return {
    home,
    messages: { ...messages, ...(await routeMessages(args, 'notifications')) },
    notifications: await notificationPage(user.id, access.brand, page),
  }
}

const PanelFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('markAllRead') }),
  z.object({
    intent: z.literal('markRead'),
    notificationId: z.string().regex(ID_PATTERN, 'notifications:errors.badRequest'),
  }),
])

export type PanelActionData = { error: 'notifications:errors.badRequest' }

export async function notificationsAction(args: ActionFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'drawer')
  const user = await requireUser(args)
  const form = await readForm(args.request)
  const submission = parseWithZod(form, { schema: PanelFormSchema })
  if (submission.status !== 'success')
    return data<PanelActionData>({ error: 'notifications:errors.badRequest' }, { status: 400 })
  const command = submission.value
  // Only the member's own rows change: someone else's id marks nothing.
  await markRead(user.id, brand.id, command.intent === 'markRead' ? command.notificationId : undefined)
  const page = new URL(args.request.url).searchParams.get('page')
  const back = `/${brand.slug}/notifications${page && /^\d{1,4}$/.test(page) ? `?page=${page}` : ''}`
  if (command.intent === 'markAllRead')
    throw await redirectWithFlash(back, { kind: 'success', message: 'notifications:flash.allRead' })
  // One notice read: the list shows it, no message needed.
  throw redirect(back)
}
