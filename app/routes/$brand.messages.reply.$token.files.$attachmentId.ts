import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunity } from '#app/lib/http/guards.server'
import { attachmentResponse } from '#app/lib/messages/attachment-download.server'
import { attachmentFor } from '#app/lib/messages/conversations.server'
import { participantForReplyLink } from '#app/lib/messages/reply-links.server'

// A message's file for an external recipient, under their reply link: the link is their key.
export async function loader(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  const found = await participantForReplyLink(brand.id, args.params.token)
  return attachmentResponse(found ? await attachmentFor(found.participant, args.params.attachmentId) : null)
}
