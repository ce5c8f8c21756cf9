import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage, requireUser } from '#app/lib/http/guards.server'
import { memberAttachment } from '#app/lib/messages/conversations.server'
import { messageFileResponse } from '#app/lib/messages/message-files.server'

// A message's file, video or thumbnail, for the members of its conversation (external recipients have their own
// address under the reply link). Anyone else gets a 404, as for a file that is not there.
export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'drawer')
  const user = await requireUser(args)
  return messageFileResponse(args.request, await memberAttachment(brand.id, user.id, args.params.attachmentId))
}
