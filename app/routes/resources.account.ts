import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { endIdentity, getSession, switchIdentity } from '#app/lib/http/session.server'
import { readForm } from '#app/lib/http/form-body.server'

const AccountAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('switch'), userId: z.string().length(36), redirectTo: z.string().optional() }),
  z.object({ intent: z.literal('sign-out'), redirectTo: z.string().optional() }),
  z.object({ intent: z.literal('use-different'), redirectTo: z.string().optional() }),
])

/** The account switcher's buttons: switch identity, sign out, use a different account. */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = AccountAction.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) throw new Response('Bad request', { status: 400 })
  const session = await getSession(request)
  const back = safeRedirect(parsed.data.redirectTo)
  switch (parsed.data.intent) {
    case 'switch':
      return switchIdentity(session, parsed.data.userId, back)
    case 'sign-out':
      return endIdentity(session, back)
    case 'use-different':
      // Out of the current account, then straight to sign-in for another one.
      return endIdentity(session, `/sign-in?redirectTo=${encodeURIComponent(back)}`)
  }
}

export function loader() {
  throw redirect('/')
}
