import { data, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { edgePassFor, requireRoomSession } from './$brand_.$room/room.server'
import { readForm } from '#app/lib/form-body.server'

const PassRequest = z.object({ brand: z.string().min(1).max(64), room: z.string().min(1).max(64) })

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * A fresh edge pass for a meeting client that reconnects (the page's pass lives 5 minutes). The
 * visitor's access is checked again exactly as the room page checks it, and the answer says which
 * edge hosts the meeting now (it moves when its edge dies).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = PassRequest.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'invalid request' }, { status: 400, headers: NO_STORE })
  try {
    const { claims } = await requireRoomSession(request, context, parsed.data.brand, parsed.data.room)
    return data(await edgePassFor(claims), { headers: NO_STORE })
  } catch (thrown) {
    // The page answers these with redirects (room gone, access lost); a script needs a status.
    if (thrown instanceof Response) {
      const location = thrown.headers.get('Location') ?? ''
      const status = location.startsWith('/private') ? 403 : 404
      return data({ error: status === 403 ? 'forbidden' : 'not found' }, { status, headers: NO_STORE })
    }
    throw thrown
  }
}

export function loader() {
  throw new Response(null, { status: 405 })
}
