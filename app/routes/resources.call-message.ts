// POST /resources/call-message (brand, room; body and/or video; a guest's fullName, phone and
// company): from the waiting room, a message for the host who did not take the call
// (call-message.server.ts). Access is checked as on the room page; the form may be multipart, with
// the video streamed to disk and checked by its content as every message form's is.
import type { ActionFunctionArgs } from '@remix-run/node'
import { leaveMessageForHost } from '#app/lib/calls/call-message.server'
import { readMessageForm } from '#app/lib/messages/message-form.server'
import { resourceReply, roomResourceAction } from '#app/lib/rooms/room-resource.server'

export async function action(args: ActionFunctionArgs) {
  const message = await readMessageForm(args.request)
  try {
    return await roomResourceAction(
      args,
      {},
      async (session) => {
        const outcome = await leaveMessageForHost({ session, message, context: args.context })
        switch (outcome.kind) {
          case 'sent':
            return resourceReply({ sent: true })
          case 'invalid':
            return resourceReply({ error: 'invalid', fieldErrors: outcome.fieldErrors }, 400)
          case 'notMissed':
            return resourceReply({ error: 'not missed' }, 409)
          case 'hostUnreachable':
            return resourceReply({ error: 'host unreachable' }, 409)
          case 'limited':
            return resourceReply({ error: 'too many requests', retryAfterSeconds: outcome.retryAfterSeconds }, 429, {
              'Retry-After': String(outcome.retryAfterSeconds),
            })
          case 'failed':
            return resourceReply({ error: 'failed' }, 503)
        }
      },
      { form: message.form },
    )
  } finally {
    await message.discard()
  }
}

export function loader() {
  throw new Response(null, { status: 405 })
}
