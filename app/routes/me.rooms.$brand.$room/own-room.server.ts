import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { findBrand } from '#app/lib/communities/brands.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { linkChangeStopReply } from '#app/lib/members/room-link.server'
import { requireUser } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { hostProfilePath } from '#app/lib/rooms/host-profile.server'
import { ownRoomUrl } from '#app/lib/rooms/own-room'
import { findOwnRoom, ownRoomValues, OwnRoomSchema, saveOwnRoom } from '#app/lib/rooms/own-room.server'

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

async function ownRoom(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  const found = await findOwnRoom(user, await findBrand(args.context, args.params.brand), args.params.room)
  if (!found) throw notFound()
  return found
}

export async function ownRoomLoader(args: LoaderFunctionArgs) {
  const { brand, room } = await ownRoom(args)
  return {
    messages: await routeMessages(args, 'account', 'members'),
    community: { slug: brand.slug, name: brand.name },
    path: `/${brand.slug}/${room.slug}`,
    profileUrl: hostProfilePath(brand.slug, room.slug),
    values: ownRoomValues(room),
    version: room.updatedAt.toISOString(),
    constraint: getZodConstraint(OwnRoomSchema),
  }
}

export async function ownRoomAction(args: ActionFunctionArgs) {
  const { brand, room } = await ownRoom(args)
  const submission = parseWithZod(await readForm(args.request), { schema: OwnRoomSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), refusal: null, confirm: null }, { status: 400 })
  const outcome = await saveOwnRoom(room, submission.value)
  switch (outcome.kind) {
    case 'invalid':
    case 'confirm':
      return linkChangeStopReply(submission, outcome)
    case 'saved':
      throw await redirectWithFlash(ownRoomUrl(brand.slug, outcome.slug), {
        kind: 'success',
        message: 'account:settings.saved',
      })
  }
}
