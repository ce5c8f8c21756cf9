import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunity } from '#app/lib/http/guards.server'
import { attachmentFor } from '#app/lib/messages/conversations.server'
import { messageFileResponse } from '#app/lib/messages/message-files.server'
import { participantForReplyLink } from '#app/lib/messages/reply-links.server'

// A message's file, video or thumbnail for an external recipient, under their reply link: the link is their key.
export async function loader(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  const found = await participantForReplyLink(brand.id, args.params.token)
  return messageFileResponse(
    args.request,
    found ? await attachmentFor(found.participant, args.params.attachmentId) : null,
  )
}
