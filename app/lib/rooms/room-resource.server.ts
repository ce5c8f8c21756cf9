// The meeting client's POSTs about its room (/resources/edge-token, call-host, call-message): a
// form naming the community and the room, plus fields of the route's own. Access is checked
// exactly as the room page checks it; where the page would redirect (room gone, access lost) a
// script gets a status instead.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { isRefusal } from '../communities/access-refusal'
import { readForm } from '../http/form-body.server'
import { requireRoomSession, type RoomSession } from './meeting-pass.server'

/**
 * A plain JSON Response: from a resource route Remix sends what `data()` wraps without its status
 * or headers, so refusals would answer 200 and lose their Cache-Control.
 */
export function resourceReply(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } })
}

const roomFields = { brand: z.string().min(1).max(64), room: z.string().min(1).max(64) }

export async function roomResourceAction<S extends z.ZodRawShape>(
  { request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>,
  fields: S,
  work: (session: RoomSession, input: z.infer<z.ZodObject<typeof roomFields & S>>) => Promise<Response>,
  /** The form when the route read it itself (a message form with its video, message-form.server.ts). */
  options: { form?: FormData } = {},
): Promise<Response> {
  const parsed = z
    .object({ ...roomFields, ...fields })
    .safeParse(Object.fromEntries(options.form ?? (await readForm(request))))
  if (!parsed.success) return resourceReply({ error: 'invalid request' }, 400)
  let session: RoomSession
  try {
    session = await requireRoomSession({
      request,
      context,
      params: { brand: parsed.data.brand, room: parsed.data.room },
    })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const status = isRefusal(thrown.headers.get('Location') ?? '') ? 403 : 404
    return resourceReply({ error: status === 403 ? 'forbidden' : 'not found' }, status)
  }
  return work(session, parsed.data as z.infer<z.ZodObject<typeof roomFields & S>>)
}
